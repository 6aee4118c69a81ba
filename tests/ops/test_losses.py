"""Training / Losses: the Reduction enum, keyword arguments, values from TF.js's own
tests, memory, and one test per kind of bad input."""

from __future__ import annotations

import math

import pytest

import tfjs as tf
from tests.helpers import no_new_buffers, ones, refuses

R = tf.losses.Reduction
L = tf.losses

# op name, TF.js's name (its messages use it), call with (labels, predictions, **kwargs)
PAIRED = [
    ("absolute_difference", "absoluteDifference", lambda a, b, **k: L.absolute_difference(a, b, **k)),
    ("cosine_distance", "cosineDistance", lambda a, b, **k: L.cosine_distance(a, b, 0, **k)),
    ("hinge_loss", "hingeLoss", lambda a, b, **k: L.hinge_loss(a, b, **k)),
    ("huber_loss", "huberLoss", lambda a, b, **k: L.huber_loss(a, b, **k)),
    ("log_loss", "logLoss", lambda a, b, **k: L.log_loss(a, b, **k)),
    ("mean_squared_error", "meanSquaredError", lambda a, b, **k: L.mean_squared_error(a, b, **k)),
    ("sigmoid_cross_entropy", "sigmoidCrossEntropy", lambda a, b, **k: L.sigmoid_cross_entropy(a, b, **k)),
    ("softmax_cross_entropy", "softmaxCrossEntropy", lambda a, b, **k: L.softmax_cross_entropy(a, b, **k)),
]
IDS = [name for name, _, _ in PAIRED]


def value(fn):
    result = tf.tidy(fn)
    try:
        return result.array_sync()
    finally:
        result.dispose()


def test_reduction_is_tfjs_enum():
    assert [(r.name, int(r)) for r in R] == [
        ("NONE", 0),
        ("MEAN", 1),
        ("SUM", 2),
        ("SUM_BY_NONZERO_WEIGHTS", 3),
    ]
    assert "Reduction" not in L.__all__  # an enum, not an op


def test_reduction_numbers_and_none_mean_the_same(backend):
    labels, predictions = [1.0, 2.0, 3.0], [2.0, 2.0, 5.0]
    assert value(lambda: L.absolute_difference(labels, predictions, None, 1)) == 1.0
    assert value(lambda: L.absolute_difference(labels, predictions, None, 2.0)) == 3.0
    assert value(lambda: L.absolute_difference(labels, predictions, None, None)) == 1.0
    assert value(lambda: L.absolute_difference(labels, predictions, reduction=R.NONE)) == [1.0, 0.0, 2.0]


def test_keyword_arguments(backend):
    labels, predictions = [[1.0, 0.0]], [[0.25, 3.0]]
    positional = value(lambda: L.huber_loss(labels, predictions, [[2.0, 1.0]], 0.5, R.NONE))
    by_name = value(
        lambda: L.huber_loss(
            labels=labels, predictions=predictions, weights=[[2.0, 1.0]], delta=0.5, reduction=R.NONE
        )
    )
    assert positional == by_name == [[0.5, 1.375]]
    assert value(lambda: L.log_loss([1.0], [0.5], epsilon=0.5, reduction=R.SUM)) == pytest.approx(0.0)
    smoothed = value(lambda: L.sigmoid_cross_entropy([1.0], [0.0], label_smoothing=0.5))
    assert smoothed == pytest.approx(math.log(2))
    got = value(
        lambda: L.softmax_cross_entropy(onehot_labels=[[0.0, 1.0]], logits=[[0.0, 0.0]], label_smoothing=1)
    )
    assert got == pytest.approx(math.log(2))


def test_values_from_tfjs_tests(backend):
    labels, predictions = [0.3, -0.6, -0.1], [1.0, 2.0, 3.0]
    diffs = [abs(p - q) for p, q in zip(predictions, labels, strict=True)]
    assert value(lambda: L.absolute_difference(labels, predictions)) == pytest.approx(sum(diffs) / 3)
    weighted = value(lambda: L.absolute_difference(labels, predictions, [0.1, 0.2, 0.3], R.NONE))
    assert weighted == pytest.approx([d * w for d, w in zip(diffs, [0.1, 0.2, 0.3], strict=True)])

    onehot = [[0, 0, 1], [1, 0, 0], [0, 1, 0]]
    logits = [[10.0, -10.0, -10.0], [-10.0, 10.0, -10.0], [-10.0, -10.0, 10.0]]
    assert value(lambda: L.softmax_cross_entropy(onehot, logits)) == pytest.approx(20, rel=1e-6)
    weights = [[0.1, 0.2, 0.3]] * 3  # a [3, 3] weight broadcasts against [3] losses
    assert value(lambda: L.softmax_cross_entropy(onehot, logits, weights)) == pytest.approx(4, rel=1e-6)
    per_row = value(lambda: L.softmax_cross_entropy(onehot, logits, [0.1, 0.2, 0.3], 0, R.NONE))
    assert per_row == pytest.approx([2, 4, 6], rel=1e-6)


