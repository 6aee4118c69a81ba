"""Stochastic gradient descent (tfjs-core/src/optimizers/sgd_optimizer.ts)."""

from __future__ import annotations

from typing import Any

from tfjs.engine import ENGINE
from tfjs.ops.add import add
from tfjs.ops.mul import mul
from tfjs.ops.scalar import scalar
from tfjs.optimizers.optimizer import (
    NUMBER,
    Optimizer,
    Slots,
    VariableGradients,
    check_gradient,
    check_number,
    named_gradients,
    registered_variable,
)


class SGDOptimizer(Optimizer):
    """Stochastic gradient descent: `value += -learning_rate * gradient`
    (`tf.train.sgd`).

    >>> w = tf.variable([1.0, -2.0], name="w_sgd_doc")
    >>> optimizer = tf.train.sgd(0.1)
    >>> optimizer.apply_gradients({"w_sgd_doc": tf.tensor1d([10.0, -10.0])})
    >>> w.array_sync()
    [0.0, -1.0]
    >>> optimizer.dispose(); w.dispose()
    """

    class_name = "SGD"
    hyperparameters = (("learning_rate", NUMBER),)

    def __init__(self, learning_rate: float) -> None:
        super().__init__()
        self._c: Any = None
        self.set_learning_rate(learning_rate)
        self._slots = Slots()  # no state: get_weights gives the iteration count only

    def apply_gradients(self, variable_gradients: VariableGradients) -> None:
        for name, gradient in named_gradients(variable_gradients, "SGDOptimizer.apply_gradients"):
            if gradient is None:
                continue
            value = registered_variable(name, "SGDOptimizer.apply_gradients")
            check_gradient(name, gradient, value, "SGDOptimizer.apply_gradients")
            ENGINE.tidy(lambda v=value, g=gradient: v.assign(add(mul(self._c, g), v)))
        self._increment_iterations()

    def set_learning_rate(self, learning_rate: float) -> None:
        """Sets the learning rate of the optimizer."""
        check_number(type(self).__name__, "learning_rate", learning_rate)
        self.learning_rate = float(learning_rate)
        if self._c is not None:
            self._c.dispose()
        self._c = ENGINE.keep(scalar(-self.learning_rate))

    def dispose(self) -> None:
        super().dispose()
        self._c.dispose()
