"""TF.js's activation functions (tfjs-layers/src/activations.ts), by the names a layer's
`activation` config holds: 'relu', 'hardSigmoid', 'softmax', 'gelu_new', ...

>>> relu = get_activation("relu")
>>> relu(tf.tensor1d([-1, 2])).array_sync()
[0.0, 2.0]
"""

from __future__ import annotations

import math
from typing import Any, ClassVar

from tfjs import ops
from tfjs.globals import tidy
from tfjs.layers.serialization import Serializable, get_from_identifier, register_class
from tfjs.tensor import Tensor

# tf.keras and TF.js's own pythonic->TS conversion spell some names differently; Keras 3
# calls swish "silu".
_ALIASES = {
    "geluNew": "gelu_new",
    "hard_sigmoid": "hardSigmoid",
    "log_softmax": "logSoftmax",
    "silu": "swish",
}


class Activation(Serializable):
    """Base class of the activations: `activation(x)` is TF.js's `apply(x)`."""

    class_name: ClassVar[str]

    def __call__(self, x: Tensor) -> Tensor:
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"Activation({self.class_name!r})"

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self)

    def __hash__(self) -> int:
        return hash(type(self))


@register_class
class Elu(Activation):
    """Exponential linear unit: x for x > 0, exp(x) - 1 otherwise."""

    class_name = "elu"

    def __call__(self, x: Tensor, alpha: float = 1) -> Tensor:
        if alpha != 1:
            raise NotImplementedError(
                f"elu: support for alpha values other than 1 ({alpha}) is not implemented"
            )
        return ops.elu(x)


@register_class
class Selu(Activation):
    """Scaled exponential linear unit."""

    class_name = "selu"

    def __call__(self, x: Tensor) -> Tensor:
        return ops.selu(x)


@register_class
class Relu(Activation):
    """Rectified linear unit: max(x, 0)."""

    class_name = "relu"

    def __call__(self, x: Tensor) -> Tensor:
        return ops.relu(x)


@register_class
class Relu6(Activation):
    """Rectified linear unit capped at 6: min(max(x, 0), 6)."""

    class_name = "relu6"

    def __call__(self, x: Tensor) -> Tensor:
        return tidy(lambda: ops.minimum(6.0, ops.relu(x)))


@register_class
class Linear(Activation):
    """The identity: x unchanged."""

    class_name = "linear"

    def __call__(self, x: Tensor) -> Tensor:
        return x


@register_class
class Sigmoid(Activation):
    """Sigmoid: 1 / (1 + exp(-x))."""

    class_name = "sigmoid"

    def __call__(self, x: Tensor) -> Tensor:
        return ops.sigmoid(x)


@register_class
class HardSigmoid(Activation):
    """Hard sigmoid: clip(0.2 * x + 0.5, 0, 1), a piecewise-linear sigmoid."""

    class_name = "hardSigmoid"

    def __call__(self, x: Tensor) -> Tensor:
        return tidy(lambda: ops.clip_by_value(ops.add(0.5, ops.mul(0.2, x)), 0, 1))


@register_class
class Softplus(Activation):
    """Softplus: log(exp(x) + 1)."""

    class_name = "softplus"

    def __call__(self, x: Tensor) -> Tensor:
        return ops.softplus(x)


@register_class
class Softsign(Activation):
    """Softsign: x / (|x| + 1)."""

    class_name = "softsign"

    def __call__(self, x: Tensor) -> Tensor:
        return tidy(lambda: ops.div(x, ops.add(ops.abs(x), 1)))


@register_class
class Tanh(Activation):
    """Hyperbolic tangent."""

    class_name = "tanh"

    def __call__(self, x: Tensor) -> Tensor:
        return ops.tanh(x)


@register_class
class Softmax(Activation):
    """Softmax over `axis` (the last by default)."""

    class_name = "softmax"

    def __call__(self, x: Tensor, axis: int = -1) -> Tensor:
        return ops.softmax(x, axis)


@register_class
class LogSoftmax(Activation):
    """Log of the softmax over `axis` (the last by default)."""

    class_name = "logSoftmax"

    def __call__(self, x: Tensor, axis: int = -1) -> Tensor:
        return ops.log_softmax(x, axis)


@register_class
class Gelu(Activation):
    """Gaussian error linear unit: x * 0.5 * (1 + erf(x / sqrt(2)))."""

    class_name = "gelu"

    def __call__(self, x: Tensor) -> Tensor:
        return tidy(lambda: ops.mul(x, ops.mul(0.5, ops.add(1, ops.erf(ops.div(x, math.sqrt(2)))))))


@register_class
class GeluNew(Activation):
    """GELU's tanh approximation:
    0.5 * x * (1 + tanh(sqrt(2 / pi) * (x + 0.044715 * x^3)))."""

    class_name = "gelu_new"

    def __call__(self, x: Tensor) -> Tensor:
        def body() -> Tensor:
            inner = ops.mul(ops.sqrt(ops.div(2, math.pi)), ops.add(x, ops.mul(0.044715, ops.pow(x, 3))))
            return ops.mul(0.5, ops.mul(x, ops.add(1, ops.tanh(inner))))

        return tidy(body)


@register_class
class Mish(Activation):
    """Mish: x * tanh(softplus(x))."""

    class_name = "mish"

    def __call__(self, x: Tensor) -> Tensor:
        return tidy(lambda: ops.mul(x, ops.tanh(ops.softplus(x))))


@register_class
class Swish(Activation):
    """Swish: x * sigmoid(alpha * x), alpha 1 by default."""

    class_name = "swish"

    def __call__(self, x: Tensor, alpha: float = 1) -> Tensor:
        return tidy(lambda: ops.mul(ops.sigmoid(ops.mul(x, alpha)), x))


def serialize_activation(activation: Activation) -> str:
    """The name a model.json holds for an activation ('relu', 'hardSigmoid', ...)."""
    return activation.get_class_name()


def get_activation(identifier: Any) -> Activation:
    """An activation from its name ('relu', 'hardSigmoid' or 'hard_sigmoid'), a
    `{"className", "config"}` dict or an Activation; None is 'linear'.

    >>> get_activation(None)
    Activation('linear')
    """
    if identifier is None:
        identifier = "linear"
    if isinstance(identifier, str) and identifier in _ALIASES:
        identifier = _ALIASES[identifier]
    return get_from_identifier(identifier, Activation, "activation")
