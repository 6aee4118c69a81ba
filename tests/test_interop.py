"""DLPack both ways and data_to_gpu: memory shared, never copied, counted once."""

from __future__ import annotations

import numpy as np
import pytest

import tfjs as tf
from tfjs.tensor_size import TensorTooLargeError

torch = pytest.importorskip("torch", reason="PyTorch (optional dependency) is not installed")

from tests.backends.torch.test_torch_flags import start_torch  # noqa: E402, F401 - a fixture


@pytest.fixture
def on_torch():
    """The torch backend's device (CUDA where there is one)."""
    if not tf.set_backend("torch"):
        pytest.skip("backend 'torch' did not start: PyTorch (optional) is not installed")
    return tf.backend().device


def _buffer(t):
    return tf.engine()._data[t.data_id].backend.data[t.data_id]


@pytest.mark.parametrize(
    ("torch_dtype", "dtype"),
    [
        (torch.float32, "float32"),
        (torch.int32, "int32"),
        (torch.bool, "bool"),
        (torch.complex64, "complex64"),
    ],
)
def test_from_torch_shares_memory_without_copy(on_torch, torch_dtype, dtype):
    x = torch.tensor([[1, 0, 3], [4, 5, 0]]).to(on_torch, torch_dtype)
    t = tf.from_dlpack(x)
    assert (t.shape, t.dtype) == ((2, 3), dtype)
    assert _buffer(t).data_ptr() == x.data_ptr()
    assert torch.equal(torch.from_dlpack(t), x)
    t.dispose()


def test_round_trip_torch_keeps_one_buffer_and_counts_it_once(on_torch):
    x = torch.arange(6, dtype=torch.float32, device=on_torch).reshape(2, 3)
    before = tf.memory()
    t = tf.from_dlpack(x)
    assert tf.memory()["num_bytes"] - before["num_bytes"] == 24
    assert tf.memory()["num_data_buffers"] - before["num_data_buffers"] == 1
    back = torch.from_dlpack(t)
    assert back.data_ptr() == x.data_ptr() == t.data_to_gpu().data_ptr()
    assert t.data_to_gpu().shape == (2, 3)
    np.testing.assert_array_equal(tf.tidy(lambda: t.add(1).data_sync()), [1, 2, 3, 4, 5, 6])
    t.dispose()
    assert tf.memory()["num_bytes"] == before["num_bytes"]
    # Disposing drops only this project's reference: torch's views stay valid.
    assert back.tolist() == [[0, 1, 2], [3, 4, 5]]


def test_kernel_results_export_to_torch_and_numpy(on_torch):
    t = tf.tidy(lambda: tf.tensor([[1, 2], [3, 4]]).mul(2))
    assert torch.from_dlpack(t).tolist() == [[2, 4], [6, 8]]
    if on_torch.type == "cuda":
        assert t.__dlpack_device__() == (2, on_torch.index or 0)  # kDLCUDA
    else:
        np.testing.assert_array_equal(np.from_dlpack(t), [[2, 4], [6, 8]])
        assert t.__dlpack_device__() == (1, 0)  # kDLCPU
    t.dispose()


def test_reshaped_tensor_exports_its_own_shape(on_torch):
    t = tf.tensor([1, 2, 3, 4, 5, 6])
    r = t.reshape([3, 2])
    assert torch.from_dlpack(r).shape == (3, 2)
    assert torch.from_dlpack(r).data_ptr() == torch.from_dlpack(t).data_ptr()
    tf.dispose([t, r])


def test_from_numpy_on_cpu_shares_memory():
    a = np.array([1, 2, 3], dtype=np.int32)
    t = tf.from_dlpack(a)
    assert t.dtype == "int32"
    assert np.from_dlpack(t).ctypes.data == a.ctypes.data
    assert torch.from_dlpack(t).tolist() == [1, 2, 3]
    t.dispose()


@pytest.mark.parametrize("backend_name", ["cpu", "torch"])
def test_unshared_dtype_is_a_clear_error(backend_name):
    if not tf.set_backend(backend_name):
        pytest.skip(f"backend '{backend_name}' did not start: PyTorch (optional) is not installed")
    before = tf.memory()["num_tensors"]
    with pytest.raises(TypeError, match="from_dlpack: dtype float64"):
        tf.from_dlpack(np.zeros(2))
    with pytest.raises(TypeError, match="from_dlpack: dtype int64"):
        tf.from_dlpack(torch.zeros(2, dtype=torch.int64))
    with pytest.raises(TypeError, match="from_dlpack: argument 'x'"):
        tf.from_dlpack([1, 2])
    assert tf.memory()["num_tensors"] == before


def test_data_to_gpu_on_cpu_names_the_backend():
    t = tf.tensor([1, 2])
    with pytest.raises(ValueError, match="backend 'cpu'"):
        t.data_to_gpu()
    t.dispose()


def test_disposed_and_string_tensors_refuse_export(on_torch):
    t = tf.tensor([1.0])
    t.dispose()
    with pytest.raises(ValueError, match=r"__dlpack(_device)?__: Tensor .* is disposed"):
        torch.from_dlpack(t)
    s = tf.tensor(["a"])
    with pytest.raises(TypeError, match="string tensors have no DLPack form"):
        torch.from_dlpack(s)
    s.dispose()


def test_torch_tensor_requiring_grad_is_shared_detached(on_torch):
    x = torch.ones(3, device=on_torch, requires_grad=True)
    t = tf.from_dlpack(x)
    assert _buffer(t).data_ptr() == x.data_ptr()
    assert not _buffer(t).requires_grad
    t.dispose()


def test_numpy_array_on_torch_is_shared_on_the_cpu_device(on_torch):
    a = np.array([[1.5, -2.0]], dtype=np.float32)
    t = tf.from_dlpack(a)
    assert (t.shape, t.dtype) == ((1, 2), "float32")
    np.testing.assert_array_equal(t.data_sync(), [1.5, -2.0])
    if on_torch.type == "cpu":
        assert _buffer(t).data_ptr() == a.ctypes.data
    t.dispose()


def test_from_dlpack_respects_the_torch_byte_cap(start_torch):  # noqa: F811 - the fixture
    assert start_torch(TORCH_MAX_BYTES=32)
    backend = tf.backend()
    kept = tf.from_dlpack(torch.ones(8))  # 32 bytes: at the cap
    assert backend.num_bytes_on_device == 32
    tensors = tf.memory()["num_tensors"]
    with pytest.raises(TensorTooLargeError, match="storing 4 bytes"):
        tf.from_dlpack(torch.ones(1))
    assert tf.memory()["num_tensors"] == tensors and backend.num_bytes_on_device == 32
    kept.dispose()
    assert backend.num_bytes_on_device == 0
