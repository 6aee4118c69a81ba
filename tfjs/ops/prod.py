from __future__ import annotations

import math
from collections.abc import Sequence

from tfjs.kernel_names import PROD
from tfjs.kernel_registry import register_gradient
from tfjs.ops.operation import op
from tfjs.ops.reduction_util import axes_permutation, reduce_op
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike


@op
def prod(x: TensorLike, axis: int | Sequence[int] | None = None, keep_dims: bool = False) -> Tensor:
    """Computes the product of elements across dimensions (all when `axis` is None), in
    double precision; bool and int32 multiply to int32 (wrapping as an Int32Array does).

    >>> tf.prod(tf.tensor2d([[1, 2], [3, 4]]), 1).array_sync()
    [2.0, 12.0]
    """
    return reduce_op(PROD, x, axis, keep_dims, "prod")


@register_gradient(PROD, save_inputs=("x",))
def _prod_grad(dy: Tensor, x: Tensor, axis: tuple[int, ...]) -> dict[str, Tensor]:
    """TF.js's: the reduced axes moved to the end and merged into one, each element's
    gradient is the product of the others, an exclusive cumprod from each side (exact
    when some are zero; no division)."""
    from tfjs.ops.cumprod import cumprod
    from tfjs.ops.mul import mul
    from tfjs.ops.reshape import reshape
    from tfjs.ops.transpose import transpose

    rank = x.rank
    permutation = axes_permutation(axis, rank)
    permuted = x if permutation is None else transpose(x, permutation)
    kept = list(permuted.shape[: rank - len(axis)])
    merged = reshape(permuted, [*kept, math.prod(permuted.shape[rank - len(axis) :])])
    last = len(kept)
    others = mul(cumprod(merged, last, True, False), cumprod(merged, last, True, True))
    dx = reshape(mul(reshape(dy, [*kept, 1]), others), list(permuted.shape))
    if permutation is not None:
        dx = transpose(dx, [permutation.index(i) for i in range(rank)])
    return {"x": dx}
