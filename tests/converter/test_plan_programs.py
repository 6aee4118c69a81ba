"""Whole plans lowered to one kernel sequence (converter/plan_program.py) and, on torch,
compiled into one frozen graph (backends/torch/plan_compiler.py): used from the second
call, computing from each call's feeds (checked against NumPy and the node-by-node run),
memory exact, errors leaking nothing; never under profile, debug mode, kept intermediate
tensors or `execute_steps(each_node=True)`."""

from __future__ import annotations

import logging

import numpy as np
import pytest

import tfjs as tf
from tests.graph_fixtures import b64, placeholder, weight
from tests.helpers import settled
from tfjs.converter.lowered_plans import TRIAL_RUNS, LoweredPlan
from tfjs.converter.plan_program import PlanCollector

F32 = {"T": {"type": "DT_FLOAT"}}
I32 = {"type": "DT_INT32"}
WEIGHTS = np.random.default_rng(7)
FILTER = WEIGHTS.standard_normal((3, 3, 2, 3)).astype(np.float32)
BIAS = WEIGHTS.standard_normal(3).astype(np.float32)
DENSE = WEIGHTS.standard_normal((12, 2)).astype(np.float32)
PARAMS = np.arange(15, dtype=np.float32).reshape(5, 3) / 4
RNG = np.random.default_rng(0)  # reseeded per test by conftest
ONES = {"list": {"i": ["1", "1", "1", "1"]}}


def int_const(name: str, values: list[int], dims: list[int]) -> dict:
    proto = {"dtype": "DT_INT32", "tensorShape": {"dim": [{"size": str(d)} for d in dims]}, "intVal": values}
    return {"name": name, "op": "Const", "attr": {"dtype": I32, "value": {"tensor": proto}}}


def load(nodes: list[dict], specs: list[dict], data: bytes) -> tf.GraphModel:
    handler = tf.io.from_memory({"modelTopology": {"node": nodes}, "weightSpecs": specs, "weightData": data})
    return tf.load_graph_model(handler)


def node(name: str, op: str, inputs: list[str], **attr: dict) -> dict:
    return {"name": name, "op": op, "input": inputs, "attr": attr}


def conv_model() -> tf.GraphModel:
    """x [-1, 4, 4, 2] -> Conv2D (3x3x2x3, VALID) -> BiasAdd -> Relu -> Reshape [-1, 12] -> MatMul [12, 2]."""
    layout = {"padding": {"s": b64("VALID")}, "data_format": {"s": b64("NHWC")}}
    conv = {**F32, "strides": ONES, "dilations": ONES, **layout}
    nodes = [
        placeholder("x", [-1, 4, 4, 2]),
        *(weight(name) for name in ("filter", "bias", "dense")),
        int_const("shape", [-1, 12], [2]),
        node("conv", "Conv2D", ["x", "filter"], **conv),
        node("biasadd", "BiasAdd", ["conv", "bias"], **F32),
        node("relu", "Relu", ["biasadd"], **F32),
        node("flat", "Reshape", ["relu", "shape"], **F32, Tshape=I32),
        node("out", "MatMul", ["flat", "dense"], **F32, transpose_a={"b": False}, transpose_b={"b": False}),
    ]
    specs = [
        {"name": name, "shape": list(array.shape), "dtype": "float32"}
        for name, array in (("filter", FILTER), ("bias", BIAS), ("dense", DENSE))
    ]
    return load(nodes, specs, FILTER.tobytes() + BIAS.tobytes() + DENSE.tobytes())


def gather_model() -> tf.GraphModel:
    """indices [-1] (int32) -> GatherV2(params [5, 3], indices, axis 0) -> Exp."""
    gather = {"Tparams": {"type": "DT_FLOAT"}, "Tindices": I32, "Taxis": I32, "batch_dims": {"i": "0"}}
    shape = {"shape": {"dim": [{"size": "-1"}]}}
    nodes = [
        {"name": "i", "op": "Placeholder", "attr": {"dtype": I32, "shape": shape}},
        weight("p"),
        int_const("axis", [0], []),
        node("g", "GatherV2", ["p", "i", "axis"], **gather),
        node("out", "Exp", ["g"], **F32),
    ]
    return load(nodes, [{"name": "p", "shape": [5, 3], "dtype": "float32"}], PARAMS.tobytes())


