"""oneDNN's fused relu and clip turn a NaN into 0 (TF.js's relu and relu6 keep it): a
compiled plan that runs with oneDNN Graph runs its kernels one by one for a feed holding
a NaN or an Infinity, and a graph whose weights hold one is not run with oneDNN Graph."""

from __future__ import annotations

import numpy as np
import pytest

torch = pytest.importorskip("torch", reason="the torch backend needs PyTorch")

import tfjs as tf  # noqa: E402
from tests.helpers import compiled_calls_match_cpu, results_of  # noqa: E402
from tfjs.analysis.models import runs_as  # noqa: E402
from tfjs.backends.torch import plan_compiler  # noqa: E402

RNG = np.random.default_rng(0)  # reseeded per test by conftest
FUSED = "compiled: TorchScript + oneDNN Graph"


def _filters() -> np.ndarray:
    """3x3x2x3, with a zero tap (an Infinity it reads makes a NaN)."""
    from tests.converter.test_plan_programs import FILTER

    filters = FILTER.copy()
    filters[0, 0, 1, :] = 0
    return filters


def _conv_activation_model(activation: str, filters: np.ndarray) -> tf.GraphModel:
    """x [-1, 6, 6, 2] -> Conv2D (3x3x2x3, SAME) -> BiasAdd -> `activation`."""
    from tests.backends.torch.test_traced_plans import conv_activation_model

    return conv_activation_model(activation, filters, "SAME", 6)


def _feed(special: float | None) -> np.ndarray:
    x = RNG.standard_normal((1, 6, 6, 2)).astype(np.float32)
    if special is not None:
        x[0, 2, 3, 1] = special
    return x


def _close_with_cpus_nan(got: np.ndarray, want: np.ndarray, message: str) -> None:
    """cpu's NaN and Infinities, and within a rounding its numbers."""
    np.testing.assert_array_equal(np.isnan(got), np.isnan(want), err_msg=f"{message}: NaN")
    np.testing.assert_allclose(np.nan_to_num(got), np.nan_to_num(want), rtol=1e-5, atol=1e-5, err_msg=message)


def _fused_form_always(monkeypatch: pytest.MonkeyPatch) -> None:
    """The plan runs its first oneDNN Graph form, however the forms measure."""
    first = lambda forms, plain, example: forms[0] if forms else None  # noqa: E731
    monkeypatch.setattr(plan_compiler, "fastest", first)


@pytest.mark.parametrize("activation", ["Relu", "Relu6"])
@pytest.mark.parametrize("special", [np.nan, np.inf, -np.inf])
def test_a_feed_with_a_non_finite_value_keeps_tfjs_nan(activation, special, monkeypatch, on_torch_cpu):
    if not torch.backends.mkldnn.is_available():
        pytest.skip("this PyTorch build has no oneDNN")
    _fused_form_always(monkeypatch)
    model = _conv_activation_model(activation, _filters())
    feeds = [_feed(None) for _ in range(4)] + [_feed(special), _feed(None)]
    want = compiled_calls_match_cpu(monkeypatch, model, feeds, {4}, _close_with_cpus_nan)
    assert runs_as(model) == FUSED
    assert np.isnan(want[4]).any(), "the test's feed makes no NaN on cpu"
    model.dispose()


def test_a_graph_whose_weights_hold_nan_runs_no_form_that_fuses_a_relu(monkeypatch, on_torch_cpu):
    """The form with the relu6 fused is refused; the form that leaves it to ATen (it
    keeps NaN) may run, and needs no finite feeds."""
    if not torch.backends.mkldnn.is_available():
        pytest.skip("this PyTorch build has no oneDNN")
    _fused_form_always(monkeypatch)
    filters = _filters()
    filters[1, 1, 0, 2] = np.nan
    forms = results_of(monkeypatch, plan_compiler, "with_onednn_graph")
    model = _conv_activation_model("Relu6", filters)
    feeds = [_feed(None) for _ in range(5)]
    want = compiled_calls_match_cpu(monkeypatch, model, feeds, set(), _close_with_cpus_nan)
    assert np.isnan(want[0]).any()
    assert None in forms, "the form that fuses the relu6 was offered"
    assert all(form is None or not form.needs_finite_feeds for form in forms)
    model.dispose()


