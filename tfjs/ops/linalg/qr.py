from __future__ import annotations

from tfjs.engine import ENGINE
from tfjs.globals import dispose
from tfjs.ops.clone import clone
from tfjs.ops.concat import concat
from tfjs.ops.div import div
from tfjs.ops.eye import eye
from tfjs.ops.greater import greater
from tfjs.ops.mat_mul import mat_mul
from tfjs.ops.mul import mul
from tfjs.ops.neg import neg
from tfjs.ops.norm import norm
from tfjs.ops.operation import op
from tfjs.ops.reduction_util import check_flag
from tfjs.ops.reshape import reshape
from tfjs.ops.slice import slice  # noqa: A004
from tfjs.ops.stack import stack
from tfjs.ops.sub import sub
from tfjs.ops.tensor2d import tensor2d
from tfjs.ops.transpose import transpose
from tfjs.ops.unstack import unstack
from tfjs.ops.where import where
from tfjs.ops.zeros import zeros
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike, convert_to_tensor


@op
def qr(x: TensorLike, full_matrices: bool = False) -> list[Tensor]:
    """QR decomposition of each inner-most matrix of `x` by Householder transformations:
    `[q, r]`, q orthogonal and r upper triangular, `q @ r == x`. For an mxn matrix with
    m > n, q is mxn and r nxn, unless `full_matrices` (q mxm, r mxn).

    >>> q, r = tf.linalg.qr(tf.tensor2d([[1, 2], [3, 4]]))
    >>> r.array_sync()
    [[-3.1622776985168457, -4.427188396453857], [0.0, 0.6324553489685059]]
    """
    x_tensor = convert_to_tensor(x, "x", "qr")
    if x_tensor.rank < 2:
        raise ValueError(f"qr: qr() requires input tensor to have a rank >= 2, but got rank {x_tensor.rank}")
    if x_tensor.dtype != "float32":  # the Householder vectors' norms end in sqrt, float32 only
        raise TypeError(
            f"qr: Argument 'x' passed to 'sqrt' must be float32 tensor, but got {x_tensor.dtype} tensor"
        )
    full_matrices = check_flag(full_matrices, "qr", "full_matrices")
    if x_tensor.rank == 2:
        return _qr2d(x_tensor, full_matrices)
    # Each matrix on its own, as TF.js does; the results keep their own inner shapes
    # (TF.js reshapes both to x's shape, which fails unless the matrices are square).
    *outer, m, n = x_tensor.shape
    reduced = not full_matrices and m > n
    q_cols, r_rows = (n, n) if reduced else (m, m)
    batch = 1
    for d in outer:
        batch *= d
    if batch == 0:
        return [zeros([*outer, m, q_cols]), zeros([*outer, r_rows, n])]
    pairs = [_qr2d(matrix, full_matrices) for matrix in unstack(reshape(x_tensor, [batch, m, n]), 0)]
    q = reshape(stack([pair[0] for pair in pairs], 0), [*outer, m, q_cols])
    r = reshape(stack([pair[1] for pair in pairs], 0), [*outer, r_rows, n])
    return [q, r]


def _qr2d(x: Tensor, full_matrices: bool) -> list[Tensor]:
    return ENGINE.tidy(lambda: _householder(x, full_matrices))


def _householder(x: Tensor, full_matrices: bool) -> list[Tensor]:
    """TF.js's qr2d, step for step (so its roundings): column j of r is zeroed below the
    diagonal by H = I - tau w w', applied to r from the left and to q from the right."""
    m, n = x.shape
    q = eye(m)
    r = clone(x)
    one = tensor2d([[1]], [1, 1])
    for j in range(min(m, n)):
        previous = [q, r]
        q, r = ENGINE.tidy(lambda j=j, q=q, r=r: _step(q, r, one, j, m, n))
        dispose(previous)
    if not full_matrices and m > n:
        q = slice(q, [0, 0], [m, n])
        r = slice(r, [0, 0], [n, n])
    return [q, r]


def _step(q: Tensor, r: Tensor, one: Tensor, j: int, m: int, n: int) -> list[Tensor]:
    column = slice(r, [j, j], [m - j, 1])
    norm_x = norm(column)
    rjj = slice(r, [j, j], [1, 1])
    s = where(greater(rjj, 0), tensor2d([[-1]]), tensor2d([[1]]))  # sign(0) would be 0: 1 instead
    u1 = sub(rjj, mul(s, norm_x))
    w_pre = div(column, u1)
    w = one if m - j == 1 else concat([one, slice(w_pre, [1, 0], [m - j - 1, 1])], 0)
    tau = neg(div(mat_mul(s, u1), norm_x))
    tau_w = mul(tau, w)
    below = slice(r, [j, 0], [m - j, n])
    r_below = sub(below, mat_mul(tau_w, mat_mul(transpose(w), below)))
    r = r_below if j == 0 else concat([slice(r, [0, 0], [j, n]), r_below], 0)
    right = slice(q, [0, j], [m, q.shape[1] - j])
    q_right = sub(right, mat_mul(mat_mul(right, w), transpose(tau_w)))
    q = q_right if j == 0 else concat([slice(q, [0, 0], [m, j]), q_right], 1)
    return [q, r]
