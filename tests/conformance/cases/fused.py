"""tf.fused: conv2d, depthwise_conv2d, mat_mul with bias and every activation."""

from __future__ import annotations

import math
from typing import Any

import tfjs as tf
from tests.conformance.values import i32, inf, nan


def wave(n: int, scale: float) -> list[float]:
    """sin(v * 1.7) * scale at two decimals, as the JavaScript cases round it."""
    return [math.floor(math.sin(v * 1.7) * scale * 100 + 0.5) / 100 for v in range(n)]


def quarters(n: int, scale: float) -> list[float]:
    """sin(v * 1.7) * scale in quarters: conv2d's sums of these are exact (TF.js's Conv2D
    rounds after every term, this project once; see cases/convolution.py)."""
    return [math.floor(math.sin(v * 1.7) * scale * 4 + 0.5) / 4 for v in range(n)]


def x() -> tf.Tensor:
    return tf.tensor4d(wave(2 * 4 * 4 * 3, 3), [2, 4, 4, 3])


def xq() -> tf.Tensor:
    return tf.tensor4d(quarters(2 * 4 * 4 * 3, 3), [2, 4, 4, 3])


def x_nchw() -> tf.Tensor:
    return tf.transpose(xq(), [0, 3, 1, 2])


def w() -> tf.Tensor:
    return tf.tensor4d([v + 0.25 for v in quarters(3 * 3 * 3 * 2, 1)], [3, 3, 3, 2])


def dw() -> tf.Tensor:
    return tf.tensor4d(wave(2 * 2 * 3 * 2, 1), [2, 2, 3, 2])


def conv(**extra: Any) -> tf.Tensor:
    args = {"strides": 1, "pad": "same", **extra}
    return tf.fused.conv2d(xq(), w(), **args)


def depthwise(**extra: Any) -> tf.Tensor:
    args = {"strides": 1, "pad": "valid", **extra}
    return tf.fused.depthwise_conv2d(x(), dw(), **args)


def a() -> tf.Tensor:
    return tf.tensor2d(wave(12, 2), [3, 4])


def b() -> tf.Tensor:
    return tf.tensor2d([v - 0.5 for v in wave(8, 2)], [4, 2])


def mm(**extra: Any) -> tf.Tensor:
    return tf.fused.mat_mul(a(), b(), **extra)


t1 = tf.tensor1d

