from __future__ import annotations

import numpy as np

from tfjs.engine import ENGINE
from tfjs.kernel_names import SOFTMAX
from tfjs.kernel_registry import register_gradient
from tfjs.ops.operation import op
from tfjs.tensor import Tensor
from tfjs.tensor_format import js_text
from tfjs.tensor_util import TensorLike, convert_to_tensor


@op
def softmax(logits: TensorLike, dim: int = -1) -> Tensor:
    """Computes the softmax normalized vector along the last dimension, `dim` (no other
    dimension is supported, as in TF.js): `exp(logits) / sum(exp(logits))`.

    >>> tf.softmax(tf.tensor1d([0, 0, 0, 0])).array_sync()
    [0.25, 0.25, 0.25, 0.25]
    """
    logits_tensor = convert_to_tensor(logits, "logits", "softmax", "float32")
    dim = last_axis(logits_tensor.rank, dim, "softmax", "Softmax", "dim")
    if logits_tensor.rank == 0:  # TF.js's kernel parses [-1] as an axis of a scalar
        raise ValueError("softmax: All values in axis param must be in range [-0, 0) but got axis -1")
    return ENGINE.run_kernel(SOFTMAX, {"logits": logits_tensor}, {"dim": int(dim)})


def last_axis(rank: int, axis: int, op_name: str, tfjs_words: str, axis_name: str) -> int:
    """`axis` (-1: the last) of a rank-`rank` tensor, which softmax and log_softmax require
    to be the last, as TF.js does."""
    if rank == 0:  # TF.js's max over axis -1 of a scalar says so
        raise ValueError(
            f"{op_name}: All values in axis param must be in range [-0, 0) but got axis {js_text(axis)} "
            "(logits must be at least 1-D)"
        )
    if isinstance(axis, bool) or not isinstance(axis, (int, np.integer)):
        raise TypeError(f"{op_name}: {axis_name} must be an integer, but got {axis!r}")
    if axis == -1:
        axis = rank - 1
    if axis != rank - 1:
        raise ValueError(
            f"{op_name}: {tfjs_words} along a non-last dimension is not yet supported. "
            f"Logits was rank {rank} and {axis_name} was {js_text(axis)}"
        )
    return axis


@register_gradient(SOFTMAX, save_outputs=True)
def _softmax_grad(dy: Tensor, y: Tensor, dim: int) -> dict[str, Tensor]:
    """TF.js's: dy * y - sum(dy * y) * y along `dim`."""
    from tfjs.ops.mul import mul
    from tfjs.ops.sub import sub
    from tfjs.ops.sum import sum  # noqa: A004

    dy_times_y = mul(dy, y)
    return {"logits": sub(dy_times_y, mul(sum(dy_times_y, [dim], True), y))}
