"""Adamax (tfjs-core/src/optimizers/adamax_optimizer.ts)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tfjs.engine import ENGINE
from tfjs.ops.abs import abs  # noqa: A004
from tfjs.ops.add import add
from tfjs.ops.div import div
from tfjs.ops.maximum import maximum
from tfjs.ops.mul import mul
from tfjs.ops.pow import pow  # noqa: A004
from tfjs.ops.scalar import scalar
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


class AdamaxOptimizer(Optimizer):
    """Adamax (`tf.train.adamax`), Adam with the infinity norm:

        m = β1 m + (1 - β1) gradient;  u = max(β2 u, |gradient|)
        value += (-learning_rate / (1 + decay t)) / (1 - β1^t) * m / (u + ε)

    Its state is two slots per variable, `<name>/m` and `<name>/v` (u). TF.js has no
    `get_weights`/`set_weights` for Adamax; here they work as Adam's do.

    >>> w = tf.variable([1.0], name="w_adamax_doc")
    >>> optimizer = tf.train.adamax(0.1)
    >>> optimizer.apply_gradients({"w_adamax_doc": tf.tensor1d([3.0])})
    >>> round(w.array_sync()[0], 5)
    0.9
    >>> optimizer.dispose(); w.dispose()
    """

    class_name = "Adamax"

    def __init__(
        self,
        learning_rate: float,
        beta1: float,
        beta2: float,
        epsilon: float | None = None,
        decay: float = 0.0,
    ) -> None:
        super().__init__()
        check_number("AdamaxOptimizer", "learning_rate", learning_rate)
        check_number("AdamaxOptimizer", "beta1", beta1, high=1.0, high_inclusive=False)
        check_number("AdamaxOptimizer", "beta2", beta2, high=1.0)
        if epsilon is not None:
            check_number("AdamaxOptimizer", "epsilon", epsilon)
        check_number("AdamaxOptimizer", "decay", decay)
        self.learning_rate = float(learning_rate)
        self.beta1 = float(beta1)
        self.beta2 = float(beta2)
        self.epsilon = ENGINE.backend.epsilon() if epsilon is None else float(epsilon)
        self.decay = float(decay)
        self._accumulated_first_moment: list[OptimizerVariable] = []
        self._accumulated_weighted_inf_norm: list[OptimizerVariable] = []
        # The step count as a float32 variable and β1^t (trainable in TF.js; not here).
        self._iteration, self._acc_beta1 = ENGINE.tidy(
            lambda: (variable(scalar(0), False), variable(scalar(beta1), False))
        )

    def apply_gradients(self, variable_gradients: VariableGradients) -> None:
        where = "AdamaxOptimizer.apply_gradients"
        pairs = named_gradients(variable_gradients, where)

        def update() -> None:
            one_minus_acc_beta1 = sub(1, self._acc_beta1)
            lr = div(-self.learning_rate, add(mul(self._iteration, self.decay), 1))
            for i, (name, gradient) in enumerate(pairs):
                value = registered_variable(name, where)
                slot(self._accumulated_first_moment, i, f"{name}/m", lambda value=value: zeros_like(value))
                slot(
                    self._accumulated_weighted_inf_norm, i, f"{name}/v", lambda value=value: zeros_like(value)
                )
                if gradient is None:
                    continue
                check_gradient(name, gradient, value, where)
                first_moment = self._accumulated_first_moment[i].variable
                weighted_inf_norm = self._accumulated_weighted_inf_norm[i].variable
                new_first_moment = add(mul(first_moment, self.beta1), mul(gradient, 1 - self.beta1))
                ut0 = mul(weighted_inf_norm, self.beta2)
                ut1 = abs(gradient)
                new_weighted_inf_norm = maximum(ut0, ut1)
                first_moment.assign(new_first_moment)
                weighted_inf_norm.assign(new_weighted_inf_norm)
                new_value = add(
                    mul(
                        div(lr, one_minus_acc_beta1),
                        div(new_first_moment, add(new_weighted_inf_norm, self.epsilon)),
                    ),
                    value,
                )
                value.assign(new_value)
            self._iteration.assign(add(self._iteration, 1))
            self._acc_beta1.assign(mul(self._acc_beta1, self.beta1))

        ENGINE.tidy(update)
        self._increment_iterations()

    def dispose(self) -> None:
        self._acc_beta1.dispose()
        self._iteration.dispose()
        dispose_slots(self._accumulated_first_moment, self._accumulated_weighted_inf_norm)

    async def get_weights(self) -> list[NamedTensor]:
        weights = slot_weights(self._accumulated_first_moment, self._accumulated_weighted_inf_norm)
        return [await self.save_iterations(), *weights]

    async def set_weights(self, weight_values: Sequence[NamedTensor]) -> None:
        weight_values = await self.extract_iterations(weight_values, 2)
        first, norms = split_evenly(weight_values, 2)

        def counters() -> None:
            self._iteration.assign(scalar(self.iterations))
            self._acc_beta1.assign(pow(self.beta1, self.iterations + 1))

        ENGINE.tidy(counters)
        old = self._accumulated_first_moment, self._accumulated_weighted_inf_norm
        self._accumulated_first_moment, self._accumulated_weighted_inf_norm = restore(first), restore(norms)
        dispose_slots(*old)

    def get_config(self) -> dict[str, Any]:
        return {
            "learningRate": self.learning_rate,
            "beta1": self.beta1,
            "beta2": self.beta2,
            "epsilon": self.epsilon,
            "decay": self.decay,
        }

    @classmethod
    def from_config(cls, config: Mapping[str, Any]) -> AdamaxOptimizer:
        return cls(
            config_value(config, "learningRate"),
            config_value(config, "beta1"),
            config_value(config, "beta2"),
            config_value(config, "epsilon"),
            config_value(config, "decay", 0.0),
        )
