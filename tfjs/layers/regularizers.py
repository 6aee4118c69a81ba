"""TF.js's weight regularizers (tfjs-layers/src/regularizers.ts), the `tf.regularizers`
namespace: a penalty `l1 * sum(|x|) + l2 * sum(x^2)` added to the loss.

>>> tf.regularizers.l1l2(l1=0.5, l2=0.5)(tf.tensor1d([1, -2])).array_sync()
4.0
"""

from __future__ import annotations

from typing import Any, ClassVar

from tfjs import ops
from tfjs.globals import tidy
from tfjs.layers.serialization import (
    Serializable,
    check_number,
    get_from_identifier,
    register_class,
    serialize_keras_object,
)
from tfjs.tensor import Tensor

__all__ = [
    "L1L2",
    "Regularizer",
    "get_regularizer",
    "l1",
    "l1l2",
    "l2",
    "serialize_regularizer",
]


class Regularizer(Serializable):
    """Base class of the regularizers: `regularizer(x)` is TF.js's `apply(x)`, a scalar."""

    class_name: ClassVar[str]

    def __call__(self, x: Tensor) -> Tensor:
        raise NotImplementedError


@register_class
class L1L2(Regularizer):
    """Regularizer for L1 and L2 penalties: `l1 * sum(|x|) + l2 * sum(x^2)`; each factor
    defaults to 0.01 and a factor of 0 leaves its term out."""

    class_name = "L1L2"

    def __init__(self, l1: float | None = None, l2: float | None = None) -> None:
        self.l1 = check_number(l1, "l1", "L1L2 regularizer", 0.01)
        self.l2 = check_number(l2, "l2", "L1L2 regularizer", 0.01)

    def __call__(self, x: Tensor) -> Tensor:
        def body() -> Tensor:
            regularization = ops.zeros([1])
            if self.l1 != 0:
                regularization = ops.add(regularization, ops.sum(ops.mul(self.l1, ops.abs(x))))
            if self.l2 != 0:
                regularization = ops.add(regularization, ops.sum(ops.mul(self.l2, ops.square(x))))
            return ops.reshape(regularization, [])

        return tidy(body)

    def get_config(self) -> dict[str, Any]:
        return {"l1": self.l1, "l2": self.l2}


def l1l2(l1: float | None = None, l2: float | None = None) -> Regularizer:
    """Regularizer for L1 and L2 penalties (TF.js `tf.regularizers.l1l2`); each factor
    defaults to 0.01."""
    return L1L2(l1=l1, l2=l2)


def l1(l1: float | None = None) -> Regularizer:
    """Regularizer for the L1 penalty `l1 * sum(|x|)` (an L1L2 with l2 = 0)."""
    return L1L2(l1=l1, l2=0)


def l2(l2: float | None = None) -> Regularizer:
    """Regularizer for the L2 penalty `l2 * sum(x^2)` (an L1L2 with l1 = 0)."""
    return L1L2(l1=0, l2=l2)


class _KerasL1(L1L2):
    # tf.keras writes `regularizers.l1(...)` as class "L1" (Keras 3 too); TF.js has only
    # L1L2, which is what it becomes and how it is saved.
    class_name = "L1"

    def __init__(self, l1: float | None = None) -> None:
        super().__init__(l1=l1, l2=0)

    def get_class_name(self) -> str:
        return L1L2.class_name


class _KerasL2(L1L2):
    class_name = "L2"

    def __init__(self, l2: float | None = None) -> None:
        super().__init__(l1=0, l2=l2)

    def get_class_name(self) -> str:
        return L1L2.class_name


register_class(_KerasL1)
register_class(_KerasL2)

REGULARIZER_ALIASES = {"l1l2": "L1L2", "l1L2": "L1L2"}


def get_regularizer(identifier: Any) -> Regularizer | None:
    """A regularizer from a name ('l1l2', 'L1L2'), a `{"className", "config"}` dict or a
    Regularizer; None gives None."""
    if identifier is None:
        return None
    return get_from_identifier(identifier, Regularizer, "regularizer", REGULARIZER_ALIASES)


def serialize_regularizer(regularizer: Regularizer | None) -> dict[str, Any] | None:
    """What a layer's config holds for a regularizer: `{"className", "config"}`."""
    return serialize_keras_object(regularizer)
