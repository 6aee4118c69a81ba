from __future__ import annotations

from collections.abc import Sequence

from tfjs.engine import ENGINE
from tfjs.kernel_names import MEAN
from tfjs.ops.axis_util import reduction_axes
from tfjs.ops.operation import op
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike, convert_to_tensor


@op
def mean(x: TensorLike, axis: int | Sequence[int] | None = None, keep_dims: bool = False) -> Tensor:
    """Computes the mean of elements across dimensions (all when `axis` is None), in float32.

    >>> tf.mean(tf.tensor2d([[1, 2], [3, 4]]), 0).array_sync()
    [2.0, 3.0]
    """
    x_tensor = convert_to_tensor(x, "x", "mean")
    axes = reduction_axes(axis, x_tensor.shape, "mean")
    return ENGINE.run_kernel(MEAN, {"x": x_tensor}, {"axis": axes, "keep_dims": bool(keep_dims)})
