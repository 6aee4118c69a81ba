"""The `logical` TF op mappers (TF.js's logical_executor): comparisons, boolean logic,
Select/SelectV2 and BitwiseAnd, on every backend."""

from __future__ import annotations

import numpy as np
import pytest

import tfjs as tf
import tfjs.converter.ops
from tests.helpers import scope
from tfjs.converter.attrs import decode_attrs
from tfjs.converter.op_registry import call_mapper, get_mapper

A = np.array([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], np.float32)
B = np.array([2.0, 2.0, 7.0], np.float32)
P = np.array([[True, False], [True, True]])
Q = np.array([False, True])

COMPARISONS = {
    "Equal": np.equal,
    "NotEqual": np.not_equal,
    "Greater": np.greater,
    "GreaterEqual": np.greater_equal,
    "Less": np.less,
    "LessEqual": np.less_equal,
}


def run(op, inputs, attrs=None):
    with scope():
        result = call_mapper(get_mapper(op), [tf.tensor(x) for x in inputs], attrs or {})
        return result.dtype, result.numpy()


@pytest.mark.parametrize("op", sorted(COMPARISONS))
def test_comparisons_broadcast_to_bool(op, backend):
    dtype, got = run(op, [A, B], decode_attrs({"T": {"type": "DT_FLOAT"}}))
    assert dtype == "bool"
    np.testing.assert_array_equal(got, COMPARISONS[op](A, B))


def test_logical_ops(backend):
    np.testing.assert_array_equal(run("LogicalAnd", [P, Q])[1], P & Q)
    np.testing.assert_array_equal(run("LogicalOr", [P, Q])[1], P | Q)
    dtype, got = run("LogicalNot", [P])
    assert dtype == "bool"
    np.testing.assert_array_equal(got, ~P)


def test_select_v2_broadcasts_all_three(backend):
    cond = np.array([True, False, True])
    _, got = run("SelectV2", [cond, A, np.float32(-1.0)])
    np.testing.assert_array_equal(got, np.where(cond, A, -1.0))


def test_select_with_a_same_shape_condition(backend):
    cond = A > 2.5
    _, got = run("Select", [cond, A, -A])
    np.testing.assert_array_equal(got, np.where(cond, A, -A))


def test_select_with_a_vector_condition_picks_rows(backend):
    # TensorFlow's Select (v1): a rank-1 condition selects along the first axis.
    cond = np.array([False, True])
    _, got = run("Select", [cond, A, -A])
    np.testing.assert_array_equal(got, [[-1.0, -2.0, -3.0], [4.0, 5.0, 6.0]])
    square = np.arange(4, dtype=np.float32).reshape(2, 2)
    _, got = run("Select", [cond, square, -square])
    np.testing.assert_array_equal(got, [[-0.0, -1.0], [2.0, 3.0]])


def test_select_with_a_vector_condition_leaves_only_its_result():
    with scope():
        cond, a = tf.tensor([True, False]), tf.ones([2, 3])
        before = tf.memory()["num_tensors"]
        call_mapper(get_mapper("Select"), [cond, a, a], {})
        assert tf.memory()["num_tensors"] == before + 1


def test_bitwise_and(backend):
    # TF.js 4.22's executor reads inputs 'a' and 'b' where its op list names them 'x' and
    # 'y', so its BitwiseAnd node fails; this is TensorFlow's meaning.
    x, y = np.array([12, 10, -1], np.int32), np.array([10, 6, 5], np.int32)
    dtype, got = run("BitwiseAnd", [x, y])
    assert dtype == "int32"
    np.testing.assert_array_equal(got, x & y)


def test_every_logical_op_is_registered_in_its_category():
    names = [*COMPARISONS, "LogicalAnd", "LogicalOr", "LogicalNot", "Select", "SelectV2", "BitwiseAnd"]
    assert {get_mapper(name).category for name in names} == {"logical"}
    assert len(names) == 12
