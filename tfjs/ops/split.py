from __future__ import annotations

from collections.abc import Sequence

from tfjs.engine import ENGINE
from tfjs.kernel_names import SPLIT_V
from tfjs.kernel_registry import register_gradient
from tfjs.ops.axis_util import parse_first_axis
from tfjs.ops.operation import op
from tfjs.ops.slicing_util import assert_cpu_takes_complex, int_list, is_int
from tfjs.tensor import Tensor
from tfjs.tensor_size import check_tensor_count
from tfjs.tensor_util import TensorLike, convert_to_tensor


@op
def split(x: TensorLike, num_or_size_splits: int | Sequence[int], axis: int = 0) -> list[Tensor]:
    """Splits `x` along `axis` into `num_or_size_splits` equal pieces (a number that
    divides the axis), or into pieces of the listed sizes (which add up to the axis; one
    size may be -1 for the rest).

    >>> [t.array_sync() for t in tf.split(tf.tensor1d([1, 2, 3, 4]), 2)]
    [[1.0, 2.0], [3.0, 4.0]]
    >>> [t.shape for t in tf.split(tf.zeros([2, 5]), [1, -1, 1], 1)]
    [(2, 1), (2, 3), (2, 1)]
    """
    x_tensor = convert_to_tensor(x, "x", "split")
    axis = parse_first_axis(axis, x_tensor.shape, "split")
    dim = x_tensor.shape[axis]
    sizes = _split_sizes(dim, num_or_size_splits)
    assert_cpu_takes_complex(x_tensor, "slice", "split")
    resolved, begin = [], 0
    for size in sizes:  # each piece as TF.js's SplitV slices it
        if size < -1:
            raise ValueError(
                "split: Negative size values should be exactly -1 but got "
                f"{size} for the slice() size at index {axis}."
            )
        resolved.append(dim - begin if size == -1 else size)
        if begin + resolved[-1] > dim:
            raise ValueError(
                f"split: Error in slice{x_tensor.rank}D: begin[{axis}] + size[{axis}] "
                f"({begin + resolved[-1]}) would overflow input.shape[{axis}] ({dim})"
            )
        begin += size
    return ENGINE.run_kernel(SPLIT_V, {"x": x_tensor}, {"sizes": tuple(resolved), "axis": axis})


def _split_sizes(dim: int, num_or_size_splits: int | Sequence[int]) -> list[int]:
    """TF.js's prepareSplitSize, including its arithmetic: the -1 gets `dim` minus the
    first size and the positive sizes after it."""
    if is_int(num_or_size_splits):
        num = int(num_or_size_splits)
        if num == 0 or dim % num:
            raise ValueError(
                f"split: Number of splits must evenly divide the axis. Got {num} splits of an axis of {dim}."
            )
        if num < 0:
            raise ValueError(f"split: the number of splits must be positive, got {num}")
        check_tensor_count(num, "split")
        return [dim // num] * num
    sizes = int_list(num_or_size_splits, "num_or_size_splits", "split")
    if not sizes:
        raise ValueError("split: num_or_size_splits must be a number or a non-empty list of sizes")
    if sizes.count(-1) > 1:
        raise ValueError("split: There should be only one negative value in split array.")
    given = list(sizes)
    if -1 in sizes:
        total = sizes[0] + sum(s for s in sizes[1:] if s > 0)
        sizes[sizes.index(-1)] = dim - total
        if dim - total < 0:  # TF.js then slices pieces that overlap: a wrong answer
            raise ValueError(
                f"split: the sizes {given} leave {dim - total} for the -1 of an axis of {dim}: "
                "the other sizes must not add up to more than the axis"
            )
    if sum(sizes) != dim:
        raise ValueError(
            "split: The sum of sizes must match the size of the axis dimension. "
            f"Got sizes {given} for an axis of {dim}."
        )
    return sizes


@register_gradient(SPLIT_V)
def _split_v_grad(dy: list[Tensor], axis: int) -> dict[str, Tensor]:
    """The pieces' gradients joined back along `axis`."""
    from tfjs.ops.concat import concat

    return {"x": concat(dy, axis)}
