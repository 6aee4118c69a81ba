"""The channels-first chains built for oneDNN Graph (layout_sinking.py): the rewired graph
gives the same bits, its convolutions read the elementwise chain directly, and an
in-place op whose tensor something else reads is left as it is."""

from __future__ import annotations

import warnings

import pytest

torch = pytest.importorskip("torch", reason="the torch backend needs PyTorch")
F = torch.nn.functional

from tfjs.backends.torch.layout_sinking import sink_layout_permutes  # noqa: E402

_W1 = torch.randn(8, 3, 3, 3)
_W2 = torch.randn(8, 8, 1, 1)
_W3 = torch.randn(4, 8, 3, 3)
_ALPHA = torch.randn(8)
_BIAS = torch.randn(8)


def _conv_nhwc(x: torch.Tensor, w: torch.Tensor) -> torch.Tensor:
    """A convolution as the torch kernels trace it: NHWC in and out."""
    y = F.conv2d(
        x.permute(0, 3, 1, 2).contiguous(memory_format=torch.channels_last),
        w,
        padding=1 if w.shape[2] == 3 else 0,
    )
    return y.permute(0, 2, 3, 1).contiguous()


def _chain(x: torch.Tensor) -> torch.Tensor:
    y = _conv_nhwc(x, _W1)
    y = (y + _BIAS).clamp_(0, 6)  # a bias from a constant, then an in-place clamp
    z = _conv_nhwc(y, _W2)
    z = torch.tensor(4.0) - torch.mul(torch.tensor(2.0), z) * torch.tensor(1.5)  # 0-d constants
    joined = torch.sigmoid(z * 0.5 + y)  # a residual join of two chains
    channelwise = torch.prelu(joined.movedim(-1, 1), _ALPHA).movedim(1, -1)  # as the Prelu kernel
    return _conv_nhwc(torch.where(joined == 0, joined, channelwise), _W3)


