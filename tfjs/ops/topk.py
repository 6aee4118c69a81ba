from __future__ import annotations

from typing import NamedTuple

import numpy as np

from tfjs.engine import ENGINE
from tfjs.kernel_names import TOPK
from tfjs.kernel_registry import register_gradient
from tfjs.ops.binary_util import assert_not_complex
from tfjs.ops.operation import op
from tfjs.ops.reduction_util import check_flag
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike, convert_to_tensor


class TopK(NamedTuple):
    """topk's result: the k greatest values of each last-axis row and their indices."""

    values: Tensor
    indices: Tensor


@op
def topk(x: TensorLike, k: int = 1, sorted: bool = True) -> TopK:  # noqa: A002
    """Finds the `k` greatest values along the last axis and their int32 indices, greatest
    first (equal values by index). With `sorted` False and k equal to the last dimension
    the input order is kept, as in TF.js; for a smaller k TF.js returns its selection
    algorithm's order, which this port does not reproduce (it returns them sorted).

    >>> values, indices = tf.topk(tf.tensor1d([1, 5, 3, 5]), 2)
    >>> values.array_sync(), indices.array_sync()
    ([5.0, 5.0], [1, 3])
    """
    x_tensor = assert_not_complex(convert_to_tensor(x, "x", "topk"), "topk")
    if x_tensor.rank == 0:
        raise ValueError("topk() expects the input to be of rank 1 or higher")
    last_dim = x_tensor.shape[-1]
    if isinstance(k, bool) or not isinstance(k, (int, np.integer)):
        raise TypeError(f"'k' passed to topk() must be an integer but got {k!r}")
    if k < 0:
        raise ValueError(f"'k' passed to topk() must be >= 0 but got {k}")
    if k > last_dim:
        raise ValueError(f"'k' passed to topk() must be <= the last dimension ({last_dim}) but got {k}")
    values, indices = ENGINE.run_kernel(
        TOPK, {"x": x_tensor}, {"k": int(k), "sorted": check_flag(sorted, "topk", "sorted")}
    )
    return TopK(values, indices)


@register_gradient(TOPK, save_inputs=("x",), save_outputs=True)
def _topk_grad(dy: list[Tensor], x: Tensor, outputs: list[Tensor], k: int) -> dict[str, Tensor]:
    """TF.js has no TopK gradient; this is TensorFlow's (nn_grad.py): each selected value's
    gradient goes back to the element it was taken from, the others get 0. The indices
    output is not differentiable (its gradient is ignored)."""
    from tfjs.ops.add import add
    from tfjs.ops.mul import mul
    from tfjs.ops.range import range as range_
    from tfjs.ops.reshape import reshape
    from tfjs.ops.scalar import scalar
    from tfjs.ops.scatter_nd import scatter_nd
    from tfjs.ops.zeros import zeros

    if k == 0 or x.size == 0:
        return {"x": zeros(list(x.shape))}
    last = x.shape[-1]
    rows = x.size // last
    row_starts = reshape(mul(range_(0, rows, 1, "int32"), scalar(last, "int32")), [rows, 1])
    positions = add(reshape(outputs[1], [rows, k]), row_starts)
    dx = scatter_nd(reshape(positions, [rows * k, 1]), reshape(dy[0], [rows * k]), [rows * last])
    return {"x": reshape(dx, list(x.shape))}
