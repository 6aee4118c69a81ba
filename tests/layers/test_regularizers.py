"""tfjs/layers/regularizers.py and tf.regularizers: penalties equal the official runtime's,
configs and names as TF.js, Keras's L1/L2 classes load."""

from __future__ import annotations

import pytest

import tfjs as tf
from tests.helpers import raises_with
from tests.layers.building_blocks_fixture import assert_recorded, recorded, tensor
from tfjs.layers.regularizers import L1L2, get_regularizer, serialize_regularizer

RECORDED = recorded()["regularizers"]


@pytest.mark.parametrize(
    "case", RECORDED["cases"], ids=[f"{c['name']}-{c['args']}" for c in RECORDED["cases"]]
)
def test_regularizer_equals_tfjs(backend, case):
    reg = getattr(tf.regularizers, case["name"])(**(case["args"] or {}))
    x = tensor(RECORDED["input"])
    penalty = reg(x)
    try:
        assert_recorded(penalty, case["value"])
    finally:
        tf.dispose([x, penalty])
    assert reg.get_class_name() == case["class_name"]
    assert reg.get_config() == case["config"]


def test_hand_computed_penalty():
    x = tf.tensor2d([[1, -2], [3, 0]])
    penalty = tf.regularizers.l1l2(l1=0.5, l2=0.25)(x)
    try:
        assert penalty.shape == ()
        assert penalty.array_sync() == pytest.approx(0.5 * 6 + 0.25 * 14)
    finally:
        tf.dispose([x, penalty])


@pytest.mark.parametrize(
    "identifier", ["l1l2", "L1L2", {"className": "L1L2", "config": {"l1": 0.01, "l2": 0.01}}]
)
def test_get_regularizer_defaults(identifier):
    assert get_regularizer(identifier).get_config() == {"l1": 0.01, "l2": 0.01}


def test_keras_l1_and_l2_classes_load_as_l1l2():
    l2 = get_regularizer({"module": "keras.regularizers", "class_name": "L2", "config": {"l2": 0.3}})
    assert serialize_regularizer(l2) == {"className": "L1L2", "config": {"l1": 0, "l2": 0.3}}
    l1 = get_regularizer({"class_name": "L1", "config": {"l1": 0.2}})
    assert serialize_regularizer(l1) == {"className": "L1L2", "config": {"l1": 0.2, "l2": 0}}
    assert isinstance(l1, L1L2)


def test_get_regularizer_passes_instances_and_none():
    reg = tf.regularizers.l2(l2=0.1)
    assert get_regularizer(reg) is reg
    assert get_regularizer(None) is None
    assert serialize_regularizer(None) is None


@pytest.mark.parametrize("identifier", ["l3", "maxNorm", "relu", {"className": "Zeros", "config": {}}])
def test_unknown_regularizer_is_named(identifier):
    name = identifier if isinstance(identifier, str) else identifier["className"]
    with raises_with(ValueError, f"Unknown regularizer: {name}"):
        get_regularizer(identifier)


def test_bad_factors():
    with raises_with(TypeError, "L1L2 regularizer", "l1 must be a number", "'a'"):
        tf.regularizers.l1(l1="a")
    with raises_with(TypeError, "L1L2 regularizer", "l2 must be a number"):
        tf.regularizers.l1l2(l2=[1])


def test_tf_regularizers_has_tfjs_factories():
    assert {"l1", "l2", "l1l2"} <= set(tf.regularizers.__all__)
