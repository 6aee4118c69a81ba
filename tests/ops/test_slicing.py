"""Slicing and joining: what the spec table and the conformance cases do not say (chained
methods, keywords, no mutation, memory), and one test per kind of bad input, each
checking the exception type and that the text names the op, the argument and the value."""

from __future__ import annotations

import asyncio

import numpy as np
import pytest

import tfjs as tf
from tests.helpers import raises_with, settled

# ---- values that need more than a spec row -------------------------------------------


def test_chained_methods_match_the_ops(backend):
    def run():
        x = tf.tensor2d([[1, 2, 3], [4, 5, 6]])
        assert x.gather([1, 0], 1).array_sync() == [[2, 1], [5, 4]]
        assert x.reverse(0).array_sync() == [[4, 5, 6], [1, 2, 3]]
        assert x.slice([0, 1], [1, 2]).array_sync() == [[2, 3]]
        assert [t.shape for t in x.split([1, 2], 1)] == [(2, 1), (2, 2)]
        assert x.tile([1, 2]).shape == (2, 6)
        assert [t.array_sync() for t in x.unstack()] == [[1, 2, 3], [4, 5, 6]]

    tf.tidy(run)


def test_keyword_arguments(backend):
    def run():
        x = tf.tensor3d(list(range(8)), [2, 2, 2])
        gathered = tf.gather(x, indices=tf.tensor([[1], [0]], dtype="int32"), axis=2, batch_dims=1)
        assert gathered.array_sync() == [[[1], [3]], [[4], [6]]]
        assert tf.concat(tensors=[x, x], axis=-1).shape == (2, 2, 4)
        assert tf.stack(tensors=[x, x], axis=3).shape == (2, 2, 2, 2)
        assert tf.slice(x, begin=[1], size=[1]).shape == (1, 2, 2)
        assert [t.shape for t in tf.split(x, num_or_size_splits=[1, -1], axis=1)] == [(2, 1, 2)] * 2
        assert tf.reverse(x, axis=[0, 2]).data_sync().tolist() == [5, 4, 7, 6, 1, 0, 3, 2]
        assert tf.tile(x, reps=[1, 1, 2]).shape == (2, 2, 4)
        assert len(tf.unstack(x, axis=-1)) == 2
        grid = tf.meshgrid(tf.tensor([1, 2]), y=tf.tensor([3, 4, 5]), indexing="ij")
        assert [g.shape for g in grid] == [(2, 3), (2, 3)]

    tf.tidy(run)


def test_large_gather_matches_numpy(backend):
    rng = np.random.default_rng(4)
    values = rng.standard_normal((1000, 30)).astype(np.float32)
    indices = rng.integers(0, 1000, 5000).astype(np.int32)
    x, i = tf.tensor(values), tf.tensor(indices)
    try:
        result = tf.gather(x, i)
        np.testing.assert_array_equal(result.numpy(), values[indices])
        result.dispose()
    finally:
        tf.dispose([x, i])


def test_tensor_scatter_update_leaves_its_input_alone(backend):
    # TF.js's cpu kernel writes the updates into the input tensor's own buffer.
    x = tf.tensor([1, 2, 3])
    result = tf.tensor_scatter_update(x, [[0]], [9])
    try:
        assert result.array_sync() == [9, 2, 3]
        assert x.array_sync() == [1, 2, 3]
    finally:
        tf.dispose([x, result])


def test_concat_of_one_tensor_is_a_new_tensor(backend):
    x = tf.tensor([1, 2])
    result = tf.concat([x])
    x.dispose()
    try:
        assert result.array_sync() == [1, 2]
    finally:
        result.dispose()


def test_stack_of_one_tensor_and_reverse_of_a_scalar(backend):
    x = tf.scalar(5)
    stacked, reversed_ = tf.stack([x], 0), tf.reverse(x)
    try:
        assert stacked.shape == (1,) and stacked.array_sync() == [5]
        assert reversed_.shape == () and reversed_.array_sync() == 5
    finally:
        tf.dispose([x, stacked, reversed_])


def test_split_and_unstack_return_lists(backend):
    x = tf.zeros([4, 0])
    pieces, rows = tf.split(x, 4), tf.unstack(x)
    try:
        assert [p.shape for p in pieces] == [(1, 0)] * 4
        assert [r.shape for r in rows] == [(0,)] * 4
    finally:
        tf.dispose([x, pieces, rows])