def _graph(function, example: torch.Tensor) -> torch._C.Graph:
    """`function` traced, its constant lists folded as freezing folds a plan's."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        graph = torch.jit.trace(function, (example,), check_trace=False).graph.copy()
    torch._C._jit_pass_constant_propagation(graph)
    return graph


def _run(graph: torch._C.Graph, x: torch.Tensor):
    function = torch._C._create_function_from_graph("g", graph)
    with torch.no_grad(), torch.jit.optimized_execution(False):
        return function(x)


def _rewired(function, x: torch.Tensor):
    """`function`'s graph after the pass (and dead code elimination), with its outputs on
    `x` before and after."""
    graph = _graph(function, x)
    plain = _run(graph, x)
    sink_layout_permutes(graph)
    torch._C._jit_pass_dce(graph)
    return graph, plain, _run(graph, x)


def _feeds() -> torch.Tensor:
    x = torch.randn(1, 9, 9, 3) * 4
    x[0, 0, 0, 0] = float("nan")
    x[0, 1, 1, 1] = float("inf")
    x[0, 2, 2, 2] = -0.0
    return x


def test_the_rewired_chain_gives_the_same_bits() -> None:
    x = _feeds()
    graph = _graph(_chain, x)
    plain = _run(graph, x)
    added = sink_layout_permutes(graph)
    assert {node.kind() for node in added} >= {"aten::add", "aten::clamp", "aten::mul"}
    torch._C._jit_pass_dce(graph)
    graph.lint()
    rewired = _run(graph, x)
    assert torch.equal(plain.isnan(), rewired.isnan())
    assert torch.equal(plain.nan_to_num(), rewired.nan_to_num())


def test_the_chain_holds_no_0d_tensor_constant() -> None:
    """oneDNN Graph fails to compile a partition with one: they become Python numbers."""
    graph = _graph(_chain, _feeds())
    for node in sink_layout_permutes(graph):
        for value in node.inputs():
            if value.node().kind() == "prim::Constant" and isinstance(value.type(), torch._C.TensorType):
                assert value.toIValue().dim() > 0, f"{node.kind()} reads a 0-d tensor constant"


def test_each_convolution_reads_the_chain_not_a_permute() -> None:
    graph = _graph(_chain, _feeds())
    sink_layout_permutes(graph)
    torch._C._jit_pass_dce(graph)
    convolutions = graph.findAllNodes("aten::_convolution")
    assert len(convolutions) == 3
    assert convolutions[1].inputsAt(0).node().kind() == "aten::clamp"  # was in place
    assert convolutions[2].inputsAt(0).node().kind() == "aten::where"
    (prelu,) = graph.findAllNodes("aten::prelu")
    assert prelu.inputsAt(0).node().kind() == "aten::sigmoid"  # its movedim gone
    assert not graph.findAllNodes("aten::clamp_")


def test_one_sided_bounds_by_a_number_become_clamps_with_the_same_bits() -> None:
    """Keras's old relu6 (Relu, Minimum by a 0-d 6, Maximum by 0 as the kernels run it):
    `clamp`, which oneDNN Graph fuses into the convolution; a bound of 0 on `minimum`
    stays (its ±0 tie)."""
    six, zero = torch.tensor(6.0), torch.tensor(0.0)

    def relu6(x: torch.Tensor) -> torch.Tensor:
        y = torch.minimum(torch.relu(_conv_nhwc(x, _W1)), six).clamp_min(0).add_(0)
        z = torch.maximum(torch.tensor(-1.5), _conv_nhwc(y, _W2)).clamp_max(3)
        return _conv_nhwc(torch.minimum(z, zero), _W3)

    graph, plain, rewired = _rewired(relu6, _feeds())
    kinds = [node.kind() for node in graph.nodes()]
    assert kinds.count("aten::clamp") == 4
    assert {"aten::clamp_min", "aten::clamp_max", "aten::maximum"}.isdisjoint(kinds)
    assert kinds.count("aten::minimum") == 1  # the bound of 0
    assert torch.equal(plain.isnan(), rewired.isnan())
    assert torch.equal(plain.nan_to_num(), rewired.nan_to_num())
    assert torch.equal(plain.signbit(), rewired.signbit())


def test_an_in_place_op_on_a_tensor_read_elsewhere_stays() -> None:
    def observed(x: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        y = F.conv2d(x.permute(0, 3, 1, 2), _W1, padding=1)
        clamped = y.permute(0, 2, 3, 1).clamp_(0, 6)
        return clamped, y  # y sees the clamp through the view

    graph, plain, rewired = _rewired(observed, _feeds())
    assert graph.findAllNodes("aten::clamp_")
    for want, got in zip(plain, rewired, strict=True):
        assert torch.equal(want.nan_to_num(), got.nan_to_num())


def test_an_in_place_op_with_a_tensor_operand_stays_in_place() -> None:
    """Out of place it would promote (float32 times a float64 tensor gives float64)."""
    scale = torch.randn(8, dtype=torch.float64)

    def scaled(x: torch.Tensor) -> torch.Tensor:
        return _conv_nhwc(_conv_nhwc(x, _W1).mul_(scale), _W2)

    graph, plain, rewired = _rewired(scaled, _feeds())
    assert graph.findAllNodes("aten::mul_")
    assert rewired.dtype == plain.dtype == torch.float32
    assert torch.equal(plain.nan_to_num(), rewired.nan_to_num())


def test_an_operand_computed_apart_joins_the_chain_as_a_channels_first_view() -> None:
    """A 4-D operand the chain did not compute, added to a convolution's output (a
    residual join), is read through an NCHW view, so the chain goes on to the next
    convolution."""

    def joined(x: torch.Tensor) -> torch.Tensor:
        y = _conv_nhwc(x, _W1).to(torch.float32)  # a kernel's cast to its own dtype
        return _conv_nhwc((y + x.sum(dim=3, keepdim=True)).clamp(0, 6), _W2)  # computed from the feed

    graph, plain, rewired = _rewired(joined, _feeds())
    assert torch.equal(plain.isnan(), rewired.isnan())
    assert torch.equal(plain.nan_to_num(), rewired.nan_to_num())
    convolutions = graph.findAllNodes("aten::_convolution")
    second = convolutions[1].inputsAt(0).node()
    assert second.kind() == "aten::clamp", "the second convolution does not read the chain"
    join = second.inputsAt(0).node()
    assert join.kind() == "aten::add" and any(
        value.node().kind() == "aten::permute" for value in join.inputs()
    )


def test_an_operand_without_a_channels_first_form_leaves_the_op_alone() -> None:
    def mixed(x: torch.Tensor) -> torch.Tensor:
        return _conv_nhwc(x, _W1) * x.sum(dim=(1, 2, 3))  # computed from the feed, not 4-D

    x = torch.randn(1, 9, 9, 3)
    graph = _graph(mixed, x)
    plain = _run(graph, x)
    assert sink_layout_permutes(graph) == []
    torch._C._jit_pass_dce(graph)
    assert torch.equal(plain, _run(graph, x))


def test_what_reads_an_original_off_the_chain_reads_its_twin() -> None:
    """A chain value also read off the chain (an output, a pooling) is read through an
    NHWC view of its twin: the elementwise ops are computed once, with the same bits."""

    def read_twice(x: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
        y = torch.sigmoid((_conv_nhwc(x, _W1) + _BIAS).clamp(0, 6))
        pooled = F.max_pool2d(y.permute(0, 3, 1, 2), 2)  # off the chain
        return _conv_nhwc(y, _W2), y, pooled

    graph, plain, rewired = _rewired(read_twice, _feeds())
    for kind in ("aten::add", "aten::clamp", "aten::sigmoid"):
        assert len(graph.findAllNodes(kind)) == 1, f"{kind} is computed twice"
    for want, got in zip(plain, rewired, strict=True):
        assert want.shape == got.shape
        assert torch.equal(want.isnan(), got.isnan())
        bits = [value.nan_to_num().contiguous().view(torch.int32) for value in (want, got)]
        assert torch.equal(*bits)


def test_a_convolution_reads_an_nchw_feed_without_a_channels_last_copy() -> None:
    """An NCHW feed, transposed to NHWC by the graph and back by the convolution kernel,
    was copied to channels-last for the convolution: oneDNN Graph lays it out itself."""

    def from_nchw(x: torch.Tensor) -> torch.Tensor:
        return _conv_nhwc(x.permute(0, 2, 3, 1), _W1)

    x = _feeds().permute(0, 3, 1, 2).contiguous()
    graph, plain, rewired = _rewired(from_nchw, x)
    (convolution,) = graph.findAllNodes("aten::_convolution")
    assert convolution.inputsAt(0).node().kind() == "aten::permute"
    assert torch.equal(plain.isnan(), rewired.isnan())
    torch.testing.assert_close(rewired.nan_to_num(), plain.nan_to_num(), rtol=1e-5, atol=1e-5)


def test_an_original_written_in_place_is_not_read_through_the_twin() -> None:
    """An op that writes the NHWC original (in place, kept so for its float64 operand)
    would write the twin's buffer through a view: the original stays computed."""
    scale = torch.randn(8, dtype=torch.float64)

    def written(x: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        y = torch.sigmoid(_conv_nhwc(x, _W1) + _BIAS)
        z = _conv_nhwc(y, _W2)
        return z, y.mul_(scale)

    graph, plain, rewired = _rewired(written, _feeds())
    assert len(graph.findAllNodes("aten::sigmoid")) == 2  # the twin, and the original written
    for want, got in zip(plain, rewired, strict=True):
        assert torch.equal(want.nan_to_num(), got.nan_to_num())


def _two_convolutions(x: torch.Tensor) -> torch.Tensor:
    """Two convolutions as the kernels trace them, NHWC between; then an NHWC view read
    back channels-first by two permutes."""
    y = _conv_nhwc(_conv_nhwc(x, _W1), _W2)
    return y.permute(0, 3, 1, 2).permute(0, 2, 3, 1) * 2


def test_layout_round_trips_fold_to_one_contiguous_with_the_same_bits_and_layout() -> None:
    from tfjs.backends.torch.layout_sinking import fold_layout_round_trips

    x = _feeds()
    graph = _graph(_two_convolutions, x)
    plain = _run(graph, x)
    kinds_before = [node.kind() for node in graph.nodes()]
    fold_layout_round_trips(graph)
    graph.lint()
    kinds = [node.kind() for node in graph.nodes()]
    folded = _run(graph, x)
    # between the convolutions: permute, contiguous, permute, contiguous -> contiguous
    assert kinds_before.count("aten::permute") - kinds.count("aten::permute") == 4
    assert kinds.count("aten::contiguous") == kinds_before.count("aten::contiguous") - 1
    assert torch.equal(plain.isnan(), folded.isnan())
    assert torch.equal(plain.nan_to_num(), folded.nan_to_num())
    assert plain.stride() == folded.stride()


def _written_between(x: torch.Tensor) -> torch.Tensor:
    """The NHWC copy is clamped in place before the next convolution reads it back."""
    y = F.conv2d(x.permute(0, 3, 1, 2).contiguous(memory_format=torch.channels_last), _W1, padding=1)
    nhwc = y.permute(0, 2, 3, 1).contiguous()
    back = nhwc.permute(0, 3, 1, 2)
    nhwc.clamp_(0, 6)
    return F.conv2d(back.contiguous(memory_format=torch.channels_last), _W2)


def test_a_round_trip_written_in_place_does_not_fold() -> None:
    from tfjs.backends.torch.layout_sinking import fold_layout_round_trips

    x = _feeds()
    graph = _graph(_written_between, x)
    plain = _run(graph, x)
    permutes = [node.kind() for node in graph.nodes()].count("aten::permute")
    fold_layout_round_trips(graph)
    assert [node.kind() for node in graph.nodes()].count("aten::permute") == permutes
    folded = _run(graph, x)
    assert torch.equal(plain.nan_to_num(), folded.nan_to_num())
