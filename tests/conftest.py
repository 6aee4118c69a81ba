from __future__ import annotations

import pytest

import tfjs as tf
from tests.twin_backend import register_test_backends

register_test_backends()  # TFJS_TEST_TORCH=1: the op suite on `torch` too
BACKENDS = tf.engine().registered_backends()


def pytest_collection_modifyitems(items):
    if "torch" in BACKENDS:  # its known gaps: one strict-xfail set
        from tests.backends.torch.known_gaps import mark_known_gaps

        mark_known_gaps(items)


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
    tf.set_backend(request.param)
    return request.param
