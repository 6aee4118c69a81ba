"""Operations / Logical (bitwise_and, equal, not_equal, logical_*, where, where_async):
what the spec table and the conformance cases do not say — chained methods, keyword
arguments, strings given as bytes, the Select kernel, the coroutine, memory, bad input."""

from __future__ import annotations

import asyncio

import numpy as np
import pytest

import tfjs as tf
from tests.helpers import no_new_buffers, scope
from tfjs.kernel_names import SELECT

COMPARISONS = [tf.equal, tf.not_equal]
LOGICAL = [tf.logical_and, tf.logical_or, tf.logical_xor]


@pytest.mark.parametrize("op", COMPARISONS + LOGICAL, ids=lambda op: op.__name__)
def test_binary_ops_are_chained_and_take_keywords(op, backend):
    with scope():
        a, b = tf.tensor([True, True, False]), tf.tensor([True, False, False])
        want = op(a, b).array_sync()
        assert getattr(a, op.__name__)(b).array_sync() == want
        assert op(b=b, a=a).array_sync() == want


def test_logical_not_is_chained(backend):
    with scope():
        assert tf.tensor([True, False]).logical_not().array_sync() == [False, True]


def test_logical_xor_truth_table(backend):
    with scope():
        a, b = tf.tensor([False, False, True, True]), tf.tensor([False, True, False, True])
        assert tf.logical_xor(a, b).array_sync() == [False, True, True, False]


def test_equal_compares_strings_given_as_str_or_bytes(backend):
    with scope():
        a = tf.tensor(["héllo", "b", "c"])
        b = tf.tensor(["héllo".encode(), b"B", b"c"])
        assert tf.equal(a, b).array_sync() == [True, False, True]
        assert tf.not_equal(a, b).array_sync() == [False, True, False]
        assert tf.equal(a, "b").array_sync() == [False, True, False]


def test_comparisons_give_bool(backend):
    with scope():
        for op in COMPARISONS:
            assert op(tf.tensor([1, 2], dtype="int32"), 1.5).dtype == "bool"


def test_bitwise_and_of_int32_limits(backend):
    with scope():
        x = tf.tensor([-1, -2147483648, 2147483647], dtype="int32")
        y = tf.tensor([-2147483648, -1, -2], dtype="int32")
        assert tf.bitwise_and(x, y).array_sync() == [-2147483648, -2147483648, 2147483646]
        assert tf.bitwise_and(y=y, x=x).array_sync() == [-2147483648, -2147483648, 2147483646]


def test_where_broadcasts_condition_and_values(backend):
    with scope():
        result = tf.where(tf.tensor([True, False, True]), tf.tensor2d([[1, 2, 3], [4, 5, 6]]), -1)
        assert result.array_sync() == [[1.0, -1.0, 3.0], [4.0, -1.0, 6.0]]
        column = tf.where(tf.tensor2d([[True], [False]]), tf.tensor([1, 2], dtype="int32"), 0)
        assert (column.dtype, column.array_sync()) == ("float32", [[1.0, 2.0], [0.0, 0.0]])


def test_where_result_dtype_is_where_a_and_b_meet(backend):
    with scope():
        cond = tf.tensor([True, False])
        ints = tf.tensor([1, 2], dtype="int32")
        assert tf.where(cond, ints, ints).dtype == "int32"
        assert tf.where(cond, tf.tensor([True, True]), ints).dtype == "int32"
        assert tf.where(cond, tf.tensor([True, True]), tf.tensor([False, False])).dtype == "bool"
        assert tf.where(cond, ints, tf.tensor([0.5, 0.5])).array_sync() == [1.0, 0.5]


def test_select_kernel_takes_a_rank_1_condition_as_rows(backend):
    """TensorFlow's Select, as graph models use it: a vector condition picks rows."""
    with scope():
        cond = tf.tensor([False, True])
        t, e = tf.tensor2d([[1, 2], [3, 4]]), tf.tensor2d([[5, 6], [7, 8]])
        result = tf.engine().run_kernel(SELECT, {"condition": cond, "t": t, "e": e})
        assert result.array_sync() == [[5.0, 6.0], [3.0, 4.0]]


def test_where_async_gives_coordinates(backend):
    with scope():
        cond = tf.tensor3d([True, False, False, True], [1, 2, 2])
        result = asyncio.run(tf.where_async(cond))
        assert (result.dtype, result.shape) == ("int32", (2, 3))
        assert result.array_sync() == [[0, 0, 0], [0, 1, 1]]
        assert not cond.is_disposed


