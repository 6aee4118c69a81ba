"""The algorithms a float32 2-D convolution may run by on PyTorch's CPU device
(backends/torch/kernels/conv_algorithms.py): each against the convolution computed in
float64, over strides, torch's padding, 1x1 and larger filters, groups; and which one
`run_conv` keeps (the fastest measured, never the packed one while a plan is traced)."""

from __future__ import annotations

import numpy as np
import pytest

torch = pytest.importorskip("torch", reason="the torch backend needs PyTorch")

import torch.nn.functional as F  # noqa: E402

from tfjs.backends.torch.kernels import conv_algorithms  # noqa: E402
from tfjs.backends.torch.kernels.conv_algorithms import ConvCall, pack_weight, run_conv  # noqa: E402

RNG = np.random.default_rng(0)  # reseeded per test by conftest

CASES = [  # x NCHW shape, w shape, stride, padding, groups
    ((1, 8, 9, 7), (5, 8, 1, 1), (1, 1), (0, 0), 1),
    ((2, 3, 9, 8), (4, 3, 1, 1), (2, 3), (0, 0), 1),
    ((1, 4, 7, 7), (6, 4, 3, 3), (1, 1), (1, 1), 1),
    ((1, 3, 10, 9), (2, 3, 3, 2), (2, 2), (0, 1), 1),
    ((2, 5, 6, 6), (3, 5, 5, 5), (1, 2), (2, 2), 1),
    ((1, 6, 8, 8), (6, 1, 3, 3), (2, 2), (1, 1), 6),
]


def _call(case) -> ConvCall:
    shape, w_shape, stride, padding, groups = case
    x = torch.from_numpy(RNG.standard_normal(shape).astype(np.float32))
    w = torch.from_numpy(RNG.standard_normal(w_shape).astype(np.float32))
    bias = torch.from_numpy(RNG.standard_normal(w_shape[0]).astype(np.float32))
    cl = torch.channels_last
    return ConvCall(
        x.contiguous(memory_format=cl), w.contiguous(memory_format=cl), bias, stride, padding, (1, 1), groups
    )


def _expected(call: ConvCall) -> torch.Tensor:
    return F.conv2d(
        call.x.double(),
        call.w.double(),
        call.bias.double(),
        call.stride,
        call.padding,
        call.dilation,
        call.groups,
    )


# gemm takes groups 1 only
PAIRS = [
    (case, name) for case in CASES for name in ("onednn", "gemm", "packed") if name != "gemm" or case[4] == 1
]


@pytest.mark.parametrize(
    ("case", "name"), PAIRS, ids=lambda v: v if isinstance(v, str) else f"{v[0]}-{v[1]}-s{v[2]}-p{v[3]}"
)
def test_each_algorithm_gives_the_convolution(case, name):
    call = _call(case)
    assert name in conv_algorithms._candidates(call, pack_weight)
    got = conv_algorithms._ALGORITHMS[name](call, pack_weight)
    want = _expected(call)
    assert got.shape == want.shape
    np.testing.assert_allclose(got.double().numpy(), want.numpy(), rtol=1e-5, atol=1e-5)
    assert got.permute(0, 2, 3, 1).is_contiguous()  # channels-last, as the kernels give it on


def test_run_conv_keeps_the_fastest_measured_and_never_the_packed_one_while_traced(monkeypatch):
    call = _call(CASES[2])
    ran = []
    monkeypatch.setattr(conv_algorithms, "_TIMES", {})
    fake = {"onednn": 3.0, "gemm": 2.0, "packed": 1.0}
    monkeypatch.setattr(conv_algorithms, "_measure", lambda call, packed, names: {n: fake[n] for n in names})
    for name in fake:
        algorithm = conv_algorithms._ALGORITHMS[name]
        monkeypatch.setitem(
            conv_algorithms._ALGORITHMS, name, lambda c, p, n=name, a=algorithm: ran.append(n) or a(c, p)
        )
    run_conv(call, pack_weight)
    run_conv(call)  # no packed weight: not a candidate
    monkeypatch.setattr(torch.jit, "is_tracing", lambda: True)
    run_conv(call, pack_weight)
    assert ran == ["packed", "gemm", "gemm"]


def test_a_measured_choice_is_timed_once_per_geometry(monkeypatch):
    monkeypatch.setattr(conv_algorithms, "_TIMES", {})
    measured = []
    real = conv_algorithms._measure
    monkeypatch.setattr(conv_algorithms, "_measure", lambda *args: measured.append(1) or real(*args))
    call = _call(CASES[0])
    first = run_conv(call, pack_weight)
    again = run_conv(call, pack_weight)
    assert len(measured) == 1
    np.testing.assert_allclose(again.numpy(), first.numpy(), rtol=1e-6, atol=1e-6)


