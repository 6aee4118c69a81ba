"""Stochastic gradient descent (tfjs-core/src/optimizers/sgd_optimizer.ts)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tfjs.engine import ENGINE
from tfjs.ops.add import add
from tfjs.ops.mul import mul
from tfjs.ops.scalar import scalar
from tfjs.optimizers.optimizer import (
    NamedTensor,
    Optimizer,
    VariableGradients,
    check_gradient,
    check_number,
    config_value,
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

    def __init__(self, learning_rate: float) -> None:
        super().__init__()
        self._c: Any = None
        self.set_learning_rate(learning_rate)

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
        self._c.dispose()

    async def get_weights(self) -> list[NamedTensor]:
        return [await self.save_iterations()]

    async def set_weights(self, weight_values: Sequence[NamedTensor]) -> None:
        weight_values = await self.extract_iterations(weight_values)
        if len(weight_values) != 0:
            raise ValueError("SGD optimizer does not have settable weights.")

    def get_config(self) -> dict[str, Any]:
        return {"learningRate": self.learning_rate}

    @classmethod
    def from_config(cls, config: Mapping[str, Any]) -> SGDOptimizer:
        return cls(config_value(config, "learningRate"))
