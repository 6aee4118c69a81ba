from __future__ import annotations

from collections.abc import Sequence

from tfjs.ops.add import add
from tfjs.ops.axis_util import reduction_axes
from tfjs.ops.binary_util import assert_not_complex
from tfjs.ops.exp import exp
from tfjs.ops.log import log
from tfjs.ops.max import max  # noqa: A004
from tfjs.ops.operation import op
from tfjs.ops.reduction_util import check_flag
from tfjs.ops.reshape import reshape
from tfjs.ops.sub import sub
from tfjs.ops.sum import sum  # noqa: A004
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike, convert_to_tensor


@op
def log_sum_exp(x: TensorLike, axis: int | Sequence[int] | None = None, keep_dims: bool = False) -> Tensor:
    """Computes log(sum(exp(x))) across dimensions (all when `axis` is None), shifted by
    the maximum for stability; the result is float32.

    >>> tf.log_sum_exp(tf.tensor1d([1, 2, 3])).array_sync()
    3.4076058864593506
    """
    x_tensor = assert_not_complex(convert_to_tensor(x, "x", "log_sum_exp"), "log_sum_exp")
    axes = reduction_axes(axis, x_tensor.shape, "log_sum_exp")
    x_max = max(x_tensor, axes, True)
    summed = sum(exp(sub(x_tensor, x_max)), axes)
    logged = log(summed)
    result = add(reshape(x_max, logged.shape), logged)
    if check_flag(keep_dims, "log_sum_exp", "keep_dims"):
        return reshape(result, [1 if i in axes else d for i, d in enumerate(x_tensor.shape)])
    return result
