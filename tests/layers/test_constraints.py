"""tfjs/layers/constraints.py and tf.constraints: constrained weights equal the official
runtime's, configs and names as TF.js."""

from __future__ import annotations

import pytest

import tfjs as tf
from tests.helpers import raises_with
from tests.layers.building_blocks_fixture import assert_recorded, recorded, tensor
from tfjs.layers import constraints
from tfjs.layers.constraints import get_constraint, serialize_constraint
from tfjs.layers.serialization import to_snake_case

RECORDED = recorded()["constraints"]


@pytest.mark.parametrize(
    "case", RECORDED["cases"], ids=[f"{c['name']}-{c['args']}" for c in RECORDED["cases"]]
)
def test_constraint_equals_tfjs(backend, case):
    kwargs = {to_snake_case(k): v for k, v in (case["args"] or {}).items()}
    constraint = getattr(tf.constraints, to_snake_case(case["name"]))(**kwargs)
    w = tensor(RECORDED["input"])
    constrained = constraint(w)
    try:
        assert_recorded(constrained, case["value"])
    finally:
        tf.dispose([w, constrained])
    assert constraint.get_class_name() == case["class_name"]
    assert constraint.get_config() == case["config"]


def test_hand_computed_max_norm():
    # Column norms 5 and 1: the first is scaled to 2, the second left (up to epsilon).
    w = tf.tensor2d([[3, 1], [4, 0]])
    out = tf.constraints.max_norm(max_value=2, axis=0)(w)
    try:
        assert out.data_sync().tolist() == pytest.approx([1.2, 1.0, 1.6, 0.0], rel=1e-6)
    finally:
        tf.dispose([w, out])


@pytest.mark.parametrize(
    ("identifier", "cls"),
    [
        ("maxNorm", constraints.MaxNorm),
        ("max_norm", constraints.MaxNorm),
        ("MinMaxNorm", constraints.MinMaxNorm),
        ("nonNeg", constraints.NonNeg),
        ("unit_norm", constraints.UnitNorm),
        ({"class_name": "MaxNorm", "config": {"maxValue": 3, "axis": 1}}, constraints.MaxNorm),
    ],
)
def test_get_constraint(identifier, cls):
    assert type(get_constraint(identifier)) is cls


def test_serialize_and_pass_through():
    c = tf.constraints.min_max_norm(min_value=0.1, max_value=2, rate=0.5, axis=1)
    assert serialize_constraint(c) == {
        "className": "MinMaxNorm",
        "config": {"minValue": 0.1, "maxValue": 2, "rate": 0.5, "axis": 1},
    }
    assert get_constraint(c) is c
    assert get_constraint(None) is None


@pytest.mark.parametrize("identifier", ["maxnorm2", "L1L2", "relu", {"className": "HeNormal", "config": {}}])
def test_unknown_constraint_is_named(identifier):
    name = identifier if isinstance(identifier, str) else identifier["className"]
    with raises_with(ValueError, f"Unknown constraint: {name}"):
        get_constraint(identifier)


def test_bad_arguments():
    with raises_with(TypeError, "MaxNorm constraint", "max_value must be a number"):
        tf.constraints.max_norm(max_value="2")
    with raises_with(TypeError, "UnitNorm constraint", "axis must be an integer", "0.5"):
        tf.constraints.unit_norm(axis=0.5)
    with raises_with(TypeError, "MinMaxNorm constraint", "rate"):
        tf.constraints.min_max_norm(rate="fast")


def test_tf_constraints_has_tfjs_factories():
    assert {"max_norm", "unit_norm", "non_neg", "min_max_norm"} <= set(tf.constraints.__all__)
