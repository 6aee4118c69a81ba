"""The kernels that ran last before a worker of the H100 run hit `CUDA error: misaligned
address` (sticky: every later CUDA call of that process failed): the forward kernels of
tests/ops/test_pooling_gradients.py::test_kernels_without_a_gradient_say_so on
[1, 3, 3, 2] (two channels: NHWC views handed to pools, cuDNN's depthwise transposed
conv, a cat of channel slices, advanced indexing). Each runs on its own, then waits for
the device, so a fault is reported here, by the kernel that made it, and must give the
`cpu` backend's values."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import pytest

import tfjs as tf

pytest.importorskip("torch", reason="the torch backend needs PyTorch (tfjs[torch])")

X = np.arange(18, dtype=np.float32).reshape(1, 3, 3, 2) % 5

KERNELS: dict[str, Callable[[tf.Tensor], tf.Tensor]] = {
    "MaxPoolGrad": lambda x: tf.grad(lambda v: tf.max_pool(v, 2, 1, "valid"))(x),
    "AvgPoolGrad": lambda x: tf.grad(lambda v: tf.avg_pool(v, 2, 1, "valid"))(x),
    # On the H200 run, every torch test of one worker failed from this case on (of
    # test_pooling_gradients.py: SAME, one channel); no traceback came back.
    "AvgPoolGrad SAME, one channel": lambda x: tf.grad(lambda v: tf.avg_pool(v, 3, 1, "same"))(
        tf.slice(x, [0, 0, 0, 0], [1, 3, 3, 1])
    ),
    "LRNGrad": lambda x: tf.grad(lambda v: tf.local_response_normalization(v, 1))(x),
    "CropAndResize": lambda x: tf.image.crop_and_resize(x, [[0, 0, 1, 1]], [0], [2, 2]),
    "Transform": lambda x: tf.image.transform(x, [[1, 0, 1, 0, 1, 0, 0, 0]]),
}


def _values(backend: str, kernel: Callable[[tf.Tensor], tf.Tensor]) -> np.ndarray:
    assert tf.set_backend(backend), f"backend {backend} did not start"
    result = tf.tidy(lambda: kernel(tf.tensor(X)))
    tf.backend().synchronize()  # a fault of the kernel is raised here, not in a later test
    try:
        return result.numpy()
    finally:
        result.dispose()


@pytest.mark.parametrize("name", list(KERNELS))
def test_the_kernel_runs_on_the_device_without_a_fault_and_gives_cpus_values(name: str) -> None:
    want = _values("cpu", KERNELS[name])
    got = _values("torch", KERNELS[name])
    np.testing.assert_allclose(got, want, rtol=1e-6, atol=1e-6)
