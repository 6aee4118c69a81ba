from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from tfjs.engine import ENGINE
from tfjs.kernel_names import TRANSPOSE
from tfjs.kernel_registry import register_gradient
from tfjs.ops.operation import op
from tfjs.ops.reduction_util import check_flag
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike, convert_to_tensor


@op
def transpose(x: TensorLike, perm: Sequence[int] | None = None, conjugate: bool = False) -> Tensor:
    """Transposes `x`: dimension i of the result is dimension `perm[i]` of `x` (reversed
    when `perm` is None). With `conjugate`, a complex64 result is conjugated.

    >>> tf.transpose(tf.tensor2d([[1, 2, 3], [4, 5, 6]])).array_sync()
    [[1.0, 4.0], [2.0, 5.0], [3.0, 6.0]]
    """
    x_tensor = convert_to_tensor(x, "x", "transpose")
    rank = x_tensor.rank
    conjugate = check_flag(conjugate, "transpose", "conjugate")
    axes = list(range(rank))[::-1] if perm is None else _perm(perm)
    if len(axes) != rank:
        raise ValueError(f"Error in transpose: rank of input {rank} must match length of perm {_js(axes)}.")
    if any(not 0 <= a < rank for a in axes):
        raise ValueError(
            f"transpose: All entries in 'perm' must be between 0 and {rank - 1} but got {_js(axes)}"
        )
    if len(set(axes)) != rank:
        raise ValueError(f"transpose: 'perm' must name each dimension once, but got {_js(axes)}")
    if rank <= 1:
        from tfjs.ops.clone import clone

        return clone(x_tensor)
    attrs = {"perm": tuple(axes)}
    if x_tensor.dtype == "complex64":
        return _transpose_complex(x_tensor, attrs, conjugate)
    return ENGINE.run_kernel(TRANSPOSE, {"x": x_tensor}, attrs)


def _transpose_complex(x: Tensor, attrs: dict, conjugate: bool) -> Tensor:
    """As TF.js: the real and imaginary parts are transposed apart (and the imaginary
    part negated for the conjugate), then joined."""
    from tfjs.ops.complex import complex  # noqa: A004
    from tfjs.ops.imag import imag
    from tfjs.ops.neg import neg
    from tfjs.ops.real import real

    real_part = ENGINE.run_kernel(TRANSPOSE, {"x": real(x)}, attrs)
    imag_part = ENGINE.run_kernel(TRANSPOSE, {"x": imag(x)}, attrs)
    if conjugate:
        imag_part = neg(imag_part)
    return complex(real_part, imag_part)


def _perm(perm: Sequence[int]) -> list[int]:
    if not isinstance(perm, (list, tuple, np.ndarray)) or any(
        isinstance(a, bool) or not isinstance(a, (int, np.integer)) for a in perm
    ):
        raise TypeError(f"transpose: 'perm' must be a list of integers, got {perm!r}")
    return [int(a) for a in perm]


def _js(values: Sequence[int]) -> str:
    """A list as JavaScript writes an array into a string: `1,0,2`."""
    return ",".join(str(v) for v in values)


@register_gradient(TRANSPOSE)
def _transpose_grad(dy: Tensor, perm: tuple[int, ...]) -> dict[str, Tensor]:
    """The inverse permutation puts each gradient back on its input's dimension."""
    undo = [0] * len(perm)
    for i, axis in enumerate(perm):
        undo[axis] = i
    return {"x": transpose(dy, undo)}
