"""A depthwise convolution padded more after than before runs with leading zero taps
instead of a padded copy (kernels/conv_shifted.py): cpu's values, and where an Infinity
or NaN would meet a zero tap, cpu's non-finite values too (the padded copy runs)."""

from __future__ import annotations

import numpy as np
import pytest

torch = pytest.importorskip("torch", reason="the torch backend needs PyTorch")

import tfjs as tf  # noqa: E402
from tests.helpers import results_of, tidy_numpy  # noqa: E402
from tfjs.backend_util.conv_info import compute_conv2d_info  # noqa: E402
from tfjs.backends.torch.kernels import conv, conv_shifted  # noqa: E402
from tfjs.backends.torch.kernels.conv_util import torch_window  # noqa: E402

RNG = np.random.default_rng(0)  # reseeded per test by conftest
FILTER = np.random.default_rng(3).standard_normal((3, 3, 3, 1)).astype(np.float32)


@pytest.mark.parametrize(
    ("in_size", "filter_size", "stride", "dilation", "want"),
    [
        (8, 3, 2, 1, conv_shifted.ShiftedWindow((1, 1), (1, 1))),  # SAME: 0 before, 1 after
        (8, 4, 1, 1, conv_shifted.ShiftedWindow((1, 1), (2, 2))),  # 1 before, 2 after
        (8, 3, 1, 1, None),  # 1 and 1: torch's own padding, no copy
        (8, 2, 2, 2, None),  # 0 and 1 with a dilation of 2: not a whole tap
    ],
)
def test_the_shifted_window(in_size, filter_size, stride, dilation, want):
    info = compute_conv2d_info(
        (1, in_size, in_size, 3), (filter_size, filter_size, 3, 1), stride, dilation, "same", depthwise=True
    )
    assert conv_shifted.shifted_window(torch_window(info)) == want


def _cpu_and_torch(run) -> tuple[np.ndarray, np.ndarray]:
    previous = tf.get_backend()
    results = []
    for backend in ("cpu", "torch"):
        tf.set_backend(backend)
        out = run()
        results.append(out.numpy())
        out.dispose()
    tf.set_backend(previous)
    return results[0], results[1]


def eager_checks() -> bool:
    """Whether torch's kernels check values as they run (the CPU device), where a fast
    path whose result a check may overturn is taken."""
    return tf.engine().find_backend("torch").checks.can_check()


def _input(non_finite: float | None) -> np.ndarray:
    x = RNG.standard_normal((1, 8, 8, 3)).astype(np.float32)
    if non_finite is not None:
        x[0, 3, 5, 1] = non_finite  # an odd row and column: a zero tap of the next window reads it
    return x


@pytest.mark.parametrize("non_finite", [None, float("inf"), float("nan")])
def test_a_depthwise_convolution_padded_after_gives_cpus_values(non_finite, monkeypatch, on_torch_cpu):
    shifted = []
    make = conv.with_leading_zero_taps
    monkeypatch.setattr(conv, "with_leading_zero_taps", lambda *a: shifted.append(a[1]) or make(*a))
    x = _input(non_finite)

    def run() -> tf.Tensor:
        return tf.tidy(lambda: tf.depthwise_conv2d(tf.tensor(x), tf.tensor(FILTER), 2, "same"))

    want, got = _cpu_and_torch(run)
    if eager_checks():
        assert shifted == [(1, 1)], "the shifted form did not run"
    else:  # its check could not stand before the result is used (a GPU, --deferred-checks)
        assert shifted == [], "the shifted form ran unchecked"
    np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-6)  # NaN and Infinity where cpu has them
    assert np.isfinite(want).all() == (non_finite is None)


def _depthwise_model() -> tf.GraphModel:
    """x [-1, 8, 8, 3] -> DepthwiseConv2dNative (3x3, stride 2, SAME)."""
    from tests.converter.test_plan_programs import F32, ONES, load, node
    from tests.graph_fixtures import b64, placeholder, weight

    strides = {"list": {"i": ["1", "2", "2", "1"]}}
    layout = {"padding": {"s": b64("SAME")}, "data_format": {"s": b64("NHWC")}, "dilations": ONES}
    nodes = [
        placeholder("x", [-1, 8, 8, 3]),
        weight("filter"),
        node("out", "DepthwiseConv2dNative", ["x", "filter"], **F32, **layout, strides=strides),
    ]
    specs = [{"name": "filter", "shape": list(FILTER.shape), "dtype": "float32"}]
    return load(nodes, specs, FILTER.tobytes())


def test_a_compiled_plan_runs_its_kernels_where_a_zero_tap_meets_infinity(monkeypatch, on_torch_cpu):
    """The compiled graph reports a non-finite sum as a failed check: that call runs its
    kernels, which take the padded copy."""
    from tfjs.backends.torch import plan_compiler

    compiled = results_of(monkeypatch, plan_compiler, "compile_plan")
    model = _depthwise_model()
    feeds = [_input(None) for _ in range(4)] + [_input(float("inf")), _input(None)]
    tf.set_backend("cpu")
    want = [tidy_numpy(lambda x=x: model.execute(tf.tensor(x))) for x in feeds]
    tf.set_backend("torch")
    for x, values in zip(feeds, want, strict=True):
        np.testing.assert_allclose(
            tidy_numpy(lambda x=x: model.execute(tf.tensor(x))), values, rtol=1e-5, atol=1e-6
        )
    assert not np.isfinite(want[4]).all()
    assert len(compiled) == 1 and compiled[0] is not None, "the plan was not compiled"
    model.dispose()
