"""What a compiled plan leaves behind once it is gone (plan_compiler.py)."""

from __future__ import annotations

import pytest

torch = pytest.importorskip("torch", reason="the torch backend needs PyTorch")

from tests.backends.torch.test_traced_plans import _run_six_calls  # noqa: E402
from tests.helpers import results_of  # noqa: E402
from tfjs.backends.torch import plan_compiler  # noqa: E402


def test_a_compiled_plan_leaves_no_constant_in_torchscripts_global_unit(monkeypatch, on_torch_cpu):
    """TorchScript keeps every traced module's type, with its methods' graphs, for the life
    of the process: a plan's traced and frozen modules are emptied once their graphs are
    copied, so that the weights their constants hold go with the plan."""
    from tests.converter.test_plan_programs import conv_model

    def tensor_constants() -> int:
        functions = torch.jit._state._python_cu.get_functions()
        constants = (node for function in functions for node in function.graph.findAllNodes("prim::Constant"))
        return sum(isinstance(node.output().type(), torch._C.TensorType) for node in constants)

    before = tensor_constants()
    compiled = results_of(monkeypatch, plan_compiler, "compile_plan")
    _run_six_calls(conv_model())
    assert len(compiled) == 1 and compiled[0] is not None, "the conv plan was not compiled"
    assert tensor_constants() == before


def test_compiling_a_plan_again_adds_no_zero_bias(on_torch_cpu):
    """A convolution without a bias reads zeros made once per channel count; while a plan
    is traced the count is a tensor, which as a key kept every traced plan's zeros."""
    from tfjs.backends.torch.kernels import conv_algorithms

    _run_six_calls(_bare_conv_model())
    kept = dict(conv_algorithms._ZERO_BIASES)
    assert kept, "the conv plan made no zero bias: the test no longer covers the cache"
    _run_six_calls(_bare_conv_model())
    now = conv_algorithms._ZERO_BIASES
    assert now == kept
    assert all(type(channels) is int for channels, _, _ in kept)


def _bare_conv_model():
    """x [-1, 4, 4, 2] -> Conv2D (3x3x2x3, VALID): no bias to fuse."""
    from tests.converter.test_plan_programs import F32, FILTER, ONES, load, node
    from tests.graph_fixtures import b64, placeholder, weight

    layout = {"padding": {"s": b64("VALID")}, "data_format": {"s": b64("NHWC")}}
    nodes = [
        placeholder("x", [-1, 4, 4, 2]),
        weight("filter"),
        node("conv", "Conv2D", ["x", "filter"], **F32, strides=ONES, dilations=ONES, **layout),
    ]
    return load(
        nodes, [{"name": "filter", "shape": list(FILTER.shape), "dtype": "float32"}], FILTER.tobytes()
    )
