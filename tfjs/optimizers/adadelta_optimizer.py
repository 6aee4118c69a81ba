"""Adadelta (tfjs-core/src/optimizers/adadelta_optimizer.ts)."""

from __future__ import annotations

from tfjs.ops.add import add
from tfjs.ops.div import div
from tfjs.ops.mul import mul
from tfjs.ops.sqrt import sqrt
from tfjs.ops.square import square
from tfjs.optimizers.optimizer import EPSILON, FRACTION, NUMBER, Optimizer, Slots, VariableGradients
from tfjs.tensor import Tensor, Variable


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
    hyperparameters = (("learning_rate", NUMBER), ("rho", FRACTION), ("epsilon", EPSILON))

    def __init__(self, learning_rate: float, rho: float, epsilon: float | None = None) -> None:
        super().__init__(learning_rate=learning_rate, rho=rho, epsilon=epsilon)
        self._slots = Slots("accum_grad", "accum_var")

    def apply_gradients(self, variable_gradients: VariableGradients) -> None:
        self._apply_each(variable_gradients, self._update)

    def _update(
        self, value: Variable, gradient: Tensor, accumulated_grad: Variable, accumulated_update: Variable
    ) -> None:
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
