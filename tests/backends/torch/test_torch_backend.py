"""The `torch` backend itself: its kernel coverage (every cpu kernel but the forwarding
set, which is listed, so it cannot grow silently), its storage (dtypes,
strings on the host, read-only uploads), data moving between it and `cpu`, and its
registration (PyTorch imported only when it starts)."""

from __future__ import annotations

import math
import os
import subprocess
import sys

import numpy as np
import pytest

import tfjs as tf
from tests.helpers import scope
from tfjs.backends.torch import TORCH, register_torch_backend

torch = pytest.importorskip("torch", reason="the torch backend needs PyTorch (tfjs[torch])")

FORWARDED = {
    "StaticRegexReplace",
    "StringNGrams",
    "StringSplit",
    "StringToHashBucketFast",
    "RaggedGather",
    "RaggedRange",
    "RaggedTensorToTensor",
    "SparseFillEmptyRows",
    "SparseReshape",
    "SparseSegmentMean",
    "SparseSegmentSum",
    "NonMaxSuppressionV3",
    "NonMaxSuppressionV4",
    "NonMaxSuppressionV5",
    "Unique",
    "Bincount",
    "DenseBincount",
}


@pytest.fixture
def on_torch():
    """The torch backend registered and active (removed after, if this registered it)."""
    registered_here = register_torch_backend()
    assert tf.set_backend(TORCH)
    yield tf.engine().find_backend(TORCH)
    tf.set_backend("cpu")
    if registered_here:
        tf.remove_backend(TORCH)


def test_every_cpu_kernel_has_a_torch_kernel_or_is_forwarded(on_torch):
    cpu = {config.kernel_name for config in tf.get_kernels_for_backend("cpu")}
    torch_kernels = {config.kernel_name for config in tf.get_kernels_for_backend(TORCH)}
    assert set(on_torch.forwarded_kernels) == FORWARDED
    assert cpu - torch_kernels == FORWARDED


def test_values_keep_their_dtype_on_the_device(on_torch):
    with scope():
        floats = tf.tensor([1.5, -0.0, float("nan")])
        ints = tf.tensor([2**31 - 1, -(2**31)], dtype="int32")
        flags = tf.tensor([True, False])
        pairs = tf.complex([1.0, 2.0], [3.0, -4.0])
        stored = [on_torch.data[t.data_id].dtype for t in (floats, ints, flags, pairs)]
        assert stored == [torch.float32, torch.int32, torch.bool, torch.complex64]
        got = floats.data_sync()
        assert got.dtype == np.float32 and np.signbit(got[1]) and np.isnan(got[2])
        assert ints.add(tf.tensor([1, 0], dtype="int32")).data_sync().tolist() == [-(2**31), -(2**31)]
        assert flags.logical_not().data_sync().tolist() == [False, True]
        assert pairs.data_sync().tolist() == [1.0, 3.0, 2.0, -4.0]  # TF.js interleaves the parts


def test_casts_wrap_and_truncate_as_typed_arrays(on_torch):
    def run():
        x = tf.tensor(
            [
                2.0**31 + 256,
                -7.9,
                float("nan"),
                float("inf"),
                3e9,
                float("-inf"),
                -(2.0**31),
                -3e9,
                2.0**40 + 2**20,
                0.5,
            ]
        )  # float32 values
        return x.cast("int32").data_sync().tolist(), x.cast("bool").data_sync().tolist()

    ints, flags = tf.tidy(run)
    assert ints == [
        256 - 2**31,
        -7,
        0,
        0,
        3_000_000_000 - 2**32,
        0,
        -(2**31),
        2**32 - 3_000_000_000,
        2**20,
        0,
    ]
    assert flags == [True] * 10


def test_a_large_cast_wraps_every_value_as_an_int32array(on_torch):
    """The vectorized conversions, with non-finite values among them (Int32Array: 0)."""
    values = np.random.default_rng(7).standard_normal(40_000).astype(np.float32) * np.float32(1e10)
    values[::97], values[1::89], values[2::83] = np.nan, np.inf, -np.inf
    want = [0 if not math.isfinite(v) else (math.trunc(v) + 2**31) % 2**32 - 2**31 for v in values.tolist()]
    with scope():
        assert tf.tensor(values).cast("int32").data_sync().tolist() == want


def test_read_only_weights_upload_without_a_warning(on_torch):
    weights = np.arange(6, dtype=np.float32).reshape(2, 3)
    weights.flags.writeable = False  # as a model shard's views are
    with scope():
        x = tf.tensor(weights)
        assert isinstance(on_torch.data[x.data_id], torch.Tensor)
        assert x.sum().data_sync() == 15.0  # filterwarnings=error: a warning would fail here