def test_where_async_of_python_values_leaves_only_its_result(backend):
    before = tf.memory()["num_tensors"]
    result = asyncio.run(tf.where_async(np.array([[0, 1], [1, 0]], dtype=bool)))
    assert tf.memory()["num_tensors"] == before + 1
    assert result.array_sync() == [[0, 1], [1, 0]]
    result.dispose()


def test_logical_ops_of_python_values_leave_only_their_result(backend):
    for make in (
        lambda: tf.logical_xor([1, 0], [1, 1]),
        lambda: tf.where([True, False], [1, 2], [3, 4]),
        lambda: tf.equal([1, 2], 2),
    ):
        before = tf.memory()["num_tensors"]
        result = make()
        assert tf.memory()["num_tensors"] == before + 1
        result.dispose()


# ---- bad input ------------------------------------------------------------------------


@pytest.mark.parametrize("op", COMPARISONS + LOGICAL, ids=lambda op: op.__name__)
def test_binary_ops_reject_shapes_that_do_not_broadcast(op, backend):
    with pytest.raises(
        ValueError, match=rf"{op.__name__}: Operands could not be broadcast .* shapes 2,3 and 4\."
    ):
        tf.tidy(lambda: op(tf.zeros([2, 3], "bool"), tf.zeros([4], "bool")))


@pytest.mark.parametrize("op", LOGICAL, ids=lambda op: op.__name__)
def test_logical_ops_require_bool_tensors(op):
    with scope():
        with pytest.raises(TypeError, match=rf"'a' passed to '{op.__name__}' must be bool.*float32"):
            op(tf.tensor([1.0]), [True])
        with pytest.raises(TypeError, match=rf"'b' passed to '{op.__name__}' must be bool.*int32"):
            op([True], tf.tensor([1], dtype="int32"))
        # Python values are read as bool, as TF.js's convertToTensor reads them
        assert op([1.0, 0.0], [True, True]).dtype == "bool"


def test_logical_not_requires_a_bool_tensor():
    with scope(), pytest.raises(TypeError, match=r"'x' passed to 'logical_not' must be bool.*int32"):
        tf.logical_not(tf.tensor([1], dtype="int32"))


def test_comparisons_reject_strings_against_numbers_and_complex():
    with pytest.raises(TypeError, match="Can not upcast string with float32"):
        tf.equal(["a"], [1.0])
    with pytest.raises(TypeError, match=r"not_equal.*complex64"):
        tf.not_equal(np.array([1j], np.complex64), np.array([1j], np.complex64))


def test_bitwise_and_requires_int32_of_one_shape():
    with pytest.raises(TypeError, match=r"bitwise_and.*'int32'.*x: float32 and type of y: int32"):
        tf.bitwise_and([1.0], np.array([1], np.int32))
    with pytest.raises(ValueError, match=r"bitwise_and.*same shape\. x: \[2\], y: \[1\]"):
        tf.bitwise_and(np.array([1, 2], np.int32), np.array([1], np.int32))


def test_where_checks_its_arguments(backend):
    with scope(), pytest.raises(TypeError, match=r"'condition' passed to 'where' must be bool.*float32"):
        tf.where(tf.tensor([1.0, 0.0]), [1, 2], [3, 4])
    with pytest.raises(TypeError, match=r"'b' passed to 'where' must be numeric.*string"):
        tf.where([True], [1.0], ["x"])
    with pytest.raises(ValueError, match=r"where.*shapes 3 and 2"):
        tf.where([True, False, True], [1.0, 2.0], 0.0)
    with pytest.raises(TypeError, match=r"'a' passed to 'where' is complex64"):
        tf.where([True], np.array([1j], np.complex64), np.array([1j], np.complex64))


def test_bad_input_leaves_nothing_allocated(backend):
    def check():
        with pytest.raises(ValueError):
            tf.where([[True, False]], [[1.0], [2.0]], [1.0, 2.0, 3.0])

    no_new_buffers(check)


def test_where_async_requires_a_bool_tensor():
    with scope(), pytest.raises(TypeError, match=r"'condition' passed to 'where_async' must be bool.*int32"):
        asyncio.run(tf.where_async(tf.tensor([1], dtype="int32")))
