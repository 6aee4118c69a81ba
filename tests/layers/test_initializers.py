"""tfjs/layers/initializers.py and tf.initializers: seeded initializers draw the official
runtime's exact numbers; names, configs and bad input as TF.js."""

from __future__ import annotations

import pytest

import tfjs as tf
from tests.helpers import raises_with
from tests.layers.building_blocks_fixture import assert_recorded, recorded
from tfjs.layers import initializers
from tfjs.layers.initializers import compute_fans, get_initializer, serialize_initializer
from tfjs.layers.serialization import to_snake_case

CASES = recorded()["initializers"]


def _factory(name: str):
    return getattr(tf.initializers, to_snake_case(name))


@pytest.mark.parametrize("case", CASES, ids=[f"{c['name']}-{c['shape']}-{c['args']}" for c in CASES])
def test_initializer_draws_tfjs_numbers(backend, case):
    kwargs = {to_snake_case(k): v for k, v in case["args"].items()}
    init = _factory(case["name"])(**kwargs)
    value = init(case["shape"])
    try:
        assert_recorded(value, case["value"])
    finally:
        value.dispose()
    assert init.get_class_name() == case["class_name"]
    assert init.get_config() == case["config"]


def test_the_same_seed_draws_the_same_numbers_and_no_seed_fresh_ones():
    seeded = tf.initializers.he_uniform(seed=9)
    a, b = seeded([4, 4]), seeded([4, 4])
    fresh = tf.initializers.he_uniform()
    c, d = fresh([4, 4]), fresh([4, 4])
    try:
        assert a.array_sync() == b.array_sync()
        assert c.array_sync() != d.array_sync()
    finally:
        tf.dispose([a, b, c, d])


def test_tfjs_zero_arguments_take_the_defaults():
    # TF.js writes `args.minval || DEFAULT_MINVAL`: an explicit 0 is the default.
    assert tf.initializers.random_uniform(minval=0, maxval=0).get_config() == {
        "minval": -0.05,
        "maxval": 0.05,
        "seed": None,
    }
    assert tf.initializers.truncated_normal(stddev=0).stddev == 0.05


@pytest.mark.parametrize(
    ("shape", "fans"),
    [([3, 5], (3, 5)), ([3, 3, 4, 8], (36, 72)), ([2, 6, 7], (12, 14)), ([16], (4.0, 4.0)), ([], (1.0, 1.0))],
)
def test_compute_fans_channels_last(shape, fans):
    assert compute_fans(shape) == fans


def test_int32_dtype_is_drawn_as_tfjs_draws_it():
    zeros = tf.initializers.zeros()([2], "int32")
    ones = tf.initializers.ones()([2], "int32")
    rounded = tf.initializers.random_normal(mean=5, stddev=2, seed=3)([3], "int32")
    try:
        assert (zeros.dtype, ones.dtype, rounded.dtype) == ("int32", "int32", "int32")
        assert all(isinstance(v, int) for v in rounded.array_sync())
    finally:
        tf.dispose([zeros, ones, rounded])


@pytest.mark.parametrize(
    ("identifier", "cls"),
    [
        ("glorotUniform", initializers.GlorotUniform),
        ("glorot_uniform", initializers.GlorotUniform),
        ("GlorotUniform", initializers.GlorotUniform),
        ("heNormal", initializers.HeNormal),
        ("he_uniform", initializers.HeUniform),
        ("leCunNormal", initializers.LeCunNormal),
        ("lecun_uniform", initializers.LeCunUniform),
        ("zeros", initializers.Zeros),
        ("Ones", initializers.Ones),
        ("orthogonal", initializers.Orthogonal),
        ("varianceScaling", initializers.VarianceScaling),
        ("random_normal", initializers.RandomNormal),
        ("truncatedNormal", initializers.TruncatedNormal),
        ("identity", initializers.Identity),
    ],
)
def test_get_initializer_by_name(identifier, cls):
    assert type(get_initializer(identifier)) is cls


