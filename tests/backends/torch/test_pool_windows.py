"""torch's pools run TF.js's windows with torch's own padding where it can (symmetric
leading padding of at most half a window, ceil mode for SAME's extra trailing row;
pool.torch_pool_window): max never reads that padding, avg divides by the positions
inside the input (count_include_pad=False). Every geometry below must give the `cpu`
backend's values (the exact reference): NaN skipped by max (a window of NaN only is
-Infinity), ±Infinity, -0's sign."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

import tfjs as tf
from tests.backends.tolerance import assert_close_for_backend

pytest.importorskip("torch", reason="the torch backend needs PyTorch (tfjs[torch])")

NAN, INF = float("nan"), float("inf")
# (input height, window, stride, pad): SAME's even and odd splits, VALID windows that
# leave rows unread, one window along a dimension, windows larger than half the input,
# explicit pads (leading and trailing apart: the padded copy).
GEOMETRIES = [
    (h, k, s, pad)
    for h, k, s, pad in itertools.product(
        [1, 2, 4, 5, 8, 15], [1, 2, 3, 4], [1, 2, 3], ["same", "valid", 1, [[0, 0], [1, 2], [0, 1], [0, 0]]]
    )
    if pad != "valid" or k <= h
    if pad != 1 or k <= h + 2
    if not isinstance(pad, list) or k <= h + 3
]


def _x(h: int) -> np.ndarray:
    """[1, h, h + 3, 3]: numbers, -0, ±Infinity and NaN; channel 0 NaN only."""
    rng = np.random.default_rng(h)
    x = rng.standard_normal((1, h, h + 3, 3)).astype(np.float32)
    flat = x.reshape(-1)
    flat[::5], flat[1::7], flat[2::11], flat[3::13] = -0.0, NAN, INF, -INF
    x[0, :, :, 0] = NAN
    return x


def _run(backend: str, op, x: np.ndarray) -> np.ndarray:
    assert tf.set_backend(backend), f"backend {backend} did not start"
    result = tf.tidy(lambda: op(tf.tensor(x)))
    values = result.data_sync().copy()
    result.dispose()
    return values


@pytest.mark.parametrize(("h", "k", "s", "pad"), GEOMETRIES)
def test_each_pool_geometry_gives_cpus_values(h, k, s, pad):
    x = _x(h)
    ops = {
        "max": lambda t: tf.max_pool(t, [k, k + 1], [s, 1], pad),
        "avg": lambda t: tf.avg_pool(t, [k, k + 1], [s, 1], pad),
        "max 3d": lambda t: tf.max_pool3d(t.reshape([1, 1, *t.shape[1:]]), [1, k, k], [1, s, s], pad),
        "avg 3d": lambda t: tf.avg_pool3d(t.reshape([1, 1, *t.shape[1:]]), [1, k, k], [1, s, s], pad),
    }
    try:
        for name, op in ops.items():
            if pad not in ("same", "valid") and "3d" in name:
                continue  # TF.js's 3-D pools take no number or explicit pad
            want = _run("cpu", op, x)
            got = _run("torch", op, x)
            assert got.shape == want.shape, name
            assert_close_for_backend("torch", got, want)  # NaN where NaN
            numbers = ~np.isnan(want)
            assert np.array_equal(np.signbit(got[numbers]), np.signbit(want[numbers])), name
    finally:
        tf.set_backend("cpu")
