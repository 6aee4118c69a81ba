from __future__ import annotations

from collections.abc import Sequence

from tfjs.engine import ENGINE
from tfjs.kernel_names import SUM
from tfjs.kernel_registry import register_gradient
from tfjs.ops.axis_util import reduction_axes
from tfjs.ops.operation import op
from tfjs.ops.reduction_util import check_flag
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike, convert_to_tensor


@op
def sum(x: TensorLike, axis: int | Sequence[int] | None = None, keep_dims: bool = False) -> Tensor:  # noqa: A001
    """Computes the sum of elements across dimensions (all when `axis` is None); bool and
    int32 sum to int32.

    >>> tf.sum(tf.tensor2d([[1, 2], [3, 4]]), 1).array_sync()
    [3.0, 7.0]
    """
    x_tensor = convert_to_tensor(x, "x", "sum")
    axes = reduction_axes(axis, x_tensor.shape, "sum")
    return ENGINE.run_kernel(
        SUM, {"x": x_tensor}, {"axis": axes, "keep_dims": check_flag(keep_dims, "sum", "keep_dims")}
    )


@register_gradient(SUM, save_inputs=("x",))
def _sum_grad(dy: Tensor, x: Tensor, axis: tuple[int, ...]) -> dict[str, Tensor]:
    """Each input element gets the gradient of the sum it went into."""
    from tfjs.ops.mul import mul
    from tfjs.ops.ones import ones
    from tfjs.ops.reshape import reshape

    kept_shape = [1 if i in axis else d for i, d in enumerate(x.shape)]
    return {"x": mul(reshape(dy, kept_shape), ones(list(x.shape)))}
