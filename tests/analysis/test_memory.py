"""bench's memory figures and the load option warm_up in bench, on fixture models whose
sizes are counted by hand (float32: 4 bytes a value)."""

from __future__ import annotations

import json

import numpy as np
import pytest

import tfjs as tf
from tests.analysis.conftest import fixture
from tfjs.analysis import bench
from tfjs.analysis.memory import largest_live_set

# conv: x [1, 8, 8, 3] (768 B) -> Conv2D 3x3x3x4 (432 B) + BiasAdd (16 B) + Relu, fused into
# one kernel -> [1, 6, 6, 4] (576 B) -> Identity `out` (shares its buffer).
CONV_WEIGHTS, CONV_INPUT, CONV_OUTPUT = 432 + 16, 768, 576


def test_bench_memory_figures_by_hand(backend):
    result = bench(fixture("conv"), backend=backend, runs=2, warmup=0)
    assert result.weights_bytes == CONV_WEIGHTS
    assert result.live_bytes == CONV_INPUT + CONV_OUTPUT
    # at the peak: the weights, the input and the convolution's output, no more
    assert result.peak_bytes == CONV_WEIGHTS + CONV_INPUT + CONV_OUTPUT
    assert result.peak_ratio == pytest.approx(1.0)
    figures = json.loads(json.dumps(result.to_dict()))
    assert figures["peak_ratio"] == pytest.approx(1.0)
    assert figures["first_ratio"] == pytest.approx(result.first_ms / result.median_ms)


def test_largest_live_set_of_a_chain(backend):
    # in_range: x [1, 4] -> scaled = x * 2 -> out = scaled + 1; 16 bytes each. While `out`
    # is computed x (fed), scaled (its input) and out are alive: 48 bytes. Its two scalar
    # constants (8 bytes) are the model's, not activations.
    model = tf.load_graph_model(fixture("in_range"))
    x = tf.tensor(np.ones([1, 4], np.float32))
    held = tf.memory()["num_bytes"]
    assert largest_live_set(model, {"x": x}) == 48
    assert tf.memory()["num_bytes"] == held  # its outputs freed
    x.dispose()
    model.dispose()


def test_largest_live_set_ignores_what_the_caller_holds():
    model = tf.load_graph_model(fixture("in_range"))
    x = tf.tensor(np.ones([1, 4], np.float32))
    other = tf.zeros([100])
    assert largest_live_set(model, {"x": x}) == 48
    tf.dispose([x, other])
    model.dispose()


def test_bench_of_a_layers_model_has_no_live_set():
    result = bench(fixture("layers_cnn"), runs=1, warmup=0)
    assert result.live_bytes is None and result.peak_ratio is None
    assert result.weights_bytes > 0
    with pytest.raises(ValueError, match="warm_up is a graph model's load option"):
        bench(fixture("layers_cnn"), runs=1, warmup=0, warm_up=True)


def test_bench_with_warm_up(backend):
    result = bench(fixture("conv"), backend=backend, runs=2, warmup=0, warm_up=True)
    assert result.warm_up and result.to_dict()["warm_up"] is True
    assert result.weights_bytes == CONV_WEIGHTS and result.live_bytes == CONV_INPUT + CONV_OUTPUT


def test_scratch_inside_a_node_counts_in_the_peak_not_the_live_set():
    # in_range with its Mul replaced by an op that makes (and frees) a 4000-byte scratch
    # tensor: the peak grows by it, the largest live set (48 bytes) does not.
    def mul_with_scratch(node):
        x, factor = node.inputs
        scratch = tf.zeros([1000])
        result = tf.mul(x, factor)
        scratch.dispose()
        return result

    tf.register_op("Mul", mul_with_scratch)
    try:
        result = bench(fixture("in_range"), runs=1, warmup=0)
    finally:
        tf.deregister_op("Mul")
    assert result.weights_bytes == 8 and result.live_bytes == 48
    # while Mul runs: the weights, x, the scratch and x * 2
    assert result.peak_bytes == 8 + 16 + 4000 + 16
    assert result.peak_ratio == pytest.approx(4040 / 56)
