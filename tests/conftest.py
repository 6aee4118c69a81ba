from __future__ import annotations

import zlib

import numpy as np
import pytest

import tfjs as tf
from tests.twin_backend import register_test_backends

register_test_backends()
# Every registered backend, `torch` only where PyTorch is installed (it is an optional
# dependency: without it, its runs are skipped and say so).
BACKENDS = tf.engine().registered_backends()
STARTED = {name for name in BACKENDS if tf.engine().find_backend(name) is not None}


def pytest_collection_modifyitems(items):
    if "torch" in STARTED:  # its known gaps: one strict-xfail set
        from tests.backends.torch.known_gaps import mark_known_gaps

        mark_known_gaps(items)


@pytest.fixture(autouse=True)
def _own_random_stream(request):
    """A test module's shared `RNG` gives each test its own stream, seeded by the test's
    id, so a test's values do not depend on which tests ran before it on its worker."""
    if isinstance(getattr(request.module, "RNG", None), np.random.Generator):
        request.module.RNG = np.random.default_rng(zlib.crc32(request.node.nodeid.encode()))


@pytest.fixture(autouse=True)
def _fresh_state():
    """Each test starts on `cpu` with default flags, and may not leak tensors."""
    tf.env().reset()
    tf.set_backend("cpu")
    before = tf.memory()["num_tensors"]
    yield
    tf.env().reset()
    tf.set_backend("cpu")
    assert tf.memory()["num_tensors"] == before, "test leaked tensors"


@pytest.fixture(params=BACKENDS)
def backend(request):
    """Runs the test once on every registered backend (TF.js's ALL_ENVS)."""
    if request.param not in STARTED:
        pytest.skip(f"backend '{request.param}' did not start: PyTorch is not installed")
    tf.set_backend(request.param)
    return request.param
