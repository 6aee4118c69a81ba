"""tfjs/layers/activations.py: the official runtime's outputs for each activation, names
as model.json holds them, bad input."""

from __future__ import annotations

import math

import pytest

import tfjs as tf
from tests.helpers import raises_with, scope
from tests.layers.building_blocks_fixture import assert_recorded, recorded, tensor
from tfjs.layers import activations
from tfjs.layers.activations import get_activation, serialize_activation

RECORDED = recorded()["activations"]


@pytest.mark.parametrize("name", sorted(RECORDED["outputs"]))
def test_activation_equals_tfjs(backend, name):
    x = tensor(RECORDED["input"])
    y = get_activation(name)(x)
    try:
        assert_recorded(y, RECORDED["outputs"][name])
    finally:
        tf.dispose([x, y])


def test_softmax_axis_and_tfjs_refusal_of_other_axes(backend):
    x = tensor(RECORDED["softmax_axis"]["input"])
    y = get_activation("softmax")(x, 2)
    try:
        assert_recorded(y, RECORDED["softmax_axis"]["axis2"])
        with raises_with(ValueError, RECORDED["softmax_axis"]["axis0_error"]):
            get_activation("softmax")(x, 0)
    finally:
        tf.dispose([x, y])


def test_hand_computed_values():
    with scope():
        x = tf.tensor1d([-1.0, 0.0, 2.0])
        assert get_activation("hardSigmoid")(x).array_sync() == pytest.approx([0.3, 0.5, 0.9])
        assert get_activation("relu6")(tf.tensor1d([-1, 3, 7])).array_sync() == [0, 3, 6]
        assert get_activation("softsign")(x).array_sync() == pytest.approx([-0.5, 0.0, 2 / 3])
        gelu = [v * 0.5 * (1 + math.erf(v / math.sqrt(2))) for v in (-1.0, 0.0, 2.0)]
        assert get_activation("gelu")(x).array_sync() == pytest.approx(gelu, rel=1e-6)
        assert get_activation(None)(x) is x


def test_elu_alpha_other_than_one_is_not_implemented_as_in_tfjs():
    x = tf.tensor1d([1.0])
    try:
        with raises_with(NotImplementedError, "elu", "alpha", "2"):
            activations.Elu()(x, 2)
    finally:
        x.dispose()


@pytest.mark.parametrize(
    ("identifier", "name"),
    [
        ("relu", "relu"),
        ("hardSigmoid", "hardSigmoid"),
        ("hard_sigmoid", "hardSigmoid"),
        ("log_softmax", "logSoftmax"),
        ("gelu_new", "gelu_new"),
        ("geluNew", "gelu_new"),  # what TF.js's pythonic->TS conversion makes of 'gelu_new'
        ("silu", "swish"),  # Keras 3's name
        (None, "linear"),
        ({"className": "tanh", "config": {}}, "tanh"),
        (activations.Swish(), "swish"),
    ],
)
def test_get_and_serialize(identifier, name):
    assert serialize_activation(get_activation(identifier)) == name


def test_every_tfjs_activation_is_registered():
    names = {
        "elu", "hardSigmoid", "linear", "relu", "relu6", "selu", "sigmoid", "softmax", "logSoftmax",
        "softplus", "softsign", "tanh", "swish", "mish", "gelu", "gelu_new",
    }  # fmt: skip
    assert {serialize_activation(get_activation(n)) for n in names} == names
    assert names == set(RECORDED["outputs"])


@pytest.mark.parametrize("identifier", ["relux", "Zeros", "Dense", {"className": "L1L2", "config": {}}])
def test_unknown_activation_is_named(identifier):
    name = identifier if isinstance(identifier, str) else identifier["className"]
    with raises_with(ValueError, f"Unknown activation: {name}"):
        get_activation(identifier)
