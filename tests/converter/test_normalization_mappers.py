"""The `normalization` TF op mappers (TF.js's normalization_executor): FusedBatchNorm
(v1, V2, V3) with its (x, scale, offset, mean, variance) inputs and `epsilon`, LRN's
attributes and defaults, Softmax, LogSoftmax, EuclideanNorm; every backend."""

from __future__ import annotations

import numpy as np
import pytest

import tfjs as tf
import tfjs.converter.ops
from tests.helpers import raises_with, scope
from tfjs.converter.attrs import decode_attrs
from tfjs.converter.op_registry import call_mapper, get_mapper

RNG = np.random.default_rng(7)
X = RNG.normal(size=[2, 3, 4, 5]).astype(np.float32)
SCALE, OFFSET = RNG.uniform(0.5, 2, 5).astype(np.float32), RNG.normal(size=5).astype(np.float32)
MEAN, VARIANCE = RNG.normal(size=5).astype(np.float32), RNG.uniform(0.1, 3, 5).astype(np.float32)


def run(op, inputs, attrs=None):
    with scope():
        result = call_mapper(get_mapper(op), [tf.tensor(x) for x in inputs], attrs or {})
        return result.dtype, result.numpy()


def batch_norm(x, scale, offset, mean, variance, epsilon):
    return (x - mean) / np.sqrt(variance + epsilon) * scale + offset


@pytest.mark.parametrize("op", ["FusedBatchNorm", "FusedBatchNormV2", "FusedBatchNormV3"])
def test_fused_batch_norm_with_its_epsilon(op, backend):
    attrs = decode_attrs(
        {
            "epsilon": {"f": 0.01},
            "data_format": {"s": "TkhXQw=="},
            "is_training": {"b": False},
            "T": {"type": "DT_FLOAT"},
            "U": {"type": "DT_FLOAT"},
        }
    )
    _, got = run(op, [X, SCALE, OFFSET, MEAN, VARIANCE], attrs)
    np.testing.assert_allclose(got, batch_norm(X, SCALE, OFFSET, MEAN, VARIANCE, 0.01), rtol=1e-5, atol=1e-5)


def test_fused_batch_norm_epsilon_defaults_to_0_001(backend):
    _, got = run("FusedBatchNormV3", [X, SCALE, OFFSET, MEAN, VARIANCE])
    np.testing.assert_allclose(got, batch_norm(X, SCALE, OFFSET, MEAN, VARIANCE, 0.001), rtol=1e-5, atol=1e-5)


def test_fused_batch_norm_nchw_normalises_axis_1(backend):
    x = np.transpose(X, [0, 3, 1, 2])  # [2, 5, 3, 4]
    _, got = run(
        "FusedBatchNormV3", [x, SCALE, OFFSET, MEAN, VARIANCE], {"data_format": "NCHW", "epsilon": 0.01}
    )
    want = batch_norm(X, SCALE, OFFSET, MEAN, VARIANCE, 0.01).transpose([0, 3, 1, 2])
    np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-5)


def test_fused_batch_norm_in_training_mode_uses_the_batch_moments(backend):
    # TF.js ignores is_training and uses the given mean and variance...
    _, got = run("FusedBatchNormV3", [X, SCALE, OFFSET, MEAN, VARIANCE], {"is_training": True})
    np.testing.assert_allclose(got, batch_norm(X, SCALE, OFFSET, MEAN, VARIANCE, 0.001), rtol=1e-5, atol=1e-5)
    # ...a training graph gives empty ones: the batch's moments, as TensorFlow computes.
    empty = np.zeros([0], np.float32)
    _, got = run("FusedBatchNormV3", [X, SCALE, OFFSET, empty, empty], {"is_training": True})
    mean, variance = X.mean(axis=(0, 1, 2)), X.var(axis=(0, 1, 2))
    want = batch_norm(X, SCALE, OFFSET, mean, variance, 0.001)
    np.testing.assert_allclose(got, want, rtol=1e-4, atol=1e-4)
    nchw = np.transpose(X, [0, 3, 1, 2])
    attrs = {"is_training": True, "data_format": "NCHW"}
    _, got = run("FusedBatchNormV3", [nchw, SCALE, OFFSET, empty, empty], attrs)
    np.testing.assert_allclose(got, want.transpose([0, 3, 1, 2]), rtol=1e-4, atol=1e-4)


