from __future__ import annotations

from collections.abc import Sequence

from tfjs.engine import ENGINE
from tfjs.kernel_names import SLICE
from tfjs.kernel_registry import register_gradient
from tfjs.ops.operation import op
from tfjs.ops.slicing_util import assert_cpu_takes_complex, int_list
from tfjs.tensor import Tensor
from tfjs.tensor_format import js_list
from tfjs.tensor_util import TensorLike, convert_to_tensor


@op
def slice(x: TensorLike, begin: int | Sequence[int], size: int | Sequence[int] | None = None) -> Tensor:  # noqa: A001
    """Extracts the slice of `x` that starts at `begin` and has `size`. A single number
    applies to the first axis; missing entries of `begin` are 0 and of `size` are -1,
    which means "to the end of the axis".

    >>> tf.slice(tf.tensor2d([[1, 2, 3], [4, 5, 6]]), [0, 1], [2, 2]).array_sync()
    [[2.0, 3.0], [5.0, 6.0]]
    >>> tf.slice(tf.tensor1d([1, 2, 3, 4]), 1).array_sync()
    [2.0, 3.0, 4.0]
    """
    return slice_checked(convert_to_tensor(x, "x", "slice", "string_or_numeric"), begin, size, "slice")


def slice_checked(
    x: Tensor, begin: int | Sequence[int], size: int | Sequence[int] | None, op_name: str
) -> Tensor:
    if x.rank == 0:
        raise ValueError(f"{op_name}: Slicing scalar is not possible")
    assert_cpu_takes_complex(x, "slice", op_name)
    begin_, size_ = parse_slice_params(x.shape, begin, size, op_name)
    return ENGINE.run_kernel(SLICE, {"x": x}, {"begin": begin_, "size": size_})


def parse_slice_params(
    shape: Sequence[int], begin: int | Sequence[int], size: int | Sequence[int] | None, op_name: str
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """TF.js's parseSliceParams and assertParamsValid: full `begin` and `size` lists, -1
    sizes resolved, every slice inside `shape`."""
    rank = len(shape)
    begin_ = int_list(begin, "begin", op_name)
    begin_ += [0] * (rank - len(begin_))
    if any(b < 0 for b in begin_):
        raise ValueError(f"{op_name}: slice() does not support negative begin indexing.")
    if size is None:
        size_ = [-1] * rank
    else:
        size_ = int_list(size, "size", op_name)
        size_ += [-1] * (rank - len(size_))
    for i, s in enumerate(size_):
        if s < -1:
            raise ValueError(
                f"{op_name}: Negative size values should be exactly -1 but got {s} "
                f"for the slice() size at index {i}."
            )
    size_ = [shape[i] - begin_[i] if s == -1 and i < rank else s for i, s in enumerate(size_)]
    if len(begin_) != rank:
        raise ValueError(
            f"{op_name}: Error in slice{rank}D: Length of begin {js_list(begin_)} "
            f"must match the rank of the array ({rank})."
        )
    if len(size_) != rank:
        raise ValueError(
            f"{op_name}: Error in slice{rank}D: Length of size {js_list(size_)} "
            f"must match the rank of the array ({rank})."
        )
    for i in range(rank):
        if begin_[i] + size_[i] > shape[i]:
            raise ValueError(
                f"{op_name}: Error in slice{rank}D: begin[{i}] + size[{i}] ({begin_[i] + size_[i]}) would "
                f"overflow input.shape[{i}] ({shape[i]})"
            )
    return tuple(begin_), tuple(size_)


def slice_nd(
    x: TensorLike, begin: int | Sequence[int], size: int | Sequence[int], rank: int, op_name: str
) -> Tensor:
    """slice1d..slice4d: `slice` of a numeric tensor that must have `rank` dimensions."""
    x_tensor = convert_to_tensor(x, "x", op_name)
    if x_tensor.rank != rank:
        raise ValueError(
            f"{op_name}: {op_name} expects a rank-{rank} tensor, but got a rank-{x_tensor.rank} tensor"
        )
    return slice_checked(x_tensor, begin, size, op_name)


@register_gradient(SLICE, save_inputs=("x",))
def _slice_grad(dy: Tensor, x: Tensor, begin: tuple[int, ...], size: tuple[int, ...]) -> dict[str, Tensor]:
    """`dy` padded with zeros back to the input's shape."""
    from tfjs.ops.pad import pad

    return {"x": pad(dy, [[b, d - b - s] for b, s, d in zip(begin, size, x.shape, strict=True)])}