def _conv_then_strided_depthwise_model(activation: str) -> tf.GraphModel:
    """x [-1, 8, 8, 2] -> Conv2D (3x3x2x3, SAME) -> BiasAdd -> `activation` (an op, or
    "ClipByValue LO HI") -> DepthwiseConv2dNative (3x3x3x1, stride 2, SAME: padded after,
    the shifted form) -> Relu6."""
    from tests.converter.test_plan_programs import BIAS, F32, FILTER, ONES, load, node
    from tests.graph_fixtures import b64, placeholder, weight

    same = {"padding": {"s": b64("SAME")}, "data_format": {"s": b64("NHWC")}}
    halves = {"list": {"i": ["1", "2", "2", "1"]}}
    depthwise = RNG.standard_normal((3, 3, 3, 1)).astype(np.float32)
    clip = activation.startswith("ClipByValue")
    bounds = [
        (name, np.array(float(b), np.float32))
        for name, b in zip(("lo", "hi"), activation.split()[1:], strict=False)
    ]
    nodes = [
        placeholder("x", [-1, 8, 8, 2]),
        *(weight(name) for name in ("filter", "bias", "depthwise", "lo", "hi")[: 5 if clip else 3]),
        node("conv", "Conv2D", ["x", "filter"], **F32, strides=ONES, dilations=ONES, **same),
        node("biasadd", "BiasAdd", ["conv", "bias"], **F32),
        node(
            "act", *(["ClipByValue", ["biasadd", "lo", "hi"]] if clip else [activation, ["biasadd"]]), **F32
        ),
        node(
            "dw",
            "DepthwiseConv2dNative",
            ["act", "depthwise"],
            **F32,
            strides=halves,
            dilations=ONES,
            **same,
        ),
        node("out", "Relu6", ["dw"], **F32),
    ]
    weights = (("filter", FILTER), ("bias", BIAS), ("depthwise", depthwise), *bounds)
    specs = [{"name": name, "shape": list(a.shape), "dtype": "float32"} for name, a in weights]
    return load(nodes, specs, b"".join(a.tobytes() for _, a in weights))


@pytest.mark.parametrize(("activation", "dropped"), [("Relu6", 1), ("Relu", 0), ("ClipByValue -1 2", 0)])
def test_a_shifted_depthwise_convolution_of_a_fused_clamp_runs_unchecked(
    activation, dropped, monkeypatch, on_torch_cpu
):
    """Its input comes out of oneDNN's clamp, finite: the chains' form drops its output
    check (and fuses its relu6), and still keeps TF.js's NaN for a NaN feed; after a relu
    (unbounded) or a ClipByValue (its kernel keeps NaN: no clamp) the check stays."""
    if not torch.backends.mkldnn.is_available():
        pytest.skip("this PyTorch build has no oneDNN")
    from tfjs.backends.torch import onednn_graph

    _fused_form_always(monkeypatch)
    drops = results_of(monkeypatch, onednn_graph, "_drop_checks_of_clamped_inputs")
    model = _conv_then_strided_depthwise_model(activation)
    feeds = [RNG.standard_normal((1, 8, 8, 2)).astype(np.float32) * 3 for _ in range(6)]
    feeds[4][0, 3, 4, 1] = np.nan
    want = compiled_calls_match_cpu(monkeypatch, model, feeds, {4}, _close_with_cpus_nan)
    assert runs_as(model) == FUSED
    assert [len(unchecked) for unchecked in drops] == [dropped]  # the chains' form only
    assert np.isnan(want[4]).any(), "the test's feed makes no NaN on cpu"
    model.dispose()


def test_checks_stay_where_onednn_graph_leaves_a_clamp_to_aten(monkeypatch, on_torch_cpu):
    """ATen's clamp keeps NaN: the chains' form is compiled again with its checks."""
    if not torch.backends.mkldnn.is_available():
        pytest.skip("this PyTorch build has no oneDNN")
    from tfjs.backends.torch import onednn_graph

    _fused_form_always(monkeypatch)
    monkeypatch.setattr(onednn_graph, "_clamps_left_to_aten", lambda optimized: True)
    respelled = []
    original = onednn_graph._respelled
    monkeypatch.setattr(
        onednn_graph,
        "_respelled",
        lambda frozen, chains=False, unchecked=None, example=(): (
            respelled.append(unchecked is not None) or original(frozen, chains, unchecked, example)
        ),
    )
    model = _conv_then_strided_depthwise_model("Relu6")
    feeds = [RNG.standard_normal((1, 8, 8, 2)).astype(np.float32) for _ in range(5)]
    compiled_calls_match_cpu(monkeypatch, model, feeds, set(), _close_with_cpus_nan)
    assert respelled == [True, False, False]  # the chains' form twice, then the traced one
    model.dispose()
