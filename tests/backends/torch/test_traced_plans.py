"""What the torch kernels do differently while a whole plan is traced
(backends/torch/plan_compiler.py): the input gradient of a convolution as a transposed
convolution (the tracer cannot record torch's convolution_backward), prelu without its
host-side search for zeros, and value checks reported as a value the graph returns; each
against the kernels' own eager values, or the library's error."""

from __future__ import annotations

import numpy as np
import pytest

torch = pytest.importorskip("torch", reason="the torch backend needs PyTorch")

import tfjs as tf  # noqa: E402
from tests.backends.tolerance import assert_close_for_backend  # noqa: E402
from tests.converter.test_plan_programs import PARAMS, gather_model  # noqa: E402
from tests.helpers import results_of, settled  # noqa: E402
from tfjs.backend_util.conv_info import compute_conv2d_info  # noqa: E402
from tfjs.backends.torch import plan_compiler  # noqa: E402
from tfjs.backends.torch.kernels import activation, conv  # noqa: E402

RNG = np.random.default_rng(0)  # reseeded per test by conftest

GEOMETRIES = [  # in_shape, filter_shape, strides, dilations, pad, depthwise
    ((1, 5, 5, 2), (3, 3, 2, 4), 1, 1, "same", False),
    ((2, 7, 6, 3), (3, 2, 3, 2), 2, 1, "valid", False),
    ((1, 8, 8, 2), (3, 3, 2, 3), 2, 1, "same", False),
    ((1, 9, 9, 2), (3, 3, 2, 2), 1, 2, "same", False),
    ((1, 6, 6, 3), (3, 3, 3, 2), 2, 1, "same", True),
    ((1, 7, 7, 4), (2, 2, 4, 1), 1, 2, "valid", True),
    ((1, 8, 8, 3), (2, 2, 3, 4), 2, 1, "same", False),  # a filter as large as its stride: tiled
    ((1, 8, 8, 3), (4, 4, 3, 4), 2, 1, "same", False),  # a filter twice its stride: phased
]


@pytest.mark.parametrize("geometry", GEOMETRIES, ids=lambda g: f"{g[0]}-{g[1]}-s{g[2]}-d{g[3]}-{g[4]}-{g[5]}")
def test_the_traced_input_gradient_of_a_convolution_is_the_eager_one(geometry, monkeypatch):
    in_shape, filter_shape, strides, dilations, pad, depthwise = geometry
    info = compute_conv2d_info(in_shape, filter_shape, strides, dilations, pad, depthwise=depthwise)
    dy = torch.from_numpy(RNG.standard_normal(info.out_shape).astype(np.float32))
    w = torch.from_numpy(RNG.standard_normal(filter_shape).astype(np.float32))
    eager = conv.backprop_input_values(dy, w, info, depthwise)
    monkeypatch.setattr(torch.jit, "is_tracing", lambda: True)
    traced = conv.backprop_input_values(dy, w, info, depthwise)
    assert traced.shape == eager.shape == tuple(in_shape)
    torch.testing.assert_close(traced, eager, rtol=1e-5, atol=1e-5)


def test_traced_prelu_keeps_tfjs_zeros_without_looking_for_them(monkeypatch):
    x = torch.tensor([[-2.0, -0.0, 0.0, 3.0], [1.0, -1.0, -0.0, 0.5]])
    slopes = activation.PreluWeight(
        torch.tensor([0.5, -1.0, float("inf"), 2.0]), keeps_zeros=False, finite=False
    )
    eager = activation.prelu_values(x, slopes)
    monkeypatch.setattr(torch.jit, "is_tracing", lambda: True)
    monkeypatch.setattr(torch.Tensor, "__bool__", _no_host_reads)
    traced = activation.prelu_values(x, slopes)
    monkeypatch.undo()
    assert torch.equal(traced, eager)
    assert torch.equal(torch.signbit(traced), torch.signbit(eager))  # -0 stays -0, as in TF.js


def _no_host_reads(self: object) -> bool:
    raise AssertionError("prelu read a value on the host while traced")


