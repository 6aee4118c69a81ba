"""The torch backend's flags, read when it starts: its device (a missing one fails the
start and `cpu` stays), CPU threads, TF32 and its device byte cap."""

from __future__ import annotations

import logging
import os
import subprocess
import sys

import pytest

import tfjs as tf
from tfjs.backends.torch import TORCH, register_torch_backend
from tfjs.tensor_size import TensorTooLargeError

torch = pytest.importorskip("torch", reason="the torch backend needs PyTorch (tfjs[torch])")


@pytest.fixture
def start_torch():
    """Starts a fresh torch backend under the flags given; restores PyTorch's process-wide
    settings and a default torch backend after."""
    threads = torch.get_num_threads()
    tf32 = (torch.backends.cuda.matmul.allow_tf32, torch.backends.cudnn.allow_tf32)

    def start(**flags) -> bool:
        tf.set_backend("cpu")
        tf.remove_backend(TORCH)
        register_torch_backend()
        tf.env().reset()
        tf.env().set_flags(flags)
        return tf.set_backend(TORCH)

    yield start
    tf.set_backend("cpu")
    tf.remove_backend(TORCH)
    tf.env().reset()
    register_torch_backend()
    torch.set_num_threads(threads)
    torch.backends.cuda.matmul.allow_tf32, torch.backends.cudnn.allow_tf32 = tf32


def test_a_missing_device_fails_the_start_says_why_and_cpu_stays(start_torch, caplog):
    with caplog.at_level(logging.WARNING, logger="tfjs"):
        assert start_torch(TORCH_DEVICE="cuda:7") is False
    assert tf.get_backend() == "cpu"
    assert "TORCH_DEVICE: device 'cuda:7' does not exist" in caplog.text


def test_a_device_that_is_no_device_name_fails_the_start(start_torch, caplog):
    with caplog.at_level(logging.WARNING, logger="tfjs"):
        assert start_torch(TORCH_DEVICE="gpu0") is False
    assert "'gpu0' is not a device name" in caplog.text


def test_tfjs_flags_naming_a_missing_device_leave_cpu_the_default():
    env = {**os.environ, "TFJS_FLAGS": "TORCH_DEVICE:cuda:7"}
    env.pop("TFJS_BACKEND", None)
    code = "import tfjs as tf; print(tf.get_backend())"
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120)
    assert done.stdout.strip() == "cpu", done.stderr
    assert "cuda:7" in done.stderr


def test_the_default_device_is_cuda_when_there_is_one(start_torch):
    assert start_torch()
    expected = "cuda" if torch.cuda.is_available() else "cpu"
    assert tf.engine().find_backend(TORCH).device.type == expected


def test_thread_count_and_tf32_are_applied_at_start(start_torch):
    assert start_torch(TORCH_NUM_THREADS=1, TORCH_ALLOW_TF32=True)
    assert torch.get_num_threads() == 1
    assert torch.backends.cuda.matmul.allow_tf32 and torch.backends.cudnn.allow_tf32
    assert start_torch()  # TF32 is off by default: float32 as TF.js computes
    assert not torch.backends.cuda.matmul.allow_tf32 and not torch.backends.cudnn.allow_tf32


def test_a_negative_thread_count_fails_the_start(start_torch, caplog):
    with caplog.at_level(logging.WARNING, logger="tfjs"):
        assert start_torch(TORCH_NUM_THREADS=-2) is False
    assert "TORCH_NUM_THREADS" in caplog.text


def test_the_byte_cap_stops_a_kernel_with_a_clear_error_and_the_engine_runs_on(start_torch):
    assert start_torch(TORCH_MAX_BYTES=96)  # room for three 8-float (32-byte) buffers
    backend = tf.engine().find_backend(TORCH)
    x = tf.ones([8])
    y = x.add(x)
    z = y.mul(x)  # 96 bytes: at the cap, not past it
    tensors, buffers = tf.memory()["num_tensors"], backend.num_data_ids()
    with pytest.raises(
        TensorTooLargeError, match=r"^Sub: storing 32 bytes on \S+ would pass .* cap of 96 bytes"
    ):
        z.sub(x)
    assert tf.memory()["num_tensors"] == tensors and backend.num_data_ids() == buffers
    assert backend.num_bytes_on_device == 96
    with pytest.raises(TensorTooLargeError, match=r"an upload: storing 4 bytes"):
        tf.scalar(1.0)
    z.dispose()
    w = y.sub(x)  # room again: the engine runs on
    assert w.data_sync().tolist() == [1.0] * 8
    tf.dispose([x, y, w])
    assert backend.num_bytes_on_device == 0


def test_16_bit_mode_stores_float32_buffers_as_half_floats(start_torch):
    assert start_torch(TORCH_RENDER_FLOAT32_ENABLED=False)
    assert tf.backend().float_precision() == 16 and tf.backend().epsilon() == 1e-4

    def run():
        third = tf.scalar(1.0).div(3)  # float16's nearest to 1/3: 0.333251953125 (2**-2 * 1365/1024)
        uploaded = tf.tensor([70000.0, 1.0 + 2.0**-11, 2049.0])  # past 65504; between halves
        ints = tf.tensor([2049], dtype="int32")  # ints stay exact
        return [t.data_sync().tolist() for t in (third, uploaded, ints)]

    third, uploaded, ints = tf.tidy(run)
    assert third == [0.333251953125]
    assert uploaded == [float("inf"), 1.0, 2048.0]  # ties round to even
    assert ints == [2049]
    assert start_torch()  # float32 by default
    assert tf.tidy(lambda: tf.scalar(1.0).div(3).data_sync().tolist()) == [pytest.approx(1 / 3, rel=1e-7)]


