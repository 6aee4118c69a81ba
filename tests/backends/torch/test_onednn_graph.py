"""A frozen plan graph respelled for oneDNN Graph (backends/torch/onednn_graph.py): each
respelled op gives the bits the original gives (NaN, ±Infinity and -0 included), none of
the names oneDNN Graph would take is left, a hard swish after a convolution becomes the
one op oneDNN fuses into it (within a rounding), and a graph the bridge cannot take is
left to the plain executor."""

from __future__ import annotations

import warnings

import pytest

torch = pytest.importorskip("torch", reason="the torch backend needs PyTorch")

from tfjs.backends.torch import onednn_graph  # noqa: E402

RESPELLED_KINDS = {
    "aten::mul", "aten::mul_", "aten::div", "aten::div_", "aten::clamp", "aten::clamp_", "aten::sigmoid",
    "aten::abs", "aten::abs_", "aten::cat", "aten::softmax", "aten::add", "aten::add_", "aten::relu",
    "aten::relu_", "aten::permute",
}  # fmt: skip


class _Elementwise(torch.nn.Module):
    def forward(self, x: torch.Tensor, y: torch.Tensor) -> tuple[torch.Tensor, ...]:
        a = (x * y).mul_(y)
        b = (x / y).div_(y)
        c = torch.div(x, y, rounding_mode="floor")
        d = x.clamp(-1.0, 1.0)
        e = torch.sigmoid(x).abs().add_(y.clone().abs_())
        f = torch.cat([x, y], 1)
        g = torch.softmax(x, 1)
        h = torch.add(x, y, alpha=2) + 3.0
        i = torch.relu(x) + torch.relu(y.clone()).relu_()
        j = x.permute(1, 0).contiguous() + x.clamp_min(0.0).clamp_(0.5, 2.0).t()
        return a, b, c, d, e, f, g, h, i, j


def _frozen(module: torch.nn.Module, *example: torch.Tensor) -> torch.jit.ScriptModule:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        with torch.no_grad():
            return torch.jit.freeze(torch.jit.trace(module.eval(), example, check_trace=False))


def _special_values(shape: tuple[int, ...], seed: int) -> torch.Tensor:
    values = torch.randn(shape, generator=torch.Generator().manual_seed(seed)) * 3
    flat = values.view(-1)
    flat[:6] = torch.tensor([float("nan"), float("inf"), -float("inf"), -0.0, 0.0, 1e-40])
    return values


def test_respelled_ops_give_the_same_bits_and_leave_no_name_the_bridge_takes():
    x, y = _special_values((4, 5), 1), _special_values((4, 5), 2).flip(1)
    frozen = _frozen(_Elementwise(), x, y)
    respelled = onednn_graph._respelled(frozen.graph)
    assert not {node.kind() for node in respelled.nodes()} & RESPELLED_KINDS
    function = torch._C._create_function_from_graph("respelled", respelled)
    with torch.no_grad(), torch.jit.optimized_execution(False):
        want, got = frozen(x, y), function(x, y)
    for expected, actual in zip(want, got, strict=True):
        assert actual.dtype == expected.dtype and actual.shape == expected.shape
        assert torch.equal(expected.view(torch.int32), actual.contiguous().view(torch.int32))


class _Relus(torch.nn.Module):
    """The kernels' relu and relu6: a clamp, then `+ 0` (TF.js's relu of -0 is +0)."""

    def forward(self, x: torch.Tensor) -> tuple[torch.Tensor, ...]:
        from tfjs.backends.torch.kernels.activation import relu6
        from tfjs.backends.torch.kernels.unary import relu

        return relu(x) * 2.0, relu6(x * 4.0), relu(x)


def test_a_relu_and_its_plus_zero_run_as_one_threshold_with_the_same_bits():
    x = _special_values((6, 7), 3)
    frozen = _frozen(_Relus(), x)
    respelled = onednn_graph._respelled(frozen.graph)
    kinds = [node.kind() for node in respelled.nodes()]
    assert kinds.count("aten::threshold") == 3 and kinds.count("aten::clamp_max_") == 1
    assert not {"aten::clamp_min", "aten::clip", "aten::sub", "aten::sub_"} & set(kinds)
    function = torch._C._create_function_from_graph("respelled", respelled)
    with torch.no_grad(), torch.jit.optimized_execution(False):
        want, got = frozen(x), function(x)
    for expected, actual in zip(want, got, strict=True):
        assert torch.equal(expected.view(torch.int32), actual.contiguous().view(torch.int32))


