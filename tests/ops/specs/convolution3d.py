"""Operations / Convolution: conv3d, conv3d_transpose, dilation2d."""

from __future__ import annotations

import math

import numpy as np
from numpy.lib.stride_tricks import sliding_window_view

import tfjs as tf
from tests.ops.op_spec import F32, I32, OpSpec


def _same_pads(size: int, window: int, stride: int) -> tuple[int, int]:
    """TF.js's 'same' split (before, after), as the 2-D split (never negative here)."""
    total = max(0, (math.ceil(size / stride) - 1) * stride + window - size)
    return total // 2, total - total // 2


def _windows(x: np.ndarray, shape: tuple[int, ...], strides, dilations, pad: str, fill: float) -> np.ndarray:
    """Every window of x's spatial axes (1 .. n) as trailing axes, after TF.js's padding."""
    axes = tuple(range(1, len(shape) + 1))
    effective = [(k - 1) * d + 1 for k, d in zip(shape, dilations, strict=True)]
    pads = [(0, 0)] * x.ndim
    if pad == "same":
        for axis, window, stride in zip(axes, effective, strides, strict=True):
            pads[axis] = _same_pads(x.shape[axis], window, stride)
    x = np.pad(x, pads, constant_values=fill)
    view = sliding_window_view(x, effective, axis=axes)
    view = view[(slice(None), *(slice(None, None, s) for s in strides))]
    return view[(Ellipsis, *(slice(None, None, d) for d in dilations))]


def _conv3d_ref(strides=(1, 1, 1), pad="valid", dilations=(1, 1, 1)):
    def ref(x: np.ndarray, w: np.ndarray) -> np.ndarray:
        squeeze = x.ndim == 4
        x = x[None] if squeeze else x
        windows = _windows(x, w.shape[:3], strides, dilations, pad, 0)  # N D H W Cin fd fh fw
        out = np.einsum("ndhwcijk,ijkco->ndhwo", windows, w)
        return out[0] if squeeze else out

    return ref


def _conv3d_transpose_ref(x_shape, strides, pad):
    """The transposed convolution as the sum of each tap's scattered dy @ w[tap]^T."""

    def ref(dy: np.ndarray, w: np.ndarray) -> np.ndarray:
        fd, fh, fw = w.shape[:3]
        pads = [(0, 0)] * 3
        if pad == "same":
            pads = [_same_pads(n, k, s) for n, k, s in zip(x_shape[1:4], (fd, fh, fw), strides, strict=True)]
        sizes = [n + a + b for n, (a, b) in zip(x_shape[1:4], pads, strict=True)]
        padded = np.zeros((x_shape[0], *sizes, x_shape[4]))
        out_d, out_h, out_w = dy.shape[1:4]
        sd, sh, sw = strides
        for a in range(fd):
            for b in range(fh):
                for c in range(fw):
                    padded[:, a : a + (out_d - 1) * sd + 1 : sd, b : b + (out_h - 1) * sh + 1 : sh,
                           c : c + (out_w - 1) * sw + 1 : sw] += dy @ w[a, b, c].T  # fmt: skip
        (f0, _), (t0, _), (l0, _) = pads
        return padded[:, f0 : f0 + x_shape[1], t0 : t0 + x_shape[2], l0 : l0 + x_shape[3]]

    return ref


def _dilation2d_ref(strides=(1, 1), pad="valid", dilations=(1, 1)):
    def ref(x: np.ndarray, f: np.ndarray) -> np.ndarray:
        squeeze = x.ndim == 3
        x = x[None] if squeeze else x
        windows = _windows(x.astype(np.float64), f.shape[:2], strides, dilations, pad, -np.inf)
        out = (windows + np.moveaxis(f, 2, 0)).max(axis=(-2, -1))  # N H W C kh kw + C kh kw
        return out[0] if squeeze else out

    return ref


