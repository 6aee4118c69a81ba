"""Buffers shared by reshape and clone are never written in place, on any backend.

reshape, clone and a variable's initial value share one buffer with the tensor they came
from (the engine counts its owners), and a graph model's weights are read-only views of
its weight shards. Every kernel writes a fresh output: these tests run the kernels that
compute in place into their own results (fused bias + activation, relu's +0, cumulative
sums, ...) on views of a tensor and check that its bytes (-0's sign included) stay as
they were; the `cpu` backend stores read-only arrays, and on `torch` every kernel here
runs under `guard_torch_kernels` (its inputs' version counters checked). Read-only
weights reach the torch backend without a warning (a fresh interpreter under -W error,
since torch warns once per process).
"""

from __future__ import annotations

import subprocess
import sys
import textwrap
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest

import tfjs as tf
from tests.backends.in_place_guard import InPlaceWriteError, guard_torch_kernels
from tests.ops.op_spec import make_inputs
from tests.ops.specs import SPECS
from tfjs.dtypes import NUMPY_DTYPES

REPO = Path(__file__).resolve().parents[2]
CONV_MODEL = REPO / "tests" / "converter" / "fixtures" / "graph_api" / "conv_chain"

# -0, negatives, values past relu6's cap: every in-place fix-up has something to change.
VALUES = [-0.0, -2.5, 3.0, 7.5, -1.0, 0.5, -0.0, 6.5]
FILTER = [1.0, -1.0, 0.5, 2.0]  # [1, 1, 2, 2]
BIAS = [-0.0, 1.5]
INTS = [-3, 0, 5, -7, 2, 9, -1, 4]


@pytest.fixture
def guarded(backend):
    """`backend` active; on torch, any kernel writing into an input's buffer raises."""
    if backend == "torch":
        with guard_torch_kernels():
            yield backend
    else:
        yield backend


def _float_ops(
    x: tf.Tensor, w: tf.Tensor, b: tf.Tensor, rows: tf.Tensor, square: tf.Tensor
) -> list[Callable[[], tf.Tensor]]:
    """Kernels on x ([1, 2, 2, 2]), the 1x1 filter w, bias b, and x and w as matrices
    (rows [2, 4], square [2, 2]): all views of other tensors' buffers."""
    return [
        lambda: tf.add(x, 0),
        lambda: tf.add(x, x),
        lambda: tf.add_n([x, x, x]),
        lambda: tf.sub(x, 0),
        lambda: tf.mul(x, 1),
        lambda: tf.div(x, 1),
        lambda: tf.relu(x),
        lambda: tf.relu6(x),
        lambda: tf.elu(x),
        lambda: tf.leaky_relu(x, 0.1),
        lambda: tf.prelu(x, b),
        lambda: tf.step(x),
        lambda: tf.maximum(x, 0),
        lambda: tf.maximum(x, -0.0),
        lambda: tf.minimum(x, 0),
        lambda: tf.minimum(x, b),
        lambda: tf.squared_difference(x, 0),
        lambda: tf.neg(x),
        lambda: tf.abs(x),
        lambda: tf.clip_by_value(x, -1, 1),
        lambda: tf.sigmoid(x),
        lambda: tf.softmax(x),
        lambda: tf.log_softmax(x),
        lambda: tf.cast(x, "float32"),
        lambda: tf.clone(x),
        lambda: tf.cumsum(x, 3),
        lambda: tf.cumsum(x, 3, True, True),
        lambda: tf.cumprod(x, 3),
        lambda: tf.pad(x, [[0, 0], [1, 0], [0, 1], [0, 0]]),
        lambda: tf.conv2d(x, w, 1, "same"),
        lambda: tf.fused.conv2d(x, w, 1, "same", bias=b, activation="relu"),
        lambda: tf.fused.conv2d(x, w, 1, "same", bias=b, activation="relu6"),
        lambda: tf.fused.conv2d(x, w, 1, "same", bias=b, activation="prelu", prelu_activation_weights=b),
        lambda: tf.depthwise_conv2d(x, w.reshape([1, 1, 2, 2]), 1, "valid"),
        lambda: tf.fused.depthwise_conv2d(x, w, 1, "valid", bias=tf.concat([b, b]), activation="relu"),
        lambda: tf.mat_mul(rows, rows, False, True),
        lambda: tf.fused.mat_mul(rows.reshape([4, 2]), square, bias=b, activation="relu"),
        lambda: tf.fused.mat_mul(rows.reshape([4, 2]), square, bias=b, activation="relu6"),
        lambda: tf.avg_pool(x, 1, 1, "valid"),
        lambda: tf.max_pool(x, 2, 1, "same"),
        lambda: tf.batch_norm(x, b, tf.abs(b), b, b, 0.001),
        lambda: tf.tensor_scatter_update(rows, [[1]], [[9.0, 9.0, 9.0, 9.0]]),
        lambda: tf.where(tf.greater(x, 0), x, b),
        lambda: tf.transpose(x),
        lambda: tf.slice(x, [0, 1, 0, 0], [1, 1, 2, 2]),
        lambda: tf.concat([x, x], 3),
        lambda: tf.image.resize_bilinear(x, [2, 2]),
        lambda: tf.sum(x),
        lambda: tf.grad(lambda v: tf.sum(tf.relu(v)))(x),
        lambda: tf.grad(lambda v: tf.sum(tf.fused.conv2d(v, w, 1, "same", bias=b, activation="relu")))(x),
    ]