class _HardSwish(torch.nn.Module):
    """A convolution, then a hard swish as the kernels run centernet's: (x * s) *
    relu6(x + 3), relu6 a clamp then `+ 0`; `variant` changes one thing that must keep
    the ops as they are."""

    def __init__(self, variant: str = "", scale: float = 0.1666259765625) -> None:
        super().__init__()
        self.variant, self.scale = variant, scale
        generator = torch.Generator().manual_seed(4)
        self.weight = torch.randn(6, 3, 1, 1, generator=generator)
        self.bias = torch.randn(6, generator=generator)

    def forward(self, image: torch.Tensor) -> tuple[torch.Tensor, ...]:
        x = torch.nn.functional.conv2d(image, self.weight, self.bias)
        if self.variant == "not a convolution's":
            x = torch.tanh(x)
        shift = 2.0 if self.variant == "plus 2" else 3.0
        relu6 = torch.clamp(x + shift, 0, 6) + 0
        out = (x * self.scale) * relu6
        return (out, x) if self.variant == "x read again" else (out,)


def test_a_hard_swish_after_a_convolution_is_one_hardswish_and_its_scale():
    image = _special_values((1, 3, 5, 4), 5) * 2
    frozen = _frozen(_HardSwish(), image)
    graph = frozen.graph.copy()
    graph.eraseInput(0)  # the module (unread once frozen)
    onednn_graph._hard_swishes(graph, set())
    torch._C._jit_pass_dce(graph)
    kinds = [node.kind() for node in graph.nodes()]
    assert kinds.count("aten::hardswish") == 1 and kinds.count("aten::mul") == 1
    assert not {"aten::clamp", "aten::add"} & set(kinds)
    scale = next(n.inputsAt(1).toIValue() for n in graph.nodes() if n.kind() == "aten::mul")
    assert scale == 6 * 0.1666259765625
    function = torch._C._create_function_from_graph("swish", graph)
    with torch.no_grad(), torch.jit.optimized_execution(False):
        (want,), (got,) = frozen(image), function(image)
    assert torch.equal(torch.isnan(want), torch.isnan(got))
    assert torch.equal(torch.isinf(want), torch.isinf(got))
    numbers = torch.isfinite(want)
    torch.testing.assert_close(got[numbers], want[numbers], rtol=1e-6, atol=1e-6)
    zeros = numbers & (want == 0)
    assert torch.equal(torch.signbit(got[zeros]), torch.signbit(want[zeros]))  # x * 0: -0 for x < 0


@pytest.mark.parametrize(
    ("variant", "scale"),
    [("x read again", 1 / 6), ("not a convolution's", 1 / 6), ("plus 2", 1 / 6), ("", -1 / 6)],
    ids=["x read again", "not a convolution's", "x + 2", "a negative scale"],
)
def test_what_is_not_a_hard_swish_after_a_convolution_stays(variant, scale):
    image = torch.randn(1, 3, 5, 4)
    frozen = _frozen(_HardSwish(variant, scale), image)
    graph = frozen.graph.copy()
    before = [node.kind() for node in graph.nodes()]
    onednn_graph._hard_swishes(graph, set())
    assert [node.kind() for node in graph.nodes()] == before


def test_a_graph_with_addmm_is_left_to_the_plain_executor():
    """The bridge crashes on addmm (the kernels use `linear`)."""
    bias, weight = torch.randn(3), torch.randn(4, 3)

    class Affine(torch.nn.Module):
        def forward(self, x: torch.Tensor) -> torch.Tensor:
            return torch.addmm(bias, x, weight)

    x = torch.randn(2, 4)
    assert onednn_graph.with_onednn_graph(_frozen(Affine(), x).graph, [x]) is None


def test_a_convolution_graph_runs_with_onednn_graph_and_gives_the_plain_outputs():
    if not torch.backends.mkldnn.is_available():
        pytest.skip("this PyTorch build has no oneDNN")
    weight = torch.randn(6, 4, 3, 3).contiguous(memory_format=torch.channels_last)
    bias = torch.randn(6)

    class Block(torch.nn.Module):
        def forward(self, x: torch.Tensor) -> torch.Tensor:
            y = torch.nn.functional.conv2d(x, weight, bias, 1, 1)
            return torch.relu(y.permute(0, 2, 3, 1).contiguous() + 1.0) * 0.5

    x = torch.randn(1, 4, 8, 8).contiguous(memory_format=torch.channels_last)
    frozen = _frozen(Block(), x)
    enabled = torch._C._jit_llga_enabled()
    fused = onednn_graph.with_onednn_graph(frozen.graph, [x])
    assert torch._C._jit_llga_enabled() == enabled
    assert fused is not None
    with torch.no_grad(), torch.jit.optimized_execution(True):
        again = fused.function(x)
    want = frozen(x)
    torch.testing.assert_close(fused.outputs, want, rtol=1e-5, atol=1e-5)
    torch.testing.assert_close(again, want, rtol=1e-5, atol=1e-5)


