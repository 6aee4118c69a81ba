"""tfjs/layers/metrics.py and tf.metrics: TF.js's metrics equal the official runtime's;
top-k accuracies (Keras's definition), names, errors."""

from __future__ import annotations

import pytest

import tfjs as tf
from tests.helpers import raises_with, scope
from tests.layers.building_blocks_fixture import assert_recorded, recorded, tensor
from tfjs.layers import losses, metrics
from tfjs.layers.metrics import get_loss_or_metric_name, get_metric
from tfjs.layers.serialization import to_snake_case

RECORDED = recorded()["metrics"]


@pytest.mark.parametrize("inputs", ["probs", "binary"])
@pytest.mark.parametrize("name", sorted(RECORDED["metrics"]))
def test_metric_equals_tfjs(backend, name, inputs):
    with scope():
        y_pred = tensor(RECORDED["y_pred" if inputs == "probs" else "y_bin"])
        value = get_metric(name)(tensor(RECORDED["y_true"]), y_pred)
        assert_recorded(value, RECORDED["metrics"][name][inputs])


@pytest.mark.parametrize("y_true", ["y_true", "y_true_1d"])
def test_sparse_categorical_accuracy_equals_tfjs(backend, y_true):
    sparse = RECORDED["sparse"]
    with scope():
        value = tf.metrics.sparse_categorical_accuracy(tensor(sparse[y_true]), tensor(RECORDED["y_pred"]))
        assert_recorded(value, sparse["value" if y_true == "y_true" else "value_1d"])


def test_tf_metrics_exports_tfjs_names():
    # TF.js 4.22's tf.metrics exports, the recorded ones; MAPE and MSE are mape and mse in snake_case.
    for name in RECORDED["metrics"]:
        assert callable(getattr(tf.metrics, to_snake_case(name)))
    assert tf.metrics.mse is losses.mean_squared_error
    assert tf.metrics.binary_crossentropy is losses.binary_crossentropy


def test_hand_computed_values():
    with scope():
        assert tf.metrics.precision([[1, 0, 1, 0]], [[1, 1, 0, 0]]).array_sync() == 0.5
        assert tf.metrics.recall([[1, 0, 1, 1]], [[1, 1, 0, 1]]).array_sync() == pytest.approx(2 / 3)
        assert tf.metrics.precision([[1, 0]], [[0, 0]]).array_sync() == 0  # nothing predicted positive
        assert tf.metrics.r2_score([1, 2, 3], [1, 2, 4]).array_sync() == pytest.approx(0.5)
        assert tf.metrics.binary_accuracy([[1, 1, 0, 0]], [[0.6, 0.4, 0.2, 0.8]]).array_sync() == [0.5]


def test_top_k_categorical_accuracy():
    y_true = [[0, 0, 1], [0, 1, 0], [1, 0, 0]]
    y_pred = [[0.5, 0.3, 0.2], [0.1, 0.6, 0.3], [0.2, 0.5, 0.3]]
    with scope():
        assert tf.metrics.top_k_categorical_accuracy(y_true, y_pred, k=1).array_sync() == [0, 1, 0]
        assert tf.metrics.top_k_categorical_accuracy(y_true, y_pred, k=2).array_sync() == [0, 1, 0]
        assert tf.metrics.top_k_categorical_accuracy(y_true, y_pred, k=3).array_sync() == [1, 1, 1]
        assert tf.metrics.sparse_top_k_categorical_accuracy([2, 1, 0], y_pred, k=2).array_sync() == [0, 1, 0]
        assert tf.metrics.sparse_top_k_categorical_accuracy([[2], [1], [2]], y_pred, k=2).array_sync() == [
            0,
            1,
            1,
        ]
        assert get_metric("topKCategoricalAccuracy") is tf.metrics.top_k_categorical_accuracy
    with raises_with(ValueError, "topKCategoricalAccuracy", "k must be a positive integer", "0"):
        tf.metrics.top_k_categorical_accuracy(y_true, y_pred, k=0)


@pytest.mark.parametrize(
    ("identifier", "fn"),
    [
        ("binaryAccuracy", metrics.binary_accuracy),
        ("binary_accuracy", metrics.binary_accuracy),
        ("categoricalAccuracy", metrics.categorical_accuracy),
        ("sparse_categorical_accuracy", metrics.sparse_categorical_accuracy),
        ("precision", metrics.precision),
        ("recall", metrics.recall),
        ("mse", losses.mean_squared_error),
        ("MAE", losses.mean_absolute_error),
        ("cosine", losses.cosine_proximity),
        ("categoricalCrossentropy", losses.categorical_crossentropy),
        ("hinge", losses.hinge),
        ("mean_squared_logarithmic_error", losses.mean_squared_logarithmic_error),
    ],
)
def test_get_metric(identifier, fn):
    assert get_metric(identifier) is fn


@pytest.mark.parametrize(
    ("fn", "name"),
    [
        ("acc", "acc"),
        (metrics.binary_accuracy, "binaryAccuracy"),
        (losses.mean_squared_error, "meanSquaredError"),  # the losses' table comes first, as TF.js
        (losses.cosine_proximity, "cosineProximity"),
        (metrics.recall, "recall"),
    ],
)
def test_get_loss_or_metric_name(fn, name):
    assert get_loss_or_metric_name(fn) == name


def test_a_custom_metric_is_named_by_its_function_name():
    def my_metric(y_true, y_pred):
        return y_pred

    assert get_metric(my_metric) is my_metric
    assert get_loss_or_metric_name(my_metric) == "my_metric"


def test_unknown_metrics_are_named():
    with raises_with(ValueError, "Unknown metric accuracyy"):
        get_metric("accuracyy")
    with raises_with(ValueError, "Unknown metric None"):
        get_metric(None)


def test_bad_shapes_name_both_shapes():
    with scope():
        a, b = tf.zeros([4, 3]), tf.zeros([4, 2])
        with raises_with(ValueError, "binaryAccuracy", "[4,3]", "[4,2]"):
            tf.metrics.binary_accuracy(a, b)
        with raises_with(ValueError, "categoricalAccuracy", "[4,3]", "[4,2]"):
            tf.metrics.categorical_accuracy(a, b)
        with raises_with(ValueError, "sparseCategoricalAccuracy", "[3]", "[4,3]"):
            tf.metrics.sparse_categorical_accuracy(tf.zeros([3]), a)
        with raises_with(ValueError, "sparseCategoricalAccuracy", "class axis"):
            tf.metrics.sparse_categorical_accuracy(tf.zeros([]), tf.scalar(1))