def test_a_plan_with_a_value_check_compiles_and_a_bad_index_still_raises_the_library_error(
    monkeypatch, on_torch_cpu
):
    compiled = []
    original = plan_compiler.compile_plan
    monkeypatch.setattr(
        plan_compiler, "compile_plan", lambda *args: compiled.append(original(*args)) or compiled[-1]
    )
    model = gather_model()
    good = tf.tensor([4, 1], dtype="int32")
    for _ in range(4):
        out = model.execute(good)
        np.testing.assert_allclose(out.numpy(), np.exp(PARAMS[[4, 1]]), rtol=1e-6)
        out.dispose()
    assert len(compiled) == 1 and compiled[0] is not None, "the gather plan was not compiled"
    before = (tf.memory()["num_tensors"], tf.backend().num_data_ids())
    bad = tf.tensor([3, 7], dtype="int32")
    with pytest.raises(IndexError, match="GatherV2"):
        settled(lambda: model.execute(bad))
    assert (tf.memory()["num_tensors"], tf.backend().num_data_ids()) == (before[0] + 1, before[1] + 1)
    out = model.execute(good)
    np.testing.assert_allclose(out.numpy(), np.exp(PARAMS[[4, 1]]), rtol=1e-6)
    tf.dispose([out, bad, good])
    model.dispose()


def test_a_plan_that_casts_a_mask_to_floats_compiles(monkeypatch, on_torch_cpu):
    """x * Cast(x >= 0.5): a detector's peak mask (centernet's). Its cast once went
    through a dtype view, which TorchScript cannot freeze: the plan ran kernel by kernel."""
    from tests.converter.test_plan_programs import F32, load, node
    from tests.graph_fixtures import placeholder

    compiled = []
    original = plan_compiler.compile_plan
    monkeypatch.setattr(
        plan_compiler, "compile_plan", lambda *args: compiled.append(original(*args)) or compiled[-1]
    )
    half = {"dtype": "DT_FLOAT", "tensorShape": {}, "floatVal": [0.5]}
    nodes = [
        placeholder("x", [-1, 6]),
        {"name": "half", "op": "Const", "attr": {"dtype": {"type": "DT_FLOAT"}, "value": {"tensor": half}}},
        node("peak", "GreaterEqual", ["x", "half"], **F32),
        node("mask", "Cast", ["peak"], SrcT={"type": "DT_BOOL"}, DstT={"type": "DT_FLOAT"}),
        node("out", "Mul", ["x", "mask"], **F32),
    ]
    model = load(nodes, [], b"")
    x = RNG.random((3, 6)).astype(np.float32)
    feed = tf.tensor(x)
    for _ in range(4):
        out = model.execute(feed)
        np.testing.assert_array_equal(out.numpy(), x * (x >= 0.5))
        out.dispose()
    assert len(compiled) == 1 and compiled[0] is not None, "the plan was not compiled"
    tf.dispose(feed)
    model.dispose()


def _top_k_model() -> tf.GraphModel:
    """x [-1, 40] -> Exp -> TopKV2 (k 3, sorted): its values and indices."""
    from tests.converter.test_plan_programs import F32, I32, int_const, load, node
    from tests.graph_fixtures import placeholder

    nodes = [
        placeholder("x", [-1, 40]),
        int_const("k", [3], []),
        node("e", "Exp", ["x"], **F32),
        node("top", "TopKV2", ["e", "k"], **F32, sorted={"b": True}),
        {"name": "values", "op": "Identity", "input": ["top"], "attr": F32},
        {"name": "indices", "op": "Identity", "input": ["top:1"], "attr": {"T": I32}},
    ]
    return load(nodes, [], b"")


