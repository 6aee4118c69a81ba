"""Gradients of the slicing and joining kernels beyond what the spec sweep and the recorded
TF.js cases say: the kernels TF.js has no gradient for (StridedSlice, GatherNd, ScatterNd,
TensorScatterUpdate, RaggedTensorToTensor: ours are TensorFlow's), gradients of their
gradients, what TF.js cannot do (gather with batch_dims 2, tile above rank 4), index
inputs, and memory."""

from __future__ import annotations

import numpy as np
import pytest

import tfjs as tf
from tests.helpers import i32, raises_with, settled

X = np.arange(1, 25, dtype=np.float32).reshape(2, 3, 4) / 4
DY_SEED = 3


def idx(nested: list) -> tf.Tensor:
    return tf.tensor(nested, dtype="int32")


def _dy(shape: tuple[int, ...]) -> np.ndarray:
    return np.random.default_rng(DY_SEED).uniform(-2, 2, size=shape).astype(np.float32)


def _slice_gradient(key: object) -> np.ndarray:
    """NumPy's gradient of x[key] for dy = _dy: dy written into zeros where x[key] read."""
    grad = np.zeros(X.shape, np.float32)
    grad[key] = _dy(X[key].shape)
    return grad


@pytest.mark.parametrize(
    ("args", "key"),
    [
        (([0, 3], [2, 0], [1, -2]), np.s_[0:2, 3:0:-2]),
        (([1, 0, -1], [0, 0, 0], [1, 1, -2], 0, 2, 0, 0, 1), np.s_[1, :, :0:-2]),
        (([0, 1], [0, 3], [1, 1], 0, 0, 1, 0, 0), np.s_[..., 1:3]),
        (([0, 0, 2], [0, 0, 0], [1, 1, 1], 1, 5, 0, 2, 0), np.s_[:, None, 2:]),
        (([-1, 5], [-3, -1], [-1, 2], 0, 0, 0, 0, 0), np.s_[-1:-3:-1, 5:-1:2]),
        (([1, 2, 3], [2, 3, 4], [1, 1, 1], 0, 0, 0, 0, 7), np.s_[1, 2, 3]),
    ],
    ids=["negative-stride", "shrink-end_mask", "ellipsis", "new_axis", "empty", "one-element"],
)
def test_strided_slice_gradient_writes_dy_where_the_slice_read(backend: str, args: tuple, key: object):
    expected = _slice_gradient(key)

    def run():
        dy = tf.tensor(_dy(X[key].shape))
        return tf.grad(lambda x: tf.strided_slice(x, *args))(tf.tensor(X), dy).numpy()

    np.testing.assert_array_equal(tf.tidy(run), expected)


def test_python_indexing_is_differentiable(backend: str):
    def run():
        return tf.grad(lambda x: x[1, ::2, None, 1:])(tf.tensor(X), tf.tensor(_dy((2, 1, 3)))).numpy()

    np.testing.assert_array_equal(tf.tidy(run), _slice_gradient(np.s_[1, ::2, None, 1:]))


def test_strided_slice_gradient_of_gradient(backend: str):
    # d/dx sum(x[::2] ** 3) = 3 x**2 at the sliced places; its gradient 6 x goes back
    # through StridedSliceGrad, whose gradient is the strided slice.
    def run():
        x = tf.tensor([1.0, 2.0, 3.0, 4.0, 5.0])
        first = tf.grad(lambda x: tf.sum(tf.pow(tf.strided_slice(x, [0], [5], [2]), 3)))
        return first(x).array_sync(), tf.grad(first)(x).array_sync()

    assert tf.tidy(run) == ([3.0, 0.0, 27.0, 0.0, 75.0], [6.0, 0.0, 18.0, 0.0, 30.0])


def test_gather_nd_gradient_adds_repeated_slices(backend: str):
    def run():
        x = tf.tensor(X)
        rows = tf.grad(lambda x: tf.gather_nd(x, idx([[1, 2], [0, 0], [1, 2]])))(x, tf.ones([3, 4]))
        one = tf.grad(lambda x: tf.gather_nd(x, i32([1, 2, 3])))(x, tf.scalar(5))
        whole = tf.grad(lambda x: tf.gather_nd(x, i32([], [2, 0])))(x, tf.tensor(np.stack([X, 2 * X])))
        return rows.numpy(), one.numpy(), whole.numpy()

    rows, one, whole = tf.tidy(run)
    want = np.zeros(X.shape, np.float32)
    want[1, 2], want[0, 0] = 2, 1
    np.testing.assert_array_equal(rows, want)
    want = np.zeros(X.shape, np.float32)
    want[1, 2, 3] = 5
    np.testing.assert_array_equal(one, want)
    np.testing.assert_array_equal(whole, 3 * X)


