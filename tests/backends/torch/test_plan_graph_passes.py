"""The rewrites a traced plan's graph gets before it is frozen (plan_compiler.py's
`_constant_shapes`): no shape read at run time, no view that changes nothing."""

from __future__ import annotations

import numpy as np
import pytest

torch = pytest.importorskip("torch", reason="the torch backend needs PyTorch")

from tfjs.backends.torch import plan_compiler  # noqa: E402


@pytest.mark.filterwarnings("ignore::DeprecationWarning", "ignore::torch.jit.TracerWarning")
def test_a_traced_plan_reads_no_shapes_at_run_time():
    def flatten_rows(x):
        return (x.reshape(x.shape[0] * x.shape[1], -1) + x.shape[2]) * x.size(-1)

    x = torch.arange(24, dtype=torch.float32).reshape(2, 3, 4)
    traced = torch.jit.trace(flatten_rows, (x,))
    assert traced.graph.findAllNodes("aten::size")
    plan_compiler._constant_shapes(traced.graph)
    kinds = {node.kind() for node in traced.graph.nodes()}
    assert not kinds & {"aten::size", "aten::Int", "prim::NumToTensor"}
    np.testing.assert_array_equal(traced(x).numpy(), flatten_rows(x).numpy())


@pytest.mark.filterwarnings("ignore::DeprecationWarning", "ignore::torch.jit.TracerWarning")
def test_a_traced_plan_keeps_no_view_that_changes_nothing():
    """A slice of a whole axis and a reshape to the same shape go; a slice that drops
    values, a reshape that changes the shape and a permutation stay."""

    def views(x):
        whole = x[:, 0:4].reshape(2, 3, 4)  # both the same elements in the same places
        return whole[:, 1:] * 2, whole.reshape(6, 4) + 1, whole.permute(0, 2, 1) - 1

    x = torch.arange(24, dtype=torch.float32).reshape(2, 3, 4)
    traced = torch.jit.trace(views, (x,))
    assert len(traced.graph.findAllNodes("aten::slice")) == 4  # each indexing slices both axes
    plan_compiler._constant_shapes(traced.graph)
    (dropping,) = traced.graph.findAllNodes("aten::slice")
    assert dropping.inputsAt(2).toIValue() == 1  # whole[:, 1:]'s second axis
    (reshape,) = traced.graph.findAllNodes("aten::reshape")
    assert reshape.inputsAt(1).toIValue() == [6, 4]
    assert traced.graph.findAllNodes("aten::permute")
    for got, want in zip(traced(x), views(x), strict=True):
        np.testing.assert_array_equal(got.numpy(), want.numpy())
