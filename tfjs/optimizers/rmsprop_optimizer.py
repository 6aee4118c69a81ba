"""RMSProp (tfjs-core/src/optimizers/rmsprop_optimizer.ts)."""

from __future__ import annotations

from tfjs.ops.add import add
from tfjs.ops.div import div
from tfjs.ops.mul import mul
from tfjs.ops.sqrt import sqrt
from tfjs.ops.square import square
from tfjs.ops.sub import sub
from tfjs.optimizers.optimizer import EPSILON, FLAG, FRACTION, NUMBER, Optimizer, Slots, VariableGradients
from tfjs.tensor import Tensor, Variable


class RMSPropOptimizer(Optimizer):
    """RMSProp (`tf.train.rmsprop`):

        ms = decay ms + (1 - decay) gradient²
        mom = momentum mom + learning_rate * gradient / sqrt(ms + ε)
        value -= mom

    Centered, it also keeps the mean gradient `mg = decay mg + (1 - decay) gradient` and
    divides by `sqrt(ms - (mg² + ε))`, as TF.js does (TensorFlow adds ε instead: where a
    gradient has stayed 0 TF.js's value, and so this one, is NaN). Its state is slots
    `<name>/rms`, `<name>/momentum` and, centered, `<name>/mg`; ε defaults to the
    backend's epsilon.

    >>> w = tf.variable([1.0], name="w_rmsprop_doc")
    >>> optimizer = tf.train.rmsprop(0.1, 0.75)
    >>> optimizer.apply_gradients({"w_rmsprop_doc": tf.tensor1d([2.0])})
    >>> w.array_sync()
    [0.800000011920929]
    >>> optimizer.dispose(); w.dispose()
    """

    class_name = "RMSProp"
    hyperparameters = (
        ("learning_rate", NUMBER),
        ("decay", FRACTION),
        ("momentum", NUMBER),
        ("epsilon", EPSILON),
        ("centered", FLAG),
    )

    def __init__(
        self,
        learning_rate: float,
        decay: float = 0.9,
        momentum: float = 0.0,
        epsilon: float | None = None,
        centered: bool = False,
    ) -> None:
        if learning_rate is None:
            raise ValueError("learning_rate for RMSPropOptimizer must be defined.")
        super().__init__(
            learning_rate=learning_rate, decay=decay, momentum=momentum, epsilon=epsilon, centered=centered
        )
        self._slots = Slots("rms", "momentum", "mg") if self.centered else Slots("rms", "momentum")

    def apply_gradients(self, variable_gradients: VariableGradients) -> None:
        self._apply_each(variable_gradients, self._update)

    def _update(
        self,
        value: Variable,
        gradient: Tensor,
        mean_square: Variable,
        moments: Variable,
        mean_grad: Variable | None = None,
    ) -> None:
        new_mean_square = add(mul(mean_square, self.decay), mul(square(gradient), 1 - self.decay))
        if mean_grad is not None:
            new_mean_grad = add(mul(mean_grad, self.decay), mul(gradient, 1 - self.decay))
            grad_contribution = div(
                mul(gradient, self.learning_rate),
                sqrt(sub(new_mean_square, add(square(new_mean_grad), self.epsilon))),
            )
            new_moments = add(mul(moments, self.momentum), grad_contribution)
            mean_square.assign(new_mean_square)
            mean_grad.assign(new_mean_grad)
        else:
            new_moments = add(
                mul(moments, self.momentum),
                div(mul(gradient, self.learning_rate), sqrt(add(new_mean_square, self.epsilon))),
            )
            mean_square.assign(new_mean_square)
        moments.assign(new_moments)
        value.assign(sub(value, new_moments))
