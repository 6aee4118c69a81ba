"""The `basic_math` TF op mappers (TF.js's basic_math_executor): unary math, activations,
ClipByValue's scalar inputs, LeakyRelu's alpha, Prelu, complex parts; every backend."""

from __future__ import annotations

import math

import numpy as np
import pytest

import tfjs as tf
import tfjs.converter.ops
from tests.helpers import raises_with, scope
from tfjs.converter.attrs import decode_attrs
from tfjs.converter.op_registry import call_mapper, get_mapper

X = np.array([-2.5, -0.5, 0.0, 0.25, 0.75, 3.0], np.float32)
UNIT = np.array([-0.9, -0.5, 0.0, 0.25, 0.75, 0.9], np.float32)  # inside (-1, 1)
POSITIVE = np.array([0.5, 1.0, 1.5, 2.0, 4.0, 9.0], np.float32)
ABOVE_ONE = np.array([1.0, 1.5, 2.0, 3.0, 5.0, 10.0], np.float32)
erf = np.vectorize(math.erf)
SELU_ALPHA, SELU_SCALE = 1.6732632423543772, 1.0507009873554805

# TF op -> (input, NumPy reference)
UNARY = {
    "Abs": (X, np.abs),
    "Acos": (UNIT, np.arccos),
    "Acosh": (ABOVE_ONE, np.arccosh),
    "Asin": (UNIT, np.arcsin),
    "Asinh": (X, np.arcsinh),
    "Atan": (X, np.arctan),
    "Atanh": (UNIT, np.arctanh),
    "Ceil": (X, np.ceil),
    "Cos": (X, np.cos),
    "Cosh": (X, np.cosh),
    "Elu": (X, lambda x: np.where(x > 0, x, np.expm1(x))),
    "Erf": (X, erf),
    "Exp": (X, np.exp),
    "Expm1": (X, np.expm1),
    "Floor": (X, np.floor),
    "Log": (POSITIVE, np.log),
    "Log1p": (POSITIVE, np.log1p),
    "Neg": (X, np.negative),
    "Reciprocal": (POSITIVE, np.reciprocal),
    "Relu": (X, lambda x: np.maximum(x, 0)),
    "Relu6": (X * 3, lambda x: np.clip(x, 0, 6)),
    "Round": (X, np.round),  # half to even, as TF.js rounds
    "Rsqrt": (POSITIVE, lambda x: 1 / np.sqrt(x)),
    "Selu": (X, lambda x: np.where(x > 0, SELU_SCALE * x, SELU_SCALE * SELU_ALPHA * np.expm1(x))),
    "Sigmoid": (X, lambda x: 1 / (1 + np.exp(-x))),
    "Sign": (X, np.sign),
    "Sin": (X, np.sin),
    "Sinh": (X, np.sinh),
    "Softplus": (X, lambda x: np.log1p(np.exp(x))),
    "Sqrt": (POSITIVE, np.sqrt),
    "Square": (X, np.square),
    "Tan": (UNIT, np.tan),
    "Tanh": (X, np.tanh),
}


def run(op, inputs, attrs=None):
    """Runs the mapper of TF op `op` on `inputs` (arrays made tensors, tensors kept), its
    result as (dtype, NumPy)."""
    with scope():
        tensors = [x if isinstance(x, tf.Tensor) else tf.tensor(x) for x in inputs]
        result = call_mapper(get_mapper(op), tensors, attrs or {})
        return result.dtype, result.numpy()


@pytest.mark.parametrize("op", sorted(UNARY))
def test_unary_ops_match_numpy(op, backend):
    x, reference = UNARY[op]
    dtype, got = run(op, [x], decode_attrs({"T": {"type": "DT_FLOAT"}}))
    assert dtype == "float32"
    np.testing.assert_allclose(got, reference(x.astype(np.float64)), rtol=2e-5, atol=1e-6)


