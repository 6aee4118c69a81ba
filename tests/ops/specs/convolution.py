"""Operations / Convolution: the conv2d family (conv1d, conv2d, conv2d_transpose,
depthwise_conv2d, separable_conv2d). The references spell out each window's padding
(top, bottom, left, right) as TF.js splits it for the row's shapes."""

from __future__ import annotations

import numpy as np

import tfjs as tf
from tests.ops.op_spec import F32, OpSpec


def conv_ref(
    x: np.ndarray,
    w: np.ndarray,
    strides: tuple[int, int] = (1, 1),
    pads: tuple[int, int, int, int] = (0, 0, 0, 0),
    dilations: tuple[int, int] = (1, 1),
    depthwise: bool = False,
) -> np.ndarray:
    """NHWC convolution by definition: zero padding, then a sum over the filter's taps."""
    top, bottom, left, right = pads
    xp = np.pad(x, ((0, 0), (top, bottom), (left, right), (0, 0)))
    fh, fw = w.shape[:2]
    (sh, sw), (dh, dw) = strides, dilations
    oh = (xp.shape[1] - (fh - 1) * dh - 1) // sh + 1
    ow = (xp.shape[2] - (fw - 1) * dw - 1) // sw + 1
    out = 0.0
    for i in range(fh):
        for j in range(fw):
            tap = xp[:, i * dh : i * dh + (oh - 1) * sh + 1 : sh, j * dw : j * dw + (ow - 1) * sw + 1 : sw]
            if depthwise:
                out = out + (tap[..., None] * w[i, j]).reshape(*tap.shape[:3], -1)
            else:
                out = out + tap @ w[i, j]
    return out


def conv_transpose_ref(
    dy: np.ndarray, w: np.ndarray, out_shape: tuple[int, ...], strides: tuple[int, int], top: int, left: int
) -> np.ndarray:
    """The input gradient of a conv2d: each output position spreads dy through the filter."""
    n, height, width, _ = out_shape
    fh, fw = w.shape[:2]
    big = np.zeros(
        (
            n,
            height + fh + top + dy.shape[1] * strides[0],
            width + fw + left + dy.shape[2] * strides[1],
            w.shape[2],
        )
    )
    for r in range(dy.shape[1]):
        for c in range(dy.shape[2]):
            r0, c0 = r * strides[0], c * strides[1]
            big[:, r0 : r0 + fh, c0 : c0 + fw] += np.einsum("no,hwio->nhwi", dy[:, r, c], w)
    return big[:, top : top + height, left : left + width]


def _nchw(x: np.ndarray) -> np.ndarray:
    return x.transpose(0, 3, 1, 2)


_NCHW_PADS = [[0, 0], [0, 0], [1, 0], [2, 1]]