def reference_relu(x: np.ndarray) -> np.ndarray:
    """The model's Relu output by NumPy, in float64."""
    windows = np.lib.stride_tricks.sliding_window_view(x.astype(np.float64), (3, 3), axis=(1, 2))
    conv = np.einsum("bhwcij,ijco->bhwo", windows, FILTER.astype(np.float64))
    return np.maximum(conv + BIAS, 0)


def reference(x: np.ndarray) -> np.ndarray:
    return reference_relu(x).reshape(len(x), 12) @ DENSE.astype(np.float64)


def drive(steps):
    """Runs an `execute_steps` generator: its result and how many times it yielded."""
    yields = 0
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value, yields
        yields += 1


def node_by_node(model: tf.GraphModel, x: tf.Tensor) -> np.ndarray:
    result, _ = drive(model.execute_steps(x, each_node=True))
    values = result.numpy()
    result.dispose()
    return values


@pytest.fixture
def plan_runs(monkeypatch):
    """How many calls ran a whole-plan program (LoweredPlan.run)."""
    calls = []
    run = LoweredPlan.run

    def counting(self, feeds):
        calls.append(self)
        return run(self, feeds)

    monkeypatch.setattr(LoweredPlan, "run", counting)
    return calls


def usage() -> tuple[int, int, int]:
    memory = tf.memory()
    return memory["num_tensors"], memory["num_bytes"], tf.backend().num_data_ids()


def assert_same(got: np.ndarray, want: np.ndarray, backend: str) -> None:
    """Bit for bit on the NumPy backends; within float folding on torch's compiled graph."""
    if backend == "torch":
        np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-5)
    else:
        assert got.tobytes() == want.tobytes()


def test_repeated_calls_compute_from_each_feed_and_leave_memory_exact(backend, plan_runs):
    model = conv_model()
    feeds = [tf.tensor(RNG.standard_normal((2, 4, 4, 2)).astype(np.float32)) for _ in range(2)]
    first = [node_by_node(model, x) for x in feeds]  # never a plan program
    assert plan_runs == []
    baseline = usage()
    calls = 6
    for call in range(calls):
        x = feeds[call % 2]
        y = model.execute(x)
        values = y.numpy()
        y.dispose()
        assert usage() == baseline, f"call {call}"
        np.testing.assert_allclose(values, reference(x.numpy()), rtol=1e-4, atol=1e-4)
        assert_same(values, first[call % 2], backend)
    assert len(plan_runs) == calls - 1  # the first call lowered the plan, every later one ran it
    (lowered,) = model.executor.plan_programs.by_key.values()
    if backend == "torch":  # the compiled graph ran (and was checked) in the first call's trial
        assert lowered.trial is not None and len(lowered.trial[1]) == TRIAL_RUNS
    assert not np.allclose(first[0], first[1])  # the feeds' results differ
    tf.dispose(feeds)
    model.dispose()


def test_the_plan_program_runs_from_the_second_call(backend, plan_runs):
    model = conv_model()
    x = tf.tensor(RNG.standard_normal((1, 4, 4, 2)).astype(np.float32))
    assert not model.executor.plan_programs.by_key
    tf.dispose(model.execute(x))
    assert len(model.executor.plan_programs.by_key) == 1 and plan_runs == []
    tf.dispose(model.execute(x))
    assert len(plan_runs) == 1
    tf.dispose(x)
    model.dispose()


def test_a_kernel_error_in_a_plan_program_names_the_op_and_leaks_nothing(backend, plan_runs):
    model = gather_model()
    good, other, bad = (tf.tensor(v, dtype="int32") for v in ([0, 2], [4, 1], [3, 7]))
    tf.dispose(model.execute(good))  # lowered
    baseline = usage()
    with pytest.raises(IndexError, match="GatherV2"):
        settled(lambda: model.execute(bad))
    assert len(plan_runs) == 1  # the error came from the plan program's run
    assert usage() == baseline
    y = model.execute(other)  # it still works afterwards
    np.testing.assert_allclose(y.numpy(), np.exp(PARAMS[[4, 1]]), rtol=1e-6)
    assert len(plan_runs) == 2
    tf.dispose([good, other, bad, y])
    model.dispose()


