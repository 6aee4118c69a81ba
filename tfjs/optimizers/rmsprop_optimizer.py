"""RMSProp (tfjs-core/src/optimizers/rmsprop_optimizer.ts)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tfjs.engine import ENGINE
from tfjs.ops.add import add
from tfjs.ops.div import div
from tfjs.ops.mul import mul
from tfjs.ops.sqrt import sqrt
from tfjs.ops.square import square
from tfjs.ops.sub import sub
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

    def __init__(
        self,
        learning_rate: float,
        decay: float = 0.9,
        momentum: float = 0.0,
        epsilon: float | None = None,
        centered: bool = False,
    ) -> None:
        super().__init__()
        if learning_rate is None:
            raise ValueError("learning_rate for RMSPropOptimizer must be defined.")
        check_number("RMSPropOptimizer", "learning_rate", learning_rate)
        check_number("RMSPropOptimizer", "decay", decay, high=1.0)
        check_number("RMSPropOptimizer", "momentum", momentum)
        if epsilon is not None:
            check_number("RMSPropOptimizer", "epsilon", epsilon)
        self.learning_rate = float(learning_rate)
        self.decay = float(decay)
        self.momentum = float(momentum)
        self.epsilon = ENGINE.backend.epsilon() if epsilon is None else float(epsilon)
        self.centered = bool(centered)
        self._accumulated_mean_squares: list[OptimizerVariable] = []
        self._accumulated_moments: list[OptimizerVariable] = []
        self._accumulated_mean_grads: list[OptimizerVariable] = []

    def apply_gradients(self, variable_gradients: VariableGradients) -> None:
        where = "RMSPropOptimizer.apply_gradients"
        for i, (name, gradient) in enumerate(named_gradients(variable_gradients, where)):
            value = registered_variable(name, where)
            slot(self._accumulated_mean_squares, i, f"{name}/rms", lambda value=value: zeros_like(value))
            slot(self._accumulated_moments, i, f"{name}/momentum", lambda value=value: zeros_like(value))
            if self.centered:
                slot(self._accumulated_mean_grads, i, f"{name}/mg", lambda value=value: zeros_like(value))
            if gradient is None:
                continue
            check_gradient(name, gradient, value, where)
            ENGINE.tidy(lambda i=i, value=value, gradient=gradient: self._update(i, value, gradient))
        self._increment_iterations()

    def _update(self, i: int, value: Any, gradient: Any) -> None:
        mean_square = self._accumulated_mean_squares[i].variable
        moments = self._accumulated_moments[i].variable
        new_mean_square = add(mul(mean_square, self.decay), mul(square(gradient), 1 - self.decay))
        if self.centered:
            mean_grad = self._accumulated_mean_grads[i].variable
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

    def dispose(self) -> None:
        dispose_slots(self._accumulated_mean_squares, self._accumulated_mean_grads, self._accumulated_moments)

    async def get_weights(self) -> list[NamedTensor]:
        slots = [self._accumulated_mean_squares, self._accumulated_moments]
        if self.centered:
            slots.append(self._accumulated_mean_grads)
        return [await self.save_iterations(), *slot_weights(*slots)]

    async def set_weights(self, weight_values: Sequence[NamedTensor]) -> None:
        weight_values = await self.extract_iterations(weight_values, 3 if self.centered else 2)
        parts = list(split_evenly(weight_values, 3 if self.centered else 2))
        old = self._accumulated_mean_squares, self._accumulated_moments, self._accumulated_mean_grads
        self._accumulated_mean_squares = restore(parts[0])
        self._accumulated_moments = restore(parts[1])
        self._accumulated_mean_grads = restore(parts[2]) if self.centered else []
        dispose_slots(*old)

    def get_config(self) -> dict[str, Any]:
        return {
            "learningRate": self.learning_rate,
            "decay": self.decay,
            "momentum": self.momentum,
            "epsilon": self.epsilon,
            "centered": self.centered,
        }

    @classmethod
    def from_config(cls, config: Mapping[str, Any]) -> RMSPropOptimizer:
        return cls(
            config_value(config, "learningRate"),
            config_value(config, "decay", 0.9),
            config_value(config, "momentum", 0.0),
            config_value(config, "epsilon"),
            config_value(config, "centered", False),
        )