def test_fused_batch_norm_leaves_only_its_result():
    with scope():
        inputs = [tf.tensor(x) for x in (np.transpose(X, [0, 3, 1, 2]), SCALE, OFFSET, MEAN, VARIANCE)]
        before = tf.memory()["num_tensors"]
        call_mapper(get_mapper("FusedBatchNormV3"), inputs, {"data_format": "NCHW"})
        assert tf.memory()["num_tensors"] == before + 1


def test_fused_batch_norm_refuses_an_unknown_data_format():
    with scope(), raises_with(ValueError, "FusedBatchNorm", "HWCN"):
        inputs = [tf.tensor(x) for x in (X, SCALE, OFFSET, MEAN, VARIANCE)]
        call_mapper(get_mapper("FusedBatchNorm"), inputs, {"data_format": "HWCN"})


def lrn(x, radius, bias, alpha, beta):
    channels = x.shape[-1]
    out = np.empty_like(x, dtype=np.float64)
    for c in range(channels):
        window = x[..., max(0, c - radius) : min(channels, c + radius + 1)]
        out[..., c] = x[..., c] / (bias + alpha * np.sum(window.astype(np.float64) ** 2, axis=-1)) ** beta
    return out


def test_lrn_attributes(backend):
    attrs = decode_attrs(
        {"depth_radius": {"i": "2"}, "bias": {"f": 2.0}, "alpha": {"f": 0.5}, "beta": {"f": 0.75}}
    )
    _, got = run("LRN", [X], attrs)
    np.testing.assert_allclose(got, lrn(X, 2, 2.0, 0.5, 0.75), rtol=1e-5, atol=1e-6)


def test_lrn_defaults(backend):
    _, got = run("LRN", [X])
    np.testing.assert_allclose(got, lrn(X, 5, 1.0, 1.0, 0.5), rtol=1e-5, atol=1e-6)


def test_softmax_and_log_softmax_over_the_last_axis(backend):
    e = np.exp(X - X.max(axis=-1, keepdims=True))
    softmax = e / e.sum(axis=-1, keepdims=True)
    np.testing.assert_allclose(run("Softmax", [X])[1], softmax, rtol=1e-5, atol=1e-7)
    np.testing.assert_allclose(run("LogSoftmax", [X])[1], np.log(softmax), rtol=1e-5, atol=1e-6)


@pytest.mark.parametrize("keep_dims", [None, False, True])
def test_euclidean_norm_reads_the_axis_tensor(keep_dims, backend):
    attrs = {} if keep_dims is None else decode_attrs({"keep_dims": {"b": keep_dims}})
    for axis in (np.int32(1), np.array([0, -1], np.int32)):
        _, got = run("EuclideanNorm", [X, axis], attrs)
        want = np.sqrt(
            np.sum(X.astype(np.float64) ** 2, axis=tuple(np.atleast_1d(axis)), keepdims=bool(keep_dims))
        )
        np.testing.assert_allclose(got, want, rtol=1e-5)


def test_every_normalization_op_is_registered_in_its_category():
    names = [
        "EuclideanNorm",
        "FusedBatchNorm",
        "FusedBatchNormV2",
        "FusedBatchNormV3",
        "LRN",
        "Softmax",
        "LogSoftmax",
    ]
    assert {get_mapper(name).category for name in names} == {"normalization"}
    assert get_mapper("LRN").attrs == frozenset({"depth_radius", "bias", "alpha", "beta"})