def test_a_new_batch_size_lowers_again_and_both_keep_working(backend, plan_runs):
    model = conv_model()
    feeds = [tf.tensor(RNG.standard_normal((n, 4, 4, 2)).astype(np.float32)) for n in (2, 3, 2, 3, 1)]
    for call, x in enumerate(feeds * 2):
        y = model.execute(x)
        assert y.shape == (x.shape[0], 2), f"call {call}"
        np.testing.assert_allclose(y.numpy(), reference(x.numpy()), rtol=1e-4, atol=1e-4)
        y.dispose()
    assert len(model.executor.plan_programs.by_key) == 3  # batch sizes 2, 3 and 1
    assert len(plan_runs) == 10 - 3  # each shape's first call ran node by node
    tf.dispose(feeds)
    model.dispose()


@pytest.fixture
def lowered(backend, plan_runs):
    """The conv model and a feed, run twice (a plan program made and run); freed after."""
    model = conv_model()
    x = tf.tensor(RNG.standard_normal((2, 4, 4, 2)).astype(np.float32))
    tf.dispose([model.execute(x), model.execute(x)])
    assert len(plan_runs) == 1
    plan_runs.clear()
    yield model, x
    tf.dispose(x)
    model.dispose()


def test_profile_records_every_kernel_after_a_plan_program_exists(lowered, plan_runs):
    model, x = lowered
    results = []
    info = tf.profile(lambda: results.append(model.execute(x)))
    assert [k.name for k in info.kernels] == ["FusedConv2D", "Reshape", "BatchMatMul"]
    assert plan_runs == []
    np.testing.assert_allclose(results[0].numpy(), reference(x.numpy()), rtol=1e-4, atol=1e-4)
    tf.dispose(results)


def test_debug_mode_runs_node_by_node_after_a_plan_program_exists(lowered, plan_runs, caplog):
    model, x = lowered
    tf.env().set("DEBUG", True)  # conftest resets the flags after the test
    with caplog.at_level(logging.INFO, logger="tfjs.debug"):
        y = model.execute(x)
    tf.env().set("DEBUG", False)
    logged = " ".join(r.getMessage() for r in caplog.records if r.name == "tfjs.debug")
    for kernel in ("FusedConv2D", "Reshape", "BatchMatMul"):
        assert kernel in logged
    assert plan_runs == []
    np.testing.assert_allclose(y.numpy(), reference(x.numpy()), rtol=1e-4, atol=1e-4)
    y.dispose()


def test_kept_intermediate_tensors_run_node_by_node_after_a_plan_program_exists(lowered, plan_runs):
    model, x = lowered
    tf.env().set("KEEP_INTERMEDIATE_TENSORS", True)
    y = model.execute(x)
    kept = model.get_intermediate_tensors()
    assert plan_runs == []
    assert {"conv", "biasadd", "relu", "flat", "out"} <= set(kept)
    np.testing.assert_allclose(kept["relu"][0].numpy(), reference_relu(x.numpy()), rtol=1e-4, atol=1e-4)
    np.testing.assert_allclose(y.numpy(), reference(x.numpy()), rtol=1e-4, atol=1e-4)
    model.dispose_intermediate_tensors()
    tf.env().set("KEEP_INTERMEDIATE_TENSORS", False)
    y.dispose()


def test_execute_steps_each_node_yields_per_node_after_a_plan_program_exists(backend, plan_runs):
    model = conv_model()
    x = tf.tensor(RNG.standard_normal((2, 4, 4, 2)).astype(np.float32))
    first, per_node = drive(model.execute_steps(x, each_node=True))  # fused: conv, flat, out
    tf.dispose([first, model.execute(x), model.execute(x)])
    assert model.executor.plan_programs.by_key and len(plan_runs) == 1
    plan_runs.clear()
    y, yields = drive(model.execute_steps(x, each_node=True))
    assert per_node >= 3 and yields == per_node
    assert plan_runs == []
    np.testing.assert_allclose(y.numpy(), reference(x.numpy()), rtol=1e-4, atol=1e-4)
    z, plain = drive(model.execute_steps(x))
    assert plain < per_node and len(plan_runs) == 1
    np.testing.assert_allclose(z.numpy(), y.numpy(), rtol=1e-5, atol=1e-5)
    tf.dispose([x, y, z])
    model.dispose()


