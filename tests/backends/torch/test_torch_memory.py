"""`tf.memory()` on torch: TF.js's WebGL keys in snake_case on a GPU (here a stand-in
for the CUDA allocator's counts), `unreliable` with its reason where the caching
allocator holds more than the tensors, and exact counts on the CPU device."""

from __future__ import annotations

import numpy as np
import pytest

import tfjs as tf

torch = pytest.importorskip("torch", reason="the torch backend needs PyTorch (tfjs[torch])")
from tfjs.backends.torch.device_memory import device_memory_info  # noqa: E402


def test_gpu_keys_count_the_tensors_and_the_allocators_cache(torch_backend):
    torch_backend.allocator_bytes = lambda device: (1024 + 96, 2 * 1024 * 1024)
    x = tf.zeros([4, 4])  # 64 bytes
    y = tf.ones([8], dtype="int32")  # 32 bytes
    try:
        info = tf.memory()
        assert info["num_bytes_in_gpu"] == 96
        assert info["num_bytes_in_gpu_allocated"] == 2 * 1024 * 1024
        assert info["num_bytes_in_gpu_free"] == 2 * 1024 * 1024 - 1120
        assert info["unreliable"] is True
        assert (
            "caching allocator holds 2097152 bytes, 2097056 more than the tensors' 96" in info["reasons"][0]
        )
        assert info["num_bytes"] == 96 and info["num_tensors"] == 2
    finally:
        tf.dispose([x, y])
    assert tf.memory()["num_bytes_in_gpu"] == 0


def test_an_allocator_holding_only_the_tensors_is_reliable():
    info = device_memory_info(512, (512, 512))
    assert info == {
        "num_bytes_in_gpu": 512,
        "num_bytes_in_gpu_allocated": 512,
        "num_bytes_in_gpu_free": 0,
        "unreliable": False,
        "reasons": [],
    }


def test_on_the_cpu_device_memory_is_exact_without_gpu_keys():
    from tfjs.backends.torch.backend_torch import TorchBackend

    backend = TorchBackend("cpu")
    try:
        data_id = backend.write(np.array([1.0, 2.0, 3.0], dtype=np.float32), "float32")
        assert backend.memory() == {"unreliable": False, "reasons": []}
        assert backend.num_bytes_on_device == 12
        backend.dispose_data(data_id)
        assert backend.num_bytes_on_device == 0
    finally:
        backend.dispose()
