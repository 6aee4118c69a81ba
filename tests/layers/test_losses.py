"""tfjs/layers/losses.py: the layers' per-sample losses equal the official runtime's;
hand-computed values (epsilon clipping, from_logits); names; shape errors."""

from __future__ import annotations

import math

import numpy as np
import pytest

import tfjs as tf
from tests.helpers import raises_with, scope
from tests.layers.building_blocks_fixture import assert_recorded, recorded, tensor
from tfjs.layers import losses
from tfjs.layers.losses import get_loss

RECORDED = recorded()["losses"]
INPUTS = {"probs": ("y_true", "y_pred"), "signed": ("signed", "y_pred"), "rank3": ("y_true3", "y_pred3")}


@pytest.mark.parametrize("inputs", sorted(INPUTS))
@pytest.mark.parametrize("name", sorted(RECORDED["losses"]))
def test_loss_equals_tfjs(backend, name, inputs):
    true_key, pred_key = INPUTS[inputs]
    with scope():
        loss = get_loss(name)(tensor(RECORDED[true_key]), tensor(RECORDED[pred_key]))
        assert_recorded(loss, RECORDED["losses"][name][inputs])


def test_sparse_categorical_crossentropy_equals_tfjs(backend):
    with scope():
        loss = get_loss("sparseCategoricalCrossentropy")(
            tensor(RECORDED["sparse"]["y_true"]), tensor(RECORDED["y_pred"])
        )
        assert_recorded(loss, RECORDED["sparse"]["value"])


def test_every_tfjs_loss_name_is_known():
    assert set(RECORDED["losses"]) | {"sparseCategoricalCrossentropy"} == set(losses.LOSSES)


def test_hand_computed_values():
    eps = 1e-7
    with scope():
        y_true, y_pred = tf.tensor2d([[0, 1], [1, 1]]), tf.tensor2d([[1, 1], [0.5, 0]])
        assert losses.mean_squared_error(y_true, y_pred).array_sync() == pytest.approx([0.5, 0.625])
        assert losses.mean_absolute_error(y_true, y_pred).array_sync() == pytest.approx([0.5, 0.75])
        # binary crossentropy clips 0 and 1 to [1e-7, 1 - 1e-7] (float32: 1 - 2**-23)
        bce = (-math.log(eps) - math.log(1 - float(np.float32(1 - eps)))) / 2
        assert losses.binary_crossentropy(tf.tensor2d([[1, 0]]), tf.tensor2d([[0, 1]])).array_sync()[
            0
        ] == pytest.approx(bce, rel=1e-3)
        # categorical crossentropy normalizes the prediction first
        cce = losses.categorical_crossentropy(tf.tensor2d([[0, 1]]), tf.tensor2d([[1, 3]]))
        assert cce.array_sync() == pytest.approx([-math.log(0.75)])
        logits = losses.categorical_crossentropy(
            tf.tensor2d([[0, 1]]), tf.tensor2d([[0, math.log(3)]]), from_logits=True
        )
        assert logits.array_sync() == pytest.approx([-math.log(0.75)], rel=1e-6)
        sparse = losses.sparse_categorical_crossentropy(
            tf.tensor1d([1, 0]), tf.tensor2d([[0.25, 0.75], [0.5, 0.5]])
        )
        assert sparse.array_sync() == pytest.approx([-math.log(0.75), -math.log(0.5)])
        assert losses.hinge(tf.tensor2d([[1, -1]]), tf.tensor2d([[0.5, 0.5]])).array_sync() == pytest.approx(
            [1.0]
        )
        assert losses.cosine_proximity(
            tf.tensor2d([[1, 0]]), tf.tensor2d([[3, 0]])
        ).array_sync() == pytest.approx([-1])


def test_array_likes_are_accepted_and_nothing_leaks():
    with scope():
        assert losses.mean_squared_error([[0.0, 2.0]], [[1.0, 2.0]]).array_sync() == [0.5]


@pytest.mark.parametrize(
    ("identifier", "fn"),
    [
        ("meanSquaredError", losses.mean_squared_error),
        ("mean_squared_error", losses.mean_squared_error),
        ("mse", losses.mean_squared_error),
        ("MAE", losses.mean_absolute_error),
        ("mape", losses.mean_absolute_percentage_error),
        ("msle", losses.mean_squared_logarithmic_error),
        ("kld", losses.kullback_leibler_divergence),
        ("kullback_leibler_divergence", losses.kullback_leibler_divergence),
        ("categorical_crossentropy", losses.categorical_crossentropy),
        ("sparse_categorical_crossentropy", losses.sparse_categorical_crossentropy),
        ("binaryCrossentropy", losses.binary_crossentropy),
        ("squared_hinge", losses.squared_hinge),
        ("categoricalHinge", losses.categorical_hinge),
        ("logcosh", losses.logcosh),
        ("poisson", losses.poisson),
        ("cosine", losses.cosine_proximity),
    ],
)
def test_get_loss_gives_the_same_function_object(identifier, fn):
    assert get_loss(identifier) is fn


def test_a_callable_passes_through():
    def custom(y_true, y_pred):
        return y_pred

    assert get_loss(custom) is custom


def test_unknown_losses_are_named():
    with raises_with(ValueError, "Unknown loss meanSquareError", "meanSquaredError"):
        get_loss("meanSquareError")
    with raises_with(ValueError, "Unknown loss softmaxCrossEntropy", "Use 'categoricalCrossentropy'"):
        get_loss("softmaxCrossEntropy")
    with raises_with(ValueError, "Unknown loss 3"):
        get_loss(3)


def test_incompatible_shapes_name_both_shapes():
    with scope():
        a, b = tf.zeros([4, 3]), tf.zeros([4, 2])
        with raises_with(ValueError, "meanSquaredError", "[4,3]", "[4,2]"):
            losses.mean_squared_error(a, b)
        with raises_with(ValueError, "categoricalCrossentropy", "[4,3]", "[4,2]"):
            get_loss("categorical_crossentropy")(a, b)
        with raises_with(ValueError, "binaryCrossentropy", "same shape", "[4,3]", "[4,1]"):
            losses.binary_crossentropy(a, tf.zeros([4, 1]))
        with raises_with(ValueError, "sparseCategoricalCrossentropy", "[3]", "[4,3]"):
            losses.sparse_categorical_crossentropy(tf.zeros([3]), a)
        with raises_with(TypeError, "y_pred", "meanAbsoluteError"):
            losses.mean_absolute_error(a, object())