SPECS: list[OpSpec] = [
    OpSpec(
        "conv2d",
        lambda x, w: tf.conv2d(x, w, 1, "valid"),
        conv_ref,
        (((2, 5, 5, 3), F32), ((3, 3, 3, 4), F32)),
        F32,
        rtol=1e-5,
        id_suffix="valid",
    ),
    OpSpec(
        "conv2d",
        lambda x, w: tf.conv2d(x, w, 2, "same"),
        lambda x, w: conv_ref(x, w, (2, 2), (0, 1, 1, 1)),
        (((1, 6, 7, 2), F32), ((3, 3, 2, 3), F32)),
        F32,
        rtol=1e-5,
        id_suffix="same-stride2",
    ),
    OpSpec(
        "conv2d",
        lambda x, w: tf.conv2d(x, w, 1, "same", "NHWC", 2),
        lambda x, w: conv_ref(x, w, pads=(1, 1, 1, 1), dilations=(2, 2)),
        (((1, 5, 5, 2), F32), ((2, 2, 2, 2), F32)),
        F32,
        rtol=1e-5,
        id_suffix="dilated",
    ),
    OpSpec(
        "conv2d",
        lambda x, w: tf.conv2d(
            tf.transpose(x, [0, 3, 1, 2]), w, [1, 2], [[0, 0], [0, 0], [1, 0], [2, 1]], "NCHW"
        ),
        lambda x, w: _nchw(conv_ref(x, w, (1, 2), (1, 0, 2, 1))),
        (((2, 4, 5, 3), F32), ((2, 3, 3, 2), F32)),
        F32,
        rtol=1e-5,
        id_suffix="nchw-explicit",
    ),
    OpSpec(
        "conv2d",
        lambda x, w: tf.conv2d(x, w, 1, 1, "NHWC", 1, "ceil"),
        lambda x, w: conv_ref(x[None], w, pads=(1, 1, 1, 1))[0],
        (((4, 4, 2), F32), ((3, 3, 2, 2), F32)),
        F32,
        rtol=1e-5,
        id_suffix="rank3-numeric-pad",
    ),
    OpSpec(
        "conv2d",
        lambda x, w: tf.conv2d(x, w, [2, 3], "valid"),
        lambda x, w: conv_ref(x, w, (2, 3)),
        (((2, 6, 7, 2), F32), ((3, 2, 2, 3), F32)),
        F32,
        rtol=1e-5,
        id_suffix="valid-strides-unread-edge",  # the last row and column reach no output
    ),
    OpSpec(
        "conv1d",
        lambda x, w: tf.conv1d(x, w, 2, "valid"),
        lambda x, w: conv_ref(x[:, None], w[None], (1, 2))[:, 0],
        (((2, 7, 3), F32), ((3, 3, 2), F32)),
        F32,
        rtol=1e-5,
    ),
    OpSpec(
        "conv1d",
        lambda x, w: tf.conv1d(x, w, 1, "same", "NWC", 2),
        lambda x, w: conv_ref(x[None, None], w[None], pads=(0, 0, 2, 2), dilations=(1, 2))[0, 0],
        (((6, 2), F32), ((3, 2, 3), F32)),
        F32,
        rtol=1e-5,
        id_suffix="rank2-dilated",
    ),
    OpSpec(
        "conv2d_transpose",
        lambda x, w: tf.conv2d_transpose(x, w, [1, 5, 5, 4], 2, "same"),
        lambda x, w: conv_transpose_ref(x, w, (1, 5, 5, 4), (2, 2), 1, 1),
        (((1, 3, 3, 2), F32), ((3, 3, 4, 2), F32)),
        F32,
        rtol=1e-5,
    ),
    OpSpec(
        "conv2d_transpose",
        lambda x, w: tf.conv2d_transpose(x, w, [4, 5, 1], 1, "valid"),
        lambda x, w: conv_transpose_ref(x[None], w, (1, 4, 5, 1), (1, 1), 0, 0)[0],
        (((3, 3, 2), F32), ((2, 3, 1, 2), F32)),
        F32,
        rtol=1e-5,
        id_suffix="rank3-valid",
    ),
    OpSpec(
        "depthwise_conv2d",
        lambda x, w: tf.depthwise_conv2d(x, w, 1, "same"),
        lambda x, w: conv_ref(x, w, pads=(1, 1, 1, 1), depthwise=True),
        (((2, 5, 5, 3), F32), ((3, 3, 3, 2), F32)),
        F32,
        rtol=1e-5,
    ),
    OpSpec(
        "depthwise_conv2d",
        lambda x, w: tf.depthwise_conv2d(x, w, [2, 1], "valid"),
        lambda x, w: conv_ref(x[None], w, (2, 1), depthwise=True)[0],
        (((6, 5, 2), F32), ((2, 3, 2, 1), F32)),
        F32,
        rtol=1e-5,
        id_suffix="rank3-stride",
    ),
    OpSpec(
        "depthwise_conv2d",
        lambda x, w: tf.depthwise_conv2d(tf.transpose(x, [0, 3, 1, 2]), w, 1, "valid", "NCHW", 2),
        lambda x, w: _nchw(conv_ref(x, w, dilations=(2, 2), depthwise=True)),
        (((1, 6, 6, 2), F32), ((2, 2, 2, 3), F32)),
        F32,
        rtol=1e-5,
        id_suffix="nchw-dilated",
    ),
    OpSpec(
        "depthwise_conv2d",
        lambda x, w: tf.depthwise_conv2d(x, w, 2, [[0, 0], [2, 0], [1, 1], [0, 0]]),
        lambda x, w: conv_ref(x, w, (2, 2), (2, 0, 1, 1), depthwise=True),
        (((2, 5, 6, 2), F32), ((3, 3, 2, 2), F32)),
        F32,
        rtol=1e-5,
        id_suffix="explicit-stride2-multiplier2",
    ),
    OpSpec(
        "separable_conv2d",
        lambda x, d, p: tf.separable_conv2d(x, d, p, 1, "valid"),
        lambda x, d, p: conv_ref(conv_ref(x, d, depthwise=True), p),
        (((1, 5, 5, 2), F32), ((3, 3, 2, 2), F32), ((1, 1, 4, 3), F32)),
        F32,
        rtol=1e-5,
    ),
    OpSpec(
        "separable_conv2d",
        lambda x, d, p: tf.separable_conv2d(x, d, p, 2, "same"),
        lambda x, d, p: conv_ref(conv_ref(x[None], d, (2, 2), (0, 1, 0, 1), depthwise=True), p)[0],
        (((4, 4, 1), F32), ((2, 2, 1, 3), F32), ((1, 1, 3, 2), F32)),
        F32,
        rtol=1e-5,
        id_suffix="rank3-same-stride2",
    ),
]
