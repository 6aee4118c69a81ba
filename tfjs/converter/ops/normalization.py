"""Mappers of TF.js's `normalization` category: batch norm, LRN, softmax, Euclidean norm."""

from __future__ import annotations

import tfjs as tf
from tfjs import ops
from tfjs.converter.op_registry import tf_op
from tfjs.converter.ops._values import HostInput, nested_ints


@tf_op("EuclideanNorm")
def euclidean_norm(x, axis: HostInput, *, keep_dims=False):
    return ops.euclidean_norm(x, nested_ints(axis), keep_dims)


@tf_op("FusedBatchNorm", "FusedBatchNormV2", "FusedBatchNormV3")
def fused_batch_norm(
    x, scale, offset, mean, variance, *, epsilon=0.001, data_format="NHWC", is_training=False
):
    """Inference batch norm, `y` only (TF.js returns just the first output).

    Like TF.js, the given mean and variance are used even when `is_training` is set;
    a training graph's empty mean and variance take the batch's moments, as TensorFlow
    does. `data_format` "NCHW" normalises axis 1 (TF.js ignores the attribute)."""
    if data_format not in ("NHWC", "NDHWC", "NCHW", "NCDHW"):
        raise ValueError(f"FusedBatchNorm: unknown data_format {data_format!r} (expected 'NHWC' or 'NCHW')")
    channels_first = data_format.startswith("NC") and x.rank > 2
    batch_moments = is_training and mean.size == 0
    if not channels_first and not batch_moments:
        return ops.batch_norm(x, mean, variance, offset, scale, epsilon)

    def normalize():
        channel_axis = 1 if channels_first else x.rank - 1
        params = [scale, offset, mean, variance]
        if batch_moments:
            params[2:] = ops.moments(x, [a for a in range(x.rank) if a != channel_axis])
        if channels_first:
            params = [ops.reshape(p, [-1] + [1] * (x.rank - 2)) for p in params]
        scale_, offset_, mean_, variance_ = params
        return ops.batch_norm(x, mean_, variance_, offset_, scale_, epsilon)

    return tf.tidy(normalize)


@tf_op("LRN")
def lrn(x, *, depth_radius=5, bias=1.0, alpha=1.0, beta=0.5):
    return ops.local_response_normalization(x, depth_radius, bias, alpha, beta)


@tf_op("Softmax")
def softmax(x):
    return ops.softmax(x)


@tf_op("LogSoftmax")
def log_softmax(x):
    return ops.log_softmax(x)
