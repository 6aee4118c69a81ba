"""Tensors / Transformations: what the spec table and the conformance cases can not say
(chained methods, keyword arguments, shared buffers, the coroutine, memory) and one test
per kind of bad input for each op."""

from __future__ import annotations

import asyncio
import inspect

import numpy as np
import pytest

import tfjs as tf
from tests.helpers import raises_with, settled, tidy_numpy


def test_chained_methods(backend):
    x = tf.tensor2d([[1, 2, 3], [4, 5, 6]])
    four = tf.tensor4d(list(range(16)), [1, 2, 2, 4])
    try:
        np.testing.assert_array_equal(tidy_numpy(lambda: x.transpose()), [[1, 4], [2, 5], [3, 6]])
        assert tidy_numpy(lambda: x.expand_dims(1)).shape == (2, 1, 3)
        assert tidy_numpy(lambda: x.expand_dims(1).squeeze()).shape == (2, 3)
        assert tidy_numpy(lambda: x.broadcast_to([2, 2, 3])).shape == (2, 2, 3)
        np.testing.assert_array_equal(tidy_numpy(lambda: x.pad([[0, 0], [1, 0]], 9))[0], [9, 1, 2, 3])
        np.testing.assert_array_equal(
            tidy_numpy(lambda: x.mirror_pad([[0, 0], [1, 0]], "reflect"))[0], [2, 1, 2, 3]
        )
        assert tidy_numpy(lambda: four.space_to_batch_nd([2, 2], [[0, 0], [0, 0]])).shape == (4, 1, 1, 4)
        assert tidy_numpy(
            lambda: four.space_to_batch_nd([2, 2], [[0, 0], [0, 0]]).batch_to_space_nd(
                [2, 2], [[0, 0], [0, 0]]
            )
        ).shape == (1, 2, 2, 4)
        assert tidy_numpy(lambda: four.depth_to_space(2)).shape == (1, 4, 4, 1)
    finally:
        tf.dispose([x, four])


def test_keyword_arguments(backend):
    x = tf.tensor4d(list(range(8)), [1, 8, 1, 1])
    try:
        transposed = tidy_numpy(lambda: tf.transpose(x, perm=[0, 2, 3, 1]))
        np.testing.assert_array_equal(transposed.shape, (1, 1, 1, 8))
        assert tidy_numpy(lambda: tf.expand_dims(x, axis=-1)).shape == (1, 8, 1, 1, 1)
        assert tidy_numpy(lambda: tf.squeeze(x, axis=[2, 3])).shape == (1, 8)
        out = tidy_numpy(lambda: tf.depth_to_space(x, block_size=2, data_format="NCHW"))
        np.testing.assert_array_equal(out, [[[[0, 2], [4, 6]], [[1, 3], [5, 7]]]])
        padded = tidy_numpy(lambda: tf.pad(x, paddings=[[0, 0], [0, 0], [0, 0], [1, 0]], constant_value=-1))
        assert padded[0, 0, 0].tolist() == [-1, 0]
        assert tidy_numpy(lambda: tf.pad1d([1, 2], paddings=[1, 0], constant_value=3)).tolist() == [3, 1, 2]
        mirrored = tidy_numpy(lambda: tf.mirror_pad([1, 2, 3], paddings=[[1, 1]], mode="symmetric"))
        assert mirrored.tolist() == [1, 1, 2, 3, 3]
        blocks = tidy_numpy(lambda: tf.space_to_batch_nd(x, block_shape=[2], paddings=[[0, 0]]))
        assert blocks.shape == (2, 4, 1, 1)
        assert tidy_numpy(lambda: tf.ensure_shape(x, shape=[1, None, 1, 1])).shape == (1, 8, 1, 1)
    finally:
        x.dispose()


def test_reshaping_ops_share_the_buffer(backend):
    x = tf.tensor3d([1, 2, 3, 4], [1, 4, 1])
    buffers = tf.memory()["num_data_buffers"]
    results = [
        tf.squeeze(x),
        tf.expand_dims(x, 0),
        tf.broadcast_to(x, [1, 1, 4, 1]),
    ]
    results.append(tf.transpose(results[0]))  # rank 1: a clone
    try:
        assert tf.memory()["num_data_buffers"] == buffers
        assert tf.ensure_shape(x, [1, 4, 1]) is x
    finally:
        tf.dispose(results)
        x.dispose()