def test_gather_nd_reads_1d_indices_as_one_vector(backend: str):
    # As TF.js checks it: only the flat slice number must be in range ([0, 5] is row 1, 2).
    def run():
        x = tf.tensor(X)
        return tf.gather_nd(x, i32([1, 2, 3])).array_sync(), tf.gather_nd(x, i32([0, 5])).array_sync()

    assert tf.tidy(run) == (6.0, [5.25, 5.5, 5.75, 6.0])
    with raises_with(IndexError, "gather_nd: Invalid indices: 1,3 does not index into 2,3,4"):
        settled(lambda: tf.tidy(lambda: tf.gather_nd(tf.zeros([2, 3, 4]), i32([1, 3]))))


def test_gather_nd_and_scatter_nd_gradients_of_gradients(backend: str):
    def run():
        x = tf.tensor([1.0, 2.0, 3.0])
        at = idx([[2], [2], [0]])
        via_gather = tf.grad(tf.grad(lambda x: tf.sum(tf.pow(tf.gather_nd(x, at), 3))))(x)
        via_scatter = tf.grad(tf.grad(lambda u: tf.sum(tf.pow(tf.scatter_nd(at, u, [4]), 3))))(x)
        return via_gather.array_sync(), via_scatter.array_sync()

    via_gather, via_scatter = tf.tidy(run)
    assert via_gather == [6.0, 0.0, 36.0]  # 6 x, twice for the repeated index
    # the first gradient is 3 (u0 + u1)**2 for each of the two that add up, 3 u2**2 for u2
    assert via_scatter == [36.0, 36.0, 18.0]


def test_scatter_nd_gradient_gives_each_update_its_slice_of_dy(backend: str):
    def run():
        dy = tf.tensor2d([[1, 2], [3, 4], [5, 6]])
        rows = tf.grad(lambda u: tf.scatter_nd(i32([2, 0, 2]), u, [3, 2]))(tf.ones([3, 2]), dy)
        nd = tf.grad(lambda u: tf.scatter_nd(idx([[1, 1], [0, 1]]), u, [3, 2]))(tf.ones([2]), dy)
        return rows.array_sync(), nd.array_sync()

    assert tf.tidy(run) == ([[5.0, 6.0], [1.0, 2.0], [5.0, 6.0]], [4.0, 2.0])


def test_tensor_scatter_update_gradient_skips_overwritten_places_and_updates(backend: str):
    # TensorFlow gives an update overwritten by a later one at the same index the
    # gradient of that index too; it is not in the result, so here it gets zero.
    def run():
        dy = tf.tensor2d([[1, 2], [3, 4], [5, 6], [7, 8]])
        f = lambda x, u: tf.tensor_scatter_update(x, i32([3, 1, 3]), u)  # noqa: E731
        return [g.array_sync() for g in tf.grads(f)([tf.zeros([4, 2]), tf.ones([3, 2])], dy)]

    grad_x, grad_u = tf.tidy(run)
    assert grad_x == [[1.0, 2.0], [0.0, 0.0], [5.0, 6.0], [0.0, 0.0]]
    assert grad_u == [[0.0, 0.0], [3.0, 4.0], [7.0, 8.0]]


def test_ragged_tensor_to_tensor_gradients_of_values_and_default(backend: str):
    # Rows [[v0], [], [v1, v2, v3]] cut to two per row: v3 gets nothing, the default
    # gets the places it filled (summed to its shape [2]).
    def run():
        f = lambda v, d: tf.ragged_tensor_to_tensor(  # noqa: E731
            [-1, 2, 2], v, d, [i32([0, 1, 1, 4])], ["ROW_SPLITS"]
        )
        dy = tf.tensor(np.arange(1, 13, dtype=np.float32).reshape(3, 2, 2))
        return [g.array_sync() for g in tf.grads(f)([tf.ones([4, 2]), tf.zeros([2])], dy)]

    grad_v, grad_d = tf.tidy(run)
    assert grad_v == [[1.0, 2.0], [9.0, 10.0], [11.0, 12.0], [0.0, 0.0]]
    assert grad_d == [3.0 + 5 + 7, 4.0 + 6 + 8]


def test_gather_with_batch_dims_2_where_tfjs_fails(backend: str):
    def run():
        x = tf.tensor(np.arange(12, dtype=np.float32).reshape(2, 2, 3))
        indices = i32([2, 2, 0, 1, 1, 1, 0, 0], [2, 2, 2])
        return tf.grad(lambda x: tf.gather(x, indices, 2, 2))(x).array_sync()

    assert tf.tidy(run) == [[[0.0, 0.0, 2.0], [1.0, 1.0, 0.0]], [[0.0, 2.0, 0.0], [2.0, 0.0, 0.0]]]