def _int_ops(x: tf.Tensor) -> list[Callable[[], tf.Tensor]]:
    return [
        lambda: tf.add(x, 0),
        lambda: tf.relu(x),
        lambda: tf.abs(x),
        lambda: tf.maximum(x, 0),
        lambda: tf.cumsum(x, 1),
        lambda: tf.cumsum(x, 1, True),
        lambda: tf.clone(x),
        lambda: tf.unsorted_segment_sum(x, [0, 1], 2),
    ]


def test_kernels_leave_the_buffer_shared_by_a_reshape_as_it_was(guarded):
    base, filter_base, bias_base = tf.tensor(VALUES), tf.tensor(FILTER), tf.tensor(BIAS)
    expected = {t.id: t.data_sync().tobytes() for t in (base, filter_base, bias_base)}
    x, w, b = base.reshape([1, 2, 2, 2]), filter_base.reshape([1, 1, 2, 2]), tf.clone(bias_base)
    rows, square = x.reshape([2, 4]), w.reshape([2, 2])
    for index, op in enumerate(_float_ops(x, w, b, rows, square)):
        tf.dispose(tf.tidy(op))
        for tensor in (base, filter_base, bias_base):
            assert tensor.data_sync().tobytes() == expected[tensor.id], (index, tensor.id)
    assert base.data_sync().tolist() == VALUES
    assert np.signbit(base.data_sync()).tolist() == [v < 0 or str(v) == "-0.0" for v in VALUES]
    tf.dispose([base, filter_base, bias_base, x, w, b, rows, square])


def _spec_inputs(spec) -> list[np.ndarray]:
    """A spec row's inputs, each float one starting with -0 (which a +0 fix-up changes)."""
    arrays = make_inputs(spec)
    for values in arrays:
        if values.dtype == np.float32 and values.size:
            values.reshape(-1)[0] = -0.0
    return arrays


def _gradients(op: Callable[..., tf.Tensor], inputs: list[tf.Tensor], positions: list[int]) -> list:
    """The gradients of sum(op(*inputs)) with respect to the inputs at `positions`."""

    def loss(*xs: tf.Tensor) -> tf.Tensor:
        args = list(inputs)
        for position, x in zip(positions, xs, strict=True):
            args[position] = x
        return tf.sum(op(*args))

    return tf.grads(loss)([inputs[p] for p in positions])


