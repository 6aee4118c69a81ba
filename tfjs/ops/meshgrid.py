from __future__ import annotations

from tfjs.dtypes import upcast_type
from tfjs.ops.mat_mul import mat_mul
from tfjs.ops.ones import ones
from tfjs.ops.operation import op
from tfjs.ops.reshape import reshape
from tfjs.tensor import Tensor
from tfjs.tensor_format import js_text
from tfjs.tensor_size import check_tensor_size
from tfjs.tensor_util import TensorLike, convert_to_tensor


@op
def meshgrid(x: TensorLike | None = None, y: TensorLike | None = None, indexing: str = "xy") -> list[Tensor]:
    """Broadcasts the values of `x` and `y` (each flattened) over a grid: with "xy"
    indexing both results have shape [y.size, x.size], with "ij" [x.size, y.size].
    Like TF.js, it multiplies by a matrix of ones (so the results are mat_mul's).

    >>> [t.array_sync() for t in tf.meshgrid([1, 2, 3], [4, 5])]
    [[[1.0, 2.0, 3.0], [1.0, 2.0, 3.0]], [[4.0, 4.0, 4.0], [5.0, 5.0, 5.0]]]
    """
    if not isinstance(indexing, str) or indexing not in ("xy", "ij"):
        raise TypeError(f"meshgrid: {js_text(indexing)} is not a valid third argument to meshgrid")
    if x is None:
        return []
    x_tensor = convert_to_tensor(x, "x", "meshgrid", x.dtype if isinstance(x, Tensor) else "float32")
    if y is None:
        return [x_tensor]
    y_tensor = convert_to_tensor(y, "y", "meshgrid", y.dtype if isinstance(y, Tensor) else "float32")
    for arg, tensor in (("x", x_tensor), ("y", y_tensor)):
        if tensor.dtype in ("string", "complex64"):
            raise TypeError(f"meshgrid: {arg} must be a numeric real tensor, but got a {tensor.dtype} tensor")
    w, h = x_tensor.size, y_tensor.size
    check_tensor_size([w, h], upcast_type(x_tensor.dtype, y_tensor.dtype), "meshgrid")
    if indexing == "xy":
        row, column = reshape(x_tensor, [1, -1]), reshape(y_tensor, [-1, 1])
        return [mat_mul(ones([h, 1], row.dtype), row), mat_mul(column, ones([1, w], column.dtype))]
    column, row = reshape(x_tensor, [-1, 1]), reshape(y_tensor, [1, -1])
    return [mat_mul(column, ones([1, h], column.dtype)), mat_mul(ones([w, 1], row.dtype), row)]
