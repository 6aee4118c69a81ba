"""Adam (tfjs-core/src/optimizers/adam_optimizer.ts)."""

from __future__ import annotations

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
from tfjs.optimizers.optimizer import (
    BELOW_ONE,
    EPSILON,
    NUMBER,
    Optimizer,
    Slots,
    VariableGradients,
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
    hyperparameters = (
        ("learning_rate", NUMBER),
        ("beta1", BELOW_ONE),
        ("beta2", BELOW_ONE),
        ("epsilon", EPSILON),
    )

    def __init__(
        self, learning_rate: float, beta1: float, beta2: float, epsilon: float | None = None
    ) -> None:
        super().__init__(learning_rate=learning_rate, beta1=beta1, beta2=beta2, epsilon=epsilon)
        self._slots = Slots("m", "v")
        # β1^t and β2^t, updated every step. (TF.js makes them trainable; they never
        # take part in a loss, so here they are not.)
        self._acc_beta1, self._acc_beta2 = ENGINE.tidy(
            lambda: (variable(scalar(beta1), False), variable(scalar(beta2), False))
        )

    def apply_gradients(self, variable_gradients: VariableGradients) -> None:
        gradients = self._each_gradient(variable_gradients)

        def update() -> None:
            one_minus_acc_beta1 = sub(1, self._acc_beta1)
            one_minus_acc_beta2 = sub(1, self._acc_beta2)
            for value, gradient, (first_moment, second_moment) in gradients:
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
        super().dispose()

    def _restore_counters(self) -> None:
        """β1^t and β2^t follow the restored iteration count."""

        def powers() -> None:
            self._acc_beta1.assign(pow(self.beta1, self.iterations + 1))
            self._acc_beta2.assign(pow(self.beta2, self.iterations + 1))

        ENGINE.tidy(powers)
