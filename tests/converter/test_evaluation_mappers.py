"""The `evaluation` TF op mappers (TF.js's evaluation_executor): sorted searches, top-k
and unique, their two outputs, on every backend."""

from __future__ import annotations

import numpy as np

import tfjs as tf
import tfjs.converter.ops
from tests.helpers import scope
from tfjs.converter.attrs import decode_attrs
from tfjs.converter.op_registry import call_mapper, get_mapper


def run(op, inputs, attrs=None):
    with scope():
        tensors = [tf.tensor(x) for x in inputs]
        result = call_mapper(get_mapper(op), tensors, attrs or {})
        if isinstance(result, list):
            return [(r.dtype, r.numpy()) for r in result]
        return result.dtype, result.numpy()


def test_lower_and_upper_bound(backend):
    seq = np.array([[1, 3, 3, 7], [0, 2, 4, 6]], np.float32)
    values = np.array([[3, 8], [4, -1]], np.float32)
    dtype, got = run("LowerBound", [seq, values], {"T": "float32", "out_type": "int32"})
    assert dtype == "int32"
    np.testing.assert_array_equal(got, [[1, 4], [2, 0]])
    _, got = run("UpperBound", [seq, values])
    np.testing.assert_array_equal(got, [[3, 4], [3, 0]])


def test_top_k_v2(backend):
    x = np.array([[1, 5, 3, 5], [4, -2, 0, 8]], np.float32)
    attrs = decode_attrs({"sorted": {"b": True}, "T": {"type": "DT_FLOAT"}})
    (vdtype, values), (idtype, indices) = run("TopKV2", [x, np.array(2, np.int32)], attrs)
    assert (vdtype, idtype) == ("float32", "int32")
    np.testing.assert_array_equal(values, [[5, 5], [8, 4]])
    np.testing.assert_array_equal(indices, [[1, 3], [3, 0]])
    # sorted False with k the whole row keeps the input order, as in TF.js.
    (_, values), (_, indices) = run("TopKV2", [x, np.array(4, np.int32)], {"sorted": False})
    np.testing.assert_array_equal(values, x)
    np.testing.assert_array_equal(indices, [[0, 1, 2, 3]] * 2)


def test_unique_and_unique_v2(backend):
    x = np.array([4, 1, 4, 2, 1], np.int32)
    (_, values), (idtype, indices) = run("Unique", [x], {"out_idx": "int32"})
    np.testing.assert_array_equal(values, [4, 1, 2])
    assert idtype == "int32"
    np.testing.assert_array_equal(indices, [0, 1, 0, 2, 1])
    m = np.array([[1, 2], [3, 4], [1, 2]], np.float32)
    (_, values), (_, indices) = run("UniqueV2", [m, np.array([0], np.int32)])
    np.testing.assert_array_equal(values, [[1, 2], [3, 4]])
    np.testing.assert_array_equal(indices, [0, 1, 0])
    (_, values), (_, indices) = run("UniqueV2", [m, np.array([1], np.int32)])
    np.testing.assert_array_equal(values, m)
    np.testing.assert_array_equal(indices, [0, 1])


def test_every_evaluation_op_is_mapped():
    ops = ["LowerBound", "TopKV2", "UpperBound", "Unique", "UniqueV2"]
    assert {op: get_mapper(op) and get_mapper(op).category for op in ops} == dict.fromkeys(ops, "evaluation")