def test_a_traced_top_k_selects_as_tfjs_and_a_tie_or_nan_runs_the_kernels(monkeypatch, on_torch_cpu):
    """The traced TopK selects with torch.topk: a row that leaves out a value equal to its
    k-th, or holds a NaN, fails its check and the call runs its kernels one by one. Every
    call gives cpu's indices, and its values within torch's tolerance."""
    compiled = results_of(monkeypatch, plan_compiler, "compile_plan")
    model = _top_k_model()
    plain = RNG.permutation(80).reshape(2, 40).astype(np.float32) / 10  # no ties
    tied = plain.copy()
    tied[0, [3, 9, 30, 31]] = 9.0  # four equal greatest: the third is a tie left in or out
    tied[1, [5, 6]] = [9.0, 9.0]  # a tie inside the top 3
    with_nan = plain.copy()
    with_nan[1, 7] = np.nan
    feeds = [plain, plain[::-1].copy(), tied, with_nan, plain]
    previous = tf.get_backend()
    tf.set_backend("cpu")
    want = []
    for feed in feeds:
        x = tf.tensor(feed)
        outputs = model.execute(x, ["values", "indices"])
        want.append([t.numpy() for t in outputs])
        tf.dispose([x, *outputs])
    tf.set_backend(previous)
    for feed, (values, indices) in zip(feeds, want, strict=True):
        x = tf.tensor(feed)
        got = model.execute(x, ["values", "indices"])
        assert_close_for_backend("torch", got[0].numpy(), values)  # Exp's last bits
        np.testing.assert_array_equal(got[1].numpy(), indices)
        tf.dispose([x, *got])
    assert len(compiled) == 1 and compiled[0] is not None, "the top-k plan was not compiled"
    model.dispose()


# 480: selected in 16 parts of 30; 2048 and 2100: in blocks of 128 (2100: and 52 past them)
@pytest.mark.parametrize("width", [20, 480, 2048, 2100])
@pytest.mark.parametrize(
    ("change", "inexact"),
    [
        (None, False),
        ("tie inside", False),
        ("tie at the k-th", True),
        ("tie at the k-th in one part", True),
        ("signed zeros inside", False),
        ("signed zeros at the k-th", True),
        ("nan", True),
        ("nan only", True),
    ],
)
def test_traced_top_k_flags_what_torch_topk_may_select_differently(change, inexact, width):
    from types import SimpleNamespace

    from tfjs.backends.torch.kernels import evaluation

    rows = torch.from_numpy(RNG.permutation(3 * width).reshape(3, width).astype(np.float32))
    rows[:, -1] = 3.0 * width  # each row's greatest in its last part
    if change == "tie inside":
        rows[1, [2, 17]] = 4.0 * width  # the two greatest are equal: both selected, by column
    elif change == "tie at the k-th":
        rows[2, [4, 8, 12, 16]] = 4.0 * width  # four equal greatest for k=3: one is left out
    elif change == "tie at the k-th in one part":
        rows[2, [0, 1, 2, 3]] = 4.0 * width  # all four in the first part of 30
    elif change == "signed zeros inside":
        rows[0] = -rows[0] - 1.0
        rows[0, [3, 7, 11]] = torch.tensor([0.0, -0.0, 0.0])  # TF.js: three equal, by column
    elif change == "signed zeros at the k-th":
        rows[0] = -rows[0] - 1.0
        rows[0, [3, 7, 11, 13]] = torch.tensor([0.0, -0.0, 0.0, -0.0])
    elif change == "nan":
        rows[0, 5] = float("nan")
    elif change == "nan only":
        rows[1, :] = float("nan")
    backend = SimpleNamespace(checks=SimpleNamespace(traced=[]))
    index = evaluation._first_k_unless_tied(backend, rows, 3)
    (flag,) = backend.checks.traced
    assert bool(flag) == inexact
    if not inexact:
        exact = torch.sort(evaluation.order_keys(rows), dim=1, descending=True, stable=True).indices[:, :3]
        assert torch.equal(index, exact)


@pytest.mark.parametrize("nan", [False, True])
def test_traced_top_k_of_a_whole_row(nan):
    """k equal to the row's length: every value is selected, in TF.js's order; a NaN
    still fails the check."""
    from types import SimpleNamespace

    from tfjs.backends.torch.kernels import evaluation

    rows = torch.tensor([[2.0, -0.0, 5.0], [1.0, 1.0, 0.0]])
    if nan:
        rows[1, 2] = float("nan")
    backend = SimpleNamespace(checks=SimpleNamespace(traced=[]))
    index = evaluation._first_k_unless_tied(backend, rows, 3)
    (flag,) = backend.checks.traced
    assert bool(flag) == nan
    if not nan:
        assert index.tolist() == [[2, 0, 1], [0, 1, 2]]


