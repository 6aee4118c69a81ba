from __future__ import annotations

from tfjs.einsum_util import einsum_plan
from tfjs.engine import ENGINE
from tfjs.kernel_names import EINSUM
from tfjs.ops.operation import op
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike, convert_to_tensor


@op
def einsum(equation: str, *tensors: TensorLike) -> Tensor:
    """Tensor contraction over specified indices and outer product (Einstein summation).

    The subset TF.js supports: an equation with an explicit output (`"ij,jk->ik"`), one
    or two inputs, no ellipsis, no label repeated within an input; labels absent from
    the output are summed. Products are computed in the inputs' upcast dtype; sums of
    int32 and bool are int32.

    >>> tf.einsum("ij,jk->ik", tf.tensor2d([[1, 2], [3, 4]]), tf.tensor2d([[5], [6]])).array_sync()
    [[17.0], [39.0]]
    >>> tf.einsum("ij->ji", tf.tensor2d([[1, 2, 3]])).array_sync()
    [[1.0], [2.0], [3.0]]
    """
    inputs = [convert_to_tensor(t, f"tensors{i}", "einsum") for i, t in enumerate(tensors)]
    plan = einsum_plan(equation, [t.shape for t in inputs])
    num_sums = len(plan.path) if plan.path[0] >= 0 else 0
    if any(inputs[t].dtype == "complex64" for step in plan.steps[:num_sums] for t in step):
        raise TypeError("einsum: sum does not support complex64 tensors in the CPU backend.")
    return ENGINE.run_kernel(EINSUM, {"tensors": inputs}, {"equation": equation})
