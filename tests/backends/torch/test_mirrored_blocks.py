"""A block of 1x1 convolution, clamp, stride-2 depthwise convolution padded after (the
shifted form) and clamp runs mirrored in a compiled plan (mirrored_blocks.py): the same
values as TF.js's padding after, NaN included, where the shifted form's zero taps make
more NaN; other blocks stay as they are."""

from __future__ import annotations

import numpy as np
import pytest

torch = pytest.importorskip("torch", reason="the torch backend needs PyTorch")
F = torch.nn.functional

from tests.backends.torch.test_onednn_graph import _frozen  # noqa: E402
from tests.helpers import compiled_calls_match_cpu, results_of  # noqa: E402
from tfjs.backends.torch import mirrored_blocks, onednn_graph, plan_compiler  # noqa: E402

RNG = np.random.default_rng(0)  # reseeded per test by conftest


def _weights(channels: int = 6, lead: bool = True) -> dict[str, torch.Tensor]:
    generator = torch.Generator().manual_seed(0)
    depthwise = torch.randn(channels, 1, 3, 3, generator=generator)
    shifted = F.pad(depthwise, [1, 0, 1, 0] if lead else [0, 1, 0, 1])  # zero taps before
    return {
        "expand": torch.randn(channels, 2, 1, 1, generator=generator),
        "expand_bias": torch.randn(channels, generator=generator),
        "depthwise": depthwise,
        "shifted": shifted.contiguous(memory_format=torch.channels_last),
        "bias": torch.randn(channels, generator=generator),
        "project": torch.randn(3, channels, 1, 1, generator=generator),
    }


class _Block(torch.nn.Module):
    """expand 1x1 -> relu6 -> shifted depthwise (stride 2) -> relu6 -> project 1x1, with
    `variant` changing one thing."""

    def __init__(self, variant: str = "") -> None:
        super().__init__()
        self.variant = variant
        self.w = _weights(lead=variant != "taps after")

    def forward(self, x: torch.Tensor) -> torch.Tensor | tuple[torch.Tensor, torch.Tensor]:
        w = self.w
        expanded = F.conv2d(x, w["expand"], w["expand_bias"])
        act = expanded.clamp(0.0, 6.0)
        if self.variant == "hard swish":
            act = F.hardswish(expanded) * 0.5
        elif self.variant == "a map added":
            act = act + x.mean(1, keepdim=True)
        stride = 1 if self.variant == "stride 1" else 2
        y = F.conv2d(act, w["shifted"], w["bias"], stride, 1, 1, act.shape[1])
        if self.variant == "hard swish":  # checked as conv_shifted.check_total checks it
            return F.hardswish(y), y.sum(dtype=torch.float32)
        out = F.conv2d(y.clamp(0.0, 6.0), w["project"])
        return (out, expanded) if self.variant == "expansion read twice" else out


@pytest.fixture(autouse=True)
def any_size(monkeypatch):
    """These blocks' expanded maps (6x8x8 floats) are mirrored, however small."""
    monkeypatch.setattr(mirrored_blocks, "_MIN_EXPANDED_BYTES", 0)


def _graphs(variant: str = "") -> tuple[torch._C.Graph, torch._C.Graph, int]:
    """The block's frozen graph (without its module input) as is and mirrored, and how
    many blocks the mirroring rewrote."""
    example = torch.randn(1, 2, 8, 8).contiguous(memory_format=torch.channels_last)
    plain = _frozen(_Block(variant), example).graph.copy()
    plain.eraseInput(0)
    mirrored = plain.copy()
    count = mirrored_blocks.mirror_shifted_blocks(mirrored, [example])
    mirrored.lint()
    return plain, mirrored, count


def _run(graph: torch._C.Graph, x: torch.Tensor) -> torch.Tensor:
    with torch.no_grad():
        result = torch._C._create_function_from_graph("block", graph)(x)
    return result[0] if isinstance(result, tuple) else result


def _tfjs_block(x: torch.Tensor, variant: str = "") -> torch.Tensor:
    """What TF.js computes: SAME padding of a stride-2 3x3 window on an even size is one
    row and column after."""
    w = _weights()
    expanded = F.conv2d(x, w["expand"], w["expand_bias"])
    act = F.hardswish(expanded) * 0.5 if variant == "hard swish" else expanded.clamp(0.0, 6.0)
    y = F.conv2d(F.pad(act, [0, 1, 0, 1]), w["depthwise"], w["bias"], 2, 0, 1, act.shape[1])
    return F.hardswish(y) if variant == "hard swish" else F.conv2d(y.clamp(0.0, 6.0), w["project"])


