from __future__ import annotations

from tfjs.engine import ENGINE
from tfjs.kernel_names import SOFTMAX
from tfjs.ops.operation import op
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike, convert_to_tensor


@op
def softmax(logits: TensorLike, dim: int = -1) -> Tensor:
    """Computes the softmax normalized vector along the last dimension, `dim` (no other
    dimension is supported, as in TF.js): `exp(logits) / sum(exp(logits))`.

    >>> tf.softmax(tf.tensor1d([0, 0, 0, 0])).array_sync()
    [0.25, 0.25, 0.25, 0.25]
    """
    logits_tensor = convert_to_tensor(logits, "logits", "softmax", "float32")
    rank = logits_tensor.rank
    if dim == -1:
        dim = rank - 1
    if dim != rank - 1:
        raise ValueError(
            "softmax: Softmax along a non-last dimension is not yet supported. "
            f"Logits was rank {rank} and dim was {dim}"
        )
    if rank == 0:  # TF.js's kernel parses [-1] as an axis of a scalar
        raise ValueError("softmax: All values in axis param must be in range [-0, 0) but got axis -1")
    return ENGINE.run_kernel(SOFTMAX, {"logits": logits_tensor}, {"dim": int(dim)})
