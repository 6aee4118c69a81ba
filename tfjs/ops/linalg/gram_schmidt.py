from __future__ import annotations

from collections.abc import Sequence

from tfjs.engine import ENGINE
from tfjs.ops.div import div
from tfjs.ops.mul import mul
from tfjs.ops.norm import norm
from tfjs.ops.operation import op
from tfjs.ops.stack import stack
from tfjs.ops.sub import sub
from tfjs.ops.sum import sum  # noqa: A004
from tfjs.ops.unstack import unstack
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike, convert_to_tensor


@op
def gram_schmidt(xs: Sequence[TensorLike] | TensorLike) -> list[Tensor] | Tensor:
    """Gram-Schmidt orthogonalization: the vectors of `xs` (a list of 1-D tensors, or the
    rows of a 2-D tensor) made orthonormal, one after the other, in the same form.

    >>> ys = tf.linalg.gram_schmidt(tf.tensor2d([[1, 1], [0, 2]]))
    >>> ys.array_sync()
    [[0.7071067690849304, 0.7071067690849304], [-0.7071067690849304, 0.7071067690849304]]
    """
    is_matrix = not isinstance(xs, (list, tuple))
    if is_matrix:
        matrix = convert_to_tensor(xs, "xs", "gram_schmidt")
        if matrix.rank != 2:
            raise ValueError(
                f"gram_schmidt: xs must be a 2D tensor or a list of 1D tensors, got rank {matrix.rank}"
            )
        _check(list(matrix.shape[1:]) * matrix.shape[0], matrix.dtype)
        vectors = unstack(matrix, 0)
    else:
        vectors = [convert_to_tensor(x, f"xs[{i}]", "gram_schmidt") for i, x in enumerate(xs)]
        for i, x in enumerate(vectors):
            if x.rank != 1:
                raise ValueError(f"gram_schmidt: xs[{i}] must be a 1D tensor, got rank {x.rank}")
        _check([x.shape[0] for x in vectors], vectors[0].dtype if vectors else "float32")
    ys: list[Tensor] = []
    for x in vectors:
        ys.append(ENGINE.tidy(lambda x=x: _orthonormal(x, ys)))
    return stack(ys, 0) if is_matrix else ys


def _check(lengths: list[int], dtype: str) -> None:
    """TF.js's checks of the vectors' count and lengths; then, as the first vector's norm
    ends in sqrt, which takes float32 only, its dtype (later vectors are upcast by their
    products with the first ones)."""
    if not lengths:
        raise ValueError("gram_schmidt: Gram-Schmidt process: input must not be null, undefined, or empty")
    dim = lengths[0]
    for length in lengths[1:]:
        if length != dim:
            raise ValueError(
                "gram_schmidt: Gram-Schmidt: Non-unique lengths found in the input vectors: "
                f"({length} vs. {dim})"
            )
    if len(lengths) > dim:
        raise ValueError(
            f"gram_schmidt: Gram-Schmidt: Number of vectors ({len(lengths)}) exceeds "
            f"number of dimensions ({dim})."
        )
    if dtype != "float32":
        raise TypeError(
            f"gram_schmidt: Argument 'x' passed to 'sqrt' must be float32 tensor, but got {dtype} tensor"
        )


def _orthonormal(x: Tensor, ys: list[Tensor]) -> Tensor:
    """`x` less its projections on the vectors so far, one at a time, then normalized."""
    for y in ys:
        x = sub(x, mul(sum(mul(y, x)), y))
    return div(x, norm(x, "euclidean"))