def test_a_mirrored_block_gives_tfjs_values_and_nan_where_the_shifted_form_makes_more():
    plain, mirrored, count = _graphs()
    assert count == 1
    assert len(mirrored.findAllNodes("aten::flip")) == 2  # the block's input, its output
    x = torch.randn(1, 2, 8, 8, dtype=torch.float32).contiguous(memory_format=torch.channels_last)
    torch.testing.assert_close(_run(mirrored, x), _tfjs_block(x), rtol=1e-5, atol=1e-5)
    x[0, 1, 3, 3] = torch.nan  # read by TF.js's windows 1; by the shifted form's 2 too (a zero tap)
    want, got, shifted = _tfjs_block(x), _run(mirrored, x), _run(plain, x)
    assert torch.equal(got.isnan(), want.isnan())
    assert shifted.isnan().sum() > want.isnan().sum(), "the test's NaN reaches no zero tap"
    torch.testing.assert_close(got.nan_to_num(), want.nan_to_num(), rtol=1e-5, atol=1e-5)


def test_an_activation_chain_mirrors_and_the_shifted_form_s_check_goes():
    # hard swish then a scale before the depthwise convolution; after it, no clamp but
    # the shifted form's check, which the mirrored form (no zero taps) does not need
    plain, mirrored, count = _graphs("hard swish")
    assert count == 1
    x = torch.randn(1, 2, 8, 8).contiguous(memory_format=torch.channels_last)
    with torch.no_grad():
        out, check = torch._C._create_function_from_graph("block", mirrored)(x)
        _, plain_check = torch._C._create_function_from_graph("block", plain)(x)
    torch.testing.assert_close(out, _tfjs_block(x, "hard swish"), rtol=1e-5, atol=1e-5)
    assert float(check) == 0.0 and float(plain_check) != 0.0


@pytest.mark.parametrize(("least", "count"), [(6 * 8 * 8 * 4, 1), (6 * 8 * 8 * 4 + 1, 0)])
def test_only_a_block_whose_expanded_map_is_large_enough_is_mirrored(least, count, monkeypatch):
    # measured on the example: the 6x8x8 float map the expansion makes here
    monkeypatch.setattr(mirrored_blocks, "_MIN_EXPANDED_BYTES", least)
    assert _graphs()[2] == count


@pytest.mark.parametrize("variant", ["expansion read twice", "taps after", "stride 1", "a map added"])
def test_other_blocks_are_left_as_they_are(variant):
    plain, mirrored, count = _graphs(variant)
    assert count == 0
    assert [node.kind() for node in mirrored.nodes()] == [node.kind() for node in plain.nodes()]
    assert not mirrored.findAllNodes("aten::flip")


def _expand_depthwise_project_model():
    """x [-1, 8, 8, 2] -> Conv2D 1x1 (to 6) -> BiasAdd -> Relu6 -> DepthwiseConv2dNative
    (3x3, stride 2, SAME: padded after) -> Relu6 -> Conv2D 1x1 (to 3)."""
    from tests.converter.test_plan_programs import F32, ONES, load, node
    from tests.graph_fixtures import b64, placeholder, weight

    same = {"padding": {"s": b64("SAME")}, "data_format": {"s": b64("NHWC")}}
    weights = (
        ("expand", RNG.standard_normal((1, 1, 2, 6)).astype(np.float32)),
        ("bias", RNG.standard_normal(6).astype(np.float32)),
        ("depthwise", RNG.standard_normal((3, 3, 6, 1)).astype(np.float32)),
        ("project", RNG.standard_normal((1, 1, 6, 3)).astype(np.float32)),
    )
    nodes = [
        placeholder("x", [-1, 8, 8, 2]),
        *(weight(name) for name, _ in weights),
        node("expanded", "Conv2D", ["x", "expand"], **F32, strides=ONES, dilations=ONES, **same),
        node("biased", "BiasAdd", ["expanded", "bias"], **F32),
        node("act", "Relu6", ["biased"], **F32),
        node(
            "dw",
            "DepthwiseConv2dNative",
            ["act", "depthwise"],
            **F32,
            strides={"list": {"i": ["1", "2", "2", "1"]}},
            dilations=ONES,
            **same,
        ),
        node("act2", "Relu6", ["dw"], **F32),
        node("out", "Conv2D", ["act2", "project"], **F32, strides=ONES, dilations=ONES, **same),
    ]
    specs = [{"name": name, "shape": list(a.shape), "dtype": "float32"} for name, a in weights]
    return load(nodes, specs, b"".join(a.tobytes() for _, a in weights))


def test_a_model_s_block_runs_mirrored_in_its_compiled_plan_with_cpus_values(monkeypatch, on_torch_cpu):
    if not torch.backends.mkldnn.is_available():
        pytest.skip("this PyTorch build has no oneDNN")
    monkeypatch.setattr(plan_compiler, "fastest", lambda forms, plain, example: forms[0] if forms else None)
    rewritten = results_of(monkeypatch, onednn_graph, "mirror_shifted_blocks")
    model = _expand_depthwise_project_model()
    feeds = [RNG.standard_normal((1, 8, 8, 2)).astype(np.float32) * 3 for _ in range(4)]

    def close(got: np.ndarray, want: np.ndarray, message: str) -> None:
        np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-5, err_msg=message)

    compiled_calls_match_cpu(monkeypatch, model, feeds, set(), close)
    assert rewritten == [1]  # the chains' form only
    model.dispose()
