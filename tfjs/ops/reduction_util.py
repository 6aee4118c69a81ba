"""What the reduction, scan, segment and evaluation ops share: their input checks, and
the helpers of their gradients."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from tfjs.engine import ENGINE
from tfjs.ops.axis_util import reduction_axes
from tfjs.ops.binary_util import assert_not_complex
from tfjs.tensor import Tensor
from tfjs.tensor_format import js_text
from tfjs.tensor_util import TensorLike, convert_to_tensor


def reduce_op(
    kernel_name: str,
    x: TensorLike,
    axis: int | Sequence[int] | None,
    keep_dims: bool,
    op_name: str,
    parse_as_dtype: str = "numeric",
    axis_attr: str = "axis",
) -> Tensor:
    """Runs a reduction kernel on `x` over `axis` (all axes when None)."""
    x_tensor = assert_not_complex(convert_to_tensor(x, "x", op_name, parse_as_dtype), op_name)
    axes = reduction_axes(axis, x_tensor.shape, op_name)
    return ENGINE.run_kernel(
        kernel_name,
        {"x": x_tensor},
        {axis_attr: axes, "keep_dims": check_flag(keep_dims, op_name, "keep_dims")},
    )


def single_axis(axis: Any, rank: int, op_name: str, arg_name: str = "axis") -> int:
    """`axis` as a non-negative axis of a rank-`rank` tensor."""
    if isinstance(axis, bool) or not isinstance(axis, (int, np.integer)):
        raise TypeError(f"{op_name}: {arg_name} must be an int, got {axis!r}")
    if not -rank <= axis < rank:
        raise ValueError(
            f"{op_name}: {arg_name} must be in range [-{rank}, {rank}) but got {arg_name} {axis}"
        )
    return int(axis) % rank


def check_flag(value: Any, op_name: str, arg_name: str) -> bool:
    """A boolean argument: a bool, or a number or None read as JavaScript reads it; a
    tensor, list or string is an error naming the argument (no truth value of an array)."""
    if value is None or isinstance(value, (bool, np.bool_, int, float, np.integer, np.floating)):
        return bool(value)
    raise TypeError(f"{op_name}: {arg_name} must be a boolean, but got {value!r}")


def check_int(value: Any, op_name: str, arg_name: str, minimum: int = 0) -> int:
    """`value` as an int of at least `minimum`, or an error naming the argument."""
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        if isinstance(value, (float, np.floating)) and float(value).is_integer():
            value = int(value)
        else:
            raise TypeError(f"{op_name}: {arg_name} must be an integer, but got {value!r}")
    if value < minimum:
        raise ValueError(f"{op_name}: {arg_name} must be >= {minimum}, but got {value}")
    return int(value)


def scan_op(
    kernel_name: str, x: TensorLike, axis: int, exclusive: bool, reverse: bool, op_name: str
) -> Tensor:
    """Runs a scan kernel (cumsum, cumprod) on `x` along `axis`."""
    x_tensor = assert_not_complex(convert_to_tensor(x, "x", op_name), op_name)
    if x_tensor.rank == 0:
        raise ValueError(
            f"{op_name}: x must be at least 1-D to scan along axis {js_text(axis)}, but got a scalar"
        )
    attrs = {
        "axis": single_axis(axis, x_tensor.rank, op_name),
        "exclusive": check_flag(exclusive, op_name, "exclusive"),
        "reverse": check_flag(reverse, op_name, "reverse"),
    }
    return ENGINE.run_kernel(kernel_name, {"x": x_tensor}, attrs)


def bincount_inputs(
    x: TensorLike, weights: TensorLike, size: Any, op_name: str, shape_word: str
) -> tuple[Tensor, Tensor, int]:
    """bincount's and dense_bincount's checks: int32 x, weights of x's size or empty, a
    non-negative integer size (their kernels check that x has no negative value)."""
    x_tensor = convert_to_tensor(x, "x", op_name)
    weights_tensor = assert_not_complex(convert_to_tensor(weights, "weights", op_name), op_name, "weights")
    if x_tensor.dtype != "int32":
        raise TypeError(f"Error in {op_name}: input dtype must be int32, but got {x_tensor.dtype}")
    if isinstance(size, bool) or not isinstance(size, (int, np.integer)):
        raise TypeError(f"{op_name}: size must be an integer, but got {size!r}")
    if size < 0:
        raise ValueError(f"{op_name}: size must be non-negative, but got {size}.")
    if weights_tensor.size not in (x_tensor.size, 0):
        raise ValueError(
            f"Error in {op_name}: weights must have the same {shape_word} as x or 0-length, but got "
            f"x shape: {list(x_tensor.shape)}, weights shape: {list(weights_tensor.shape)}."
        )
    return x_tensor, weights_tensor, int(size)


def axes_permutation(axes: Sequence[int], rank: int) -> list[int] | None:
    """TF.js's getAxesPermutation: the transpose that moves the (sorted) `axes` to the end,
    or None when they already are the last axes."""
    if list(axes) == list(range(rank - len(axes), rank)):
        return None
    return [a for a in range(rank) if a not in axes] + list(axes)


def min_max_grad(dy: Tensor, x: Tensor, y: Tensor, axes: Sequence[int]) -> Tensor:
    """TF.js's gradForMinAndMax: `dy` goes to every element equal to the result (all of a
    tie; none when the result is NaN)."""
    from tfjs.ops.cast import cast
    from tfjs.ops.equal import equal
    from tfjs.ops.mul import mul
    from tfjs.ops.reshape import reshape

    kept_shape = [1 if i in axes else d for i, d in enumerate(x.shape)]
    if y.rank < x.rank:
        y = reshape(y, kept_shape)
    if dy.rank < x.rank:
        dy = reshape(dy, kept_shape)
    return mul(dy, cast(equal(x, y), dy.dtype))
