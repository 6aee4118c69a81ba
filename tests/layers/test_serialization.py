"""tfjs/layers/serialization.py: the class registry, Keras-object dicts and TF.js's key
case conversions; the round trip of building blocks through model.json's form."""

from __future__ import annotations

import pytest

import tfjs as tf
from tests.helpers import raises_with
from tests.layers.building_blocks_fixture import recorded
from tfjs.layers import activations, constraints, initializers, regularizers
from tfjs.layers.serialization import (
    Serializable,
    convert_config_keys,
    convert_pythonic_to_ts,
    convert_ts_to_pythonic,
    custom_object_scope,
    deserialize_keras_object,
    get_registered_class,
    get_registered_name,
    register_class,
    serialize_keras_object,
    strip_keras3_wrappers,
    to_camel_case,
    to_snake_case,
)


class Scaler(Serializable):
    class_name = "TestScaler"

    def __init__(self, factor: float = 1.0, use_bias: bool = False) -> None:
        self.factor = factor
        self.use_bias = use_bias

    def get_config(self) -> dict:
        return {"factor": self.factor, "useBias": self.use_bias}


register_class(Scaler)


@pytest.mark.parametrize(
    ("camel", "snake"),
    [
        ("kernelInitializer", "kernel_initializer"),
        ("fanAvg", "fan_avg"),
        ("L1L2", "l1_l2"),
        ("conv2dTranspose", "conv2d_transpose"),
        ("batchInputShape", "batch_input_shape"),
        ("ReLU", "re_lu"),
        ("Dense", "dense"),
    ],
)
def test_to_snake_case_as_tfjs(camel, snake):
    assert to_snake_case(camel) == snake


def test_to_snake_case_prefixes_a_leading_underscore_with_private():
    assert to_snake_case("_hidden") == "private_hidden"


@pytest.mark.parametrize(
    ("snake", "camel"),
    [
        ("kernel_initializer", "kernelInitializer"),
        ("glorot_uniform", "glorotUniform"),
        ("a__b", "aB"),
        ("trailing_", "trailing"),
        ("relu", "relu"),
        ("x", "x"),
        ("gelu_new", "geluNew"),
    ],
)
def test_to_camel_case_as_tfjs(snake, camel):
    assert to_camel_case(snake) == camel


def test_convert_config_keys_changes_keys_only():
    config = {"kernel_initializer": {"class_name": "Zeros"}, "mode": "fan_avg", "items": [{"use_bias": 1}]}
    camel = convert_config_keys(config, to="camel")
    assert camel == {
        "kernelInitializer": {"className": "Zeros"},
        "mode": "fan_avg",
        "items": [{"useBias": 1}],
    }
    assert convert_config_keys(camel, to="snake") == config
    with raises_with(ValueError, "convert_config_keys", "'kebab'"):
        convert_config_keys(config, to="kebab")


def test_pythonic_to_ts_keeps_names_and_the_layer_names_of_inbound_nodes():
    py = {
        "name": "my_dense",
        "inbound_nodes": [[["input_layer_1", 0, 0, {}]]],
        "input_layers": [["input_layer_1", 0, 0]],
        "padding": "same_padding",
        "nested": [None, True, 1.5],
    }
    ts = convert_pythonic_to_ts(py)
    assert ts == {
        "name": "my_dense",
        "inboundNodes": [[["input_layer_1", 0, 0, {}]]],
        "inputLayers": [["input_layer_1", 0, 0]],
        "padding": "samePadding",
        "nested": [None, True, 1.5],
    }
    assert convert_ts_to_pythonic(ts) == py


def test_ts_to_pythonic_keeps_class_names():
    ts = {"className": "GlorotUniform", "config": {"mode": "fanAvg", "seed": None}}
    assert convert_ts_to_pythonic(ts) == {
        "class_name": "GlorotUniform",
        "config": {"mode": "fan_avg", "seed": None},
    }


def test_register_and_round_trip_a_custom_class():
    assert get_registered_class("TestScaler") is Scaler
    assert get_registered_name(Scaler) == "Custom>TestScaler"
    serialized = serialize_keras_object(Scaler(factor=2.5, use_bias=True))
    assert serialized == {"className": "TestScaler", "config": {"factor": 2.5, "useBias": True}}
    back = deserialize_keras_object(serialized)
    assert (type(back), back.factor, back.use_bias) == (Scaler, 2.5, True)
    assert serialize_keras_object(None) is None