def test_nan_and_inf_tests_are_bool(backend):
    x = np.array([np.nan, np.inf, -np.inf, 1.0], np.float32)
    assert run("IsNan", [x])[0] == "bool"
    np.testing.assert_array_equal(run("IsNan", [x])[1], [True, False, False, False])
    np.testing.assert_array_equal(run("IsInf", [x])[1], [False, True, True, False])
    np.testing.assert_array_equal(run("IsFinite", [x])[1], [False, False, False, True])


def test_atan2_takes_y_then_x(backend):
    y, x = np.array([1.0, -1.0, 1.0], np.float32), np.array([1.0, 1.0, -2.0], np.float32)
    np.testing.assert_allclose(run("Atan2", [y, x])[1], np.arctan2(y, x), rtol=1e-6)


def test_clip_by_value_reads_its_bounds_from_scalar_tensors(backend):
    _, got = run("ClipByValue", [X, np.float32(-1.0), np.float32(0.5)])
    np.testing.assert_array_equal(got, np.clip(X, -1.0, 0.5))
    # a 1-element vector bound, as TF.js reads dataSync()[0]
    _, got = run("ClipByValue", [np.array([1, 5, 9], np.int32), np.array([2], np.int32), np.int32(6)])
    np.testing.assert_array_equal(got, [2, 5, 6])


def test_clip_by_value_refuses_an_empty_bound():
    with scope(), raises_with(ValueError, "empty"):
        call_mapper(get_mapper("ClipByValue"), [tf.ones([2]), tf.zeros([0]), tf.scalar(1.0)], {})


def test_leaky_relu_alpha_attribute_and_its_default(backend):
    _, got = run("LeakyRelu", [X], decode_attrs({"alpha": {"f": 0.1}, "T": {"type": "DT_FLOAT"}}))
    np.testing.assert_allclose(got, np.where(X > 0, X, 0.1 * X), rtol=1e-6)
    _, got = run("LeakyRelu", [X])
    np.testing.assert_allclose(got, np.where(X > 0, X, 0.2 * X), rtol=1e-6)


def test_prelu_takes_alpha_as_a_tensor(backend):
    x = np.array([[-1.0, 2.0], [-3.0, -4.0]], np.float32)
    _, got = run("Prelu", [x, np.array([0.5, 0.25], np.float32)])
    np.testing.assert_allclose(got, [[-0.5, 2.0], [-1.5, -1.0]])


def test_complex_parts_and_magnitude(backend):
    with scope():
        re, im = tf.tensor([3.0, -1.0]), tf.tensor([4.0, 0.0])
        z = call_mapper(get_mapper("Complex"), [re, im], decode_attrs({"Tout": {"type": "DT_COMPLEX64"}}))
        assert z.dtype == "complex64"
        attrs = decode_attrs({"Tout": {"type": "DT_FLOAT"}})
        assert call_mapper(get_mapper("Real"), [z], attrs).array_sync() == [3.0, -1.0]
        assert call_mapper(get_mapper("Imag"), [z], attrs).array_sync() == [4.0, 0.0]
        np.testing.assert_allclose(call_mapper(get_mapper("ComplexAbs"), [z], attrs).numpy(), [5.0, 1.0])
        np.testing.assert_allclose(call_mapper(get_mapper("Abs"), [z], {}).numpy(), [5.0, 1.0])


def test_int32_inputs_keep_their_dtype(backend):
    x = np.array([-3, 0, 4], np.int32)
    assert run("Abs", [x])[0] == "int32"
    np.testing.assert_array_equal(run("Neg", [x])[1], [3, 0, -4])
    np.testing.assert_array_equal(run("Square", [x])[1], [9, 0, 16])


def test_every_basic_math_op_is_registered_in_its_category():
    names = [*UNARY, "IsNan", "IsInf", "IsFinite", "Atan2", "ClipByValue", "LeakyRelu", "Prelu"]
    names += ["Complex", "ComplexAbs", "Real", "Imag"]
    assert len(set(names)) == 44
    assert {get_mapper(name).category for name in names} == {"basic_math"}
    assert get_mapper("LeakyRelu").attrs == frozenset({"alpha"})