def test_transpose_of_rank_0_and_1_is_a_copy(backend):
    x = tf.tensor1d([1, 2])
    y = tf.transpose(x)
    try:
        assert y is not x and y.array_sync() == [1.0, 2.0]
    finally:
        tf.dispose([x, y])


@pytest.mark.skipif(not hasattr(tf, "complex"), reason="tf.complex is not there yet")
def test_transpose_complex_and_conjugate(backend):
    def run(conjugate: bool) -> np.ndarray:
        return tidy_numpy(lambda: tf.transpose(tf.complex([[1, 2, 3]], [[4, 5, 6]]), None, conjugate))

    np.testing.assert_array_equal(run(False), [[1 + 4j], [2 + 5j], [3 + 6j]])
    np.testing.assert_array_equal(run(True), [[1 - 4j], [2 - 5j], [3 - 6j]])


def test_pad_constant_is_stored_as_the_typed_array_stores_it(backend):
    rounded = tidy_numpy(lambda: tf.pad(tf.tensor([1, 2], None, "int32"), [[1, 1]], -2.7))
    assert rounded.tolist() == [-2, 1, 2, -2]
    assert tidy_numpy(lambda: tf.pad(tf.tensor([1], None, "int32"), [[1, 0]], 2**32 + 5)).tolist() == [5, 1]
    assert tidy_numpy(lambda: tf.pad(tf.tensor([True]), [[1, 1]], 256)).tolist() == [False, True, False]
    assert np.signbit(tidy_numpy(lambda: tf.pad(tf.tensor([1.0]), [[1, 0]], -0.0))[0]) == np.False_


def test_mirror_pad_of_a_large_tensor_matches_numpy(backend):
    values = np.arange(200 * 300, dtype=np.float32).reshape(200, 300)
    got = tidy_numpy(lambda: tf.mirror_pad(values, [[199, 5], [0, 299]], "reflect"))
    np.testing.assert_array_equal(got, np.pad(values, [(199, 5), (0, 299)], mode="reflect"))


def test_setdiff1d_async_is_a_coroutine_and_frees_its_inputs(backend):
    assert inspect.iscoroutinefunction(tf.setdiff1d_async)
    before = tf.memory()["num_tensors"]
    out, indices = asyncio.run(tf.setdiff1d_async([5, 1, 5, 2], [5]))
    try:
        assert tf.memory()["num_tensors"] == before + 2
        assert (out.dtype, indices.dtype) == ("float32", "int32")
        assert out.array_sync() == [1.0, 2.0] and indices.array_sync() == [1, 3]
    finally:
        tf.dispose([out, indices])


def test_setdiff1d_async_keeps_tensor_inputs(backend):
    x, y = tf.tensor1d([1, 2], "int32"), tf.tensor1d([2], "int32")
    try:
        out, indices = asyncio.run(tf.setdiff1d_async(x, y))
        assert not x.is_disposed and not y.is_disposed
        assert out.array_sync() == [1] and out.dtype == "int32"
        tf.dispose([out, indices])
    finally:
        tf.dispose([x, y])


# ---- bad input ------------------------------------------------------------------------