def test_meshgrid_with_fewer_inputs(backend):
    assert tf.meshgrid() == []
    x = tf.tensor([1, 2])
    try:
        (same,) = tf.meshgrid(x)
        assert same is x
    finally:
        x.dispose()


def test_boolean_mask_async_frees_what_it_converts(backend):
    before = tf.memory()["num_tensors"]
    result = asyncio.run(tf.boolean_mask_async([[1, 2], [3, 4]], [False, True]))
    assert result.array_sync() == [[3, 4]]
    result.dispose()
    assert tf.memory()["num_tensors"] == before


# ---- bad input: one test per kind ----------------------------------------------------


@pytest.mark.parametrize(
    ("call", "fragments"),
    [
        (lambda m: tf.reverse1d(m), ("reverse1d", "x must be rank 1", "rank 2")),
        (lambda m: tf.reverse4d(m), ("reverse4d", "rank 4", "rank 2")),
        (lambda m: tf.slice1d(m, 0, 1), ("slice1d", "rank-1", "rank-2")),
        (lambda m: tf.slice3d(m, [0, 0, 0], [1, 1, 1]), ("slice3d", "rank-3", "rank-2")),
        (lambda m: tf.slice(tf.scalar(1), [0]), ("slice", "Slicing scalar")),
        (lambda m: tf.concat([m, tf.tensor([1, 2])]), ("concat", "rank of tensors[1]", "(2)")),
        (lambda m: tf.tile(m, [2]), ("tile", "rank of input 2", "reps 2")),
        (lambda m: tf.gather_nd(tf.scalar(1), [0]), ("gather_nd", "input", "rank was 0")),
        (lambda m: tf.gather_nd(m, tf.scalar(0, "int32")), ("gather_nd", "indices", "rank was 0")),
        (lambda m: tf.scatter_nd(tf.scalar(0, "int32"), [1], [2]), ("scatter_nd", "indices", "rank was 0")),
        (lambda m: tf.scatter_nd([[0]], tf.scalar(1), [2]), ("scatter_nd", "updates", "rank was 0")),
        (lambda m: tf.scatter_nd([[0]], [1], []), ("scatter_nd", "Output rank", "shape: ")),
        (
            lambda m: asyncio.run(tf.boolean_mask_async(m, True)),
            ("boolean_mask_async", "mask cannot be scalar"),
        ),
    ],
)
def test_wrong_rank(call, fragments, backend):
    m = tf.tensor2d([[1, 2, 3], [4, 5, 6]])
    try:
        with raises_with(ValueError, *fragments):
            tf.tidy(lambda: call(m))
    finally:
        m.dispose()


@pytest.mark.parametrize(
    ("call", "fragments"),
    [
        (lambda m: tf.concat([m, tf.zeros([1, 2])]), ("concat", "tensors[1]", "(1,2)", "(2,3)")),
        (lambda m: tf.stack([m, tf.zeros([3, 2])]), ("stack", "matching shapes", "2,3 and 3,2")),
        (lambda m: tf.split(m, 2, 1), ("split", "evenly divide", "2 splits", "3")),
        (lambda m: tf.split(m, [1, 1], 1), ("split", "sum of sizes", "[1, 1]", "3")),
        (lambda m: tf.split(m, [-1, -1, 3], 1), ("split", "only one negative value")),
        (lambda m: tf.slice(m, [1, 1], [2, 1]), ("slice", "begin[0] + size[0] (3)", "input.shape[0] (2)")),
        (lambda m: tf.slice(m, [0, 0, 0]), ("slice", "Length of begin 0,0,0", "rank of the array (2)")),
        (lambda m: tf.gather_nd(m, [[0, 0, 0]]), ("gather_nd", "innermost dimension", "3 vs. 2")),
        (lambda m: tf.gather_nd(tf.zeros([0, 2]), [[0]]), ("gather_nd", "input is empty", "0,2")),
        (lambda m: tf.gather(m, [[0], [1], [0]], 1, 1), ("gather", "x.shape[0]: 2", "indices.shape[0]: 3")),
        (
            lambda m: tf.scatter_nd([[0], [1]], [1, 2, 3], [4]),
            ("scatter_nd", "updates.shape: 3", "indices.shape: 2,1"),
        ),
        (
            lambda m: tf.tensor_scatter_update(m, [[1]], [[1, 2]]),
            ("tensor_scatter_update", "updates.shape[1] (2)"),
        ),
        (
            lambda m: asyncio.run(tf.boolean_mask_async(m, [True, False, True])),
            ("boolean_mask_async", "mask's shape", "Shapes 2 and 3"),
        ),
    ],
)
def test_shapes_that_do_not_fit(call, fragments, backend):
    m = tf.tensor2d([[1, 2, 3], [4, 5, 6]])
    try:
        with raises_with(ValueError, *fragments):
            tf.tidy(lambda: call(m))
    finally:
        m.dispose()