def test_compute_weighted_loss_reductions(backend):
    losses = [[1.0, 2.0], [3.0, 4.0]]
    assert value(lambda: L.compute_weighted_loss(losses)) == 2.5
    assert value(lambda: L.compute_weighted_loss(losses, [[0.0, 2.0]], R.NONE)) == [[0.0, 4.0], [0.0, 8.0]]
    assert value(lambda: L.compute_weighted_loss(losses, [[0.0, 2.0]], R.SUM)) == 12.0
    assert value(lambda: L.compute_weighted_loss(losses, [[0.0, 2.0]], R.MEAN)) == 3.0  # 12 / 2 / 2
    assert value(lambda: L.compute_weighted_loss(losses, [[0.0, 2.0]])) == 6.0  # 12 / 2 nonzero
    assert value(lambda: L.compute_weighted_loss(losses, 0.5, R.MEAN)) == 2.5


def test_a_loss_leaves_only_its_result(backend):
    def run():
        result = L.softmax_cross_entropy([[0, 1], [1, 0]], [[1, 2], [3, 4]], [1, 2], 0.1, R.MEAN)
        result.dispose()

    no_new_buffers(run)


@pytest.mark.parametrize(("name", "tfjs_name", "loss"), PAIRED, ids=IDS)
def test_labels_and_predictions_must_match(backend, name, tfjs_name, loss):
    message = f"{name}: Error in {tfjs_name}:  Shapes 2,3 and 3,2 must match"
    refuses(ValueError, [message], loss, ones(2, 3), ones(3, 2))


@pytest.mark.parametrize(("name", "tfjs_name", "loss"), PAIRED, ids=IDS)
def test_weights_must_broadcast(backend, name, tfjs_name, loss):
    fragments = [name, "Operands could not be broadcast together with shapes", "and 4."]
    refuses(ValueError, fragments, lambda a, b, w: loss(a, b, weights=w), ones(2, 3), ones(2, 3), ones(4))
    fragments = ["compute_weighted_loss", "shapes 2,3 and 2,2"]
    refuses(ValueError, fragments, L.compute_weighted_loss, ones(2, 3), ones(2, 2))


@pytest.mark.parametrize("reduction", [7, -1, 1.5, "mean", True])
def test_unknown_reduction(backend, reduction):
    shown = {7: "7", -1: "-1", 1.5: "1.5", "mean": "mean", True: "true"}[reduction]
    fragments = ["compute_weighted_loss: Unknown reduction: " + shown]
    refuses(ValueError, fragments, lambda x: L.compute_weighted_loss(x, None, reduction), ones(2))
    fragments = ["mean_squared_error: Unknown reduction: " + shown]
    refuses(ValueError, fragments, lambda a: L.mean_squared_error(a, [2.0], reduction=reduction), ones(1))


@pytest.mark.parametrize(("name", "tfjs_name", "loss"), PAIRED, ids=IDS)
def test_string_inputs_are_refused(backend, name, tfjs_name, loss):
    strings = lambda: tf.tensor(["a", "b"])  # noqa: E731
    refuses(TypeError, [f"passed to '{name}'", "string"], loss, strings, ones(2))
    refuses(TypeError, [f"passed to '{name}'", "string"], loss, ones(2), strings)
    fragments = [f"Argument 'weights' passed to '{name}'", "string"]
    refuses(TypeError, fragments, lambda a, b, w: loss(a, b, weights=w), ones(1, 2), ones(1, 2), strings)


def test_cosine_distance_axis_out_of_range(backend):
    fragments = ["cosine_distance", "axis param must be in range [-2, 2) but got axis 2"]
    refuses(ValueError, fragments, lambda a, b: L.cosine_distance(a, b, 2), ones(2, 3), ones(2, 3))


def test_softmax_cross_entropy_needs_a_class_axis(backend):
    fragments = ["softmax_cross_entropy", "range [-0, 0) but got axis -1"]
    refuses(ValueError, fragments, L.softmax_cross_entropy, ones(), ones())
    fragments = ["softmax_cross_entropy: label_smoothing", "rank 2", "shape [3]"]
    refuses(ValueError, fragments, lambda a, b: L.softmax_cross_entropy(a, b, None, 0.1), ones(3), ones(3))