# ---- torch's compile_plan on hand-written runs ------------------------------------------


@pytest.fixture
def torch_backend():
    pytest.importorskip("torch", reason="PyTorch is not installed: torch's plan compiler is not tested")
    backend = tf.engine().find_backend("torch")
    if backend is None:
        pytest.skip("the torch backend did not start")
    if backend.device.type != "cpu":
        pytest.skip("compile_plan compiles on the CPU device only")
    from tfjs.backends.backend import TensorInfo

    made = []

    def write(values: np.ndarray) -> TensorInfo:
        info = TensorInfo(backend.write(values, "float32"), values.shape, "float32")
        made.append(info.data_id)
        return info

    before = backend.num_data_ids()
    yield backend, write
    for data_id in made:
        backend.dispose_data(data_id)
    assert backend.num_data_ids() == before, "compile_plan left buffers behind"


def _branch_on_sum(backend, x):
    return x * 2 if bool(x.sum() > 0) else -x


def _size_from_a_value(backend, x):
    return x[: int(x[0]) + 1]


@pytest.mark.parametrize("body", [_branch_on_sum, _size_from_a_value])
def test_compile_plan_refuses_a_run_that_reads_a_value_from_the_feeds(torch_backend, body):
    from tfjs.backends.torch.plan_compiler import compile_plan

    backend, write = torch_backend

    def run(feeds):
        return [backend.make_output(body(backend, backend.tensor(feeds[0])), "float32")]

    assert compile_plan(backend, run, [write(np.array([1.0, 5.0, 6.0], np.float32))]) is None


def _check_compiled(backend, write, run, eager_reference):
    from tfjs.backends.torch.plan_compiler import compile_plan

    first = write(np.array([[1.0, -2.0, 3.0]], np.float32))
    runner = compile_plan(backend, run, [first])
    assert runner is not None
    second = np.array([[-4.0, 0.5, 2.0]], np.float32)
    (out,) = runner([write(second)])
    try:
        assert out.shape == (1, 3) and out.dtype == "float32"
        np.testing.assert_allclose(backend.read_sync(out.data_id), eager_reference(second), rtol=1e-6)
    finally:
        backend.dispose_data(out.data_id)


def test_compile_plan_may_read_values_of_constants(torch_backend):
    import torch

    backend, write = torch_backend
    scale = torch.tensor([2.0, 3.0, 4.0])

    def run(feeds):
        x = backend.tensor(feeds[0])
        factor = scale if bool(scale.sum() > 0) else -scale  # not from the feeds: fixed
        return [backend.make_output(x * factor + float(scale[0]), "float32")]

    _check_compiled(backend, write, run, lambda x: x * [2.0, 3.0, 4.0] + 2.0)


def test_compile_plan_of_a_pure_run_computes_from_a_new_feed(torch_backend):
    import torch

    backend, write = torch_backend

    def run(feeds):
        x = backend.tensor(feeds[0])
        return [backend.make_output(torch.exp(-x) + x * x, "float32")]

    _check_compiled(backend, write, run, lambda x: np.exp(-x) + x * x)


def test_a_plan_that_cannot_be_joined_is_not_collected_again(backend, plan_runs, monkeypatch):
    """A node that reads its input's values (Where) runs its op on every call: the plan
    is tried once, then runs node by node without collecting again."""
    collected = []
    skipped = PlanCollector.skipped
    monkeypatch.setattr(
        PlanCollector, "skipped", lambda self, *a: collected.append(self) or skipped(self, *a)
    )
    shape = {"shape": {"dim": [{"size": "-1"}]}}
    nodes = [
        {"name": "i", "op": "Placeholder", "attr": {"dtype": I32, "shape": shape}},
        node("w", "Where", ["i"], T=I32),
    ]
    model = load(nodes, [], b"")
    x = tf.tensor([0, 3, 0, 5], dtype="int32")
    for _ in range(3):
        y = model.execute(x)
        np.testing.assert_array_equal(y.numpy(), [[1], [3]])
        y.dispose()
    assert len(collected) == 1 and plan_runs == []
    assert list(model.executor.plan_programs.by_key.values()) == [None]
    tf.dispose(x)
    model.dispose()
