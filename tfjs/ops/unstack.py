from __future__ import annotations

from tfjs.engine import ENGINE
from tfjs.kernel_names import UNPACK
from tfjs.kernel_registry import register_gradient
from tfjs.ops.operation import op
from tfjs.ops.slicing_util import assert_cpu_takes_complex, is_int
from tfjs.tensor import Tensor
from tfjs.tensor_size import check_tensor_count
from tfjs.tensor_util import TensorLike, convert_to_tensor


@op
def unstack(x: TensorLike, axis: int = 0) -> list[Tensor]:
    """Unstacks a tensor of rank R into a list of `x.shape[axis]` tensors of rank R - 1.

    >>> [t.array_sync() for t in tf.unstack(tf.tensor2d([[1, 2], [3, 4]]), 1)]
    [[1.0, 3.0], [2.0, 4.0]]
    """
    x_tensor = convert_to_tensor(x, "x", "unstack", "string_or_numeric")
    if not is_int(axis):
        raise TypeError(f"unstack: axis must be an integer, got {axis!r}")
    rank = x_tensor.rank
    if not -rank <= axis < rank:
        raise ValueError(f"unstack: Axis = {axis} is not in [-{rank}, {rank})")
    assert_cpu_takes_complex(x_tensor, "slice", "unstack")
    check_tensor_count(x_tensor.shape[int(axis) % rank], "unstack")
    return ENGINE.run_kernel(UNPACK, {"value": x_tensor}, {"axis": int(axis) % rank})


@register_gradient(UNPACK)
def _unpack_grad(dy: list[Tensor], axis: int) -> dict[str, Tensor]:
    """The outputs' gradients stacked back along `axis`."""
    from tfjs.ops.stack import stack

    return {"value": stack(dy, axis)}
