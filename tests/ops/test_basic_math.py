"""Operations / Basic math: what the spec table and the conformance cases do not say —
chained methods, keyword arguments, dtypes of Python and NumPy inputs, memory, the
JavaScript rounding the kernels reproduce, and bad input."""

from __future__ import annotations

import math

import numpy as np
import pytest

import tfjs as tf
from tests.helpers import no_new_buffers, raises_with, scope

# Ops of one tensor that TF.js chains, with the dtypes each takes.
NUMERIC = [
    tf.acos, tf.acosh, tf.asin, tf.asinh, tf.atan, tf.atanh, tf.expm1, tf.is_finite, tf.is_inf,
    tf.is_nan, tf.leaky_relu, tf.log1p, tf.log_sigmoid, tf.reciprocal, tf.relu6, tf.round, tf.selu,
    tf.sign, tf.sinh, tf.softplus, tf.step,
]  # fmt: skip
FLOAT32_ONLY = [tf.ceil, tf.cos, tf.cosh, tf.elu, tf.floor, tf.rsqrt, tf.sigmoid, tf.sin, tf.tan, tf.tanh]
UNARY = [*NUMERIC, *FLOAT32_ONLY, tf.erf]
NAMES = lambda op: op.__name__  # noqa: E731


@pytest.mark.parametrize("op", UNARY, ids=NAMES)
def test_unary_ops_are_chained_and_take_keywords(op, backend):
    with scope():
        x = tf.tensor([0.25, -0.5, 0.75])
        want = op(x).numpy()
        np.testing.assert_array_equal(getattr(x, op.__name__)().numpy(), want)
        np.testing.assert_array_equal(op(x=x).numpy(), want)


def test_ops_with_arguments_are_chained_and_take_keywords(backend):
    with scope():
        x = tf.tensor([-2.0, 0.5, 3.0])
        assert x.clip_by_value(-1, 1).array_sync() == [-1.0, 0.5, 1.0]
        assert tf.clip_by_value(x, clip_value_max=1, clip_value_min=0).array_sync() == [0.0, 0.5, 1.0]
        assert x.leaky_relu(0.5).array_sync() == [-1.0, 0.5, 3.0]
        assert tf.leaky_relu(x, alpha=0.25).array_sync() == [-0.5, 0.5, 3.0]
        assert x.step(-1).array_sync() == [-1.0, 1.0, 1.0]
        assert tf.step(x, alpha=0.5).array_sync() == [0.5, 1.0, 1.0]
        assert x.prelu(tf.scalar(0.5)).array_sync() == [-1.0, 0.5, 3.0]
        assert tf.prelu(x, alpha=[0.5, 1, 1]).array_sync() == [-1.0, 0.5, 3.0]


@pytest.mark.parametrize("op", UNARY, ids=NAMES)
def test_unary_ops_of_scalars_are_scalars(op, backend):
    with scope():
        for value in (-0.25, 0.0, 0.5, -3.0):
            result = op(tf.scalar(value))
            np.testing.assert_array_equal(result.numpy(), op(tf.tensor([value])).numpy()[0])
            assert result.shape == ()


@pytest.mark.parametrize("op", NUMERIC, ids=NAMES)
def test_numeric_ops_keep_int32_and_python_numbers_are_float32(op, backend):
    with scope():
        as_int = op(np.array([1, 2], np.int32))
        as_float = op(2)
        float_dtype = "bool" if op.__name__.startswith("is_") else "float32"
        int_dtype = {"leaky_relu": "float32"}.get(op.__name__, float_dtype.replace("float32", "int32"))
        assert (as_int.dtype, as_float.dtype, as_float.shape) == (int_dtype, float_dtype, ())


def test_int32_results_truncate_and_wrap_as_an_int32_array(backend):
    with scope():
        ints = tf.tensor([1, 2, -3, 0], dtype="int32")
        assert tf.reciprocal(ints).array_sync() == [1, 0, 0, 0]  # 1 / 0 is Infinity: stored as 0
        assert tf.acos(ints).array_sync() == [0, 0, 0, 1]  # NaN stored as 0, pi / 2 as 1
        assert tf.selu(ints).array_sync() == [1, 2, -1, 0]
        assert tf.step(ints, -2.7).array_sync() == [1, 1, -2, -2]
        assert tf.clip_by_value(ints, 0.5, 1.5).array_sync() == [1, 1, 0, 0]
        wrapped = (int(math.sinh(30)) + 2**31) % 2**32 - 2**31
        assert tf.sinh(tf.tensor([30], dtype="int32")).array_sync() == [wrapped]


