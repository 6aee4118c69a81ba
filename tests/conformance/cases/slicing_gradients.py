"""Gradients of Slicing and joining: concat (Concat), gather (GatherV2), reverse, slice,
split (SplitV), stack (Pack), unstack (Unpack), tile, with weighted or NaN dys, list
inputs, unused outputs and gradients of gradients. (StridedSlice, GatherNd, ScatterNd,
TensorScatterUpdate and RaggedTensorToTensor have no gradient in TF.js: ours are
TensorFlow's, checked in tests/ops/test_slicing_gradients.py.)"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

import tfjs as tf
from tests.conformance.values import i32, inf, nan, r


def g(f: Callable[..., tf.Tensor]) -> Callable[..., list[tf.Tensor]]:
    """The gradients of `f` with respect to each of its arguments."""
    return lambda *xs: tf.grads(f)(list(xs))


def w(shape: Sequence[int]) -> tf.Tensor:
    """Weights with fractions, so that sums of several of them round."""
    return tf.tensor([0.1 * (i + 1) + 1 / (i + 3) for i in r(math.prod(shape))], shape)


def grid() -> tf.Tensor:
    return tf.tensor3d(list(r(24)), [2, 3, 4])


def m() -> tf.Tensor:
    return tf.tensor2d([[1, 2, 3], [4, 5, 6]])


def _split_sizes_all_used(x: tf.Tensor) -> tf.Tensor:
    a, b, c = tf.split(x, [1, -1, 1], 2)
    return tf.add(tf.sum(tf.mul(a, 2)), tf.add(tf.sum(tf.mul(b, w([2, 3, 2]))), tf.sum(tf.mul(c, c))))


def _split_piece_used_twice(x: tf.Tensor) -> tf.Tensor:
    a, b = tf.split(x, 2)
    return tf.add(tf.mul(a, b), tf.mul(a, 3))


def _unstack_all_used(x: tf.Tensor) -> tf.Tensor:
    a, b, c = tf.unstack(x, -1)
    return tf.add(tf.mul(a, b), tf.mul(c, 5))


def _stack_unstack(x: tf.Tensor) -> tf.Tensor:
    a, b = tf.unstack(tf.stack([x, tf.square(x)], 1), 1)
    return tf.sum(tf.mul(a, b))


def _split_reverse(x: tf.Tensor) -> tf.Tensor:
    a, b = tf.split(tf.reverse(x), 2)
    return tf.sum(tf.mul(tf.square(a), b))


CASES = {
    "concat/two_axis1": lambda: g(lambda a, b: tf.mul(tf.concat([a, b], 1), w([2, 5])))(m(), tf.ones([2, 2])),
    "concat/three_axis0": lambda: g(lambda a, b, c: tf.mul(tf.concat([a, b, c]), w([4, 3])))(
        m(), tf.zeros([0, 3]), tf.ones([2, 3])
    ),
    "concat/axis_negative": lambda: g(lambda a, b: tf.mul(tf.concat([a, b], -2), w([2, 6, 4])))(
        grid(), grid()
    ),
    "concat/same_input_twice": lambda: tf.grad(lambda a: tf.mul(tf.concat([a, tf.mul(a, 2), a]), w([9])))(
        tf.tensor([1, 2, 3])
    ),
    "concat/with_constant": lambda: tf.grad(lambda a: tf.concat([tf.tensor([9]), a]))(
        tf.tensor([1, 2]), tf.tensor([nan, -0.0, inf])
    ),
    "concat/int32_other": lambda: tf.grad(lambda a: tf.mul(tf.concat([a, i32([5])]), w([3])))(
        tf.tensor([1.5, 2.5])
    ),
    "concat1d/two": lambda: g(lambda a, b: tf.concat1d([a, b]))(tf.tensor1d([1]), tf.tensor1d([2, 3])),
    "concat2d/axis1": lambda: g(lambda a, b: tf.mul(tf.concat2d([a, b], 1), w([2, 6])))(m(), m()),
    "gather/axis0_repeats": lambda: tf.grad(lambda x: tf.mul(tf.gather(x, i32([1, 1, 0, 1])), w([4, 3])))(
        m()
    ),
    "gather/axis1_2d_indices": lambda: tf.grad(
        lambda x: tf.mul(tf.gather(x, i32([2, 0, 1, 1], [2, 2]), 1), w([2, 2, 2, 4]))
    )(grid()),
    "gather/axis_negative": lambda: tf.grad(lambda x: tf.mul(tf.gather(x, i32([3, 3, 0]), -1), w([2, 3, 3])))(
        grid()
    ),
    "gather/scalar_index": lambda: tf.grad(lambda x: tf.mul(tf.gather(x, tf.scalar(1, "int32")), w([3])))(
        m()
    ),
    "gather/unused_rows": lambda: tf.grad(lambda x: tf.gather(x, i32([2])))(tf.tensor([1, 2, 3, 4])),
    "gather/empty_indices": lambda: tf.grad(lambda x: tf.gather(x, i32([]), 1))(m()),
    "gather/batch_dims1": lambda: tf.grad(
        lambda x: tf.mul(tf.gather(x, i32([2, 0, 1, 1], [2, 2]), 1, 1), w([2, 2, 4]))
    )(grid()),
    "gather/batch_dims1_axis2": lambda: tf.grad(
        lambda x: tf.mul(tf.gather(x, i32([3, 0, 3, 2, 2, 2], [2, 3]), 2, 1), w([2, 3, 3]))
    )(grid()),
    "gather/nan_dy": lambda: tf.grad(lambda x: tf.gather(x, i32([0, 2, 0]), 1))(
        m(), tf.tensor2d([[1, nan, 3], [inf, 5, -0.0]])
    ),
    "gather/batch_dims1_nan_dy": lambda: tf.grad(lambda x: tf.gather(x, i32([1, 0], [2, 1]), 1, 1))(
        m(), tf.tensor2d([[nan], [2]])
    ),
    "reverse/2d": lambda: tf.grad(lambda x: tf.mul(tf.reverse(x, 1), w([2, 3])))(m()),
    "reverse/all": lambda: tf.grad(lambda x: tf.mul(tf.reverse(x), w([2, 3, 4])))(grid()),
    "reverse/axis_twice": lambda: tf.grad(lambda x: tf.mul(tf.reverse(x, [1, -2, 0]), w([2, 3])))(m()),
    "reverse1d/basic": lambda: tf.grad(lambda x: tf.mul(tf.reverse1d(x), w([3])))(tf.tensor1d([1, 2, 3])),
    "slice/2d": lambda: tf.grad(lambda x: tf.mul(tf.slice(x, [0, 1], [2, 2]), w([2, 2])))(m()),
    "slice/3d_to_end": lambda: tf.grad(lambda x: tf.mul(tf.slice(x, [1, 1], [-1, -1, 2]), w([1, 2, 2])))(
        grid()
    ),
    "slice/empty": lambda: tf.grad(lambda x: tf.slice(x, [1], [0]))(tf.tensor([1, 2, 3])),
    "slice/nan_dy": lambda: tf.grad(lambda x: tf.slice(x, [1], [2]))(
        tf.tensor([1, 2, 3, 4]), tf.tensor([nan, -0.0])
    ),
    "slice2d/basic": lambda: tf.grad(lambda x: tf.slice2d(x, [1, 0], [1, 2]))(m()),
    "split/one_piece_used": lambda: tf.grad(lambda x: tf.mul(tf.split(x, 3, 1)[1], w([2, 1])))(m()),
    "split/sizes_all_used": lambda: tf.grad(_split_sizes_all_used)(grid()),
    "split/piece_used_twice": lambda: tf.grad(_split_piece_used_twice)(tf.tensor([1, 2, 3, 4])),
    "stack/axis0": lambda: g(lambda a, b: tf.mul(tf.stack([a, b]), w([2, 2, 3])))(m(), tf.ones([2, 3])),
    "stack/axis_negative": lambda: g(lambda a, b, c: tf.mul(tf.stack([a, b, c], -1), w([2, 3, 3])))(
        m(), m(), m()
    ),
    "stack/same_input": lambda: tf.grad(lambda a: tf.mul(tf.stack([a, a], 1), w([3, 2])))(
        tf.tensor([1, 2, 3])
    ),
    "stack/one_tensor": lambda: tf.grad(lambda a: tf.mul(tf.stack([a]), w([1, 3])))(tf.tensor([1, 2, 3])),
    "unstack/one_output_used": lambda: tf.grad(lambda x: tf.mul(tf.unstack(x, 1)[2], w([2, 4])))(grid()),
    "unstack/all_used": lambda: tf.grad(_unstack_all_used)(tf.tensor2d([[1, 2, 3], [4, 5, 6]])),
    "tile/1d": lambda: tf.grad(lambda x: tf.mul(tf.tile(x, [3]), w([6])))(tf.tensor([1, 2])),
    "tile/1d_many": lambda: tf.grad(lambda x: tf.mul(tf.tile(x, [7]), w([14])))(tf.tensor([1, 2])),
    "tile/2d": lambda: tf.grad(lambda x: tf.mul(tf.tile(x, [2, 3]), w([4, 9])))(m()),
    "tile/3d": lambda: tf.grad(lambda x: tf.mul(tf.tile(x, [1, 2, 3]), w([2, 6, 12])))(grid()),
    "tile/4d": lambda: tf.grad(lambda x: tf.mul(tf.tile(x, [2, 1, 2, 2]), w([2, 2, 2, 2])))(
        tf.ones([1, 2, 1, 1])
    ),
    "tile/reps_one": lambda: tf.grad(lambda x: tf.tile(x, [1, 1]))(m()),
    "tile/nan_dy": lambda: tf.grad(lambda x: tf.tile(x, [3]))(tf.tensor([1]), tf.tensor([1, nan, 2])),
    "second_order/gather": lambda: tf.grad(
        tf.grad(lambda x: tf.sum(tf.square(tf.gather(x, i32([1, 1, 0])))))
    )(tf.tensor([1, 2, 3])),
    "second_order/concat": lambda: tf.grad(
        tf.grad(lambda x: tf.sum(tf.mul(tf.concat([x, tf.square(x)]), w([6]))))
    )(tf.tensor([1, -2, 3])),
    "second_order/slice": lambda: tf.grad(tf.grad(lambda x: tf.sum(tf.square(tf.slice(x, [1], [2])))))(
        tf.tensor([1, 2, 3, 4])
    ),
    "second_order/tile": lambda: tf.grad(
        tf.grad(lambda x: tf.sum(tf.mul(tf.square(tf.tile(x, [2])), w([4]))))
    )(tf.tensor([1, 2])),
    "second_order/stack_unstack": lambda: tf.grad(tf.grad(_stack_unstack))(tf.tensor([1, -2, 3])),
    "second_order/split_reverse": lambda: tf.grad(tf.grad(_split_reverse))(tf.tensor([1, -2, 3, 0.5])),
}
