"""What layer families share: argument checks, TF.js's config values (`channelsLast`,
`same`), tuples of sizes, and the weights' building blocks (initializer, regularizer and
constraint from any identifier, serialized back as model.json holds them)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tfjs.layers.activations import get_activation, serialize_activation
from tfjs.layers.constraints import get_constraint, serialize_constraint
from tfjs.layers.initializers import get_initializer, serialize_initializer
from tfjs.layers.regularizers import get_regularizer, serialize_regularizer

_DATA_FORMATS = {
    "channelsLast": "channelsLast",
    "channels_last": "channelsLast",
    "channelsFirst": "channelsFirst",
    "channels_first": "channelsFirst",
}
_PADDINGS = ("valid", "same", "causal")


def data_format(value: Any, where: str) -> str:
    """'channelsLast' or 'channelsFirst' (TF.js's spelling; Keras's accepted)."""
    if value is None:
        return "channelsLast"
    if value not in _DATA_FORMATS:
        raise ValueError(f"{where}: data_format must be 'channelsLast' or 'channelsFirst', got {value!r}")
    return _DATA_FORMATS[value]


def padding(value: Any, where: str, allowed: Sequence[str] = _PADDINGS) -> str:
    if value is None:
        return "valid"
    if value not in allowed:
        raise ValueError(f"{where}: padding must be one of {list(allowed)}, got {value!r}")
    return value


def int_tuple(value: Any, n: int, arg: str, where: str) -> tuple[int, ...]:
    """`value` (an int or n ints) as n positive ints."""
    items = (
        [value] * n
        if isinstance(value, int) and not isinstance(value, bool)
        else list(value)
        if isinstance(value, (list, tuple))
        else None
    )
    if (
        items is None
        or len(items) != n
        or not all(isinstance(v, int) and not isinstance(v, bool) and v > 0 for v in items)
    ):
        raise ValueError(f"{where}: {arg} must be a positive integer or {n} positive integers, got {value!r}")
    return tuple(items)


def positive_int(value: Any, arg: str, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise ValueError(f"{where}: {arg} must be a positive integer, got {value!r}")
    return value


def rate(value: Any, arg: str, where: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value <= 1:
        raise ValueError(f"{where}: {arg} must be a number in [0, 1], got {value!r}")
    return float(value)


class WeightSpecs:
    """The initializer, regularizer and constraint of a layer's weights, by prefix
    ('kernel', 'bias', ...), resolved from whatever identifiers the user gave."""

    def __init__(self, **parts: Any) -> None:
        self.initializers: dict[str, Any] = {}
        self.regularizers: dict[str, Any] = {}
        self.constraints: dict[str, Any] = {}
        for key, value in parts.items():
            prefix, kind = key.rsplit("_", 1)
            if kind == "initializer":
                self.initializers[prefix] = get_initializer(value)
            elif kind == "regularizer":
                self.regularizers[prefix] = get_regularizer(value)
            elif kind == "constraint":
                self.constraints[prefix] = get_constraint(value)
            else:
                raise AssertionError(key)

    def config(self) -> dict[str, Any]:
        """The camelCase config entries (`kernelInitializer`, ...), in TF.js's order."""
        out: dict[str, Any] = {}
        for prefix, init in self.initializers.items():
            out[_camel(prefix) + "Initializer"] = serialize_initializer(init)
        for prefix, reg in self.regularizers.items():
            out[_camel(prefix) + "Regularizer"] = serialize_regularizer(reg)
        for prefix, con in self.constraints.items():
            out[_camel(prefix) + "Constraint"] = serialize_constraint(con)
        return out

    def add(
        self,
        layer: Any,
        name: str,
        prefix: str,
        shape: Sequence[int],
        trainable: bool = True,
        dtype: str | None = None,
    ) -> Any:
        """`layer.add_weight` with this prefix's initializer, regularizer and constraint."""
        return layer.add_weight(
            name,
            shape,
            dtype,
            self.initializers.get(prefix),
            self.regularizers.get(prefix),
            trainable,
            self.constraints.get(prefix),
        )


def kernel_bias_specs(
    kernel_initializer: Any,
    bias_initializer: Any,
    kernel_regularizer: Any,
    bias_regularizer: Any,
    kernel_constraint: Any,
    bias_constraint: Any,
) -> WeightSpecs:
    """The kernel's and bias's specs of Dense and the convolutions (TF.js's defaults:
    glorotNormal kernel, zeros bias)."""
    return WeightSpecs(
        kernel_initializer=kernel_initializer if kernel_initializer is not None else "glorotNormal",
        bias_initializer=bias_initializer if bias_initializer is not None else "zeros",
        kernel_regularizer=kernel_regularizer,
        bias_regularizer=bias_regularizer,
        kernel_constraint=kernel_constraint,
        bias_constraint=bias_constraint,
    )


def _camel(prefix: str) -> str:
    head, *rest = prefix.split("_")
    return head + "".join(p.capitalize() for p in rest)


def activation_config(activation: Any) -> str:
    return serialize_activation(activation)


__all__ = ["get_activation", "activation_config"]
