"""torch's convolutions put TF.js's padding into torch's own (symmetric) padding, an
F.pad of what is left past it, or a crop of rows no window reads (conv_util.torch_window);
the bias goes into the convolution. Every geometry below must give the `cpu` backend's
values (the exact reference), -0's sign included: inputs and a bias holding -0, whose
sums TF.js starts from +0."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

import tfjs as tf
from tests.backends.tolerance import assert_close_for_backend

pytest.importorskip("torch", reason="the torch backend needs PyTorch (tfjs[torch])")

_PADDED_ROWS = {"same": 1 << 30, "valid": 0, "2": 4, "[[0, 0], [3, 0], [0, 2], [0, 0]]": 3}
# (input height, filter size, stride, dilation, pad): SAME's even and odd splits, VALID
# windows that leave rows unread (cropped when torch would read them), a single window
# along a dimension, explicit pads past torch's symmetric ones, and negative sizes none.
GEOMETRIES = [
    (h, k, s, d, pad)
    for h, k, (s, d), pad in itertools.product(
        [1, 4, 5, 8],
        [1, 2, 3],
        [(1, 1), (2, 1), (3, 1), (1, 2)],
        ["same", "valid", 2, [[0, 0], [3, 0], [0, 2], [0, 0]]],
    )
    if (k - 1) * d + 1 <= h + _PADDED_ROWS[str(pad)]
]
BIAS = [-0.0, 0.5]


def _ops(s: int, d: int, pad) -> dict:
    """Each convolution kernel at one geometry, of x ([1, h, w, 3]) and w ([k, k, 3, 2])."""
    nchw_pad = [[0, 0], [0, 0], *pad[1:3]] if isinstance(pad, list) else pad
    return {
        "conv2d": lambda x, w: tf.conv2d(x, w, s, pad, "NHWC", d),
        "conv2d NCHW": lambda x, w: tf.conv2d(x.transpose([0, 3, 1, 2]), w, s, nchw_pad, "NCHW", d),
        "depthwise": lambda x, w: tf.depthwise_conv2d(x, w, s, pad, "NHWC", d),
        "fused relu": lambda x, w: tf.fused.conv2d(
            x, w, s, pad, "NHWC", d, bias=tf.tensor(BIAS), activation="relu"
        ),
        "fused depthwise relu6": lambda x, w: tf.fused.depthwise_conv2d(
            x, w, s, pad, "NHWC", d, bias=tf.tensor(BIAS * 3), activation="relu6"
        ),
        "fused one bias": lambda x, w: tf.fused.conv2d(x, w, s, pad, "NHWC", d, bias=tf.tensor([-0.0])),
    }


def _run(backend: str, op, x: np.ndarray, w: np.ndarray) -> np.ndarray:
    assert tf.set_backend(backend), f"backend {backend} did not start"
    result = tf.tidy(lambda: op(tf.tensor(x), tf.tensor(w)))
    values = result.data_sync().copy()
    result.dispose()
    return values


@pytest.mark.parametrize(("h", "k", "s", "d", "pad"), GEOMETRIES)
def test_each_window_geometry_gives_cpus_values_and_zero_signs(h, k, s, d, pad):
    rng = np.random.default_rng(h * 1000 + k * 100 + s * 10 + d)
    x = rng.standard_normal((1, h, h + 3, 3)).astype(np.float32)
    x.reshape(-1)[::3] = -0.0
    x[0, :, :, 0] = -0.0  # a channel of -0 only: its sums are +0 in TF.js
    w = rng.standard_normal((k, k, 3, 2)).astype(np.float32)
    try:
        for name, op in _ops(s, d, pad).items():
            want = _run("cpu", op, x, w)
            got = _run("torch", op, x, w)
            assert got.shape == want.shape, name
            assert_close_for_backend("torch", got, want)
            assert np.array_equal(np.signbit(got), np.signbit(want)), name
    finally:
        tf.set_backend("cpu")


def test_a_sum_of_negative_zeros_is_positive_zero_with_or_without_bias():
    x = np.full((1, 6, 6, 2), -0.0, np.float32)
    w = np.ones((3, 3, 2, 2), np.float32)
    try:
        assert tf.set_backend("torch"), "torch did not start"
        results = tf.tidy(
            lambda: [
                tf.conv2d(tf.tensor(x), tf.tensor(w), 1, "same"),
                # one term per sum: torch's own small convolution gives -0 here
                tf.conv2d(tf.tensor(x[..., :1]), tf.ones([1, 1, 1, 2]), 1, "valid"),
                tf.depthwise_conv2d(tf.tensor(x), tf.tensor(w), 2, "valid"),
                tf.fused.conv2d(tf.tensor(x), tf.tensor(w), 1, "same", bias=tf.tensor([-0.0, -0.0])),
                tf.fused.conv2d(
                    tf.tensor(x), tf.tensor(w), 1, "valid", bias=tf.tensor([-0.0]), activation="relu"
                ),
            ]
        )
        for result in results:
            values = result.data_sync()
            assert values.size and not np.signbit(values).any()
        tf.dispose(results)
    finally:
        tf.set_backend("cpu")
