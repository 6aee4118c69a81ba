"""tf.fused: convolutions and matrix products with bias and activation."""

from __future__ import annotations

import numpy as np

import tfjs as tf
from tests.ops.op_spec import F32, I32, OpSpec
from tests.ops.specs.convolution import conv_ref


def _conv_valid(x, w):
    """NHWC 'valid' conv2d with stride 1, summed in float64."""
    fh, fw = w.shape[:2]
    oh, ow = x.shape[1] - fh + 1, x.shape[2] - fw + 1
    out = np.zeros((x.shape[0], oh, ow, w.shape[3]))
    for i in range(fh):
        for j in range(fw):
            out += x[:, i : i + oh, j : j + ow] @ w[i, j]
    return out


def _depthwise_valid(x, w):
    """NHWC 'valid' depthwise conv2d with stride 1 (channel c * multiplier + q)."""
    fh, fw, c, m = w.shape
    oh, ow = x.shape[1] - fh + 1, x.shape[2] - fw + 1
    out = np.zeros((x.shape[0], oh, ow, c, m))
    for i in range(fh):
        for j in range(fw):
            out += x[:, i : i + oh, j : j + ow, :, None] * w[i, j]
    return out.reshape(x.shape[0], oh, ow, c * m)


def _relu(v):
    return np.maximum(v, 0)


def _elu(v):
    return np.where(v > 0, v, np.expm1(v))


def _sigmoid(v):
    return 1 / (1 + np.exp(-v))


def _leaky(v, alpha):
    return np.where(v < 0, alpha * v, v)


X, W = ((1, 5, 5, 3), F32), ((3, 3, 3, 2), F32)
DW = ((2, 2, 3, 2), F32)
A, B = ((3, 4), F32), ((4, 5), F32)

SPECS: list[OpSpec] = [
    OpSpec(
        "fused.conv2d",
        lambda x, w, bias: tf.fused.conv2d(x, w, 1, "valid", bias=bias, activation="relu"),
        lambda x, w, bias: _relu(_conv_valid(x, w) + bias),
        (X, W, ((2,), F32)),
        F32,
        rtol=1e-5,
    ),
    OpSpec(
        "fused.conv2d",
        lambda x, w, alpha: tf.fused.conv2d(
            x, w, 1, "valid", activation="prelu", prelu_activation_weights=alpha
        ),
        lambda x, w, alpha: _leaky(_conv_valid(x, w), alpha),
        (X, W, ((2,), F32)),
        F32,
        rtol=1e-5,
        id_suffix="prelu",
    ),
    OpSpec(
        "fused.depthwise_conv2d",
        lambda x, w, bias: tf.fused.depthwise_conv2d(x, w, 1, "valid", bias=bias, activation="elu"),
        lambda x, w, bias: _elu(_depthwise_valid(x, w) + bias),
        (X, DW, ((6,), F32)),
        F32,
        rtol=1e-5,
    ),
    OpSpec(
        "fused.depthwise_conv2d",
        lambda x, w: tf.fused.depthwise_conv2d(x, w, 1, "valid", activation="leakyrelu", leakyrelu_alpha=0.3),
        lambda x, w: _leaky(_depthwise_valid(x, w), 0.3),
        (X, DW),
        F32,
        rtol=1e-5,
        id_suffix="leakyrelu",
    ),
    OpSpec(
        "fused.mat_mul",
        lambda a, b, bias: tf.fused.mat_mul(a, b, bias=bias, activation="sigmoid"),
        lambda a, b, bias: _sigmoid(a @ b + bias),
        (A, B, ((5,), F32)),
        F32,
        rtol=1e-5,
    ),
    OpSpec(
        "fused.mat_mul",
        lambda a, b: tf.fused.mat_mul(a, b, True, True, activation="relu6"),
        lambda a, b: np.clip(np.swapaxes(a, -1, -2) @ np.swapaxes(b, -1, -2), 0, 6),
        (((2, 4, 3), F32), ((5, 4), F32)),
        F32,
        rtol=1e-5,
        id_suffix="batch_transposed",
    ),
    OpSpec(
        "fused.conv2d",
        lambda x, w, bias, alpha: tf.fused.conv2d(
            tf.transpose(x, [0, 3, 1, 2]),
            w,
            2,
            "same",
            "NCHW",
            bias=bias,
            activation="prelu",
            prelu_activation_weights=alpha,
        ),
        lambda x, w, bias, alpha: _leaky(conv_ref(x, w, (2, 2), (0, 0, 1, 1)) + bias, alpha).transpose(
            0, 3, 1, 2
        ),
        (((2, 4, 5, 3), F32), ((2, 3, 3, 2), F32), ((2,), F32), ((2,), F32)),
        F32,
        rtol=1e-5,
        id_suffix="nchw-prelu-bias-stride2",  # the per-channel bias and weights of NCHW
    ),
    OpSpec(
        "fused.conv2d",
        lambda x, w, bias: tf.fused.conv2d(x, w, 1, "same", dilations=2, bias=bias, activation="relu6"),
        lambda x, w, bias: np.clip(conv_ref(x, w, pads=(1, 1, 1, 1), dilations=(2, 2)) + bias, 0, 6),
        (((1, 5, 5, 2), F32), ((2, 2, 2, 3), F32), ((5, 1, 3), F32)),
        F32,
        low=-2.0,
        high=2.0,
        rtol=1e-5,
        id_suffix="relu6-dilated-bias3d",
    ),
    OpSpec(
        "fused.depthwise_conv2d",
        lambda x, w, bias, alpha: tf.fused.depthwise_conv2d(
            x, w, 2, "same", bias=bias, activation="prelu", prelu_activation_weights=alpha
        ),
        lambda x, w, bias, alpha: _leaky(conv_ref(x, w, (2, 2), (0, 1, 0, 1), depthwise=True) + bias, alpha),
        (((2, 4, 4, 2), F32), ((3, 3, 2, 2), F32), ((4,), F32), ((2, 1, 4), F32)),
        F32,
        rtol=1e-5,
        id_suffix="prelu-stride2",
    ),
    OpSpec(
        "fused.mat_mul",
        lambda a, b, bias: tf.fused.mat_mul(a, b, False, True, bias=bias),
        lambda a, b, bias: a @ np.swapaxes(b, -1, -2) + bias,
        (((2, 3, 4), F32), ((1, 5, 4), F32), ((3, 1), F32)),
        F32,
        rtol=1e-5,
        id_suffix="linear-broadcast-bias",
    ),
    OpSpec(
        "fused.mat_mul",
        lambda a, b, alpha: tf.fused.mat_mul(a, b, activation="prelu", prelu_activation_weights=alpha),
        lambda a, b, alpha: _leaky(a @ b, alpha),
        (A, B, ((), F32)),
        F32,
        rtol=1e-5,
        id_suffix="prelu-scalar",
    ),
    OpSpec(
        "fused.mat_mul",
        lambda a, b, bias: tf.fused.mat_mul(a, b, bias=bias, activation="relu"),
        lambda a, b, bias: _relu(a @ b + bias),
        (((3, 4), I32), ((4, 2), I32), ((2,), I32)),
        I32,
        id_suffix="int32",
    ),
]