def test_a_graph_of_empty_tensors_is_left_to_the_plain_executor():
    """The bridge crashes the process on a batch of 0 (age fed [0, 64, 64, 3] did)."""
    weight = torch.randn(6, 4, 3, 3)

    class Block(torch.nn.Module):
        def forward(self, x: torch.Tensor) -> torch.Tensor:
            return torch.clamp(torch.nn.functional.conv2d(x, weight, None, 1, 1), 0.0, 6.0) * 0.5

    empty = torch.randn(0, 4, 8, 8)
    assert onednn_graph.with_onednn_graph(_frozen(Block(), empty).graph, [empty]) is None


@pytest.mark.parametrize(
    ("times", "chosen"),
    [
        ((10.0, 9.0, 7.0), "second"),  # the fastest fused form
        ((10.0, 9.0, 8.8), "first"),  # the first unless another is faster by more than 3%
        ((10.0, 9.0, 8.7), "second"),
        ((10.0, 10.4, 12.0), "first"),  # within 1.05x of the plain graph
        ((10.0, 10.6, 11.0), None),  # both slower than that: the plain graph
    ],
)
def test_the_fastest_fused_form_is_kept_unless_the_plain_graph_is_faster(monkeypatch, times, chosen):
    """`fastest` times the plain graph and each form in turns, by block (after warm-up calls)."""
    calls = []

    def form(name):
        return onednn_graph.Fused(lambda *example: calls.append(name), [])

    forms = [form("first"), form("second")]
    monkeypatch.setattr(onednn_graph, "best_block_times", lambda alternatives, rounds, runs: list(times))
    picked = onednn_graph.fastest(forms, lambda *example: calls.append("plain"), [torch.zeros(1)])
    assert picked is ({"first": forms[0], "second": forms[1]}[chosen] if chosen else None)
    assert calls == ["plain", "first", "second"] * onednn_graph._WARM_UP_RUNS


@pytest.mark.parametrize(
    ("change", "same"),
    [
        (None, True),
        ("9e-4 of the scale", True),  # within half the conformance harness's 2e-3
        ("1.1e-3 of the scale", False),
        ("a NaN moved", False),
        ("an int changed", False),
    ],
)
def test_a_compiled_form_stands_only_within_the_tolerance_of_the_kernels(change, same):
    from tfjs.backends.torch.plan_compiler import _same

    floats = torch.tensor([3.0, -8.0, float("nan"), 0.5])  # scale 8
    ints = torch.tensor([1, 2, 3])
    got_floats, got_ints = floats.clone(), ints.clone()
    if change == "9e-4 of the scale":
        got_floats[3] += 9e-4 * 8
    elif change == "1.1e-3 of the scale":
        got_floats[3] += 1.1e-3 * 8
    elif change == "a NaN moved":
        got_floats[[2, 3]] = torch.tensor([0.5, float("nan")])
    elif change == "an int changed":
        got_ints[0] = 0
    assert _same([floats, ints], [got_floats, got_ints]) == same


@pytest.mark.parametrize(
    ("clamp", "bounded"),
    [
        (lambda x: torch.clamp(x, 0, 6), True),
        (lambda x: torch.clamp(x.permute(0, 2, 3, 1), -1, 1).permute(0, 3, 1, 2), True),  # through views
        (lambda x: torch.clamp(x, 0, float("inf")), False),
        (lambda x: torch.clamp(x, min=0), False),
        (torch.relu, False),
    ],
)
def test_only_a_clamp_to_finite_bounds_makes_a_convolution_input_finite(clamp, bounded):
    class Clamped(torch.nn.Module):
        def forward(self, x):
            return clamp(x)

    graph = _frozen(Clamped(), torch.randn(1, 2, 3, 3)).graph
    assert onednn_graph._bounded(graph.return_node().inputsAt(0)) is bounded