def test_a_traced_plan_whose_output_shares_a_weights_buffer_leaves_the_weight(on_torch_cpu):
    """An output that is a reshape of a weight shares the weight's buffer; tracing the
    plan must free only what the trace made."""
    from tests.converter.test_plan_programs import I32, int_const, load, node

    shape = {"shape": {"dim": [{"size": "3"}]}}
    nodes = [
        {"name": "x", "op": "Placeholder", "attr": {"dtype": {"type": "DT_FLOAT"}, "shape": shape}},
        {"name": "p", "op": "Const", "attr": {"dtype": {"type": "DT_FLOAT"}}},
        int_const("flat", [15], [1]),
        node("r", "Reshape", ["p", "flat"], T={"type": "DT_FLOAT"}, Tshape=I32),
        node("e", "Exp", ["x"], T={"type": "DT_FLOAT"}),
    ]
    model = load(nodes, [{"name": "p", "shape": [5, 3], "dtype": "float32"}], PARAMS.tobytes())
    x = tf.tensor([0.0, 1.0, 2.0])
    for _ in range(6):  # recorded, joined and compiled, then timed against the loop
        r, e = model.execute(x, ["r", "e"])
        np.testing.assert_array_equal(r.numpy(), PARAMS.reshape(-1))
        np.testing.assert_allclose(e.numpy(), np.exp([0.0, 1.0, 2.0]), rtol=1e-6)
        tf.dispose([r, e])
    tf.dispose(x)
    model.dispose()


def test_a_compiled_plans_output_sliced_from_an_intermediate_keeps_only_its_values(on_torch_cpu):
    """Traced kernels store a slice as a view (the graph frees what it no longer reads);
    the compiled graph's outputs are copied out of their buffers."""
    from tests.converter.test_plan_programs import I32, int_const, load, node

    shape = {"shape": {"dim": [{"size": "1"}, {"size": "64"}]}}
    nodes = [
        {"name": "x", "op": "Placeholder", "attr": {"dtype": {"type": "DT_FLOAT"}, "shape": shape}},
        node("e", "Exp", ["x"], T={"type": "DT_FLOAT"}),
        int_const("begin", [0, 8], [2]),
        int_const("size", [1, 4], [2]),
        node("part", "Slice", ["e", "begin", "size"], T={"type": "DT_FLOAT"}, Index=I32),
    ]
    model = load(nodes, [], b"")
    values = np.linspace(-1, 1, 64, dtype=np.float32).reshape(1, 64)
    x = tf.tensor(values)
    for _ in range(6):  # recorded, joined, then the compiled graph and the loop in turns
        part = model.execute(x, "part")
        np.testing.assert_allclose(part.numpy(), np.exp(values[:, 8:12]), rtol=1e-6)
        assert tf.backend().data[part.data_id].untyped_storage().nbytes() == 16
        part.dispose()
    tf.dispose(x)
    model.dispose()


def test_a_plan_is_traced_in_its_own_thread_and_checked_against_its_traced_paths(monkeypatch, on_torch_cpu):
    """The packed convolution (fastest here, by a faked measurement) cannot be traced: the
    graph runs another algorithm, and the check compares it with the kernels run on the
    paths they take while traced. The trace runs in a thread of its own."""
    import threading

    from tests.converter.test_plan_programs import conv_model
    from tfjs.backends.torch.kernels import conv_algorithms

    fake = {"onednn": 3.0, "gemm": 2.0, "packed": 1.0}
    monkeypatch.setattr(conv_algorithms, "_TIMES", {})
    monkeypatch.setattr(conv_algorithms, "_measure", lambda call, packed, names: {n: fake[n] for n in names})
    tracing_threads, compiled = [], []
    trace, compile_plan = torch.jit.trace, plan_compiler.compile_plan
    monkeypatch.setattr(
        torch.jit,
        "trace",
        lambda *a, **k: tracing_threads.append(threading.current_thread()) or trace(*a, **k),
    )
    monkeypatch.setattr(
        plan_compiler, "compile_plan", lambda *args: compiled.append(compile_plan(*args)) or compiled[-1]
    )
    _run_six_calls(conv_model())
    assert len(compiled) == 1 and compiled[0] is not None, "the conv plan was not compiled"
    assert tracing_threads and threading.main_thread() not in tracing_threads