def test_gather_nan_dy_stays_in_its_batch(backend: str):
    # TF.js's segment sum spreads a NaN to the other rows of its column (here the first
    # row of x's first batch), one batch at a time.
    def run():
        x = tf.zeros([2, 2, 3])
        dy = tf.tensor([[[np.nan], [1]], [[2], [3]]])
        return tf.grad(lambda x: tf.gather(x, i32([1, 0], [2, 1]), 2, 1))(x, dy).numpy()

    got = tf.tidy(run)
    np.testing.assert_array_equal(got[0], [[np.nan] * 3, [0, 1, 0]])
    np.testing.assert_array_equal(got[1], [[2, 0, 0], [3, 0, 0]])


def test_gather_indices_get_a_zero_gradient(backend: str):
    # TF.js returns the int32 indices as their gradient, which its tape then refuses.
    def run():
        table = tf.tensor([10.0, 20.0, 30.0])
        g = tf.grads(lambda x, i: tf.gather(table, tf.cast(i, "int32")) * x)
        return [t.array_sync() for t in g([tf.ones([2]), tf.tensor([2.0, 0.0])])]

    assert tf.tidy(run) == [[30.0, 10.0], [0.0, 0.0]]


def test_tile_gradient_above_rank_4_and_of_a_scalar(backend: str):
    def run():
        x5 = tf.ones([1, 2, 1, 1, 2])
        high = tf.grad(lambda x: tf.tile(x, [2, 1, 3, 1, 2]))(x5).numpy()
        scalar = tf.grad(lambda x: tf.mul(tf.tile(x, []), 4))(tf.scalar(1.5)).array_sync()
        none = tf.grad(lambda x: tf.tile(x, [0, 2]))(tf.ones([2, 1])).array_sync()
        return high, scalar, none

    high, scalar, none = tf.tidy(run)
    np.testing.assert_array_equal(high, np.full((1, 2, 1, 1, 2), 12.0))
    assert scalar == 4.0
    assert none == [[0.0], [0.0]]


def test_split_and_unstack_give_zeros_for_unused_outputs(backend: str):
    def run():
        x = tf.tensor2d([[1, 2, 3, 4]])
        split = tf.grad(lambda x: tf.split(x, [1, 3], 1)[1])(x)
        unstacked = tf.grad(lambda x: tf.unstack(x, 1)[0])(x)
        return split.array_sync(), unstacked.array_sync()

    assert tf.tidy(run) == ([[0.0, 1.0, 1.0, 1.0]], [[1.0, 0.0, 0.0, 0.0]])


def test_concat_and_stack_give_each_listed_tensor_its_part(backend: str):
    def run():
        a, b, c = tf.tensor([1.0, 2.0]), tf.tensor([3.0]), tf.tensor([5.0, 6.0])
        joined = tf.grads(lambda a, b: tf.mul(tf.concat([a, b, a]), tf.tensor([1, 2, 3, 4, 5])))([a, b])
        stacked = tf.grads(lambda a, c: tf.mul(tf.stack([a, c]), tf.tensor([[1, 2], [3, 4]])))([a, c])
        return [t.array_sync() for t in [*joined, *stacked]]

    assert tf.tidy(run) == [[5.0, 7.0], [3.0], [1.0, 2.0], [3.0, 4.0]]


def test_a_ragged_kernel_without_gradient_names_itself(backend: str):
    def run():
        values = tf.tensor([1.0, 2.0, 3.0])
        f = lambda v: tf.ragged_gather([i32([0, 1, 3])], v, i32([1]), 1).output_dense_values  # noqa: E731
        tf.grad(f)(values)

    with raises_with(NotImplementedError, "gradient function not found for RaggedGather"):
        tf.tidy(run)


def test_gradients_leave_no_tensors_behind(backend: str):
    before = tf.memory()["num_tensors"]
    x = tf.tensor(X)
    for _ in range(3):
        grads = [
            tf.grad(lambda x: tf.strided_slice(x, [0, 1], [2, 3], [1, 1]))(x),
            tf.grad(lambda x: tf.gather(x, idx([[2, 0], [1, 1]]), 2, 1))(x),
            tf.grad(lambda x: tf.gather_nd(x, idx([[1, 2]])))(x),
            tf.grad(lambda x: tf.tile(x, [2, 1, 2]))(x),
            tf.grad(lambda x: tf.tensor_scatter_update(x, idx([[0, 1]]), tf.ones([1, 4])))(x),
        ]
        for g in grads:
            g.dispose()
    x.dispose()
    assert tf.memory()["num_tensors"] == before