BAD_INPUT = [
    # (op call, error type, fragments of the message)
    (
        "transpose rank",
        lambda: tf.transpose([[1, 2]], [0]),
        ValueError,
        ["transpose", "perm 0", "rank of input 2"],
    ),
    ("transpose range", lambda: tf.transpose([[1, 2]], [0, -1]), ValueError, ["transpose", "'perm'", "0,-1"]),
    ("transpose repeat", lambda: tf.transpose([[1, 2]], [1, 1]), ValueError, ["transpose", "'perm'", "1,1"]),
    ("transpose type", lambda: tf.transpose([[1, 2]], [0, 1.5]), TypeError, ["transpose", "'perm'", "1.5"]),
    ("transpose dtype", lambda: tf.transpose([["a"]]), TypeError, ["'x'", "'transpose'", "string"]),
    ("expand_dims big", lambda: tf.expand_dims([1], 2), ValueError, ["expand_dims", "axis 2", "rank 1"]),
    ("expand_dims small", lambda: tf.expand_dims([1], -3), ValueError, ["expand_dims", "[-2, 1]", "-3"]),
    ("expand_dims type", lambda: tf.expand_dims([1], 0.5), TypeError, ["expand_dims", "axis", "0.5"]),
    ("squeeze not 1", lambda: tf.squeeze([[1, 2]], 1), ValueError, ["squeeze", "axis 1", "'2'"]),
    ("squeeze range", lambda: tf.squeeze([[1, 2]], [-3]), ValueError, ["squeeze", "[-2, 2)", "-3"]),
    ("squeeze type", lambda: tf.squeeze([[1, 2]], "0"), TypeError, ["squeeze", "axis", "'0'"]),
    ("broadcast_to shape", lambda: tf.broadcast_to([1, 2], [3]), ValueError, ["broadcastTo", "[2]", "[3]"]),
    (
        "broadcast_to rank",
        lambda: tf.broadcast_to([[1, 2]], [2]),
        ValueError,
        ["broadcastTo", "shape.length=1"],
    ),
    ("broadcast_to negative", lambda: tf.broadcast_to([1], [-1]), ValueError, ["broadcast_to", "[-1]"]),
    (
        "broadcast_to dtype",
        lambda: tf.broadcast_to(["a"], [2]),
        TypeError,
        ["'x'", "'broadcast_to'", "string"],
    ),
    (
        "broadcast_args rank",
        lambda: tf.broadcast_args([[1]], [1]),
        ValueError,
        ["broadcast_args", "first", "rank 2"],
    ),
    (
        "broadcast_args rank 2",
        lambda: tf.broadcast_args([1], 1),
        ValueError,
        ["broadcast_args", "second", "rank 0"],
    ),
    ("broadcast_args shapes", lambda: tf.broadcast_args([2], [3]), ValueError, ["broadcast_args", "2 and 3"]),
    (
        "broadcast_args dtype",
        lambda: tf.broadcast_args(tf.tensor1d([2.0]), [3]),
        TypeError,
        ["'s0'", "'broadcast_args'", "int32"],
    ),
    ("ensure_shape", lambda: tf.ensure_shape([[1, 2]], [None, 3]), ValueError, ["ensure_shape", "1,2", ",3"]),
    ("ensure_shape type", lambda: tf.ensure_shape([1], 1), TypeError, ["ensure_shape", "shape", "1"]),
    ("pad scalar", lambda: tf.pad(1, []), ValueError, ["pad", "pad(scalar)"]),
    ("pad count", lambda: tf.pad([[1]], [[1, 1]]), ValueError, ["pad", "Must be 2", "Got 1"]),
    ("pad pair", lambda: tf.pad([1], [[1]]), ValueError, ["pad", "length of 2", "[1]"]),
    ("pad negative", lambda: tf.pad([1], [[1, -1]]), ValueError, ["pad", "paddings[0]", "[1, -1]"]),
    ("pad constant", lambda: tf.pad([1], [[1, 1]], "0"), TypeError, ["pad", "constant_value", "'0'"]),
    ("pad dtype", lambda: tf.pad(["a"], [[1, 1]]), TypeError, ["'x'", "'pad'", "string"]),
    ("pad1d", lambda: tf.pad1d([1], [1]), ValueError, ["pad1d", "length of 2", "[1]"]),
    ("pad2d", lambda: tf.pad2d([[1]], [[1, 1]]), ValueError, ["pad2d", "length of 2 each"]),
    ("pad3d", lambda: tf.pad3d([[[1]]], [[1, 1], [1, 1], [1]]), ValueError, ["pad3d", "length of 2 each"]),
    ("pad4d", lambda: tf.pad4d([[[[1]]]], [[1, 1]] * 3), ValueError, ["pad4d", "length of 2 each"]),
    ("mirror_pad mode", lambda: tf.mirror_pad([1], [[0, 0]], "wrap"), ValueError, ["mirror_pad", "Got wrap"]),
    (
        "mirror_pad scalar",
        lambda: tf.mirror_pad(1, [], "reflect"),
        ValueError,
        ["mirror_pad", "mirrorPad(scalar)"],
    ),
    (
        "mirror_pad too much",
        lambda: tf.mirror_pad([[1, 2]], [[0, 0], [2, 0]], "reflect"),
        ValueError,
        ["mirror_pad", "dimension 1", "1,2"],
    ),
    ("mirror_pad count", lambda: tf.mirror_pad([1, 2], [], "reflect"), ValueError, ["mirror_pad", "Got 0"]),
    (
        "space_to_batch_nd rank",
        lambda: tf.space_to_batch_nd([[1, 2]], [2, 2], [[0, 0], [0, 0]]),
        ValueError,
        ["space_to_batch_nd", "input rank 2", "[blockShape] 2"],
    ),
    (
        "space_to_batch_nd paddings",
        lambda: tf.space_to_batch_nd([[1, 2]], [2], []),
        ValueError,
        ["space_to_batch_nd", "paddings.shape[0] 0"],
    ),
    (
        "space_to_batch_nd divisible",
        lambda: tf.space_to_batch_nd([[1, 2, 3]], [2], [[0, 0]]),
        ValueError,
        ["space_to_batch_nd", "dimensions 3", "blockShapes 2"],
    ),
    (
        "space_to_batch_nd block",
        lambda: tf.space_to_batch_nd([[1, 2]], [0], [[0, 0]]),
        ValueError,
        ["space_to_batch_nd", "block_shape", "[0]"],
    ),
    (
        "space_to_batch_nd negative",
        lambda: tf.space_to_batch_nd([[1, 2]], [2], [[-1, 1]]),
        ValueError,
        ["space_to_batch_nd", "paddings[0]", "[-1, 1]"],
    ),
    (
        "batch_to_space_nd rank",
        lambda: tf.batch_to_space_nd([1, 2], [2], [[0, 0]]),
        ValueError,
        ["batch_to_space_nd", "input rank is 1", "blockShape.length 1"],
    ),
    (
        "batch_to_space_nd crops",
        lambda: tf.batch_to_space_nd([[1], [2]], [2], []),
        ValueError,
        ["batch_to_space_nd", "crops.length is 0"],
    ),
    (
        "batch_to_space_nd batch",
        lambda: tf.batch_to_space_nd([[1], [2], [3]], [2], [[0, 0]]),
        ValueError,
        ["batch_to_space_nd", "batch is 3", "2 === 2"],
    ),
    (
        "batch_to_space_nd empty block",
        lambda: tf.batch_to_space_nd([[1]], [], []),
        ValueError,
        ["batch_to_space_nd", "block_shape"],
    ),
    (
        "batch_to_space_nd crop too much",
        lambda: tf.batch_to_space_nd([[1], [2]], [2], [[1, 2]]),
        ValueError,
        ["batch_to_space_nd", "crops[0]", "[1, 2]"],
    ),
    (
        "depth_to_space dtype",
        lambda: tf.depth_to_space(tf.zeros([1, 1, 1, 4], "int32"), 2),
        TypeError,
        ["'x'", "'depth_to_space'", "float32", "int32"],
    ),
    (
        "depth_to_space rank",
        lambda: tf.depth_to_space([[1, 2, 3, 4]], 2),
        ValueError,
        ["depth_to_space", "rank 2"],
    ),
    (
        "depth_to_space block",
        lambda: tf.depth_to_space(tf.zeros([1, 1, 1, 4]), 1),
        ValueError,
        ["depth_to_space", "blockSize", "1"],
    ),
    (
        "depth_to_space depth",
        lambda: tf.depth_to_space(tf.zeros([1, 1, 1, 6]), 2),
        ValueError,
        ["depth_to_space", "by 4", "is 6"],
    ),
    (
        "depth_to_space format",
        lambda: tf.depth_to_space(tf.zeros([1, 1, 1, 4]), 2, "NHCW"),
        ValueError,
        ["depth_to_space", "data_format", "NHCW"],
    ),
    (
        "setdiff1d_async dtype",
        lambda: asyncio.run(tf.setdiff1d_async([1], tf.tensor1d([1], "int32"))),
        TypeError,
        ["setdiff1d_async", "float32", "int32"],
    ),
    (
        "setdiff1d_async rank",
        lambda: asyncio.run(tf.setdiff1d_async([[1]], [1])),
        ValueError,
        ["setdiff1d_async", "x should be 1D", "(1,1)"],
    ),
    (
        "setdiff1d_async string",
        lambda: asyncio.run(tf.setdiff1d_async(["a"], ["b"])),
        TypeError,
        ["'x'", "'setdiff1d_async'", "string"],
    ),
]


@pytest.mark.parametrize(
    ("call", "error", "fragments"), [row[1:] for row in BAD_INPUT], ids=[r[0] for r in BAD_INPUT]
)
def test_bad_input(call, error, fragments, backend):
    """The op raises before any kernel runs (a kernel's value check: on a GPU, at the next
    download); what it converted is freed (the autouse fixture counts the tensors)."""
    with raises_with(error, *fragments):
        settled(lambda: tf.tidy(call))
