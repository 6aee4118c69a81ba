from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from tfjs.engine import ENGINE
from tfjs.kernel_names import STRIDED_SLICE, STRIDED_SLICE_GRAD
from tfjs.kernel_registry import register_gradient
from tfjs.ops.operation import op
from tfjs.slice_util import resolve_strided_slice
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike, convert_to_tensor


@op
def strided_slice(
    x: TensorLike,
    begin: Sequence[int],
    end: Sequence[int],
    strides: Sequence[int] | None = None,
    begin_mask: int = 0,
    end_mask: int = 0,
    ellipsis_mask: int = 0,
    new_axis_mask: int = 0,
    shrink_axis_mask: int = 0,
) -> Tensor:
    """Extracts a strided slice of a tensor (TensorFlow's StridedSlice); `x[...]` in
    Python uses it. Bit i of a mask applies to entry i of begin/end/strides.

    >>> tf.strided_slice(tf.tensor1d([1, 2, 3, 4]), [1], [4], [2]).array_sync()
    [2.0, 4.0]
    """
    x_tensor = convert_to_tensor(x, "x", "strided_slice", "string_or_numeric")
    spec = {
        "begin": _ints(begin, "begin"),
        "end": _ints(end, "end"),
        "strides": _ints([1] * len(begin) if strides is None else strides, "strides"),
        "begin_mask": _mask(begin_mask, "begin_mask"),
        "end_mask": _mask(end_mask, "end_mask"),
        "ellipsis_mask": _mask(ellipsis_mask, "ellipsis_mask"),
        "new_axis_mask": _mask(new_axis_mask, "new_axis_mask"),
        "shrink_axis_mask": _mask(shrink_axis_mask, "shrink_axis_mask"),
    }
    resolve_strided_slice(x_tensor.shape, **spec)  # raises on bad arguments
    return ENGINE.run_kernel(STRIDED_SLICE, {"x": x_tensor}, spec)


def _ints(values: Sequence[int], name: str) -> tuple[int, ...]:
    if not isinstance(values, (list, tuple, np.ndarray)) or any(
        isinstance(v, bool) or not isinstance(v, (int, np.integer)) for v in values
    ):
        raise TypeError(f"strided_slice: {name} must be a list of integers, got {values!r}")
    return tuple(int(v) for v in values)


def _mask(value: int, name: str) -> int:
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, np.integer)):
        raise TypeError(f"strided_slice: {name} must be an integer bit mask, got {value!r}")
    return int(value)


_MASKS = ("begin_mask", "end_mask", "ellipsis_mask", "new_axis_mask", "shrink_axis_mask")


@register_gradient(STRIDED_SLICE, save_inputs=("x",))
def _strided_slice_grad(dy: Tensor, x: Tensor, **spec: object) -> dict[str, Tensor]:
    """TF.js has none; TensorFlow's: `dy` written into zeros of the input's shape where
    the slice came from (its StridedSliceGrad kernel)."""
    attrs = {name: spec[name] for name in ("begin", "end", "strides", *_MASKS)}
    return {"x": ENGINE.run_kernel(STRIDED_SLICE_GRAD, {"dy": dy}, {"shape": tuple(x.shape), **attrs})}


@register_gradient(STRIDED_SLICE_GRAD)
def _strided_slice_grad_grad(dy: Tensor, **spec: object) -> dict[str, Tensor]:
    """StridedSliceGrad is linear in its `dy`: its gradient is the strided slice itself."""
    return {"dy": strided_slice(dy, *(spec[name] for name in ("begin", "end", "strides", *_MASKS)))}