def test_strings_stay_host_arrays_and_their_kernels_run_there(on_torch):
    with scope():
        words = tf.tensor(["a", "bb", "ccc", "d"])
        assert isinstance(on_torch.data[words.data_id], np.ndarray)
        grid = tf.concat([words, tf.slice(words, [2], [2])]).reshape([3, 2])
        assert grid.array_sync() == [["a", "bb"], ["ccc", "d"], ["ccc", "d"]]
        assert tf.engine().backend_of(grid) == TORCH


def test_a_cpu_tensor_moves_to_torch_once_lazily_and_back(on_torch):
    engine = tf.engine()
    tf.set_backend("cpu")
    with scope():
        x = tf.tensor([1.0, 2.0, 3.0])
        tf.set_backend(TORCH)
        moves = engine.num_data_moves
        assert engine.backend_of(x) == "cpu"  # nothing moves until a torch kernel needs it
        y = tf.mul(x, 2)
        z = tf.add(x, y)
        assert engine.backend_of(x) == TORCH and engine.num_data_moves == moves + 1
        tf.set_backend("cpu")
        assert tf.neg(z).data_sync().tolist() == [-3.0, -6.0, -9.0]
        assert engine.backend_of(z) == "cpu" and engine.num_data_moves == moves + 2


def test_a_forwarded_kernel_runs_on_cpu(on_torch):
    with scope():
        values, indices = tf.unique(tf.tensor([3, 1, 3, 2], dtype="int32"))
        assert values.data_sync().tolist() == [3, 1, 2] and indices.data_sync().tolist() == [0, 1, 0, 2]
        assert tf.engine().backend_of(values) == "cpu"


def test_kernels_free_their_buffers(on_torch):
    x = tf.ones([4, 4])
    before = on_torch.num_data_ids()
    total = tf.tidy(lambda: tf.conv2d(x.reshape([1, 4, 4, 1]), tf.ones([2, 2, 1, 1]), 1, "same").sum())
    assert total.data_sync() == 4 * 9 + 2 * 3 * 2 + 1  # the windows past the edges hold fewer ones
    assert on_torch.num_data_ids() == before + 1  # the sum alone
    total.dispose()
    x.dispose()


def test_a_slice_is_copied_out_of_its_buffer_unless_a_plan_is_traced(on_torch):
    """Stored, a view of part of a buffer would keep the whole buffer alive: it is copied,
    but in a traced plan, whose graph frees what it no longer reads and whose outputs
    are stored again after it runs (as copies)."""
    from tfjs.backends.torch.tracing import as_traced

    base = torch.arange(100, dtype=torch.float32)
    stored = on_torch.make_output(base[10:20], "float32")
    with as_traced():
        traced = on_torch.make_output(base[10:20], "float32")
    sizes = [on_torch.data[info.data_id].untyped_storage().nbytes() for info in (stored, traced)]
    assert sizes == [40, 400]
    for info in (stored, traced):
        assert on_torch.data[info.data_id].tolist() == list(range(10, 20))
        on_torch.dispose_data(info.data_id)


def test_conv2d_same_padding_is_tfjs_asymmetric_padding(on_torch):
    """SAME with an even filter pads one more row below and column right, as TF.js."""

    def run():
        x = tf.tensor(np.arange(1, 17, dtype=np.float32).reshape(1, 4, 4, 1))
        return tf.conv2d(x, tf.ones([2, 2, 1, 1]), 1, "same").reshape([4, 4]).array_sync()

    # each output sums x[r:r+2, c:c+2] (zeros past the last row and column)
    assert tf.tidy(run) == [
        [14.0, 18.0, 22.0, 12.0],
        [30.0, 34.0, 38.0, 20.0],
        [46.0, 50.0, 54.0, 28.0],
        [27.0, 29.0, 31.0, 16.0],
    ]


