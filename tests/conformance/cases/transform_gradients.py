"""Gradients of Tensors / Transformations, Creation and Operations / Matrices (issue 6):
transpose, expand_dims, pad (PadV2), mirror_pad, space_to_batch_nd, batch_to_space_nd,
broadcast_to (Tile), one_hot, zeros_like, ones_like, mat_mul (BatchMatMul) with each
transpose flag, dot, outer_product, and gradients of gradients (those through Slice's
gradient, which the recorder cannot register, in tests/ops/test_transform_gradients.py).
Diag, DepthToSpace, Einsum, Complex, Real, Imag, FFT and IFFT have no gradient in TF.js:
ours are derived from TensorFlow's and checked there and against central differences."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

import tfjs as tf
from tests.conformance.values import nan

X23 = [[1, -2, 3], [4, 5, -6]]
DY32 = [[1, 2], [-3, 4], [5, -6]]
A = [[1, 2, -1], [0, 3, 2]]
B = [[2, -1], [1, 0], [-2, 3]]

# TF.js's BatchMatMul gradients keep the broadcast batch shape, which its tape refuses
# ("The gradient of input 'b' has shape '2,3,2', which does not match the shape of the
# input '3,2'"); ours sum them back to each input's shape, as TensorFlow's do.
KNOWN_DIFFERENCES = {"mat_mul/broadcast_b", "mat_mul/broadcast_both"}


def g(f: Callable[..., tf.Tensor]) -> Callable[..., list[tf.Tensor]]:
    """The gradients of `f` with respect to each of its arguments."""
    return lambda *xs: tf.grads(f)(list(xs))


def d(f: Callable[[tf.Tensor], tf.Tensor], x: tf.Tensor, dy: tf.Tensor | None = None) -> tf.Tensor:
    """The gradient of `f` at `x` (weighted by `dy`)."""
    return tf.grad(f)(x, dy)


def seq(shape: Sequence[int], start: int = 1) -> tf.Tensor:
    """start, start + 1, ... in `shape`."""
    return tf.tensor([i + start for i in range(math.prod(shape))], list(shape))


CASES = {
    "transpose/2d": lambda: tf.grad(lambda x: tf.transpose(x))(tf.tensor(X23), tf.tensor(DY32)),
    "transpose/perm": lambda: d(lambda x: tf.transpose(x, [2, 0, 1]), seq([2, 3, 4]), seq([4, 2, 3], -5)),
    "transpose/second_order": lambda: tf.grad(
        lambda x: tf.grad(lambda y: tf.square(tf.transpose(y, [1, 0])))(x)
    )(tf.tensor(X23)),
    "expand_dims/axis1": lambda: tf.grad(lambda x: tf.expand_dims(x, 1))(
        tf.tensor([1, 2, 3]), tf.tensor([[4], [5], [6]])
    ),
    "expand_dims/negative": lambda: tf.grad(lambda x: tf.expand_dims(x, -1))(
        tf.tensor(X23), tf.tensor([[[1], [2], [3]], [[4], [5], [6]]])
    ),
    "pad/constant": lambda: tf.grad(lambda x: tf.pad(x, [[1, 2], [0, 3]], 1.5))(tf.tensor(X23), seq([5, 6])),
    "pad/pad1d": lambda: tf.grad(lambda x: tf.pad1d(x, [2, 1]))(tf.tensor([1, 2, 3]), seq([6])),
    "pad/pad3d": lambda: d(lambda x: tf.pad3d(x, [[0, 1], [1, 0], [0, 2]]), seq([2, 2, 2]), seq([3, 3, 4])),
    # TF.js's gradient is the slice of dy over x: the mirrored copies' gradients are dropped.
    "mirror_pad/reflect": lambda: d(lambda x: tf.mirror_pad(x, [[2, 2]], "reflect"), tf.tensor([1, 2, 3])),
    "mirror_pad/symmetric_dy": lambda: tf.grad(lambda x: tf.mirror_pad(x, [[1, 0], [2, 3]], "symmetric"))(
        tf.tensor(X23), seq([3, 8])
    ),
    "space_to_batch_nd/padded": lambda: tf.grad(lambda x: tf.space_to_batch_nd(x, [2, 2], [[0, 0], [2, 0]]))(
        seq([1, 2, 2, 1]), seq([4, 1, 2, 1], 10)
    ),
    "space_to_batch_nd/rank3": lambda: tf.grad(lambda x: tf.space_to_batch_nd(x, [3], [[2, 1]]))(
        seq([2, 3, 2]), seq([6, 2, 2])
    ),
    "batch_to_space_nd/cropped": lambda: tf.grad(lambda x: tf.batch_to_space_nd(x, [2, 2], [[0, 0], [1, 1]]))(
        seq([4, 1, 2, 1]), seq([1, 2, 2, 1], 10)
    ),
    "batch_to_space_nd/round_trip": lambda: tf.grad(
        lambda x: tf.batch_to_space_nd(tf.space_to_batch_nd(x, [2], [[1, 1]]), [2], [[1, 1]])
    )(seq([2, 4, 3]), seq([2, 4, 3], -7)),
    "broadcast_to/rank_increase": lambda: tf.grad(lambda x: tf.broadcast_to(x, [2, 4, 3]))(
        tf.tensor([[1], [2], [3], [4]]), seq([2, 4, 3])
    ),
    "broadcast_to/same_rank": lambda: d(
        lambda x: tf.broadcast_to(x, [3, 2]), tf.tensor([[1, 2]]), seq([3, 2])
    ),
    "one_hot/zeros": lambda: tf.grad(lambda x: tf.one_hot(tf.cast(x, "int32"), 3))(tf.tensor([1, 2, -1])),
    "zeros_like/zeros": lambda: tf.grad(lambda x: tf.zeros_like(x))(tf.tensor(X23)),
    "ones_like/zeros": lambda: tf.grad(lambda x: tf.add(tf.ones_like(x), x))(tf.tensor(X23), tf.tensor(X23)),
    "mat_mul/plain": lambda: g(lambda a, b: tf.mat_mul(a, b))(tf.tensor(A), tf.tensor(B)),
    "mat_mul/transpose_a": lambda: g(lambda a, b: tf.mat_mul(a, b, True, False))(tf.tensor(B), tf.tensor(B)),
    "mat_mul/transpose_b": lambda: g(lambda a, b: tf.mat_mul(a, b, False, True))(tf.tensor(A), tf.tensor(A)),
    "mat_mul/transpose_both": lambda: g(lambda a, b: tf.mat_mul(a, b, True, True))(
        tf.tensor(B), tf.tensor(A)
    ),
    "mat_mul/dy": lambda: tf.grads(lambda a, b: tf.mat_mul(a, b))(
        [tf.tensor(A), tf.tensor(B)], tf.tensor([[1, -2], [3, 0.5]])
    ),
    "mat_mul/batch": lambda: g(lambda a, b: tf.mat_mul(a, b))(seq([2, 2, 3], -3), seq([2, 3, 2], -6)),
    "mat_mul/broadcast_b": lambda: g(lambda a, b: tf.mat_mul(a, b))(seq([2, 2, 3], -3), tf.tensor(B)),
    "mat_mul/broadcast_both": lambda: g(lambda a, b: tf.mat_mul(a, b))(
        seq([2, 1, 2, 3], -3), seq([3, 3, 1], -4)
    ),
    "mat_mul/nan": lambda: g(lambda a, b: tf.mat_mul(a, b))(tf.tensor([[1, nan]]), tf.tensor([[2], [3]])),
    "mat_mul/second_order": lambda: tf.grad(
        lambda a: tf.grad(lambda b: tf.square(tf.mat_mul(a, b)))(tf.tensor(B))
    )(tf.tensor(A)),
    "dot/mat_vec": lambda: g(lambda a, b: tf.dot(a, b))(tf.tensor(A), tf.tensor([1, -1, 2])),
    "dot/vec_vec": lambda: g(lambda a, b: tf.dot(a, b))(tf.tensor([1, 2, 3]), tf.tensor([4, -5, 6])),
    "outer_product/basic": lambda: g(lambda a, b: tf.outer_product(a, b))(
        tf.tensor([1, 2, 3]), tf.tensor([4, -5])
    ),
}
