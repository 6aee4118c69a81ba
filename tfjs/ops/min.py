from __future__ import annotations

from collections.abc import Sequence

from tfjs.kernel_names import MIN
from tfjs.kernel_registry import register_gradient
from tfjs.ops.operation import op
from tfjs.ops.reduction_util import min_max_grad, reduce_op
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike


@op
def min(x: TensorLike, axis: int | Sequence[int] | None = None, keep_dims: bool = False) -> Tensor:  # noqa: A001
    """Computes the minimum of elements across dimensions (all when `axis` is None); NaN
    wins, and the result has the input's dtype.

    >>> tf.min(tf.tensor2d([[1, 2], [3, 4]]), 0).array_sync()
    [1.0, 2.0]
    """
    return reduce_op(MIN, x, axis, keep_dims, "min")


@register_gradient(MIN, save_inputs=("x",), save_outputs=True)
def _min_grad(dy: Tensor, x: Tensor, y: Tensor, axis: tuple[int, ...]) -> dict[str, Tensor]:
    """TF.js's: `dy` goes to every element equal to the minimum (all of a tie)."""
    return {"x": min_max_grad(dy, x, y, axis)}
