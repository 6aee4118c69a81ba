from __future__ import annotations

from collections.abc import Sequence

from tfjs.engine import ENGINE
from tfjs.kernel_names import PACK
from tfjs.kernel_registry import register_gradient
from tfjs.ops.operation import op
from tfjs.ops.slicing_util import is_int
from tfjs.tensor import Tensor
from tfjs.tensor_format import js_list
from tfjs.tensor_util import TensorLike, convert_to_tensor_list


@op
def stack(tensors: Sequence[TensorLike], axis: int = 0) -> Tensor:
    """Stacks tensors of one shape and dtype into a tensor one rank higher, along the new
    axis `axis` (negative counts from the end of the result's axes).

    >>> tf.stack([tf.tensor1d([1, 2]), tf.tensor1d([3, 4])], 1).array_sync()
    [[1.0, 3.0], [2.0, 4.0]]
    """
    xs = convert_to_tensor_list(tensors, "tensors", "stack", "string_or_numeric")
    if not xs:
        raise ValueError("stack: Pass at least one tensor to tf.stack")
    if not is_int(axis):
        raise TypeError(f"stack: axis must be an integer, got {axis!r}")
    rank = xs[0].rank
    if axis > rank:
        raise ValueError(f"stack: Axis must be <= rank of the tensor, got axis {axis} for rank {rank}")
    for i, x in enumerate(xs[1:], 1):
        if x.shape != xs[0].shape:
            raise ValueError(
                "stack: All tensors passed to stack must have matching shapes Shapes "
                f"{js_list(xs[0].shape)} and {js_list(x.shape)} must match (tensors[{i}])"
            )
        if x.dtype != xs[0].dtype:
            raise TypeError(
                "stack: All tensors passed to stack must have matching dtypes, "
                f"got {xs[0].dtype} and {x.dtype} (tensors[{i}])"
            )
    if axis < -(rank + 1):
        raise ValueError(f"stack: Axis must be in the interval [{-(rank + 1)}, {rank}], got {axis}")
    return ENGINE.run_kernel(PACK, {"tensors": xs}, {"axis": int(axis)})


@register_gradient(PACK)
def _pack_grad(dy: Tensor, axis: int) -> dict[str, list[Tensor]]:
    """Each input gets its slice of `dy` along the new axis."""
    from tfjs.ops.unstack import unstack

    return {"tensors": unstack(dy, axis)}
