from __future__ import annotations

from collections.abc import Sequence

from tfjs.kernel_names import MAX
from tfjs.kernel_registry import register_gradient
from tfjs.ops.operation import op
from tfjs.ops.reduction_util import min_max_grad, reduce_op
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike


@op
def max(x: TensorLike, axis: int | Sequence[int] | None = None, keep_dims: bool = False) -> Tensor:  # noqa: A001
    """Computes the maximum of elements across dimensions (all when `axis` is None); NaN
    wins, and the result has the input's dtype.

    >>> tf.max(tf.tensor2d([[1, 2], [3, 4]]), 1).array_sync()
    [2.0, 4.0]
    """
    return reduce_op(MAX, x, axis, keep_dims, "max", axis_attr="reduction_indices")


@register_gradient(MAX, save_inputs=("x",), save_outputs=True)
def _max_grad(dy: Tensor, x: Tensor, y: Tensor, reduction_indices: tuple[int, ...]) -> dict[str, Tensor]:
    """TF.js's: `dy` goes to every element equal to the maximum (all of a tie)."""
    return {"x": min_max_grad(dy, x, y, reduction_indices)}
