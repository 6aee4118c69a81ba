"""What a layer accepts (tfjs-layers' InputSpec and assertInputCompatibility), and the small
list and shape helpers the engine shares."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


class InputSpec:
    """What a layer accepts on one input: `ndim`, `min_ndim`, `max_ndim`, `dtype`, `shape`
    (None for free sizes) and `axes` ({axis: size})."""

    def __init__(
        self,
        *,
        dtype: str | None = None,
        shape: Sequence[int | None] | None = None,
        ndim: int | None = None,
        max_ndim: int | None = None,
        min_ndim: int | None = None,
        axes: dict[int, int] | None = None,
    ) -> None:
        self.dtype, self.shape = dtype, None if shape is None else tuple(shape)
        self.ndim = len(shape) if shape is not None else ndim
        self.max_ndim, self.min_ndim, self.axes = max_ndim, min_ndim, axes or {}


def to_list(value: Any) -> list[Any]:
    """A list of a single item or of a list/tuple of items."""
    return list(value) if isinstance(value, (list, tuple)) else [value]


def singleton_or_list(values: list[Any]) -> Any:
    return values[0] if len(values) == 1 else values


def shape_str(shape: Sequence[int | None]) -> str:
    return "[" + ",".join("null" if d is None else str(d) for d in shape) + "]"


def check_input_compatibility(
    layer_name: str, input_spec: list[InputSpec | None] | None, inputs: Any
) -> None:
    """Checks `inputs` (tensors or SymbolicTensors) against a layer's input specs; an
    incompatible input is a ValueError naming the layer, the layer the input came from,
    and the expected and found shapes (TF.js's assertInputCompatibility)."""
    from tfjs.layers.engine.node import SymbolicTensor

    if not input_spec:
        return
    items = to_list(inputs)
    if len(items) != len(input_spec):
        raise ValueError(
            f"Layer {layer_name} expects {len(input_spec)} inputs, but it received "
            f"{len(items)} input tensors."
        )
    for i, (x, spec) in enumerate(zip(items, input_spec, strict=False)):
        if spec is None:
            continue
        shape, ndim = tuple(x.shape), len(x.shape)
        source = (
            f" (output of layer {x.source_layer.name})"
            if isinstance(x, SymbolicTensor) and x.source_layer
            else ""
        )
        where = f"Input {i} of shape {shape_str(shape)}{source} is incompatible with layer {layer_name}"
        if spec.ndim is not None and ndim != spec.ndim:
            raise ValueError(f"{where}: expected ndim={spec.ndim}, found ndim={ndim}")
        if spec.max_ndim is not None and ndim > spec.max_ndim:
            raise ValueError(f"{where}: expected max_ndim={spec.max_ndim}, found ndim={ndim}")
        if spec.min_ndim is not None and ndim < spec.min_ndim:
            raise ValueError(f"{where}: expected min_ndim={spec.min_ndim}, found ndim={ndim}")
        if spec.dtype is not None and x.dtype != spec.dtype:
            raise ValueError(f"{where}: expected dtype={spec.dtype}, found dtype={x.dtype}")
        for axis, value in spec.axes.items():
            if not -ndim <= axis < ndim:
                raise ValueError(f"{where}: expected an axis {axis}, found ndim={ndim}")
            if value is not None and shape[axis] not in (value, None):
                raise ValueError(
                    f"{where}: expected axis {axis} of input shape to have value {value} "
                    f"but got shape {shape_str(shape)}"
                )
        if spec.shape is not None:
            for want, got in zip(spec.shape, shape, strict=False):
                if want is not None and got is not None and want != got:
                    raise ValueError(
                        f"{where}: expected shape={shape_str(spec.shape)}, found shape={shape_str(shape)}"
                    )