X5, W5 = ((2, 4, 5, 3, 2), F32), ((2, 3, 2, 2, 3), F32)
# conv3d on these small inputs sums in float32 as TF.js does (rounded after every
# product), which strays from the float64 reference by a few ulps of the partial sums.
CONV3D_RTOL = 1e-4
X4 = ((4, 5, 3, 2), F32)
X4D, W3 = ((2, 5, 6, 3), F32), ((2, 3, 3), F32)

SPECS: list[OpSpec] = [
    OpSpec(
        "conv3d", lambda x, w: tf.conv3d(x, w, 1, "valid"), _conv3d_ref(), (X5, W5), F32, rtol=CONV3D_RTOL
    ),
    OpSpec(
        "conv3d",
        lambda x, w: tf.conv3d(x, w, [1, 2, 2], "same"),
        _conv3d_ref((1, 2, 2), "same"),
        (X5, W5),
        F32,
        rtol=CONV3D_RTOL,
        id_suffix="same-strides",
    ),
    OpSpec(
        "conv3d",
        lambda x, w: tf.conv3d(x, w, 1, "same", "NDHWC", [2, 1, 2]),
        _conv3d_ref(pad="same", dilations=(2, 1, 2)),
        (X5, W5),
        F32,
        rtol=CONV3D_RTOL,
        id_suffix="dilations-rank4",
    ),
    OpSpec(
        "conv3d",
        lambda x, w: tf.conv3d(x, w, [2, 1, 1], "valid"),
        _conv3d_ref((2, 1, 1)),
        (X4, W5),
        F32,
        rtol=CONV3D_RTOL,
        id_suffix="rank4",
    ),
    OpSpec(
        "conv3d",
        lambda x, w: tf.conv3d(x, w, 1, "same"),
        _conv3d_ref(pad="same"),
        (((1, 3, 4, 3, 2), I32), ((3, 2, 2, 2, 2), I32)),
        I32,
        id_suffix="int32",
    ),
    OpSpec(
        "conv3d_transpose",
        lambda x, w: tf.conv3d_transpose(x, w, [2, 4, 5, 3, 2], 1, "valid"),
        _conv3d_transpose_ref((2, 4, 5, 3, 2), (1, 1, 1), "valid"),
        (((2, 3, 3, 2, 3), F32), W5),
        F32,
        rtol=1e-5,
    ),
    OpSpec(
        "conv3d_transpose",
        lambda x, w: tf.conv3d_transpose(x, w, [2, 5, 6, 3, 2], [2, 2, 1], "same"),
        _conv3d_transpose_ref((2, 5, 6, 3, 2), (2, 2, 1), "same"),
        (((2, 3, 3, 3, 3), F32), W5),
        F32,
        rtol=1e-5,
        id_suffix="same-strides",
    ),
    OpSpec(
        "conv3d_transpose",
        lambda x, w: tf.conv3d_transpose(x, w, [4, 5, 3, 2], 1, "same"),
        lambda x, w: _conv3d_transpose_ref((1, 4, 5, 3, 2), (1, 1, 1), "same")(x[None], w)[0],
        (((4, 5, 3, 3), I32), W5),
        F32,
        rtol=1e-5,
        id_suffix="rank4-int32",
    ),
    OpSpec("dilation2d", lambda x, f: tf.dilation2d(x, f, 1, "valid"), _dilation2d_ref(), (X4D, W3), F32),
    OpSpec(
        "dilation2d",
        lambda x, f: tf.dilation2d(x, f, [2, 1], "same"),
        _dilation2d_ref((2, 1), "same"),
        (X4D, W3),
        F32,
        id_suffix="same-strides",
    ),
    OpSpec(
        "dilation2d",
        lambda x, f: tf.dilation2d(x, f, 1, "same", 2),
        _dilation2d_ref(pad="same", dilations=(2, 2)),
        (((5, 6, 3), F32), W3),
        F32,
        id_suffix="dilations-rank3",
    ),
    OpSpec(
        "dilation2d",
        lambda x, f: tf.dilation2d(x, f, 1, "valid", [1, 2]),
        _dilation2d_ref(dilations=(1, 2)),
        (((2, 5, 6, 3), I32), ((2, 3, 3), I32)),
        I32,
        id_suffix="int32",
    ),
]
