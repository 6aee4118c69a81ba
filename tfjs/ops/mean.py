from __future__ import annotations

import math
from collections.abc import Sequence

from tfjs.engine import ENGINE
from tfjs.kernel_names import MEAN
from tfjs.kernel_registry import register_gradient
from tfjs.ops.axis_util import reduction_axes
from tfjs.ops.operation import op
from tfjs.ops.reduction_util import check_flag
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
    return ENGINE.run_kernel(
        MEAN, {"x": x_tensor}, {"axis": axes, "keep_dims": check_flag(keep_dims, "mean", "keep_dims")}
    )


@register_gradient(MEAN, save_inputs=("x",))
def _mean_grad(dy: Tensor, x: Tensor, axis: tuple[int, ...]) -> dict[str, Tensor]:
    """TF.js's: each element gets the gradient of its mean over the reduced size."""
    from tfjs.ops.div import div
    from tfjs.ops.mul import mul
    from tfjs.ops.ones import ones
    from tfjs.ops.reshape import reshape

    reduce_size = math.prod(x.shape[a] for a in axis)
    kept_shape = [1 if i in axis else d for i, d in enumerate(x.shape)]
    return {"x": div(mul(reshape(dy, kept_shape), ones(list(x.shape))), reduce_size)}
