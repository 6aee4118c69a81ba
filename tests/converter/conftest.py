"""Fixtures of the GraphModel API tests (test_graph_model_api.py,
test_graph_model_custom_ops.py)."""

from __future__ import annotations

import numpy as np
import pytest

import tfjs as tf


@pytest.fixture
def keep_intermediates():
    tf.env().set("KEEP_INTERMEDIATE_TENSORS", True)
    yield
    tf.env().set("KEEP_INTERMEDIATE_TENSORS", False)


@pytest.fixture
def conv_input():
    x = tf.tensor(np.linspace(-1, 1, 32, dtype=np.float32).reshape(1, 4, 4, 2))
    yield x
    x.dispose()
