"""Adagrad (tfjs-core/src/optimizers/adagrad_optimizer.ts)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tfjs.engine import ENGINE
from tfjs.ops.add import add
from tfjs.ops.div import div
from tfjs.ops.fill import fill
from tfjs.ops.mul import mul
from tfjs.ops.sqrt import sqrt
from tfjs.ops.square import square
from tfjs.optimizers.optimizer import (
    NamedTensor,
    Optimizer,
    OptimizerVariable,
    VariableGradients,
    check_gradient,
    check_number,
    config_value,
    dispose_slots,
    named_gradients,
    registered_variable,
    restore,
    slot,
    slot_weights,
)


class AdagradOptimizer(Optimizer):
    """Adagrad (`tf.train.adagrad`): `accumulator += gradient²`, then
    `value += -learning_rate * gradient / sqrt(accumulator + ε)`, ε the backend's epsilon.
    Its state is one slot per variable, `<name>/accumulator`, starting at
    `initial_accumulator_value`.

    >>> w = tf.variable([1.0], name="w_adagrad_doc")
    >>> optimizer = tf.train.adagrad(0.5, 0.0)
    >>> optimizer.apply_gradients({"w_adagrad_doc": tf.tensor1d([4.0])})
    >>> w.array_sync()
    [0.5]
    >>> optimizer.dispose(); w.dispose()
    """

    class_name = "Adagrad"

    def __init__(self, learning_rate: float, initial_accumulator_value: float = 0.1) -> None:
        super().__init__()
        check_number("AdagradOptimizer", "learning_rate", learning_rate)
        check_number("AdagradOptimizer", "initial_accumulator_value", initial_accumulator_value)
        self.learning_rate = float(learning_rate)
        self.initial_accumulator_value = float(initial_accumulator_value)
        self._accumulated_grads: list[OptimizerVariable] = []

    def apply_gradients(self, variable_gradients: VariableGradients) -> None:
        where = "AdagradOptimizer.apply_gradients"
        for i, (name, gradient) in enumerate(named_gradients(variable_gradients, where)):
            value = registered_variable(name, where)
            slot(
                self._accumulated_grads,
                i,
                f"{name}/accumulator",
                lambda value=value: fill(value.shape, self.initial_accumulator_value),
            )
            if gradient is None:
                continue
            check_gradient(name, gradient, value, where)
            accumulated_grad = self._accumulated_grads[i].variable

            def update(value=value, accumulated_grad=accumulated_grad, gradient=gradient) -> None:
                new_accumulated_grad = add(accumulated_grad, square(gradient))
                accumulated_grad.assign(new_accumulated_grad)
                new_value = add(
                    mul(
                        div(gradient, sqrt(add(new_accumulated_grad, ENGINE.backend.epsilon()))),
                        -self.learning_rate,
                    ),
                    value,
                )
                value.assign(new_value)

            ENGINE.tidy(update)
        self._increment_iterations()

    def dispose(self) -> None:
        dispose_slots(self._accumulated_grads)

    async def get_weights(self) -> list[NamedTensor]:
        return [await self.save_iterations(), *slot_weights(self._accumulated_grads)]

    async def set_weights(self, weight_values: Sequence[NamedTensor]) -> None:
        weight_values = await self.extract_iterations(weight_values)
        old, self._accumulated_grads = self._accumulated_grads, restore(weight_values)
        dispose_slots(old)

    def get_config(self) -> dict[str, Any]:
        return {"learningRate": self.learning_rate, "initialAccumulatorValue": self.initial_accumulator_value}

    @classmethod
    def from_config(cls, config: Mapping[str, Any]) -> AdagradOptimizer:
        return cls(config_value(config, "learningRate"), config_value(config, "initialAccumulatorValue", 0.1))
