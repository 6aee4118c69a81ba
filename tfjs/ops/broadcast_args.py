from __future__ import annotations

from tfjs.engine import ENGINE
from tfjs.kernel_names import BROADCAST_ARGS
from tfjs.ops.operation import op
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike, convert_to_tensor


@op
def broadcast_args(s0: TensorLike, s1: TensorLike) -> Tensor:
    """The shape two shapes (1-D int32 tensors) broadcast to, as a 1-D int32 tensor.

    >>> tf.broadcast_args(tf.tensor1d([2, 1], "int32"), tf.tensor1d([3], "int32")).array_sync()
    [2, 3]
    """
    name = "broadcast_args"
    s0_tensor = convert_to_tensor(s0, "s0", name, "int32")
    s1_tensor = convert_to_tensor(s1, "s1", name, "int32")
    if s0_tensor.rank != 1:
        raise ValueError(
            f"{name}: broadcastArgs(): first input must be a vector (rank=1). Has rank {s0_tensor.rank}"
        )
    if s1_tensor.rank != 1:
        raise ValueError(
            f"{name}: broadcastArgs(): second input must be a vector (rank=1). Has rank {s1_tensor.rank}"
        )
    return ENGINE.run_kernel(BROADCAST_ARGS, {"s0": s0_tensor, "s1": s1_tensor})