def test_bool_results_are_the_bytes_a_uint8_array_keeps(backend):
    """A bool result is whether the byte TF.js's Uint8Array stores (the number truncated,
    modulo 256) is non-zero: 0.88 and Infinity become false."""
    with scope():
        bools = tf.tensor([True, False])
        assert tf.asinh(bools).array_sync() == [False, False]  # asinh(1) = 0.88
        assert tf.reciprocal(bools).array_sync() == [True, False]  # 1 / 0 = Infinity
        assert tf.expm1(bools).array_sync() == [True, False]  # e - 1 = 1.7
        assert tf.acos(bools).array_sync() == [False, True]  # acos(0) = 1.57


def test_round_is_half_to_even_with_the_signs_of_zero_tfjs_gives(backend):
    with scope():
        values = tf.round(tf.tensor([0.5, 1.5, 2.5, -0.5, -1.5, -0.3, -0.0])).numpy()
        assert values.tolist() == [0.0, 2.0, 2.0, 0.0, -2.0, 0.0, 0.0]
        # TF.js's banker's rounding branch gives +0 for -0.5; ceil(-0.3) is -0.
        assert list(np.signbit(values[[0, 3, 5, 6]])) == [False, False, True, True]


def test_sign_of_nan_and_zeros_is_zero(backend):
    with scope():
        values = tf.sign(tf.tensor([np.nan, -0.0, 0.0, -3.0])).numpy()
        assert values.tolist() == [0.0, 0.0, 0.0, -1.0] and not np.signbit(values[:3]).any()


def test_clip_by_value_keeps_nan_unless_the_bounds_are_equal(backend):
    with scope():
        x = tf.tensor([np.nan, -5.0, 5.0])
        assert np.isnan(tf.clip_by_value(x, -1, 1).numpy()[0])
        assert tf.clip_by_value(x, 2, 2).array_sync() == [2.0, 2.0, 2.0]
        assert tf.clip_by_value(x, -math.inf, math.inf).numpy()[1:].tolist() == [-5.0, 5.0]


def test_activations_follow_tfjs_formulas(backend):
    with scope():
        x = tf.tensor([-1.0, 0.0, 2.0])
        selu = tf.selu(x).numpy()
        assert selu[0] == np.float32(1.7580993408473768 * (math.exp(-1) - 1))
        assert selu[2] == np.float32(1.0507009873554805 * 2)
        # softplus is x above 13.94 and exp(x) below -13.94, as TF.js's thresholds say.
        softplus = tf.softplus(tf.tensor([20.0, -20.0, 13.0])).numpy()
        assert softplus.tolist() == [20.0, np.float32(math.exp(-20)), np.float32(math.log(1 + math.exp(13)))]
        assert tf.relu6(tf.tensor([-0.0, 7.0, np.nan])).numpy()[:2].tolist() == [0.0, 6.0]
        # erf is Abramowitz and Stegun's approximation: erf(0) is 1e-9 * 0 = 0, erf(3) is not 1.
        assert tf.erf(tf.tensor([0.0, 10.0])).array_sync() == [0.0, 1.0]
        assert tf.erf(tf.tensor([1e-30])).array_sync() == [np.float32(1e-9)]


def test_composite_and_casting_ops_leave_only_their_result(backend):
    x = tf.tensor([-1, 0, 5], dtype="int32")
    before = tf.memory()["num_tensors"]
    try:
        for make in (
            lambda: tf.log_sigmoid(x),
            lambda: tf.erf(x),
            lambda: tf.clip_by_value(x, 1, 1),
            lambda: tf.prelu([-1.0, 2.0], [0.5]),
            lambda: tf.sin([1.0, 2.0]),
        ):
            result = tf.tidy(make)
            assert tf.memory()["num_tensors"] == before + 1
            result.dispose()
        no_new_buffers(lambda: tf.tidy(lambda: tf.log_sigmoid(x).dispose()))
    finally:
        x.dispose()


def test_empty_tensors_keep_their_shape(backend):
    with scope():
        for op in UNARY:
            result = op(tf.zeros([2, 0, 3]))
            assert result.shape == (2, 0, 3), op.__name__
        assert tf.prelu(tf.zeros([0, 3]), tf.zeros([3])).shape == (0, 3)
        assert tf.clip_by_value(tf.zeros([0]), 0, 1).shape == (0,)


# ---- bad input --------------------------------------------------------------------------


@pytest.mark.parametrize("op", UNARY, ids=NAMES)
def test_ops_reject_string_tensors(op, backend):
    with scope():
        strings = tf.tensor(["a"])
        dtype = "float32" if op in FLOAT32_ONLY else "numeric"
        with raises_with(TypeError, f"'{op.__name__}'", dtype, "string tensor"):
            op(strings)


