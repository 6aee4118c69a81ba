"""Gradient descent with momentum (tfjs-core/src/optimizers/momentum_optimizer.ts)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tfjs.engine import ENGINE
from tfjs.ops.add import add
from tfjs.ops.mul import mul
from tfjs.ops.scalar import scalar
from tfjs.ops.zeros_like import zeros_like
from tfjs.optimizers.optimizer import (
    NamedTensor,
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
from tfjs.optimizers.sgd_optimizer import SGDOptimizer


class MomentumOptimizer(SGDOptimizer):
    """Momentum gradient descent (`tf.train.momentum`): `accumulation = momentum *
    accumulation + gradient`, then `value += -learning_rate * accumulation` (with Nesterov
    momentum, `value += -learning_rate * (gradient + momentum * accumulation)`). Its state
    is one slot per variable, `<name>/momentum`.

    >>> w = tf.variable([1.0], name="w_momentum_doc")
    >>> optimizer = tf.train.momentum(0.5, 0.5)
    >>> for _ in range(2):
    ...     optimizer.apply_gradients({"w_momentum_doc": tf.tensor1d([1.0])})
    >>> w.array_sync()
    [-0.25]
    >>> optimizer.dispose(); w.dispose()
    """

    class_name = "Momentum"

    def __init__(self, learning_rate: float, momentum: float, use_nesterov: bool = False) -> None:
        check_number("MomentumOptimizer", "momentum", momentum)  # before any tensor is made
        super().__init__(learning_rate)
        self._m: Any = None
        self.set_momentum(momentum)
        self.use_nesterov = bool(use_nesterov)
        self._accumulations: list[OptimizerVariable] = []

    def apply_gradients(self, variable_gradients: VariableGradients) -> None:
        where = "MomentumOptimizer.apply_gradients"
        for i, (name, gradient) in enumerate(named_gradients(variable_gradients, where)):
            value = registered_variable(name, where)
            slot(self._accumulations, i, f"{name}/momentum", lambda value=value: zeros_like(value))
            if gradient is None:
                continue
            check_gradient(name, gradient, value, where)
            accumulation = self._accumulations[i].variable

            def update(value=value, accumulation=accumulation, gradient=gradient) -> None:
                new_accumulation = add(mul(self._m, accumulation), gradient)
                if self.use_nesterov:
                    new_value = add(mul(self._c, add(gradient, mul(new_accumulation, self._m))), value)
                else:
                    new_value = add(mul(self._c, new_accumulation), value)
                accumulation.assign(new_accumulation)
                value.assign(new_value)

            ENGINE.tidy(update)
        self._increment_iterations()

    def set_momentum(self, momentum: float) -> None:
        """Sets the momentum of the optimizer. (TF.js's `setMomentum` changes only the
        config, and its updates keep the first momentum; here the updates use the new one.)"""
        check_number("MomentumOptimizer", "momentum", momentum)
        self.momentum = float(momentum)
        if self._m is not None:
            self._m.dispose()
        self._m = ENGINE.keep(scalar(self.momentum))

    def dispose(self) -> None:
        # TF.js's MomentumOptimizer.dispose forgets the learning rate scalar; this frees it.
        super().dispose()
        self._m.dispose()
        dispose_slots(self._accumulations)

    async def get_weights(self) -> list[NamedTensor]:
        return [await self.save_iterations(), *slot_weights(self._accumulations)]

    async def set_weights(self, weight_values: Sequence[NamedTensor]) -> None:
        weight_values = await self.extract_iterations(weight_values)
        old, self._accumulations = self._accumulations, restore(weight_values)
        dispose_slots(old)

    def get_config(self) -> dict[str, Any]:
        return {
            "learningRate": self.learning_rate,
            "momentum": self.momentum,
            "useNesterov": self.use_nesterov,
        }

    @classmethod
    def from_config(cls, config: Mapping[str, Any]) -> MomentumOptimizer:
        return cls(
            config_value(config, "learningRate"),
            config_value(config, "momentum"),
            config_value(config, "useNesterov", False),
        )