@pytest.mark.parametrize("measure", [True, False])
def test_measure_convolutions_off_runs_torchs_own_convolution(start_torch, monkeypatch, measure):
    """TORCH_MEASURE_CONVOLUTIONS=false: no algorithm is timed, every float32 convolution
    is torch's own (the same bits in every process)."""
    import numpy as np

    from tfjs.backends.torch.kernels import conv_algorithms

    monkeypatch.setattr(conv_algorithms, "_TIMES", {})
    assert start_torch(TORCH_DEVICE="cpu", TORCH_MEASURE_CONVOLUTIONS=measure)  # measured on the CPU device
    x = np.random.default_rng(2).standard_normal((1, 6, 7, 3)).astype(np.float32)
    w = np.random.default_rng(3).standard_normal((3, 3, 3, 4)).astype(np.float32)
    result = tf.tidy(lambda: tf.conv2d(tf.tensor(x), tf.tensor(w), 1, "same"))
    got = result.numpy()
    result.dispose()
    want = torch.nn.functional.conv2d(
        torch.from_numpy(x).permute(0, 3, 1, 2), torch.from_numpy(w).permute(3, 2, 0, 1), padding=1
    ).permute(0, 2, 3, 1)
    np.testing.assert_allclose(got, want.numpy(), rtol=1e-5, atol=1e-5)
    assert bool(conv_algorithms._TIMES) == measure


@pytest.mark.parametrize("fuse", [True, False])
def test_onednn_graph_off_keeps_compiled_plans_plain(start_torch, monkeypatch, fuse):
    """TORCH_ONEDNN_GRAPH=false: a compiled plan never tries oneDNN Graph's partitions."""
    import numpy as np

    from tests.backends.torch.test_traced_plans import conv_relu_model
    from tfjs.backends.torch import plan_compiler

    tried = []
    original = plan_compiler.with_onednn_graph
    monkeypatch.setattr(
        plan_compiler, "with_onednn_graph", lambda *a, **k: tried.append(1) or original(*a, **k)
    )
    assert start_torch(TORCH_ONEDNN_GRAPH=fuse)
    if tf.backend().device.type != "cpu":
        pytest.skip("plans compile on the torch backend's CPU device only")
    model = conv_relu_model()
    x = tf.tensor(np.random.default_rng(4).standard_normal((1, 4, 4, 2)).astype(np.float32))
    for _ in range(3):
        tf.dispose(model.execute(x))
    assert bool(tried) == fuse
    tf.dispose(x)
    model.dispose()


@pytest.mark.parametrize(
    ("flag", "preset", "want"), [(True, None, "1"), (False, None, "0"), (True, "0", "0")]
)
def test_huge_pages_set_pytorchs_variable_unless_it_is_set(start_torch, monkeypatch, flag, preset, want):
    if preset is None:
        monkeypatch.delenv("THP_MEM_ALLOC_ENABLE", raising=False)
    else:
        monkeypatch.setenv("THP_MEM_ALLOC_ENABLE", preset)
    assert start_torch(TORCH_HUGE_PAGES=flag)
    assert os.environ["THP_MEM_ALLOC_ENABLE"] == want


def _transparent_huge_pages() -> str:
    """The kernel's mode ("always", "madvise" or "never"); "never" where it tells none."""
    try:
        with open("/sys/kernel/mm/transparent_hugepage/enabled") as modes:
            return modes.read().split("[", 1)[1].split("]", 1)[0]
    except (OSError, IndexError):
        return "never"


@pytest.mark.parametrize("flag", [True, False])
def test_a_large_cpu_buffer_sits_in_huge_pages_where_the_flag_is_on(flag):
    mode = _transparent_huge_pages()
    if mode == "never" or not os.path.exists("/proc/self/smaps_rollup"):
        pytest.skip("this kernel gives no transparent huge pages (or no smaps_rollup)")
    env = {**os.environ, "TFJS_FLAGS": f"TORCH_DEVICE:cpu,TORCH_HUGE_PAGES:{str(flag).lower()}"}
    env.pop("THP_MEM_ALLOC_ENABLE", None)
    code = (
        "import tfjs as tf\n"
        "assert tf.set_backend('torch')\n"
        "x = tf.fill([16 * 1024 * 1024], 1.0)\n"  # 64 MB, not downloaded: NumPy's arrays take huge pages
        "tf.backend().synchronize()\n"
        "rows = dict(line.split(':', 1) for line in open('/proc/self/smaps_rollup') if ':' in line)\n"
        "print(int(rows['AnonHugePages'].split()[0]))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    huge_kb = int(done.stdout.split()[-1])
    if flag:
        assert huge_kb >= 32 * 1024, f"only {huge_kb} kB in huge pages"
    elif mode == "madvise":
        assert huge_kb < 32 * 1024, f"{huge_kb} kB in huge pages with the flag off"
