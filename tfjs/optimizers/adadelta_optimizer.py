"""Adadelta (tfjs-core/src/optimizers/adadelta_optimizer.ts)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tfjs.engine import ENGINE
from tfjs.ops.add import add
from tfjs.ops.div import div
from tfjs.ops.mul import mul
from tfjs.ops.sqrt import sqrt
from tfjs.ops.square import square
from tfjs.ops.zeros_like import zeros_like
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
    split_evenly,
)


class AdadeltaOptimizer(Optimizer):
    """Adadelta (`tf.train.adadelta`), with TF.js's update:

        update = sqrt(accum_var + ε) / sqrt(accum_grad + ε) * gradient
        accum_grad = rho accum_grad + (1 - rho) gradient²
        accum_var = rho accum_var + (1 - rho) update²
        value += -learning_rate * update

    (the update divides by the accumulated gradient of the step before, where
    TensorFlow's uses this step's). Its state is two slots per variable,
    `<name>/accum_grad` and `<name>/accum_var`; ε defaults to the backend's epsilon.
    """

    class_name = "Adadelta"

    def __init__(self, learning_rate: float, rho: float, epsilon: float | None = None) -> None:
        super().__init__()
        check_number("AdadeltaOptimizer", "learning_rate", learning_rate)
        check_number("AdadeltaOptimizer", "rho", rho, high=1.0)
        if epsilon is not None:
            check_number("AdadeltaOptimizer", "epsilon", epsilon)
        self.learning_rate = float(learning_rate)
        self.rho = float(rho)
        self.epsilon = ENGINE.backend.epsilon() if epsilon is None else float(epsilon)
        self._accumulated_grads: list[OptimizerVariable] = []
        self._accumulated_updates: list[OptimizerVariable] = []

    def apply_gradients(self, variable_gradients: VariableGradients) -> None:
        where = "AdadeltaOptimizer.apply_gradients"
        for i, (name, gradient) in enumerate(named_gradients(variable_gradients, where)):
            value = registered_variable(name, where)
            slot(self._accumulated_grads, i, f"{name}/accum_grad", lambda value=value: zeros_like(value))
            slot(self._accumulated_updates, i, f"{name}/accum_var", lambda value=value: zeros_like(value))
            if gradient is None:
                continue
            check_gradient(name, gradient, value, where)

            def update(value=value, gradient=gradient, i=i) -> None:
                accumulated_grad = self._accumulated_grads[i].variable
                accumulated_update = self._accumulated_updates[i].variable
                rho, epsilon = self.rho, self.epsilon
                new_accumulated_grad = add(mul(accumulated_grad, rho), mul(square(gradient), 1 - rho))
                updates = mul(
                    div(sqrt(add(accumulated_update, epsilon)), sqrt(add(accumulated_grad, epsilon))),
                    gradient,
                )
                new_accumulated_update = add(mul(accumulated_update, rho), mul(square(updates), 1 - rho))
                accumulated_grad.assign(new_accumulated_grad)
                accumulated_update.assign(new_accumulated_update)
                value.assign(add(mul(updates, -self.learning_rate), value))

            ENGINE.tidy(update)
        self._increment_iterations()

    def dispose(self) -> None:
        dispose_slots(self._accumulated_grads, self._accumulated_updates)

    async def get_weights(self) -> list[NamedTensor]:
        weights = slot_weights(self._accumulated_grads, self._accumulated_updates)
        return [await self.save_iterations(), *weights]

    async def set_weights(self, weight_values: Sequence[NamedTensor]) -> None:
        weight_values = await self.extract_iterations(weight_values, 2)
        grads, updates = split_evenly(weight_values, 2)
        old = self._accumulated_grads, self._accumulated_updates
        self._accumulated_grads, self._accumulated_updates = restore(grads), restore(updates)
        dispose_slots(*old)

    def get_config(self) -> dict[str, Any]:
        return {"learningRate": self.learning_rate, "rho": self.rho, "epsilon": self.epsilon}

    @classmethod
    def from_config(cls, config: Mapping[str, Any]) -> AdadeltaOptimizer:
        return cls(
            config_value(config, "learningRate"), config_value(config, "rho"), config_value(config, "epsilon")
        )
