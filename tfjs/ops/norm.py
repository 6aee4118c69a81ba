from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np

from tfjs.dtypes import sum_out_type, upcast_type
from tfjs.ops.abs import abs  # noqa: A004
from tfjs.ops.axis_util import reduction_axes
from tfjs.ops.max import max  # noqa: A004
from tfjs.ops.min import min  # noqa: A004
from tfjs.ops.operation import op
from tfjs.ops.pow import pow  # noqa: A004
from tfjs.ops.reduction_util import check_flag
from tfjs.ops.reshape import reshape
from tfjs.ops.scalar import scalar
from tfjs.ops.sqrt import sqrt
from tfjs.ops.square import square
from tfjs.ops.sum import sum  # noqa: A004
from tfjs.tensor import Tensor
from tfjs.tensor_format import js_text
from tfjs.tensor_util import TensorLike, convert_to_tensor

Ord = float | str

_VECTOR_ORDS = (1, 2, math.inf, -math.inf, "euclidean")
_MATRIX_ORDS = (1, math.inf, -math.inf, "fro", "euclidean")


@op
def norm(
    x: TensorLike,
    ord: Ord = "euclidean",  # noqa: A002
    axis: int | Sequence[int] | None = None,
    keep_dims: bool = False,
) -> Tensor:
    """Computes the norm of scalar, vectors, and matrices.

    `ord`: for vectors 1 (sum of absolute values), 2 or 'euclidean', `math.inf` (largest
    absolute value), `-math.inf` (smallest); for matrices (`axis` a pair of axes: rows,
    columns) 1 (largest column sum), `math.inf` (largest row sum), `-math.inf` (smallest
    row sum), 'fro' or 'euclidean'. With `axis` None the tensor is taken as one vector.

    >>> tf.norm(tf.tensor1d([3, 4])).array_sync()
    5.0
    >>> tf.norm(tf.tensor2d([[1, -2], [3, 4]]), 1, [0, 1]).array_sync()
    6.0
    """
    return norm_of(x, ord, axis, keep_dims, "norm")


def norm_of(x: TensorLike, ord: Ord, axis: int | Sequence[int] | None, keep_dims: bool, name: str) -> Tensor:  # noqa: A002
    """The body of norm and euclidean_norm (errors name `name`)."""
    x_tensor = convert_to_tensor(x, "x", name)
    keep_dims = check_flag(keep_dims, name, "keep_dims")
    if x_tensor.rank == 0:  # TF.js reads neither ord nor (unless keep_dims) axis here
        if keep_dims:
            reduction_axes(axis, x_tensor.shape, name)
        return abs(x_tensor)
    axes = reduction_axes(axis, x_tensor.shape, name)
    is_pair = isinstance(axis, (list, tuple)) and len(axis) == 2
    vector = x_tensor.rank == 1 or axis is None or not isinstance(axis, (list, tuple)) or len(axis) == 1
    if not vector and not is_pair:
        raise ValueError(f"Error in {name}: invalid axis: {','.join(str(a) for a in axis)}")
    an_ord = isinstance(ord, (str, int, float, np.integer, np.floating))
    if not an_ord or not any(_same_ord(ord, valid) for valid in (_VECTOR_ORDS if vector else _MATRIX_ORDS)):
        raise ValueError(f"Error in {name}: invalid ord value: {_js_text(ord)}")
    _check_sqrt_input(x_tensor.dtype, ord, vector, name)
    if vector:
        result = _vector_norm(x_tensor if axis is not None else reshape(x_tensor, [-1]), ord, axis)
    else:
        rank = x_tensor.rank
        rows, cols = (int(a) % rank for a in axis)  # type: ignore[union-attr]
        result = _matrix_norm(x_tensor, ord, rows, cols)
    if not keep_dims:
        return result
    kept_shape = list(result.shape)
    for a in axes:
        kept_shape.insert(a, 1)
    return reshape(result, kept_shape)


def _vector_norm(x: Tensor, p: Ord, axis: int | Sequence[int] | None) -> Tensor:
    if _same_ord(p, 1):
        return sum(abs(x), axis)
    if _same_ord(p, math.inf):
        return max(abs(x), axis)
    if _same_ord(p, -math.inf):
        return min(abs(x), axis)
    return sqrt(sum(pow(abs(x), scalar(2, "int32")), axis))


def _matrix_norm(x: Tensor, p: Ord, rows: int, cols: int) -> Tensor:
    """Reduces the rows axis then the columns axis (1) or the other way round (±inf);
    the second axis moves down by one when the first was before it."""
    if _same_ord(p, 1):
        return max(sum(abs(x), rows), cols - 1 if cols > rows else cols)
    if _same_ord(p, math.inf):
        return max(sum(abs(x), cols), rows - 1 if rows > cols else rows)
    if _same_ord(p, -math.inf):
        return min(sum(abs(x), cols), rows - 1 if rows > cols else rows)
    return sqrt(sum(square(x), [rows, cols]))


def _check_sqrt_input(dtype: str, p: Ord, vector: bool, name: str) -> None:
    """The euclidean norms end in sqrt, which takes float32 only: say so before any
    kernel runs, with the error sqrt would give."""
    if not (_same_ord(p, "euclidean") or _same_ord(p, 2) or _same_ord(p, "fro")):
        return
    if vector:  # sqrt(sum(pow(abs(x), 2))), abs of complex64 being float32
        summed = sum_out_type(upcast_type("float32" if dtype == "complex64" else dtype, "int32"))
    else:  # sqrt(sum(square(x)))
        summed = dtype if dtype == "complex64" else sum_out_type(dtype)
    if summed != "float32":
        raise TypeError(
            f"{name}: Argument 'x' passed to 'sqrt' must be float32 tensor, but got {summed} tensor "
            f"(the {_js_text(p)} norm of a {dtype} tensor)"
        )


def _same_ord(p: object, valid: Ord) -> bool:
    """TF.js compares ord with ===: a string only equals a string, a number a number."""
    if isinstance(valid, str) or isinstance(p, str):
        return p == valid
    return isinstance(p, (int, float, np.integer, np.floating)) and not isinstance(p, bool) and p == valid


def _js_text(value: object) -> str:
    """`value` as JavaScript's template strings show it."""
    if isinstance(value, (float, np.floating)):
        if math.isnan(value):
            return "NaN"
        if math.isinf(value):
            return "Infinity" if value > 0 else "-Infinity"
        if float(value).is_integer():
            return str(int(value))
    return js_text(value)
