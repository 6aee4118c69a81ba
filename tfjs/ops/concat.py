from __future__ import annotations

from collections.abc import Sequence

from tfjs.engine import ENGINE
from tfjs.kernel_names import CONCAT
from tfjs.kernel_registry import register_gradient
from tfjs.ops.axis_util import parse_first_axis
from tfjs.ops.clone import clone
from tfjs.ops.operation import op
from tfjs.tensor import Tensor
from tfjs.tensor_format import js_list
from tfjs.tensor_util import TensorLike, convert_to_tensor_list


@op
def concat(tensors: Sequence[TensorLike], axis: int = 0) -> Tensor:
    """Concatenates a list of tensors along `axis`; they must have the same rank and the
    same shape except along `axis`. The result has the first tensor's dtype.

    >>> tf.concat([tf.tensor1d([1, 2]), tf.tensor1d([3, 4])]).array_sync()
    [1.0, 2.0, 3.0, 4.0]
    >>> tf.concat([tf.tensor2d([[1], [2]]), tf.tensor2d([[3], [4]])], 1).array_sync()
    [[1.0, 3.0], [2.0, 4.0]]
    """
    if isinstance(tensors, (list, tuple)) and len(tensors) == 0:
        raise ValueError("concat: Pass at least one tensor to concat")
    xs = convert_to_tensor_list(tensors, "tensors", "concat", "string_or_numeric")
    _assert_dtypes_join(xs)
    if len(xs) == 1:
        return clone(xs[0])
    axis = parse_first_axis(axis, xs[0].shape, "concat")
    assert_params_consistent([x.shape for x in xs], axis, "concat")
    return ENGINE.run_kernel(CONCAT, {"tensors": xs}, {"axis": axis})


def assert_params_consistent(shapes: list[tuple[int, ...]], axis: int, op_name: str) -> None:
    """TF.js's concat checks: one rank, and equal sizes off `axis`."""
    rank = len(shapes[0])
    for i, shape in enumerate(shapes):
        if len(shape) != rank:
            raise ValueError(
                f"{op_name}: Error in concat{rank}D: rank of tensors[{i}] must be the same as the rank "
                f"of the rest ({rank})"
            )
    first = shapes[0]
    for i, shape in enumerate(shapes):
        if any(r != axis and shape[r] != first[r] for r in range(rank)):
            # TF.js's message names the tensor's position where it means the axis.
            raise ValueError(
                f"{op_name}: Error in concat{rank}D: Shape of tensors[{i}] ({js_list(shape)}) does not "
                f"match the shape of the rest ({js_list(first)}) along the non-concatenated axis {i}."
            )


def _assert_dtypes_join(xs: list[Tensor]) -> None:
    """complex64 joins only complex64 (TF.js's check, in its words); strings join only
    strings (TF.js reads the bytes of numbers as text, or the reverse)."""
    first = xs[0].dtype
    for x in xs:
        if x.dtype == first:
            continue
        if first == "complex64" or "string" in (first, x.dtype) or x.dtype == "complex64":
            raise TypeError(f"concat: Cannot concatenate {first} tensors with a tensor with dtype {x.dtype}.")


@register_gradient(CONCAT, save_inputs=("tensors",))
def _concat_grad(dy: Tensor, tensors: list[Tensor], axis: int) -> dict[str, list[Tensor]]:
    """Each input gets its piece of `dy` along `axis`."""
    from tfjs.ops.split import split

    return {"tensors": split(dy, [t.shape[axis] for t in tensors], axis)}
