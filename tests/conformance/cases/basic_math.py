"""Operations / Basic math: element-wise math and activations, on edge values of every
dtype each op takes."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import tfjs as tf
from tests.conformance.values import i32, inf, nan

FLOATS = [
    nan, inf, -inf, -0.0, 0, 1e-45, -1e-45, 1e-8, -1e-8, 0.1, 0.5, -0.5, 0.7, -0.7, 1, -1, 1.5, -1.5,
    2.5, -2.5, 3, -3, 10, -10, 13.9, -13.9, 14, -14, 20, -20, 89, -89, 100, -104, 12345.678, 1e10,
    -1e10, 3.4e38, -3.4e38,
]  # fmt: skip
TINY = [-1.6488206e-16, -3.8481903e-16, -6.4323503e-12, 6.8041466e-9, -2.6729898e-8, -3e-10]
HALVES = [
    0.5, 1.5, 2.5, 3.5, -0.5, -1.5, -2.5, -3.5, 0.49999997, -0.49999997, -0.3, 8388607.5, 8388609,
    16777216, -8388607.5,
]  # fmt: skip
INTS = [2147483647, -2147483648, 0, 1, -1, 2, -2, 3, -3, 10, -10, 30, -30, 100, -100, 65536]


def floats() -> tf.Tensor:
    return tf.tensor(FLOATS)


def ints() -> tf.Tensor:
    return i32(INTS)


def bools() -> tf.Tensor:
    return tf.tensor([True, False])


CASES: dict[str, Callable[[], Any]] = {}

# Ops that take float32, int32 and bool tensors and keep the dtype (or give bool).
NUMERIC = [
    "acos", "acosh", "asin", "asinh", "atan", "atanh", "expm1", "is_finite", "is_inf", "is_nan",
    "leaky_relu", "log1p", "log_sigmoid", "reciprocal", "relu6", "round", "selu", "sign", "sinh",
    "softplus", "step",
]  # fmt: skip
for _name in NUMERIC:
    _fn = getattr(tf, _name)
    CASES[f"{_name}/float"] = lambda fn=_fn: fn(floats())
    CASES[f"{_name}/int32"] = lambda fn=_fn: fn(ints())
    CASES[f"{_name}/bool"] = lambda fn=_fn: fn(bools())
    CASES[f"{_name}/empty"] = lambda fn=_fn: fn(tf.zeros([0, 2]))
    CASES[f"{_name}/2d_list"] = lambda fn=_fn: fn([[0.25, -0.75, 4], [-6, 0.9, 7]])

# Ops that take float32 only.
FLOAT32_ONLY = ["ceil", "cos", "cosh", "elu", "floor", "rsqrt", "sigmoid", "sin", "tan", "tanh"]
for _name in FLOAT32_ONLY:
    _fn = getattr(tf, _name)
    CASES[f"{_name}/float"] = lambda fn=_fn: fn(floats())
    CASES[f"{_name}/empty"] = lambda fn=_fn: fn(tf.zeros([0, 2]))
    CASES[f"{_name}/2d_list"] = lambda fn=_fn: fn([[0.25, -0.75, 4], [-6, 0.9, 7]])
    CASES[f"{_name}/int32_rejected"] = lambda fn=_fn: fn(i32([1, 2]))
    CASES[f"{_name}/bool_rejected"] = lambda fn=_fn: fn(bools())

CASES.update(
    {
        "acos/string_rejected": lambda: tf.acos(tf.tensor(["a"])),
        "sin/string_rejected": lambda: tf.sin(tf.tensor(["a"])),
        "sin/large": lambda: tf.sin(tf.tensor([1e5, 1e20, 3.14159265, 6.2831855, 1e-30])),
        "tan/near_pole": lambda: tf.tan(tf.tensor([1.5707963, 1.5707964, -1.5707964, 4.712389])),
        "round/halves": lambda: tf.round(tf.tensor(HALVES)),
        "round/scalar": lambda: tf.round(tf.scalar(-0.5)),
        "sign/zeros": lambda: tf.sign(tf.tensor([-0.0, 0, nan, -1e-45])),
        "step/alpha": lambda: tf.step(floats(), 0.5),
        "step/alpha_nan": lambda: tf.step(tf.tensor([-1, 1, nan]), nan),
        "step/int32_alpha": lambda: tf.step(ints(), -2.7),
        "step/bool_alpha": lambda: tf.step(bools(), 0.5),
        "step/bool_negative_alpha": lambda: tf.step(bools(), -1),
        "leaky_relu/alpha": lambda: tf.leaky_relu(floats(), 0.1),
        "leaky_relu/alpha_above_one": lambda: tf.leaky_relu(floats(), 1.5),
        "leaky_relu/negative_alpha": lambda: tf.leaky_relu(tf.tensor([-2, -0.0, 3]), -0.5),
        "leaky_relu/int32_alpha": lambda: tf.leaky_relu(ints(), 0.3),
        "prelu/scalar_alpha": lambda: tf.prelu(floats(), tf.scalar(0.25)),
        "prelu/broadcast_rows": lambda: tf.prelu(
            tf.tensor2d([[-1, 2, -3], [4, -5, 6]]), tf.tensor1d([0.1, 0.2, 0.3])
        ),
        "prelu/broadcast_outer": lambda: tf.prelu(tf.tensor1d([-1, 2, -3]), tf.tensor2d([[0.5], [2]])),
        "prelu/alpha_bigger": lambda: tf.prelu(tf.scalar(-2), tf.tensor1d([0.5, nan, -1, inf])),
        "prelu/int32_x": lambda: tf.prelu(ints(), tf.scalar(0.1)),
        "prelu/int32_alpha": lambda: tf.prelu(tf.tensor([-1.5, 2, -0.0]), i32([2, 3, 4])),
        "prelu/bool_x": lambda: tf.prelu(bools(), tf.scalar(-3)),
        "prelu/empty": lambda: tf.prelu(tf.zeros([0, 3]), tf.tensor1d([1, 2, 3])),
        "prelu/lists": lambda: tf.prelu([-1, 1], [0.5, 0.5]),
        "elu/negative_zero": lambda: tf.elu(tf.tensor([-0.0, -1e-8, -0.1])),
        # exp(x) - 1 cancels near 0, so these show the last bit of Math.exp.
        "elu/tiny": lambda: tf.elu(tf.tensor(TINY)),
        "selu/tiny": lambda: tf.selu(tf.tensor(TINY)),
        "erf/tiny": lambda: tf.erf(tf.tensor(TINY)),
        "erf/scalar": lambda: tf.erf(tf.scalar(-0.3)),
        "elu/scalar": lambda: tf.elu(tf.scalar(-1e-20)),
        "selu/scalar": lambda: tf.selu(tf.scalar(-0.25)),
        "erf/int32": lambda: tf.erf(ints()),
        "erf/float": lambda: tf.erf(floats()),
        "erf/small": lambda: tf.erf(tf.tensor([1e-5, -1e-5, 0.001, 0.3, 2, 3.9, 6])),
        "erf/bool_rejected": lambda: tf.erf(bools()),
        "erf/empty": lambda: tf.erf(tf.zeros([0])),
        "softplus/thresholds": lambda: tf.softplus(
            tf.tensor([-13.942385, -13.942384, 13.942384, 13.942385, -15.9, -80, -88, -104, -110, 30, 90])
        ),
        "sigmoid/tails": lambda: tf.sigmoid(tf.tensor([-88, -89, -104, -200, 17, 30, 90])),
        "log_sigmoid/tails": lambda: tf.log_sigmoid(tf.tensor([-88, -104, 15, 30, 90])),
        "clip_by_value/float": lambda: tf.clip_by_value(floats(), -1, 2),
        "clip_by_value/fractional_bounds": lambda: tf.clip_by_value(floats(), 0.1, 0.5),
        "clip_by_value/infinite_bounds": lambda: tf.clip_by_value(floats(), -inf, inf),
        "clip_by_value/huge_bounds": lambda: tf.clip_by_value(floats(), -1e39, 1e39),
        "clip_by_value/negative_zero_bound": lambda: tf.clip_by_value(tf.tensor([-1, -0.0, 0, 1]), -0.0, 0.5),
        "clip_by_value/equal_bounds": lambda: tf.clip_by_value(floats(), 2, 2),
        "clip_by_value/int32": lambda: tf.clip_by_value(ints(), -5.5, 7.5),
        "clip_by_value/int32_equal_bounds": lambda: tf.clip_by_value(ints(), 2.7, 2.7),
        "clip_by_value/int32_limits": lambda: tf.clip_by_value(ints(), -2147483648, 2147483647),
        "clip_by_value/bool": lambda: tf.clip_by_value(bools(), 0.5, 1),
        "clip_by_value/empty": lambda: tf.clip_by_value(tf.zeros([2, 0]), 0, 1),
        "clip_by_value/min_above_max": lambda: tf.clip_by_value(floats(), 3, 1),
        "clip_by_value/nan_min": lambda: tf.clip_by_value(floats(), nan, 1),
        "clip_by_value/nan_max": lambda: tf.clip_by_value(floats(), 0, nan),
        "clip_by_value/fraction_message": lambda: tf.clip_by_value(floats(), 0.25, -1e-7),
    }
)

# TF.js's cpu kernels store a bool result into a Uint8Array, so step(bool, -1) holds 255
# where x is false (a bool tensor whose value reads back as 255); this project's bool
# tensors hold true there.
KNOWN_DIFFERENCES = {"step/bool_negative_alpha"}
