"""The layers' metrics (tfjs-layers/src/metrics.ts), the `tf.metrics` namespace and the
names `model.compile(metrics=[...])` resolves.

>>> tf.metrics.binary_accuracy(tf.tensor2d([[1, 0]]), tf.tensor2d([[0.7, 0.6]])).array_sync()
[0.5]
"""

from __future__ import annotations

from typing import Any

from tfjs import ops
from tfjs.globals import tidy
from tfjs.layers import losses
from tfjs.layers.losses import (
    LOSSES,
    LossOrMetricFn,
    binary_crossentropy,
    categorical_crossentropy,
    cosine_proximity,
    lookup_name,
    mean_absolute_error,
    mean_absolute_percentage_error,
    mean_squared_error,
    per_sample,
    shape_text,
    sparse_categorical_crossentropy,
)
from tfjs.tensor import Tensor
from tfjs.tensor_util import convert_to_tensor

__all__ = [
    "binary_accuracy",
    "binary_crossentropy",
    "categorical_accuracy",
    "categorical_crossentropy",
    "cosine_proximity",
    "get_loss_or_metric_name",
    "get_metric",
    "mape",
    "mean_absolute_error",
    "mean_absolute_percentage_error",
    "mean_squared_error",
    "mse",
    "precision",
    "r2_score",
    "recall",
    "sparse_categorical_accuracy",
    "sparse_categorical_crossentropy",
    "sparse_top_k_categorical_accuracy",
    "top_k_categorical_accuracy",
]

mse = mean_squared_error
mape = mean_absolute_percentage_error


@per_sample("binaryAccuracy")
def binary_accuracy(y_true: Tensor, y_pred: Tensor) -> Tensor:
    """Mean over the last axis of y_true == (y_pred > 0.5).

    >>> tf.metrics.binary_accuracy([[1, 1, 0, 0]], [[0.6, 0.4, 0.2, 0.8]]).array_sync()
    [0.5]
    """
    threshold = ops.mul(0.5, ops.ones_like(y_pred))
    thresholded = ops.cast(ops.greater(y_pred, threshold), y_true.dtype)
    return ops.mean(ops.equal(y_true, thresholded), -1)


@per_sample("categoricalAccuracy")
def categorical_accuracy(y_true: Tensor, y_pred: Tensor) -> Tensor:
    """1 where the arg max of y_true and y_pred over the last axis agree, else 0.

    >>> tf.metrics.categorical_accuracy([[0, 1], [1, 0]], [[0.3, 0.7], [0.2, 0.8]]).array_sync()
    [1.0, 0.0]
    """
    return ops.cast(ops.equal(ops.arg_max(y_true, -1), ops.arg_max(y_pred, -1)), "float32")


def _count(y_true: Tensor, y_pred: Tensor, true_value: int, pred_value: int) -> Tensor:
    hits = ops.logical_and(ops.equal(y_true, true_value), ops.equal(y_pred, pred_value))
    return ops.cast(ops.sum(hits), "float32")


def _ratio(hits: Tensor, misses: Tensor) -> Tensor:
    denominator = ops.add(hits, misses)
    return ops.cast(ops.where(ops.greater(denominator, 0), ops.div(hits, denominator), 0), "float32")


@per_sample("precision")
def precision(y_true: Tensor, y_pred: Tensor) -> Tensor:
    """True positives / (true positives + false positives) over all entries, counting
    exact 1s and 0s (y_pred is not thresholded); 0 when nothing is predicted positive.

    >>> tf.metrics.precision([[1, 0, 1, 0]], [[1, 1, 0, 0]]).array_sync()
    0.5
    """
    return _ratio(_count(y_true, y_pred, 1, 1), _count(y_true, y_pred, 0, 1))


@per_sample("recall")
def recall(y_true: Tensor, y_pred: Tensor) -> Tensor:
    """True positives / (true positives + false negatives) over all entries, counting
    exact 1s and 0s; 0 when there is no positive.

    >>> tf.metrics.recall([[1, 0, 1, 1]], [[1, 1, 0, 1]]).array_sync()
    0.6666666865348816
    """
    return _ratio(_count(y_true, y_pred, 1, 1), _count(y_true, y_pred, 1, 0))


def _sparse_args(y_true: Any, y_pred: Any, name: str) -> tuple[Tensor, Tensor]:
    """y_true as one class index per sample (its last axis of size 1 squeezed when it has
    y_pred's rank), checked against y_pred's samples."""
    t = convert_to_tensor(y_true, "y_true", name)
    p = convert_to_tensor(y_pred, "y_pred", name)
    if len(p.shape) < 1:
        raise ValueError(f"{name}: y_pred must have a class axis, got shape {shape_text(p.shape)}")
    if len(t.shape) == len(p.shape) and t.shape[-1] == 1:
        t = ops.squeeze(t, [len(t.shape) - 1])
    if tuple(t.shape) != tuple(p.shape[:-1]):
        raise ValueError(
            f"{name}: y_true of shape {shape_text(t.shape)} must hold one class index per sample "
            f"of y_pred of shape {shape_text(p.shape)}"
        )
    return t, p


