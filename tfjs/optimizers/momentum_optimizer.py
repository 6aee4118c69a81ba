"""Gradient descent with momentum (tfjs-core/src/optimizers/momentum_optimizer.ts)."""

from __future__ import annotations

from typing import Any

from tfjs.engine import ENGINE
from tfjs.ops.add import add
from tfjs.ops.mul import mul
from tfjs.ops.scalar import scalar
from tfjs.optimizers.optimizer import FLAG, NUMBER, Slots, VariableGradients, check_number
from tfjs.optimizers.sgd_optimizer import SGDOptimizer
from tfjs.tensor import Tensor, Variable


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
    hyperparameters = (("learning_rate", NUMBER), ("momentum", NUMBER), ("use_nesterov", FLAG))

    def __init__(self, learning_rate: float, momentum: float, use_nesterov: bool = False) -> None:
        check_number("MomentumOptimizer", "momentum", momentum)  # before any tensor is made
        super().__init__(learning_rate)
        self._m: Any = None
        self.set_momentum(momentum)
        self.use_nesterov = bool(use_nesterov)
        self._slots = Slots("momentum")

    def apply_gradients(self, variable_gradients: VariableGradients) -> None:
        self._apply_each(variable_gradients, self._update)

    def _update(self, value: Variable, gradient: Tensor, accumulation: Variable) -> None:
        new_accumulation = add(mul(self._m, accumulation), gradient)
        if self.use_nesterov:
            new_value = add(mul(self._c, add(gradient, mul(new_accumulation, self._m))), value)
        else:
            new_value = add(mul(self._c, new_accumulation), value)
        accumulation.assign(new_accumulation)
        value.assign(new_value)

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
