from __future__ import annotations

from tfjs.kernel_names import CUMSUM
from tfjs.kernel_registry import register_gradient
from tfjs.ops.operation import op
from tfjs.ops.reduction_util import scan_op
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike


@op
def cumsum(x: TensorLike, axis: int = 0, exclusive: bool = False, reverse: bool = False) -> Tensor:
    """Computes the cumulative sum along `axis`; `exclusive` leaves each element out of its
    own sum, `reverse` sums from the end. bool and int32 sum to int32.

    >>> tf.cumsum(tf.tensor1d([1, 2, 3, 4])).array_sync()
    [1.0, 3.0, 6.0, 10.0]
    >>> tf.cumsum(tf.tensor1d([1, 2, 3, 4]), 0, True, True).array_sync()
    [9.0, 7.0, 4.0, 0.0]
    """
    return scan_op(CUMSUM, x, axis, exclusive, reverse, "cumsum")


@register_gradient(CUMSUM)
def _cumsum_grad(dy: Tensor, axis: int, exclusive: bool, reverse: bool) -> dict[str, Tensor]:
    """Each element gets the gradients of the sums it went into: the scan of `dy` the
    other way. TF.js's gradient then transposes the result by the permutation that moves
    `axis` last, which is wrong for any other axis (a transposed gradient, or a shape
    error); this one is TensorFlow's, and equals TF.js's along the last axis."""
    return {"x": cumsum(dy, axis, exclusive, not reverse)}