def test_every_op_spec_row_leaves_its_inputs_buffers_as_they_were(guarded):
    """Each op of the spec table (tests/ops/specs), and its gradient where it has one,
    called on reshapes of its inputs."""
    changed = []
    for spec in SPECS:
        arrays = _spec_inputs(spec)
        originals = [tf.tensor(values) for values in arrays]
        views = [tensor.reshape(list(tensor.shape)) for tensor in originals]
        results = [tf.tidy(lambda: spec.op(*views))]  # noqa: B023 (called at once)
        floats = [i for i, (_, dtype) in enumerate(spec.inputs) if dtype == "float32"]
        if spec.differentiable and spec.dtype == "float32" and floats:
            results += tf.tidy(lambda: _gradients(spec.op, views, floats))  # noqa: B023
        tf.dispose([r for r in results if all(r is not v for v in views)])  # an op may return x
        if any(t.data_sync().tobytes() != a.tobytes() for t, a in zip(originals, arrays, strict=True)):
            changed.append(spec.id)
        tf.dispose([*originals, *views])
    assert changed == []


def test_int32_kernels_leave_the_shared_buffer_as_it_was(guarded):
    base = tf.tensor(INTS, dtype="int32")
    x = base.reshape([2, 4])
    for op in _int_ops(x):
        tf.dispose(tf.tidy(op))
        assert base.data_sync().tolist() == INTS
    tf.dispose([base, x])


def test_assign_replaces_a_variables_buffer_and_leaves_sharers_alone(backend):
    initial = tf.tensor([1.0, 2.0, 3.0])
    v = tf.variable(initial)  # shares the initial value's buffer, as in TF.js
    view = v.reshape([3, 1])
    new_value = tf.mul(v, 10)
    v.assign(new_value)
    new_value.dispose()
    assert v.data_sync().tolist() == [10.0, 20.0, 30.0]
    assert initial.data_sync().tolist() == [1.0, 2.0, 3.0]
    assert view.data_sync().tolist() == [1.0, 2.0, 3.0]
    tf.dispose([initial, v, view])


@pytest.mark.parametrize("make", [tf.train.sgd, tf.train.adam, lambda lr: tf.train.momentum(lr, 0.9)])
def test_optimizers_leave_the_variables_initial_value_alone(backend, make):
    initial = tf.tensor([1.0, -2.0])
    v = tf.variable(initial)
    optimizer = make(0.5)
    tf.tidy(lambda: optimizer.minimize(lambda: tf.sum(tf.square(v))))
    assert initial.data_sync().tolist() == [1.0, -2.0]
    assert v.data_sync().tolist() != [1.0, -2.0]
    optimizer.dispose()
    tf.dispose([initial, v])


# ---- the cpu backend stores read-only arrays ---------------------------------------


def test_cpu_stores_every_buffer_read_only():
    backend = tf.engine().find_backend("cpu")
    x = tf.tidy(lambda: tf.tensor(VALUES).reshape([2, 4]))
    outputs = [
        tf.relu(x),
        tf.tidy(lambda: tf.fused.mat_mul(x, x, False, True, bias=tf.scalar(1.0), activation="relu")),
        tf.cumsum(x, 1, True),
    ]
    for tensor in [x, *outputs]:
        assert not backend.data[tensor.data_id].flags.writeable
        with pytest.raises(ValueError, match="read-only"):
            backend.read_sync(tensor.data_id)[...] = 1.0
    tf.dispose([x, *outputs])


def test_a_cpu_kernel_writing_into_its_input_fails_at_once():
    backend = tf.engine().find_backend("cpu")
    x = tf.tensor([1.0, -1.0])

    def writes_its_input(backend, x):
        values = backend.values(x)
        np.maximum(values, 0, out=values)
        return backend.forward(x, x.shape)

    with pytest.raises(ValueError, match="read-only"):
        backend.execute(writes_its_input, {"x": x}, {})
    assert x.data_sync().tolist() == [1.0, -1.0]
    x.dispose()


def test_tf_tensor_leaves_the_callers_array_writable():
    for values in (np.zeros(3, np.float32), np.zeros(3, np.int32), np.zeros(3, np.bool_)):
        tf.tensor(values).dispose()
        assert values.flags.writeable


# ---- torch: the guard, and read-only uploads ----------------------------------------