def test_importing_tfjs_does_not_import_torch_and_a_missing_torch_leaves_cpu():
    code = (
        "import sys\n"
        "import tfjs as tf\n"
        "assert 'torch' not in sys.modules\n"
        "sys.modules['torch'] = None  # PyTorch missing\n"
        "from tfjs.backends.torch import register_torch_backend\n"
        "register_torch_backend()\n"
        "print(tf.set_backend('torch'), tf.get_backend())\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["False", "cpu"]
    assert "Initialization of backend torch failed" in done.stderr


def test_without_pytorch_the_default_is_cpu_and_nothing_is_printed():
    code = (
        "import sys\n"
        "sys.modules['torch'] = None  # PyTorch missing\n"
        "import tfjs as tf\n"
        "print(tf.tensor([1.0]).add(1).array_sync(), tf.get_backend())\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["[2.0]", "cpu"]
    assert done.stderr == ""


def _default_backend(environment: dict[str, str]) -> subprocess.CompletedProcess:
    code = "import tfjs as tf\nprint(tf.get_backend())\n"
    env = {k: v for k, v in os.environ.items() if k != "TFJS_BACKEND"} | environment
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, env=env)


def test_torch_is_the_default_where_it_starts_and_tfjs_backend_picks_another():
    assert _default_backend({}).stdout.split() == ["torch"]
    assert _default_backend({"TFJS_BACKEND": "cpu"}).stdout.split() == ["cpu"]
    unknown = _default_backend({"TFJS_BACKEND": "webgl"})
    assert unknown.stdout.split() == ["torch"]
    assert "TFJS_BACKEND names backend 'webgl', which is not registered" in unknown.stderr


def test_a_filter_is_converted_to_torch_layout_once(on_torch):
    def made_again(_values):
        raise AssertionError("the filter was converted a second time")

    with scope():
        x, w = tf.ones([1, 3, 3, 1]), tf.ones([2, 2, 1, 1])
        first, second = tf.conv2d(x, w, 1, "valid"), tf.conv2d(x, w, 1, "valid")
        assert first.array_sync() == second.array_sync() == [[[[4.0], [4.0]], [[4.0], [4.0]]]]
        layout = on_torch.derived(w, ("filter", False, torch.float32), made_again)
        assert tuple(layout.shape) == (1, 1, 2, 2)  # torch's [out, in, height, width]


@pytest.mark.parametrize(
    ("make", "expected"),
    [
        pytest.param(lambda: tf.zeros([3, 2]), [0.0] * 6, id="zeros"),
        pytest.param(lambda: tf.ones([2, 2], "int32"), [1] * 4, id="ones"),
        pytest.param(lambda: tf.fill([2], 7.5), [7.5, 7.5], id="fill"),
        pytest.param(lambda: tf.range(0, 6, 2), [0.0, 2.0, 4.0], id="range"),
        pytest.param(lambda: tf.range(5, 0, -2, "int32"), [5, 3, 1], id="range_down"),
        pytest.param(lambda: tf.zeros_like(tf.ones([2])), [0.0, 0.0], id="zeros_like"),
    ],
)
def test_creation_ops_are_made_on_the_device_with_no_upload(on_torch, make, expected, monkeypatch):
    backend = tf.backend()
    uploads = []
    upload = backend.upload
    monkeypatch.setattr(
        backend, "upload", lambda values, dtype: uploads.append(values.shape) or upload(values, dtype)
    )
    with scope():
        made = make()
        assert tf.engine().backend_of(made) == "torch"
        assert made.data_sync().tolist() == expected
    assert uploads == []


def test_a_range_of_fractions_keeps_tfjs_running_float32_sum(on_torch):
    with scope():
        values = tf.range(0, 1, 0.1).data_sync()
    running = [np.float32(0)]
    for _ in range(9):
        running.append(np.float32(float(running[-1]) + 0.1))  # a double sum stored as float32
    assert values.tolist() == [float(v) for v in running]


def test_int32_pow_is_exact_where_the_devices_pow_is_an_ulp_low(monkeypatch):
    """A GPU's float64 pow may be an ulp off; truncated into int32, 3 ** 2 would store 8.
    JavaScript's pow gives the integer exactly (below 2**53): so does the kernel."""
    from tfjs.backends.torch.kernels import binary

    exact_pow = torch.pow

    def an_ulp_low(a, b):
        result = exact_pow(a, b)
        if result.dtype != torch.float64:
            return result
        return torch.nextafter(result, torch.full_like(result, -np.inf))

    monkeypatch.setattr(binary.torch, "pow", an_ulp_low)
    tf.set_backend("torch")
    base, exponent = [2, 2, 3, -2, 2, 3, 7], [-1, 31, 2, 3, 32, 20, 0]
    with scope():
        got = tf.pow(tf.tensor(base, dtype="int32"), tf.tensor(exponent, dtype="int32")).data_sync()
    np.testing.assert_array_equal(got, [0, -(2**31), 9, -8, 0, 3**20 - 2**32, 1])
