"""What the GraphModel API tests share: the conv-chain and custom-op fixture models
(tests/converter/fixtures/graph_api, made by make_graph_api_fixtures.py) and the chain's
values computed with the ops themselves (its input and the KEEP_INTERMEDIATE_TENSORS
flag are fixtures in conftest.py)."""

from __future__ import annotations

from pathlib import Path

import numpy as np

import tfjs as tf

FIXTURES = Path(__file__).parent / "fixtures"
CONV = FIXTURES / "graph_api" / "conv_chain"
CUSTOM = FIXTURES / "graph_api" / "custom_op"
CONV_NODES = ["conv/filter", "conv/bias", "x", "conv/Conv2D", "conv/BiasAdd", "conv/Relu", "out"]


def run(model: tf.GraphModel, x: tf.Tensor) -> np.ndarray:
    y = model.execute(x)
    values = y.numpy()
    y.dispose()
    return values


def reference(x: tf.Tensor) -> np.ndarray:
    """The conv chain computed with the ops themselves."""
    shard = np.fromfile(CONV / "group1-shard1of1.bin", np.uint8)
    filter_ = shard[: 18 * 4 * 3].view(np.float32).reshape(3, 3, 2, 3)
    bias = shard[18 * 4 * 3 :].astype(np.float32) * np.float32(0.1) + np.float32(-0.2)
    y = tf.tidy(lambda: tf.relu(tf.add(tf.conv2d(x, filter_, 1, "same"), bias)))
    values = y.numpy()
    y.dispose()
    return values