@pytest.fixture
def torch_backend():
    """The torch backend, active."""
    pytest.importorskip("torch", reason="PyTorch (optional dependency) is not installed")
    assert tf.set_backend("torch")
    return tf.engine().find_backend("torch")


def test_the_torch_guard_names_a_kernel_that_writes_its_input(torch_backend):
    x = tf.tensor([1.0, -1.0])
    view = x.reshape([2, 1])

    def writes_its_input(backend, x):
        backend.tensor(x).clamp_(min=0)
        return backend.forward(x, x.shape)

    with guard_torch_kernels(), pytest.raises(InPlaceWriteError, match=r"writes_its_input.*'x'"):
        torch_backend.execute(writes_its_input, {"x": view}, {})
    tf.dispose([x, view])


@pytest.mark.parametrize(
    ("dtype", "values"),
    [
        ("float32", [[2.0, 3.0, 4.0], [5.0, -0.0, 7.0]]),
        ("int32", [[2, -3, 4], [5, 6, 2**31 - 1]]),
        ("bool", [[True, False, True], [False, False, True]]),
        ("complex64", [[1 + 2j, 3j, -1], [0, 2 - 1j, 1]]),
    ],
)
def test_a_read_only_view_uploads_to_torch_intact_and_shared_on_its_cpu_device(torch_backend, dtype, values):
    import torch

    storage = np.array(values, NUMPY_DTYPES[dtype])
    shard = bytes(8) + storage.tobytes()
    weights = np.frombuffer(shard, storage.dtype, offset=8).reshape(2, 3)  # read-only, as a shard's
    data_id = torch_backend.write(weights, dtype)
    stored = torch_backend.data[data_id]
    assert stored.dtype == {"float32": torch.float32, "int32": torch.int32, "bool": torch.bool}.get(
        dtype, torch.complex64
    )
    assert torch_backend.read_sync(data_id).tobytes() == storage.tobytes()
    # NumPy 2.1 exports read-only memory through DLPack 1.0, which recent torch imports.
    recent = np.lib.NumpyVersion(np.__version__) >= "2.1.0" and torch.__version__ >= "2.9"
    if torch_backend.device.type == "cpu" and recent:
        assert stored.data_ptr() == weights.ctypes.data  # no host copy
    torch_backend.dispose_data(data_id)
    assert weights.tobytes() == storage.tobytes()


def test_read_only_weights_reach_torch_without_a_warning():
    pytest.importorskip("torch", reason="PyTorch (optional dependency) is not installed")
    script = textwrap.dedent(
        f"""
        import numpy as np
        import tfjs as tf

        tf.set_backend("torch")
        weights = np.linspace(-1, 1, 6, dtype=np.float32)
        weights.flags.writeable = False
        assert tf.tensor(weights).sum().data_sync() == np.float32(weights.sum())

        model = tf.load_graph_model({str(CONV_MODEL)!r})
        shard = np.fromfile({str(CONV_MODEL / "group1-shard1of1.bin")!r}, np.uint8)
        filter_ = shard[: 18 * 4 * 3].view(np.float32).reshape(3, 3, 2, 3)
        bias = shard[18 * 4 * 3 :].astype(np.float32) * np.float32(0.1) + np.float32(-0.2)
        x = tf.tensor(np.linspace(-1, 1, 32, dtype=np.float32).reshape(1, 4, 4, 2))
        y = model.execute(x).numpy()
        model.execute(x)
        tf.set_backend("cpu")
        expected = tf.relu(tf.add(tf.conv2d(x, filter_, 1, "same"), bias)).numpy()
        np.testing.assert_allclose(y, expected, rtol=1e-6, atol=1e-6)
        [weight] = model.weights["conv/filter"]
        assert weight.data_sync().tobytes() == filter_.tobytes()
        print("ok")
        """
    )
    done = subprocess.run(
        [sys.executable, "-W", "error", "-c", script], capture_output=True, text=True, cwd=REPO, timeout=120
    )
    assert done.returncode == 0, done.stderr[-3000:]
    assert done.stdout.strip() == "ok"
