"""The `arithmetic` TF op mappers (TF.js's arithmetic_executor): each TF op onto this
project's op, on every backend, with TF.js's input and attribute handling."""

from __future__ import annotations

import numpy as np
import pytest

import tfjs as tf
import tfjs.converter.ops
from tests.helpers import raises_with, scope
from tfjs.converter.attrs import decode_attrs
from tfjs.converter.op_registry import call_mapper, get_mapper

A = np.array([[7.0, -7.0, 2.5], [-3.0, 0.5, 9.0]], np.float32)
B = np.array([3.0, -2.0, 0.0], np.float32)  # broadcast over A's rows

BINARY = {
    "Add": np.add,
    "AddV2": np.add,
    "Sub": np.subtract,
    "Mul": np.multiply,
    "RealDiv": np.divide,
    "Div": np.divide,
    "Maximum": np.maximum,
    "Minimum": np.minimum,
    "SquaredDifference": lambda a, b: (a - b) ** 2,
    "FloorMod": np.mod,
    "Mod": np.mod,  # TF.js runs TF's Mod as its floor-mod `mod` too
    "DivNoNan": lambda a, b: np.where(b == 0, 0, a / np.where(b == 0, 1, b)),
}


def run(op, inputs, attrs=None):
    """Runs the mapper of TF op `op` on `inputs` (arrays made tensors), its result as NumPy."""
    with scope():
        tensors = [tf.tensor(x) for x in inputs]
        result = call_mapper(get_mapper(op), tensors, attrs or {})
        return result.dtype, result.numpy()


@pytest.mark.parametrize("op", sorted(BINARY))
def test_binary_ops_broadcast_as_numpy(op, backend):
    dtype, got = run(op, [A, B], decode_attrs({"T": {"type": "DT_FLOAT"}}))
    with np.errstate(divide="ignore", invalid="ignore"):
        want = BINARY[op](A, B)
    assert dtype == "float32"
    np.testing.assert_allclose(got, want, rtol=1e-6)


def test_pow(backend):
    _, got = run("Pow", [np.array([2.0, 3.0, 4.0], np.float32), np.array([3.0, 0.5, -1.0], np.float32)])
    np.testing.assert_allclose(got, [8.0, np.sqrt(3.0), 0.25], rtol=1e-6)


def test_floor_div_is_int32_even_for_floats(backend):
    # TF.js's FloorDiv kernel always answers int32 (TensorFlow keeps the input dtype).
    dtype, got = run("FloorDiv", [A, np.array([3.0, -2.0, 2.0], np.float32)])
    assert dtype == "int32"
    np.testing.assert_array_equal(got, [[2, 3, 1], [-1, -1, 4]])


def test_int32_ops_stay_int32(backend):
    a, b = np.array([7, -7, 9], np.int32), np.array([2, 2, -4], np.int32)
    assert run("FloorDiv", [a, b])[0] == "int32"
    np.testing.assert_array_equal(run("FloorDiv", [a, b])[1], [3, -4, -3])
    np.testing.assert_array_equal(run("FloorMod", [a, b])[1], [1, 1, -3])
    np.testing.assert_array_equal(run("Add", [a, b])[1], a + b)


def test_add_n_takes_every_input(backend):
    xs = [np.full([2, 2], v, np.float32) for v in (1.0, 2.0, 4.0)]
    attrs = decode_attrs({"N": {"i": "3"}, "T": {"type": "DT_FLOAT"}})
    _, got = run("AddN", xs, attrs)
    np.testing.assert_array_equal(got, np.full([2, 2], 7.0))
    assert get_mapper("AddN").variadic
    np.testing.assert_array_equal(run("AddN", xs[:1])[1], xs[0])


def test_bias_add_adds_on_the_channel_axis(backend):
    x = np.arange(24, dtype=np.float32).reshape(1, 2, 3, 4)
    bias = np.array([1, 2, 3, 4], np.float32)
    _, got = run("BiasAdd", [x, bias], decode_attrs({"data_format": {"s": "TkhXQw=="}}))
    np.testing.assert_array_equal(got, x + bias)
    _, got = run("BiasAdd", [x[..., :1], np.array([5.0], np.float32)])
    np.testing.assert_array_equal(got, x[..., :1] + 5)
    # NCHW: the bias is over axis 1 (TensorFlow's meaning; TF.js ignores data_format).
    _, got = run("BiasAdd", [x, np.array([10, 20], np.float32)], {"data_format": "NCHW"})
    np.testing.assert_array_equal(got, x + np.array([10, 20], np.float32).reshape(1, 2, 1, 1))


def test_bias_add_refuses_an_unknown_data_format():
    with scope(), raises_with(ValueError, "BiasAdd", "NWHC"):
        call_mapper(get_mapper("BiasAdd"), [tf.ones([1, 2]), tf.ones([2])], {"data_format": "NWHC"})


def test_every_arithmetic_op_is_registered_in_its_category():
    names = [*BINARY, "Pow", "AddN", "BiasAdd", "FloorDiv"]
    assert sorted({get_mapper(name).category for name in names}) == ["arithmetic"]
    assert len(set(names)) == 16


def test_bias_add_nchw_leaves_only_its_result():
    with scope():
        x, b = tf.ones([1, 2, 2, 3]), tf.tensor([1.0, 2.0])
        before = tf.memory()["num_tensors"]
        result = call_mapper(get_mapper("BiasAdd"), [x, b], {"data_format": "NCHW"})
        assert tf.memory()["num_tensors"] == before + 1
        assert tuple(result.shape) == (1, 2, 2, 3)
