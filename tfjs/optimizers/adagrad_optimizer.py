"""Adagrad (tfjs-core/src/optimizers/adagrad_optimizer.ts)."""

from __future__ import annotations

from tfjs.engine import ENGINE
from tfjs.ops.add import add
from tfjs.ops.div import div
from tfjs.ops.fill import fill
from tfjs.ops.mul import mul
from tfjs.ops.sqrt import sqrt
from tfjs.ops.square import square
from tfjs.optimizers.optimizer import NUMBER, Optimizer, Slots, VariableGradients
from tfjs.tensor import Tensor, Variable


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
    hyperparameters = (("learning_rate", NUMBER), ("initial_accumulator_value", NUMBER))

    def __init__(self, learning_rate: float, initial_accumulator_value: float = 0.1) -> None:
        super().__init__(learning_rate=learning_rate, initial_accumulator_value=initial_accumulator_value)
        self._slots = Slots(
            "accumulator", initial=lambda value: fill(value.shape, self.initial_accumulator_value)
        )

    def apply_gradients(self, variable_gradients: VariableGradients) -> None:
        self._apply_each(variable_gradients, self._update)

    def _update(self, value: Variable, gradient: Tensor, accumulated_grad: Variable) -> None:
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