def _run_six_calls(model: tf.GraphModel) -> None:
    """A conv model's plan, run (and compiled) over six calls, each against the node by
    node run, then disposed; the oneDNN Graph flag left as it was."""
    from tests.converter.test_plan_programs import node_by_node

    enabled = torch._C._jit_llga_enabled()
    x = tf.tensor(RNG.standard_normal((2, 4, 4, 2)).astype(np.float32))
    want = node_by_node(model, x)
    for _ in range(6):
        out = model.execute(x)
        np.testing.assert_allclose(out.numpy(), want, rtol=1e-5, atol=1e-5)
        out.dispose()
    assert torch._C._jit_llga_enabled() == enabled
    tf.dispose(x)
    model.dispose()


def conv_relu_model() -> tf.GraphModel:
    """x [-1, 4, 4, 2] -> Conv2D (3x3x2x3, VALID) -> BiasAdd -> Relu."""
    from tests.converter.test_plan_programs import FILTER

    return conv_activation_model("Relu", FILTER, "VALID", 4)


def conv_activation_model(activation: str, filters: np.ndarray, padding: str, size: int) -> tf.GraphModel:
    """x [-1, size, size, 2] -> Conv2D (`filters`, 3x3x2x3, `padding`) -> BiasAdd -> `activation`."""
    from tests.converter.test_plan_programs import BIAS, F32, ONES, load, node
    from tests.graph_fixtures import b64, placeholder, weight

    layout = {"padding": {"s": b64(padding)}, "data_format": {"s": b64("NHWC")}}
    nodes = [
        placeholder("x", [-1, size, size, 2]),
        weight("filter"),
        weight("bias"),
        node("conv", "Conv2D", ["x", "filter"], **F32, strides=ONES, dilations=ONES, **layout),
        node("biasadd", "BiasAdd", ["conv", "bias"], **F32),
        node("out", activation, ["biasadd"], **F32),
    ]
    weights = (("filter", filters), ("bias", BIAS))
    specs = [{"name": name, "shape": list(a.shape), "dtype": "float32"} for name, a in weights]
    return load(nodes, specs, filters.tobytes() + BIAS.tobytes())


def test_a_compiled_plan_runs_with_onednn_graph_where_it_takes_the_graph(monkeypatch, on_torch_cpu):
    """oneDNN Graph's partitions, set up once by the profiling runs at compile time."""
    if not torch.backends.mkldnn.is_available():
        pytest.skip("this PyTorch build has no oneDNN")
    fused = results_of(monkeypatch, plan_compiler, "with_onednn_graph")
    _run_six_calls(conv_relu_model())
    assert len(fused) == 2, "the two forms (one-op convolutions in chains, the measured) were not both tried"
    assert all(form is not None for form in fused), "oneDNN Graph did not take the conv plan"


def test_the_forms_are_timed_in_the_thread_that_runs_the_model(monkeypatch, on_torch_cpu):
    """The compile thread measured the forms 2-3 times slower, and in another order."""
    import threading

    timing_threads, fastest = [], plan_compiler.fastest
    monkeypatch.setattr(
        plan_compiler,
        "fastest",
        lambda *a: timing_threads.append(threading.current_thread()) or fastest(*a),
    )
    _run_six_calls(conv_relu_model())
    assert timing_threads == [threading.current_thread()]


def test_a_graph_onednn_graph_rejects_runs_plainly(monkeypatch, on_torch_cpu):
    """oneDNN Graph raises as it compiles a partition it rejects: the plain graph runs."""

    create_function = torch._C._create_function_from_graph

    def rejects(name, graph):  # where the graph is offered to oneDNN Graph
        if torch._C._jit_llga_enabled():
            raise RuntimeError("partition compile failed")
        return create_function(name, graph)

    monkeypatch.setattr(torch._C, "_create_function_from_graph", rejects)
    fused = results_of(monkeypatch, plan_compiler, "with_onednn_graph")
    compiled = results_of(monkeypatch, plan_compiler, "compile_plan")
    _run_six_calls(conv_relu_model())
    assert fused == [None, None], "a rejected graph was offered fused"
    assert len(compiled) == 1 and compiled[0] is not None, "the plain graph was not kept"
