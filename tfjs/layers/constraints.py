"""TF.js's weight constraints (tfjs-layers/src/constraints.ts), the `tf.constraints`
namespace: functions applied to a weight after each optimizer step.

>>> tf.constraints.non_neg()(tf.tensor1d([-1, 2])).array_sync()
[0.0, 2.0]
"""

from __future__ import annotations

from typing import Any, ClassVar

from tfjs import ops
from tfjs.globals import tidy
from tfjs.layers.losses import epsilon
from tfjs.layers.serialization import (
    Serializable,
    check_number,
    get_from_identifier,
    register_class,
    serialize_keras_object,
)
from tfjs.tensor import Tensor

__all__ = [
    "Constraint",
    "MaxNorm",
    "MinMaxNorm",
    "NonNeg",
    "UnitNorm",
    "get_constraint",
    "max_norm",
    "min_max_norm",
    "non_neg",
    "serialize_constraint",
    "unit_norm",
]


def _l2_norms(w: Tensor, axis: int) -> Tensor:
    return ops.sqrt(ops.sum(ops.mul(w, w), axis, True))


class Constraint(Serializable):
    """Base class of the constraints: `constraint(w)` is TF.js's `apply(w)`."""

    class_name: ClassVar[str]

    def __call__(self, w: Tensor) -> Tensor:
        raise NotImplementedError


@register_class
class MaxNorm(Constraint):
    """Constrains the L2 norm along `axis` (default 0) to at most `max_value` (default 2)."""

    class_name = "MaxNorm"

    def __init__(self, max_value: float | None = None, axis: int | None = None) -> None:
        self.max_value = check_number(max_value, "max_value", "MaxNorm constraint", 2)
        self.axis = 0 if axis is None else _check_axis(axis, "MaxNorm")

    def __call__(self, w: Tensor) -> Tensor:
        def body() -> Tensor:
            norms = _l2_norms(w, self.axis)
            desired = ops.clip_by_value(norms, 0, self.max_value)
            return ops.mul(w, ops.div(desired, ops.add(epsilon(), norms)))

        return tidy(body)

    def get_config(self) -> dict[str, Any]:
        return {"maxValue": self.max_value, "axis": self.axis}


@register_class
class UnitNorm(Constraint):
    """Constrains the L2 norm along `axis` (default 0) to 1."""

    class_name = "UnitNorm"

    def __init__(self, axis: int | None = None) -> None:
        self.axis = 0 if axis is None else _check_axis(axis, "UnitNorm")

    def __call__(self, w: Tensor) -> Tensor:
        return tidy(lambda: ops.div(w, ops.add(epsilon(), _l2_norms(w, self.axis))))

    def get_config(self) -> dict[str, Any]:
        return {"axis": self.axis}


@register_class
class NonNeg(Constraint):
    """Constrains the weights to be non-negative."""

    class_name = "NonNeg"

    def __call__(self, w: Tensor) -> Tensor:
        return ops.relu(w)


@register_class
class MinMaxNorm(Constraint):
    """Constrains the L2 norm along `axis` between `min_value` and `max_value` (defaults
    0 and 1), moving it there by the fraction `rate` (default 1) of the way."""

    class_name = "MinMaxNorm"

    def __init__(
        self,
        min_value: float | None = None,
        max_value: float | None = None,
        rate: float | None = None,
        axis: int | None = None,
    ) -> None:
        self.min_value = check_number(min_value, "min_value", "MinMaxNorm constraint", 0.0)
        self.max_value = check_number(max_value, "max_value", "MinMaxNorm constraint", 1.0)
        self.rate = check_number(rate, "rate", "MinMaxNorm constraint", 1.0)
        self.axis = 0 if axis is None else _check_axis(axis, "MinMaxNorm")

    def __call__(self, w: Tensor) -> Tensor:
        def body() -> Tensor:
            norms = _l2_norms(w, self.axis)
            clipped = ops.clip_by_value(norms, self.min_value, self.max_value)
            desired = ops.add(ops.mul(self.rate, clipped), ops.mul(1.0 - self.rate, norms))
            return ops.mul(w, ops.div(desired, ops.add(epsilon(), norms)))

        return tidy(body)

    def get_config(self) -> dict[str, Any]:
        return {"minValue": self.min_value, "maxValue": self.max_value, "rate": self.rate, "axis": self.axis}


def max_norm(max_value: float | None = None, axis: int | None = None) -> Constraint:
    """MaxNorm weight constraint (TF.js `tf.constraints.maxNorm`)."""
    return MaxNorm(max_value=max_value, axis=axis)


def unit_norm(axis: int | None = None) -> Constraint:
    """UnitNorm weight constraint (TF.js `tf.constraints.unitNorm`)."""
    return UnitNorm(axis=axis)


def non_neg() -> Constraint:
    """NonNeg weight constraint (TF.js `tf.constraints.nonNeg`)."""
    return NonNeg()


def min_max_norm(
    min_value: float | None = None,
    max_value: float | None = None,
    rate: float | None = None,
    axis: int | None = None,
) -> Constraint:
    """MinMaxNorm weight constraint (TF.js `tf.constraints.minMaxNorm`)."""
    return MinMaxNorm(min_value=min_value, max_value=max_value, rate=rate, axis=axis)


CONSTRAINT_ALIASES = {
    "maxNorm": "MaxNorm",
    "minMaxNorm": "MinMaxNorm",
    "nonNeg": "NonNeg",
    "unitNorm": "UnitNorm",
}


def get_constraint(identifier: Any) -> Constraint | None:
    """A constraint from a name ('maxNorm', 'max_norm', 'MaxNorm'), a `{"className",
    "config"}` dict or a Constraint; None gives None."""
    if identifier is None:
        return None
    return get_from_identifier(identifier, Constraint, "constraint", CONSTRAINT_ALIASES)


def serialize_constraint(constraint: Constraint | None) -> dict[str, Any] | None:
    """What a layer's config holds for a constraint: `{"className", "config"}`."""
    return serialize_keras_object(constraint)


def _check_axis(axis: Any, where: str) -> int:
    if isinstance(axis, bool) or not isinstance(axis, int):
        raise TypeError(f"{where} constraint: axis must be an integer, got {axis!r}")
    return axis