@pytest.mark.parametrize("op", FLOAT32_ONLY, ids=NAMES)
def test_float32_only_ops_reject_int32_and_bool_tensors(op, backend):
    with scope():
        for x in (tf.tensor([1], dtype="int32"), tf.tensor([True])):
            with raises_with(TypeError, f"'{op.__name__}'", "must be float32", x.dtype):
                op(x)


@pytest.mark.parametrize("op", [*UNARY, tf.clip_by_value, tf.prelu], ids=NAMES)
def test_ops_reject_complex_tensors(op, backend):
    with scope():
        z = tf.tensor([1 + 2j])
        args = {tf.clip_by_value: (0, 1), tf.prelu: (tf.scalar(0.5),)}.get(op, ())
        with raises_with(TypeError, op.__name__, "complex64"):
            op(z, *args)


def test_prelu_rejects_complex_alpha(backend):
    with scope():
        z = tf.tensor([1 + 2j])
        with raises_with(TypeError, "prelu", "'alpha'", "complex64"):
            tf.prelu(tf.scalar(1), z)


def test_erf_rejects_bool_tensors(backend):
    with scope(), raises_with(TypeError, "erf", "'x'", "bool", "`int32` or `float32`"):
        tf.erf(tf.tensor([True]))


def test_clip_by_value_checks_its_bounds(backend):
    with scope():
        x = tf.tensor([1.0])
        with raises_with(ValueError, "clip_by_value", "min (3)", "max (1)"):
            tf.clip_by_value(x, 3, 1)
        with raises_with(ValueError, "clip_by_value", "min (NaN)"):
            tf.clip_by_value(x, math.nan, 1)
        with raises_with(ValueError, "min (0.5)", "max (-1e-7)"):
            tf.clip_by_value(x, 0.5, -1e-7)
        with raises_with(TypeError, "clip_by_value", "clip_value_min", "'0'"):
            tf.clip_by_value(x, "0", 1)
        with raises_with(TypeError, "clip_by_value", "clip_value_max", "[1]"):
            tf.clip_by_value(x, 0, [1])
        with raises_with(TypeError, "clip_by_value", "clip_value_max", "None"):
            tf.clip_by_value(x, 0, None)


@pytest.mark.parametrize("op", [tf.leaky_relu, tf.step], ids=NAMES)
def test_alpha_must_be_a_number(op, backend):
    with scope():
        x = tf.tensor([1.0])
        for alpha in ("0.2", None, True, tf.scalar(0.2)):
            with raises_with(TypeError, op.__name__, "alpha", "must be a number"):
                op(x, alpha)


def test_prelu_checks_that_alpha_broadcasts(backend):
    with scope():
        with raises_with(ValueError, "prelu", "shapes 2,3 and 4."):
            tf.prelu(tf.zeros([2, 3]), tf.zeros([4]))
        with raises_with(TypeError, "'alpha'", "'prelu'"):
            tf.prelu(tf.zeros([2]), tf.tensor(["a", "b"]))
        with raises_with(TypeError, "'alpha'", "'prelu'", "NoneType"):
            tf.prelu(tf.zeros([2]), None)


@pytest.mark.parametrize("op", UNARY, ids=NAMES)
def test_ops_reject_disposed_tensors_and_non_tensor_values(op, backend):
    x = tf.tensor([1.0])
    x.dispose()
    with raises_with(ValueError, f"'{op.__name__}'", "disposed"):
        op(x)
    with raises_with(TypeError, f"'{op.__name__}'", "Tensor or TensorLike", "dict"):
        op({"a": 1})


@pytest.mark.parametrize("skip_the_plus_zero_pass", ["as probed", False])
def test_relu_and_relu6_of_negative_zero_are_positive_zero(skip_the_plus_zero_pass, monkeypatch):
    # the cpu kernels skip their +0 pass where np.maximum(-0, 0) is +0 already (probed at
    # import); the other road must give +0 too
    from tfjs.backends.cpu.kernels import unary

    if skip_the_plus_zero_pass is False:
        monkeypatch.setattr(unary, "MAXIMUM_GIVES_POSITIVE_ZERO", False)
    for op, want in ((tf.relu, [0.0, 0.0, 2.0, 7.0]), (tf.relu6, [0.0, 0.0, 2.0, 6.0])):
        got = tf.tidy(lambda op=op: op(tf.tensor([-0.0, -1.0, 2.0, 7.0])).data_sync().copy())
        assert got.tolist() == want
        assert not np.signbit(got).any()
