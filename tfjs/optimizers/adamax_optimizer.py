"""Adamax (tfjs-core/src/optimizers/adamax_optimizer.ts)."""

from __future__ import annotations

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
from tfjs.optimizers.optimizer import (
    BELOW_ONE,
    EPSILON,
    FRACTION,
    NUMBER,
    Optimizer,
    Slots,
    VariableGradients,
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
    hyperparameters = (
        ("learning_rate", NUMBER),
        ("beta1", BELOW_ONE),
        ("beta2", FRACTION),
        ("epsilon", EPSILON),
        ("decay", NUMBER),
    )

    def __init__(
        self,
        learning_rate: float,
        beta1: float,
        beta2: float,
        epsilon: float | None = None,
        decay: float = 0.0,
    ) -> None:
        super().__init__(learning_rate=learning_rate, beta1=beta1, beta2=beta2, epsilon=epsilon, decay=decay)
        self._slots = Slots("m", "v")
        # The step count as a float32 variable and β1^t (trainable in TF.js; not here).
        self._iteration, self._acc_beta1 = ENGINE.tidy(
            lambda: (variable(scalar(0), False), variable(scalar(beta1), False))
        )

    def apply_gradients(self, variable_gradients: VariableGradients) -> None:
        gradients = self._each_gradient(variable_gradients)

        def update() -> None:
            one_minus_acc_beta1 = sub(1, self._acc_beta1)
            lr = div(-self.learning_rate, add(mul(self._iteration, self.decay), 1))
            for value, gradient, (first_moment, weighted_inf_norm) in gradients:
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
        super().dispose()

    def _restore_counters(self) -> None:
        """The step count and β1^t follow the restored iteration count."""

        def counters() -> None:
            self._iteration.assign(scalar(self.iterations))
            self._acc_beta1.assign(pow(self.beta1, self.iterations + 1))

        ENGINE.tidy(counters)