@pytest.mark.parametrize(
    ("call", "fragments"),
    [
        (lambda m: tf.concat([m, m], 2), ("concat", "axis", "[-2, 2)", "got axis 2")),
        (lambda m: tf.concat([m, m], -3), ("concat", "axis", "got axis -3")),
        (lambda m: tf.gather(m, [0], 2), ("gather", "axis", "got axis 2")),
        (lambda m: tf.gather(m, [0], 0, 1), ("gather", "batchDims (1)", "axis (0)")),
        (lambda m: tf.gather(m, [0], 1, 2), ("gather", "batchDims", "[-1, 1]", "got 2")),
        (lambda m: tf.reverse(m, [0, 5]), ("reverse", "axis", "got axis 0,5")),
        (lambda m: tf.split(m, 1, -3), ("split", "axis", "got axis -3")),
        (lambda m: tf.unstack(m, 2), ("unstack", "Axis = 2", "[-2, 2)")),
        (lambda m: tf.stack([m, m], 3), ("stack", "Axis must be <= rank", "axis 3")),
        (lambda m: tf.stack([m, m], -4), ("stack", "[-3, 2]", "got -4")),
    ],
)
def test_axis_out_of_range(call, fragments, backend):
    m = tf.tensor2d([[1, 2, 3], [4, 5, 6]])
    try:
        with raises_with(ValueError, *fragments):
            tf.tidy(lambda: call(m))
    finally:
        m.dispose()


def test_axis_that_is_not_an_integer(backend):
    m = tf.tensor2d([[1, 2, 3], [4, 5, 6]])
    try:
        with raises_with(TypeError, "concat", "must be integers", "0.5"):
            tf.tidy(lambda: tf.concat([m, m], 0.5))
    finally:
        m.dispose()


@pytest.mark.parametrize(
    ("call", "fragments"),
    [
        (lambda s, z: tf.gather(s, [0]), ("'x'", "'gather'", "numeric", "string")),
        (lambda s, z: tf.gather([1.0, 2.0], tf.tensor([1.0])), ("'indices'", "'gather'", "int32", "float32")),
        (lambda s, z: tf.gather(z, [0]), ("gather", "gatherV2", "complex64")),
        (lambda s, z: tf.reverse(s), ("'x'", "'reverse'", "string")),
        (lambda s, z: tf.split(s, 2), ("'x'", "'split'", "string")),
        (lambda s, z: tf.slice1d(s, 0, 1), ("'x'", "'slice1d'", "string")),
        (lambda s, z: tf.slice(z, [0]), ("slice", "complex64")),
        (lambda s, z: tf.tile(z, [2]), ("tile", "complex64")),
        (lambda s, z: tf.unstack(z), ("unstack", "complex64")),
        (lambda s, z: tf.concat([z, tf.tensor([1.0])]), ("concat", "complex64", "float32")),
        (lambda s, z: tf.concat([s, tf.tensor([1.0])]), ("concat", "string", "float32")),
        (
            lambda s, z: tf.stack([tf.tensor([1.0]), tf.tensor([1], dtype="int32")]),
            ("stack", "dtypes", "int32"),
        ),
        (lambda s, z: tf.gather_nd([1.0], tf.tensor([[0.0]])), ("'indices'", "'gather_nd'", "int32")),
        (lambda s, z: tf.scatter_nd([[0]], s, [2]), ("'updates'", "'scatter_nd'", "numeric")),
        (
            lambda s, z: tf.tensor_scatter_update([1.0, 2.0], [[0]], tf.tensor([1], dtype="int32")),
            ("tensor_scatter_update", "same dtype", "float32 and int32"),
        ),
        (
            lambda s, z: asyncio.run(tf.boolean_mask_async([1.0, 2.0], tf.tensor([1.0, 0.0]))),
            ("'mask'", "'boolean_mask_async'", "bool", "float32"),
        ),
        (lambda s, z: tf.meshgrid([1], [2], indexing="yx"), ("meshgrid", "yx is not a valid third argument")),
        (lambda s, z: tf.slice([1.0, 2.0], [0.5]), ("slice", "begin", "0.5")),
        (lambda s, z: tf.tile([1.0], ["2"]), ("tile", "reps", "'2'")),
    ],
)
def test_wrong_dtype(call, fragments, backend):
    strings, complexes = tf.tensor(["a", "b"]), tf.tensor([1 + 2j, 3j])
    try:
        with raises_with(TypeError, *fragments):
            tf.tidy(lambda: call(strings, complexes))
    finally:
        tf.dispose([strings, complexes])


