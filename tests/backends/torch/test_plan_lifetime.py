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