def test_register_class_is_usable_as_a_decorator_and_is_exported():
    @tf.serialization.register_class
    class Doubler(Serializable):
        class_name = "TestDoubler"

    assert get_registered_class("TestDoubler") is Doubler


def test_custom_objects_come_before_the_registry_and_reach_nested_calls():
    class Other(Scaler):
        class_name = "TestScaler"

    found = deserialize_keras_object(
        {"className": "TestScaler", "config": {}}, custom_objects={"TestScaler": Other}
    )
    assert type(found) is Other
    with custom_object_scope({"Unregistered": Other}):
        assert type(deserialize_keras_object({"class_name": "Unregistered", "config": {}})) is Other
    with raises_with(ValueError, "Unknown layer: Unregistered"):
        deserialize_keras_object({"class_name": "Unregistered", "config": {}}, what="layer")


def test_keras3_form_is_accepted():
    keras3 = {
        "module": "keras.layers",
        "class_name": "TestScaler",
        "config": {"factor": {"type": "ndarray", "value": 3.0}, "dtype": None},
        "registered_name": None,
    }
    with raises_with(ValueError, "TestScaler.from_config", "'dtype'"):
        deserialize_keras_object(keras3)
    del keras3["config"]["dtype"]
    assert deserialize_keras_object(keras3).factor == 3.0
    policy = {
        "module": "keras",
        "class_name": "DTypePolicy",
        "config": {"name": "float32"},
        "registered_name": None,
    }
    assert strip_keras3_wrappers({"dtype": policy, "units": [1, {"dtype": policy}]}) == {
        "dtype": "float32",
        "units": [1, {"dtype": "float32"}],
    }


def test_keras3_registered_name_finds_a_custom_class():
    found = deserialize_keras_object(
        {"class_name": "Renamed", "config": {}, "registered_name": "my_pkg>TestScaler"}
    )
    assert type(found) is Scaler


def test_a_string_identifier_returns_what_it_names():
    assert deserialize_keras_object("TestScaler") is Scaler
    with raises_with(ValueError, "Unknown initializer: NoSuch", "register_class"):
        deserialize_keras_object("NoSuch", what="initializer")


@pytest.mark.parametrize(
    "identifier",
    [
        {"className": "TestScaler"},
        {"config": {}},
        {"className": 3, "config": {}},
        {"className": "X", "config": 1},
    ],
)
def test_improper_config_format(identifier):
    with raises_with(
        ValueError, "regularizer: Improper config format", "'className' and 'config' must be set"
    ):
        deserialize_keras_object(identifier, what="regularizer")


def test_deserialize_rejects_other_types():
    with raises_with(TypeError, "Cannot deserialize constraint", "42"):
        deserialize_keras_object(42, what="constraint")


def test_register_class_checks_its_class():
    class NoName:
        pass

    class EmptyName:
        class_name = ""

    class NumberName:
        class_name = 3

    with raises_with(ValueError, "NoName", "class_name"):
        register_class(NoName)
    with raises_with(ValueError, "EmptyName", "empty class_name"):
        register_class(EmptyName)
    with raises_with(TypeError, "class_name must be a string"):
        register_class(NumberName)
    with raises_with(TypeError, "expected a class"):
        register_class(Scaler())


_GETTERS = {
    "initializer": (initializers.get_initializer, initializers.serialize_initializer),
    "regularizer": (regularizers.get_regularizer, regularizers.serialize_regularizer),
    "constraint": (constraints.get_constraint, constraints.serialize_constraint),
}


@pytest.mark.parametrize("case", sorted(recorded()["serialized"]))
def test_building_blocks_round_trip_through_the_model_json_tfjs_wrote(case):
    """Each building block of a dense layer's config as TF.js's toJSON wrote it: read in
    TF.js's way (pythonic -> TS form) and written back, it is the same JSON."""
    layer_config = recorded()["serialized"][case]
    for key, value in layer_config.items():
        kind = key.rsplit("_", 1)[-1]
        if kind in _GETTERS and value is not None:
            get, serialize = _GETTERS[kind]
            obj = get(convert_pythonic_to_ts(value))
            assert convert_ts_to_pythonic(serialize(obj)) == value, key
        elif key == "activation":
            obj = activations.get_activation(convert_pythonic_to_ts(value))
            assert convert_ts_to_pythonic(activations.serialize_activation(obj)) == value


def test_a_registered_name_of_another_kind_is_refused():
    identifier = {"class_name": "Renamed", "config": {}, "registered_name": "Custom>relu"}
    with raises_with(ValueError, "Unknown initializer: Renamed built a Relu, not a Initializer"):
        initializers.get_initializer(identifier)
