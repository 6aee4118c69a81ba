from __future__ import annotations

from collections.abc import Sequence

from tfjs.engine import ENGINE
from tfjs.kernel_names import REVERSE
from tfjs.kernel_registry import register_gradient
from tfjs.ops.axis_util import parse_axis_param
from tfjs.ops.operation import op
from tfjs.ops.slicing_util import assert_cpu_takes_complex
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike, convert_to_tensor


@op
def reverse(x: TensorLike, axis: int | Sequence[int] | None = None) -> Tensor:
    """Reverses `x` along the dimensions `axis` (all when None). As in TF.js, an axis
    named twice is reversed twice.

    >>> tf.reverse(tf.tensor2d([[1, 2, 3], [4, 5, 6]]), 1).array_sync()
    [[3.0, 2.0, 1.0], [6.0, 5.0, 4.0]]
    """
    return reverse_checked(convert_to_tensor(x, "x", "reverse"), axis, "reverse")


def reverse_checked(x: Tensor, axis: int | Sequence[int] | None, op_name: str) -> Tensor:
    assert_cpu_takes_complex(x, "reverse", op_name)
    dims = parse_axis_param(axis, x.shape, op_name)
    return ENGINE.run_kernel(REVERSE, {"x": x}, {"dims": tuple(dims)})


def reverse_nd(x: TensorLike, axis: int | Sequence[int] | None, rank: int, op_name: str) -> Tensor:
    """reverse1d..reverse4d: `reverse` of a tensor that must have `rank` dimensions."""
    x_tensor = convert_to_tensor(x, "x", op_name)
    if x_tensor.rank != rank:
        raise ValueError(
            f"{op_name}: Error in reverse{rank}D: x must be rank {rank} but got rank {x_tensor.rank}."
        )
    return reverse_checked(x_tensor, axis, op_name)


@register_gradient(REVERSE)
def _reverse_grad(dy: Tensor, dims: tuple[int, ...]) -> dict[str, Tensor]:
    """Reversing is its own inverse."""
    return {"x": reverse(dy, list(dims))}