def test_an_algorithm_that_fails_where_it_is_measured_is_not_kept(monkeypatch):
    """A build without oneDNN's packed ops: the convolution runs by another algorithm."""
    monkeypatch.setattr(conv_algorithms, "_TIMES", {})

    def no_packing(call):
        raise RuntimeError("mkldnn ops are not available in this build")

    call = _call(CASES[2])
    got = run_conv(call, no_packing)
    np.testing.assert_allclose(got.double().numpy(), _expected(call).numpy(), rtol=1e-5, atol=1e-5)
    assert "packed" not in next(iter(conv_algorithms._TIMES.values()))


@pytest.mark.filterwarnings("ignore::DeprecationWarning", "ignore::torch.jit.TracerWarning")
def test_a_traced_convolution_takes_the_eager_measurement(monkeypatch):
    """While traced, sizes are tensors: the geometry must still find the eager call's
    timings, not be measured again under the trace (where every op costs more)."""
    monkeypatch.setattr(conv_algorithms, "_TIMES", {})
    measured = []
    real = conv_algorithms._measure
    monkeypatch.setattr(conv_algorithms, "_measure", lambda *args: measured.append(1) or real(*args))
    call = _call(CASES[2])
    eager = run_conv(call)

    def convolve(x):
        return run_conv(call._replace(x=x))

    with torch.no_grad():
        traced = torch.jit.trace(convolve, (call.x,), check_trace=False)
    assert len(measured) == 1
    np.testing.assert_allclose(traced(call.x).numpy(), eager.numpy(), rtol=1e-5, atol=1e-5)


def test_measuring_runs_outside_python_torch_function_modes():
    """A mode (the plan compiler's guard) would add its Python cost to every op timed."""
    from torch.overrides import TorchFunctionMode

    class Counting(TorchFunctionMode):
        calls = 0

        def __torch_function__(self, func, types, args=(), kwargs=None):
            Counting.calls += 1
            return func(*args, **(kwargs or {}))

    call = _call(CASES[2])
    with Counting():
        times = conv_algorithms._measure(call, pack_weight, ["onednn", "gemm"])
    assert Counting.calls == 0
    assert set(times) == {"onednn", "gemm"}


@pytest.mark.parametrize(
    ("dy_shape", "filter_shape"),
    [((1, 8, 4, 4), (8, 5, 2, 2)), ((2, 3, 3, 2), (3, 4, 3, 3)), ((1, 6, 5, 3), (6, 2, 1, 2))],
    ids=str,
)
def test_a_transposed_convolution_whose_filter_is_its_stride_is_a_tiled_product(dy_shape, filter_shape):
    dys = torch.from_numpy(RNG.standard_normal(dy_shape).astype(np.float32))
    filters = torch.from_numpy(RNG.standard_normal(filter_shape).astype(np.float32))
    stride = filter_shape[2:]
    got = conv_algorithms.tiled_transposed_conv(dys.contiguous(memory_format=torch.channels_last), filters)
    want = F.conv_transpose2d(dys.double(), filters.double(), stride=stride)
    assert got.shape == want.shape
    np.testing.assert_allclose(got.double().numpy(), want.numpy(), rtol=1e-5, atol=1e-5)
    assert got.permute(0, 2, 3, 1).is_contiguous()  # channels-last, as the kernels give it on


@pytest.mark.parametrize(
    ("dy_shape", "filter_shape", "stride"),
    [
        ((1, 16, 6, 6), (16, 8, 4, 4), (2, 2)),  # efficientpose's: a filter twice its stride
        ((2, 3, 4, 5), (3, 2, 6, 3), (3, 1)),
        ((1, 4, 5, 3), (4, 3, 3, 3), (1, 1)),
    ],
    ids=str,
)
def test_a_transposed_convolution_whose_filter_is_whole_strides_is_one_convolution(
    dy_shape, filter_shape, stride
):
    dys = torch.from_numpy(RNG.standard_normal(dy_shape).astype(np.float32))
    filters = torch.from_numpy(RNG.standard_normal(filter_shape).astype(np.float32))
    got = conv_algorithms.phased_transposed_conv(
        dys.contiguous(memory_format=torch.channels_last), filters, stride
    )
    want = F.conv_transpose2d(dys.double(), filters.double(), stride=stride)
    assert got.shape == want.shape
    np.testing.assert_allclose(got.double().numpy(), want.numpy(), rtol=1e-5, atol=1e-5)
    assert got.permute(0, 2, 3, 1).is_contiguous()
