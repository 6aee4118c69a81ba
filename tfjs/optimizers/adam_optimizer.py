"""Adam (tfjs-core/src/optimizers/adam_optimizer.ts)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tfjs.engine import ENGINE
from tfjs.ops.add import add
from tfjs.ops.div import div
from tfjs.ops.mul import mul
from tfjs.ops.pow import pow  # noqa: A004
from tfjs.ops.scalar import scalar
from tfjs.ops.sqrt import sqrt
from tfjs.ops.square import square
from tfjs.ops.sub import sub
from tfjs.ops.variable import variable
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


class AdamOptimizer(Optimizer):
    """Adam (`tf.train.adam`):

        m = β1 m + (1 - β1) gradient;  v = β2 v + (1 - β2) gradient²
        value += -learning_rate * (m / (1 - β1^t)) / (sqrt(v / (1 - β2^t)) + ε)

    Its state is two slots per variable, `<name>/m` and `<name>/v`; β1^t and β2^t are
    kept as variables; ε defaults to the backend's epsilon.

    >>> w = tf.variable([1.0], name="w_adam_doc")
    >>> optimizer = tf.train.adam(0.1)
    >>> optimizer.apply_gradients({"w_adam_doc": tf.tensor1d([3.0])})
    >>> round(w.array_sync()[0], 5)
    0.9
    >>> optimizer.dispose(); w.dispose()
    """

    class_name = "Adam"

    def __init__(
        self, learning_rate: float, beta1: float, beta2: float, epsilon: float | None = None
    ) -> None:
        super().__init__()
        check_number("AdamOptimizer", "learning_rate", learning_rate)
        check_number("AdamOptimizer", "beta1", beta1, high=1.0, high_inclusive=False)
        check_number("AdamOptimizer", "beta2", beta2, high=1.0, high_inclusive=False)
        if epsilon is not None:
            check_number("AdamOptimizer", "epsilon", epsilon)
        self.learning_rate = float(learning_rate)
        self.beta1 = float(beta1)
        self.beta2 = float(beta2)
        self.epsilon = ENGINE.backend.epsilon() if epsilon is None else float(epsilon)
        self._accumulated_first_moment: list[OptimizerVariable] = []
        self._accumulated_second_moment: list[OptimizerVariable] = []
        # β1^t and β2^t, updated every step. (TF.js makes them trainable; they never
        # take part in a loss, so here they are not.)
        self._acc_beta1, self._acc_beta2 = ENGINE.tidy(
            lambda: (variable(scalar(beta1), False), variable(scalar(beta2), False))
        )

    def apply_gradients(self, variable_gradients: VariableGradients) -> None:
        where = "AdamOptimizer.apply_gradients"
        pairs = named_gradients(variable_gradients, where)

        def update() -> None:
            one_minus_acc_beta1 = sub(1, self._acc_beta1)
            one_minus_acc_beta2 = sub(1, self._acc_beta2)
            for i, (name, gradient) in enumerate(pairs):
                value = registered_variable(name, where)
                slot(self._accumulated_first_moment, i, f"{name}/m", lambda value=value: zeros_like(value))
                slot(self._accumulated_second_moment, i, f"{name}/v", lambda value=value: zeros_like(value))
                if gradient is None:
                    continue
                check_gradient(name, gradient, value, where)
                first_moment = self._accumulated_first_moment[i].variable
                second_moment = self._accumulated_second_moment[i].variable
                new_first_moment = add(mul(first_moment, self.beta1), mul(gradient, 1 - self.beta1))
                new_second_moment = add(mul(second_moment, self.beta2), mul(square(gradient), 1 - self.beta2))
                bias_corrected_first_moment = div(new_first_moment, one_minus_acc_beta1)
                bias_corrected_second_moment = div(new_second_moment, one_minus_acc_beta2)
                first_moment.assign(new_first_moment)
                second_moment.assign(new_second_moment)
                new_value = add(
                    mul(
                        div(
                            bias_corrected_first_moment, add(sqrt(bias_corrected_second_moment), self.epsilon)
                        ),
                        -self.learning_rate,
                    ),
                    value,
                )
                value.assign(new_value)
            self._acc_beta1.assign(mul(self._acc_beta1, self.beta1))
            self._acc_beta2.assign(mul(self._acc_beta2, self.beta2))

        ENGINE.tidy(update)
        self._increment_iterations()

    def dispose(self) -> None:
        self._acc_beta1.dispose()
        self._acc_beta2.dispose()
        dispose_slots(self._accumulated_first_moment, self._accumulated_second_moment)

    async def get_weights(self) -> list[NamedTensor]:
        weights = slot_weights(self._accumulated_first_moment, self._accumulated_second_moment)
        return [await self.save_iterations(), *weights]

    async def set_weights(self, weight_values: Sequence[NamedTensor]) -> None:
        weight_values = await self.extract_iterations(weight_values, 2)
        first, second = split_evenly(weight_values, 2)

        def powers() -> None:
            self._acc_beta1.assign(pow(self.beta1, self.iterations + 1))
            self._acc_beta2.assign(pow(self.beta2, self.iterations + 1))

        ENGINE.tidy(powers)
        old = self._accumulated_first_moment, self._accumulated_second_moment
        self._accumulated_first_moment, self._accumulated_second_moment = restore(first), restore(second)
        dispose_slots(*old)

    def get_config(self) -> dict[str, Any]:
        return {
            "learningRate": self.learning_rate,
            "beta1": self.beta1,
            "beta2": self.beta2,
            "epsilon": self.epsilon,
        }

    @classmethod
    def from_config(cls, config: Mapping[str, Any]) -> AdamOptimizer:
        return cls(
            config_value(config, "learningRate"),
            config_value(config, "beta1"),
            config_value(config, "beta2"),
            config_value(config, "epsilon"),
        )