def test_get_initializer_from_dicts_and_instances():
    init = tf.initializers.orthogonal(gain=2, seed=1)
    assert get_initializer(init) is init
    assert get_initializer(None) is None
    back = get_initializer(serialize_initializer(init))
    assert (type(back), back.gain, back.seed) == (initializers.Orthogonal, 2, 1)
    keras = get_initializer({"class_name": "VarianceScaling", "config": {"scale": 2, "mode": "fan_out"}})
    assert (keras.scale, keras.mode, keras.distribution) == (2, "fanOut", "normal")
    keras3 = get_initializer(
        {
            "module": "keras.initializers",
            "class_name": "HeNormal",
            "config": {"seed": 4},
            "registered_name": None,
        }
    )
    assert (type(keras3), keras3.seed) == (initializers.HeNormal, 4)


def test_presets_serialize_as_variance_scaling():
    assert serialize_initializer(tf.initializers.le_cun_uniform(seed=2)) == {
        "className": "VarianceScaling",
        "config": {"scale": 1.0, "mode": "fanIn", "distribution": "uniform", "seed": 2},
    }
    assert serialize_initializer(None) is None


@pytest.mark.parametrize(
    "identifier", ["glorotUniformm", "relu", "L1L2", {"className": "MaxNorm", "config": {}}]
)
def test_unknown_initializer_is_named(identifier):
    name = identifier if isinstance(identifier, str) else identifier["className"]
    with raises_with(ValueError, f"Unknown initializer: {name}"):
        get_initializer(identifier)


def test_get_initializer_rejects_other_types():
    with raises_with(ValueError, "Unknown initializer: 3", "Initializer instance"):
        get_initializer(3)


def test_bad_arguments():
    with raises_with(ValueError, "scale must be a positive float", "-1"):
        tf.initializers.variance_scaling(scale=-1)
    with raises_with(ValueError, "fanSum is not a valid FanMode"):
        tf.initializers.variance_scaling(mode="fanSum")
    with raises_with(ValueError, "gaussian is not a valid Distribution"):
        tf.initializers.variance_scaling(distribution="gaussian")
    with raises_with(ValueError, "Constant initializer", "value"):
        get_initializer("constant")
    with raises_with(TypeError, "Constant initializer", "value must be a number"):
        tf.initializers.constant(value="3")
    with raises_with(TypeError, "RandomUniform initializer", "minval"):
        tf.initializers.random_uniform(minval=[0])


def test_bad_shapes_and_dtypes():
    with raises_with(ValueError, "Identity matrix initializer", "2D square", "[2, 3]"):
        tf.initializers.identity()([2, 3])
    with raises_with(ValueError, "Orthogonal initializer", "at least 2D", "[4]"):
        tf.initializers.orthogonal()([4])
    with raises_with(TypeError, "Orthogonal initializer", "bool"):
        tf.initializers.orthogonal()([2, 2], "bool")
    with raises_with(NotImplementedError, "truncatedNormal does not support dtype bool"):
        tf.initializers.truncated_normal()([2], "bool")
    with raises_with(NotImplementedError, "VarianceScaling does not support dtype bool"):
        tf.initializers.glorot_normal()([2, 2], "bool")


def test_keras_class_names_tfjs_refuses_load():
    lecun = get_initializer({"class_name": "LecunNormal", "config": {"seed": 3}})
    assert (type(lecun), lecun.seed) == (initializers.LeCunNormal, 3)
    assert (
        type(get_initializer({"class_name": "LecunUniform", "config": {"seed": None}}))
        is initializers.LeCunUniform
    )
    identity = get_initializer({"class_name": "IdentityInitializer", "config": {"gain": 2.0}})
    assert (type(identity), identity.gain) == (initializers.Identity, 2.0)
    keras3 = get_initializer(
        {
            "class_name": "VarianceScaling",
            "config": {"scale": 1, "mode": "fan_in", "distribution": "untruncated_normal"},
        }
    )
    assert keras3.distribution == "untruncatedNormal"


def test_tf_initializers_has_tfjs_factories():
    # exports_initializers.ts of TF.js 4.22, in snake_case
    tfjs_names = {
        "zeros", "ones", "constant", "random_uniform", "random_normal", "truncated_normal", "identity",
        "variance_scaling", "glorot_uniform", "glorot_normal", "he_normal", "he_uniform", "le_cun_normal",
        "le_cun_uniform", "orthogonal",
    }  # fmt: skip
    assert tfjs_names <= set(tf.initializers.__all__)
    assert all(
        isinstance(getattr(tf.initializers, n)(**_ARGS.get(n, {})), initializers.Initializer)
        for n in tfjs_names
    )


_ARGS = {"constant": {"value": 1}}