def sparse_categorical_accuracy(y_true: Any, y_pred: Any) -> Tensor:
    """1 where the class index y_true equals the arg max of y_pred, else 0.

    >>> tf.metrics.sparse_categorical_accuracy([[1], [0]], [[0.3, 0.7], [0.2, 0.8]]).array_sync()
    [1.0, 0.0]
    """

    def run() -> Tensor:
        t, p = _sparse_args(y_true, y_pred, "sparseCategoricalAccuracy")
        predicted = ops.arg_max(p, -1)
        if predicted.dtype != t.dtype:
            predicted = ops.cast(predicted, t.dtype)
        return ops.cast(ops.equal(t, predicted), "float32")

    return tidy(run)


def _in_top_k(scores: Tensor, target_scores: Tensor, k: int) -> Tensor:
    # A class is in the top k when fewer than k scores beat it (ties count in, as Keras).
    beaten_by = ops.sum(ops.cast(ops.greater(scores, ops.expand_dims(target_scores, -1)), "int32"), -1)
    return ops.cast(ops.less(beaten_by, k), "float32")


def _check_k(k: Any, name: str) -> None:
    if isinstance(k, bool) or not isinstance(k, int) or k < 1:
        raise ValueError(f"{name}: k must be a positive integer, got {k!r}")


def top_k_categorical_accuracy(y_true: Any, y_pred: Any, k: int = 5) -> Tensor:
    """1 where the true class (the arg max of one-hot y_true) is among the k highest
    scores of y_pred, else 0 (Keras's definition; TF.js leaves it unimplemented).

    >>> tf.metrics.top_k_categorical_accuracy([[0, 0, 1]], [[0.5, 0.3, 0.2]], k=2).array_sync()
    [0.0]
    """
    name = "topKCategoricalAccuracy"
    _check_k(k, name)

    @per_sample(name)
    def body(t: Tensor, p: Tensor) -> Tensor:
        target = ops.one_hot(ops.arg_max(t, -1), p.shape[-1])
        return _in_top_k(p, ops.sum(ops.mul(p, target), -1), k)

    return body(y_true, y_pred)


def sparse_top_k_categorical_accuracy(y_true: Any, y_pred: Any, k: int = 5) -> Tensor:
    """1 where the class index y_true is among the k highest scores of y_pred, else 0
    (Keras's definition; TF.js leaves it unimplemented)."""
    name = "sparseTopKCategoricalAccuracy"
    _check_k(k, name)

    def run() -> Tensor:
        t, p = _sparse_args(y_true, y_pred, name)
        target = ops.one_hot(ops.cast(ops.floor(ops.cast(t, "float32")), "int32"), p.shape[-1])
        return _in_top_k(p, ops.sum(ops.mul(p, target), -1), k)

    return tidy(run)


@per_sample("r2Score")
def r2_score(y_true: Tensor, y_pred: Tensor) -> Tensor:
    """Coefficient of determination over all entries:
    1 - sum((y_true - y_pred)^2) / sum((y_true - mean(y_true))^2).

    >>> tf.metrics.r2_score([1, 2, 3], [1, 2, 4]).array_sync()
    0.5
    """
    residuals = ops.sum(ops.square(ops.sub(y_true, y_pred)))
    total = ops.sum(ops.square(ops.sub(y_true, ops.mean(y_true))))
    return ops.sub(ops.scalar(1), ops.div(residuals, total))


# TF.js's metricsMap in its order, then the rest `compile` accepts here.
METRICS: dict[str, LossOrMetricFn] = {
    "binaryAccuracy": binary_accuracy,
    "categoricalAccuracy": categorical_accuracy,
    "precision": precision,
    "categoricalCrossentropy": categorical_crossentropy,
    "sparseCategoricalCrossentropy": sparse_categorical_crossentropy,
    "mse": mean_squared_error,
    "MSE": mean_squared_error,
    "mae": mean_absolute_error,
    "MAE": mean_absolute_error,
    "mape": mean_absolute_percentage_error,
    "MAPE": mean_absolute_percentage_error,
    "cosine": cosine_proximity,
    "recall": recall,
    "sparseCategoricalAccuracy": sparse_categorical_accuracy,
    "binaryCrossentropy": binary_crossentropy,
    "topKCategoricalAccuracy": top_k_categorical_accuracy,
    "sparseTopKCategoricalAccuracy": sparse_top_k_categorical_accuracy,
    "r2Score": r2_score,
}


def get_metric(identifier: str | LossOrMetricFn) -> LossOrMetricFn:
    """The metric function for a name ('binaryAccuracy', 'binary_accuracy', 'mse', any
    loss name, ...); a callable passes through. 'accuracy'/'acc' and 'crossentropy'/'ce'
    depend on the model's loss and output shape: training resolves them."""
    if callable(identifier):
        return identifier
    if not isinstance(identifier, str):
        raise ValueError(f"Unknown metric {identifier!r}: expected a metric name or a function")
    fn = lookup_name(identifier, METRICS, {}) or lookup_name(identifier, LOSSES, losses.LOSS_ALIASES)
    if fn is None:
        raise ValueError(f"Unknown metric {identifier}; known metrics: {', '.join(METRICS)} and the losses")
    return fn


def get_loss_or_metric_name(fn: str | LossOrMetricFn) -> str:
    """The name training reports for a loss or metric (TF.js `getLossOrMetricName`): a
    string as given, a known function by its first name in the losses' then the metrics'
    table, any other function by its `__name__`."""
    if isinstance(fn, str):
        return fn
    for table in (LOSSES, METRICS):
        for name, known in table.items():
            if known is fn:
                return name
    return getattr(fn, "__name__", type(fn).__name__)