CASES = {
    # conv2d: linear, bias, each activation
    "conv2d/linear": lambda: conv(),
    "conv2d/bias": lambda: conv(bias=t1([0.5, -1])),
    "conv2d/bias_scalar": lambda: conv(bias=tf.scalar(-2)),
    "conv2d/bias_full_shape": lambda: conv(bias=tf.tensor3d(wave(32, 1), [4, 4, 2])),
    "conv2d/relu": lambda: conv(bias=t1([0.5, -1]), activation="relu"),
    "conv2d/relu6": lambda: conv(bias=t1([0.5, -1]), activation="relu6"),
    "conv2d/elu": lambda: conv(bias=t1([0.5, -1]), activation="elu"),
    "conv2d/sigmoid": lambda: conv(activation="sigmoid"),
    "conv2d/leakyrelu": lambda: conv(activation="leakyrelu", leakyrelu_alpha=0.3),
    "conv2d/leakyrelu_default_alpha": lambda: conv(activation="leakyrelu"),
    "conv2d/prelu_scalar": lambda: conv(activation="prelu", prelu_activation_weights=tf.scalar(0.1)),
    "conv2d/prelu_channels": lambda: conv(activation="prelu", prelu_activation_weights=t1([0.1, -2])),
    "conv2d/prelu_3d": lambda: conv(
        bias=t1([1, 2]), activation="prelu", prelu_activation_weights=tf.tensor3d(wave(8, 1), [4, 1, 2])
    ),
    "conv2d/linear_explicit": lambda: conv(activation="linear", bias=t1([1, 1])),
    # conv2d: layout and window arguments
    "conv2d/x_3d": lambda: tf.fused.conv2d(
        tf.tensor3d(quarters(48, 3), [4, 4, 3]), w(), 1, "valid", bias=t1([1, -1]), activation="relu"
    ),
    "conv2d/strides_2": lambda: conv(strides=2, bias=t1([1, -1]), activation="relu"),
    "conv2d/dilations_2": lambda: conv(dilations=2, bias=t1([1, -1]), activation="elu"),
    "conv2d/explicit_pad": lambda: conv(pad=[[0, 0], [1, 0], [0, 2], [0, 0]], bias=t1([1, -1])),
    "conv2d/dim_rounding": lambda: conv(strides=2, pad=1, dim_rounding_mode="ceil", bias=t1([1, -1])),
    "conv2d/nchw": lambda: tf.fused.conv2d(
        x_nchw(),
        w(),
        1,
        "same",
        "NCHW",
        bias=t1([0.5, -1]),
        activation="prelu",
        prelu_activation_weights=t1([0.1, -2]),
    ),
    "conv2d/nchw_scalar_bias": lambda: tf.fused.conv2d(
        x_nchw(), w(), 1, "valid", "NCHW", bias=tf.scalar(3), activation="relu6"
    ),
    "conv2d/nchw_bias_one": lambda: tf.fused.conv2d(x_nchw(), w(), 1, "valid", "NCHW", bias=t1([3])),
    "conv2d/int32_bias": lambda: conv(bias=i32([1, -1])),
    "conv2d/nested_arrays": lambda: tf.fused.conv2d(
        [[[[1], [2]], [[3], [4]]]], [[[[1]], [[-1]]]], 1, "valid", bias=[0.5], activation="relu"
    ),
    "conv2d/special": lambda: tf.fused.conv2d(
        tf.tensor4d([nan, 1, inf, -inf, 2, -0.0, 3, 4, 1e30], [1, 3, 3, 1]),
        tf.tensor4d([1, 1, 1, 1], [2, 2, 1, 1]),
        1,
        "valid",
        bias=t1([-0.0]),
        activation="relu",
    ),
    "conv2d/empty_batch": lambda: tf.fused.conv2d(
        tf.zeros([0, 4, 4, 3]), w(), 1, "same", bias=t1([1, 2]), activation="relu"
    ),
    # conv2d: bad input
    "conv2d/bad_x_rank": lambda: tf.fused.conv2d(tf.zeros([4, 3]), w(), 1, "same"),
    "conv2d/bad_filter_rank": lambda: tf.fused.conv2d(x(), tf.zeros([3, 3, 3]), 1, "same"),
    "conv2d/bad_depth": lambda: tf.fused.conv2d(x(), tf.zeros([3, 3, 2, 2]), 1, "same"),
    "conv2d/strides_and_dilations": lambda: conv(strides=2, dilations=2),
    "conv2d/rounding_with_same": lambda: conv(dim_rounding_mode="floor"),
    "conv2d/bias_not_broadcasting": lambda: conv(bias=t1([1, 2, 3])),
    "conv2d/nchw_bias_rank_2": lambda: tf.fused.conv2d(
        x_nchw(), w(), 1, "same", "NCHW", bias=tf.ones([2, 1])
    ),
    "conv2d/nchw_bias_channels": lambda: tf.fused.conv2d(x_nchw(), w(), 1, "same", "NCHW", bias=tf.ones([3])),
    "conv2d/prelu_rank_2": lambda: conv(activation="prelu", prelu_activation_weights=tf.ones([1, 2])),
    "conv2d/prelu_channels_mismatch": lambda: conv(activation="prelu", prelu_activation_weights=tf.ones([3])),
    "conv2d/prelu_3d_mismatch": lambda: conv(activation="prelu", prelu_activation_weights=tf.ones([3, 1, 2])),
    "conv2d/unknown_activation": lambda: conv(activation="tanh"),
    # depthwise_conv2d
    "depthwise_conv2d/linear": lambda: depthwise(),
    "depthwise_conv2d/bias": lambda: depthwise(bias=t1([1, -1, 0.5, 2, -3, 0])),
    "depthwise_conv2d/relu": lambda: depthwise(bias=t1([1, -1, 0.5, 2, -3, 0]), activation="relu"),
    "depthwise_conv2d/relu6": lambda: depthwise(activation="relu6"),
    "depthwise_conv2d/elu": lambda: depthwise(activation="elu", bias=tf.scalar(-1)),
    "depthwise_conv2d/sigmoid": lambda: depthwise(activation="sigmoid"),
    "depthwise_conv2d/leakyrelu": lambda: depthwise(activation="leakyrelu", leakyrelu_alpha=0.5),
    "depthwise_conv2d/leakyrelu_default_alpha": lambda: depthwise(activation="leakyrelu"),
    "depthwise_conv2d/prelu": lambda: depthwise(
        activation="prelu", prelu_activation_weights=t1([0.1, 0.2, 0.3, -1, 0, 2])
    ),
    "depthwise_conv2d/same_strides_2": lambda: depthwise(
        pad="same", strides=2, bias=tf.scalar(1), activation="relu"
    ),
    "depthwise_conv2d/dilations_2": lambda: depthwise(dilations=[2, 2], bias=tf.scalar(1)),
    "depthwise_conv2d/x_3d": lambda: tf.fused.depthwise_conv2d(
        tf.tensor3d(wave(48, 3), [4, 4, 3]), dw(), 1, "valid", bias=tf.scalar(1), activation="relu"
    ),
    "depthwise_conv2d/special": lambda: tf.fused.depthwise_conv2d(
        tf.tensor4d([nan, 1, inf, 2], [1, 2, 2, 1]),
        tf.tensor4d([1], [1, 1, 1, 1]),
        1,
        "valid",
        bias=t1([-inf]),
        activation="relu",
    ),
    "depthwise_conv2d/bad_x_rank": lambda: tf.fused.depthwise_conv2d(tf.zeros([4, 3]), dw(), 1, "valid"),
    "depthwise_conv2d/bad_filter_rank": lambda: tf.fused.depthwise_conv2d(
        x(), tf.zeros([2, 3, 2]), 1, "valid"
    ),
    "depthwise_conv2d/bad_channels": lambda: tf.fused.depthwise_conv2d(
        x(), tf.zeros([2, 2, 2, 1]), 1, "valid"
    ),
    "depthwise_conv2d/strides_and_dilations": lambda: depthwise(strides=2, dilations=2),
    "depthwise_conv2d/rounding_with_valid": lambda: depthwise(dim_rounding_mode="round"),
    "depthwise_conv2d/bias_not_broadcasting": lambda: depthwise(bias=t1([1, 2])),
    "depthwise_conv2d/unknown_activation": lambda: depthwise(activation="swish"),
    # mat_mul
    "mat_mul/linear": lambda: mm(),
    "mat_mul/bias": lambda: mm(bias=t1([1, -1])),
    "mat_mul/bias_matrix": lambda: mm(bias=tf.tensor2d(wave(6, 1), [3, 2])),
    "mat_mul/bias_column": lambda: mm(bias=tf.tensor2d([[1], [2], [-30]])),
    "mat_mul/relu": lambda: mm(bias=t1([1, -1]), activation="relu"),
    "mat_mul/relu6": lambda: mm(bias=t1([1, -1]), activation="relu6"),
    "mat_mul/elu": lambda: mm(bias=t1([1, -1]), activation="elu"),
    "mat_mul/sigmoid": lambda: mm(activation="sigmoid"),
    "mat_mul/leakyrelu": lambda: mm(activation="leakyrelu", leakyrelu_alpha=0.1),
    "mat_mul/leakyrelu_default_alpha": lambda: mm(activation="leakyrelu"),
    "mat_mul/prelu": lambda: mm(activation="prelu", prelu_activation_weights=t1([0.5, -0.5])),
    "mat_mul/prelu_matrix": lambda: mm(
        activation="prelu", prelu_activation_weights=tf.tensor2d(wave(6, 1), [3, 2])
    ),
    "mat_mul/transpose_a": lambda: tf.fused.mat_mul(
        tf.transpose(a()), b(), True, bias=tf.scalar(1), activation="relu"
    ),
    "mat_mul/transpose_b": lambda: tf.fused.mat_mul(
        a(), tf.transpose(b()), transpose_b=True, bias=tf.scalar(1), activation="relu"
    ),
    "mat_mul/transpose_both": lambda: tf.fused.mat_mul(
        tf.transpose(a()), tf.transpose(b()), True, True, bias=t1([2, -2]), activation="elu"
    ),
    "mat_mul/batch": lambda: tf.fused.mat_mul(
        tf.tensor3d(wave(24, 2), [2, 3, 4]),
        tf.tensor3d(wave(16, 1), [2, 4, 2]),
        bias=t1([1, -1]),
        activation="relu",
    ),
    "mat_mul/batch_broadcast": lambda: tf.fused.mat_mul(
        tf.tensor3d(wave(24, 2), [2, 3, 4]), b(), bias=t1([1, -1]), activation="relu6"
    ),
    "mat_mul/int32": lambda: tf.fused.mat_mul(
        i32([1, 2, 3, 4], [2, 2]), i32([5, -6, 7, -8], [2, 2]), bias=i32([-20, 30]), activation="relu"
    ),
    "mat_mul/int32_wraps": lambda: tf.fused.mat_mul(
        i32([2147483647, 1], [1, 2]), i32([1, 1], [2, 1]), bias=i32([1])
    ),
    "mat_mul/int32_float_bias": lambda: tf.fused.mat_mul(
        i32([1, 2, 3, 4], [2, 2]), i32([1, 0, 0, 1], [2, 2]), bias=t1([0.5, -0.75])
    ),
    "mat_mul/mixed_dtypes": lambda: tf.fused.mat_mul(
        i32([1, 2, 3, 4], [2, 2]), tf.tensor2d([[0.5, 1], [1, 0.25]]), bias=t1([1, 1]), activation="relu"
    ),
    "mat_mul/nested_arrays": lambda: tf.fused.mat_mul([[1, 2]], [[3], [4]], bias=[-20], activation="relu"),
    "mat_mul/special": lambda: tf.fused.mat_mul(
        tf.tensor2d([[nan, 1], [inf, 1], [-0.0, 0]]),
        tf.tensor2d([[1], [1]]),
        bias=t1([-0.0]),
        activation="relu",
    ),
    "mat_mul/empty": lambda: tf.fused.mat_mul(
        tf.zeros([0, 3]), tf.ones([3, 2]), bias=t1([1, 2]), activation="relu"
    ),
    "mat_mul/empty_inner": lambda: tf.fused.mat_mul(
        tf.zeros([2, 0]), tf.zeros([0, 2]), bias=t1([1, -2]), activation="relu"
    ),
    "mat_mul/bad_inner": lambda: tf.fused.mat_mul(a(), tf.ones([3, 2])),
    "mat_mul/bad_inner_transposed": lambda: tf.fused.mat_mul(a(), b(), True),
    "mat_mul/bias_not_broadcasting": lambda: mm(bias=t1([1, 2, 3])),
    "mat_mul/batch_not_broadcasting": lambda: tf.fused.mat_mul(tf.ones([2, 3, 4]), tf.ones([3, 4, 2])),
    "mat_mul/unknown_activation": lambda: mm(activation="softmax"),
    "mat_mul/complex": lambda: tf.fused.mat_mul(tf.complex([[1]], [[1]]), tf.complex([[1]], [[1]])),
}

KNOWN_DIFFERENCES = {
    # TF.js's fused conv2d and depthwiseConv2d have no default leakyreluAlpha: their
    # LeakyRelu kernel multiplies by undefined and every negative value becomes NaN. Here
    # the default is leaky_relu's (and fused.mat_mul's) 0.2.
    "conv2d/leakyrelu_default_alpha",
    "depthwise_conv2d/leakyrelu_default_alpha",
}