@pytest.mark.parametrize(
    ("call", "fragments"),
    [
        (lambda m: tf.gather(m, [0, 2]), ("gather", "index value 2", "[0, 1]")),
        (lambda m: tf.gather(m, [[0, -1]], 1), ("gather", "index value -1", "[0, 2]")),
        (lambda m: tf.gather_nd(m, [[0, 0], [2, 0]]), ("gather_nd", "Invalid indices: 2,0", "2,3")),
        (lambda m: tf.gather_nd(m, [[0, -1]]), ("gather_nd", "Invalid indices: 0,-1", "2,3")),
        (lambda m: tf.scatter_nd([[4]], [1.0], [4]), ("scatter_nd", "Invalid indices: 4", "into 4")),
        (
            lambda m: tf.tensor_scatter_update(m, [[1, 3]], [7.0]),
            ("tensor_scatter_update", "Invalid indices: 1,3"),
        ),
    ],
)
def test_index_out_of_bounds(call, fragments, backend):
    m = tf.tensor2d([[1, 2, 3], [4, 5, 6]])
    try:
        with raises_with(IndexError, *fragments):
            settled(lambda: tf.tidy(lambda: call(m)))
    finally:
        m.dispose()


@pytest.mark.parametrize(
    ("call", "fragments"),
    [
        (lambda m: tf.slice(m, [0, 0], [-2, 1]), ("slice", "exactly -1", "got -2", "index 0")),
        (lambda m: tf.slice(m, [-1, 0]), ("slice", "negative begin")),
        (lambda m: tf.split(m, [-2, 5], 1), ("split", "exactly -1", "got -2")),
        (lambda m: tf.split(m, -3, 1), ("split", "positive", "-3")),
        (lambda m: tf.tile(m, [1, -2]), ("tile", "positive integers", "[2,-6]", "reps 1,-2")),
        (lambda m: tf.scatter_nd([[0]], [1.0], [-2]), ("scatter_nd", "positive integers", "[-2]")),
    ],
)
def test_negative_sizes(call, fragments, backend):
    m = tf.tensor2d([[1, 2, 3], [4, 5, 6]])
    try:
        with raises_with(ValueError, *fragments):
            tf.tidy(lambda: call(m))
    finally:
        m.dispose()


def test_empty_lists(backend):
    with raises_with(ValueError, "concat", "at least one tensor"):
        tf.concat([])
    with raises_with(ValueError, "stack", "at least one tensor"):
        tf.stack([])
    with raises_with(TypeError, "tensors", "concat", "list"):
        tf.concat(None)


@pytest.mark.parametrize(
    "call",
    [
        lambda: tf.gather([1.0, 2.0], [5]),
        lambda: tf.gather_nd([[1.0]], [[0, 3]]),
        lambda: tf.scatter_nd([[9]], [1.0], [2]),
        lambda: tf.tensor_scatter_update([1.0], [[0]], [[1.0]]),
        lambda: tf.concat([[1.0], [[2.0]]]),
        lambda: tf.stack([[1.0], [2.0, 3.0]]),
        lambda: tf.split([1.0, 2.0, 3.0], 2),
        lambda: tf.slice([1.0, 2.0], [1], [5]),
        lambda: tf.tile([1.0], [-1]),
        lambda: asyncio.run(tf.boolean_mask_async([1.0, 2.0], [True])),
    ],
)
def test_bad_input_leaves_nothing_allocated(call, backend):
    before = tf.memory()["num_tensors"]
    with pytest.raises((ValueError, IndexError, TypeError)):
        settled(call)
    assert tf.memory()["num_tensors"] == before
