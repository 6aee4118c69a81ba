"""tf.env(): TF.js's registered flags, their defaults, overrides from TFJS_FLAGS
(TF.js's `?tfjsflags=` query) and reset (TF.js's environment_test.ts)."""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterator

import pytest

import tfjs as tf
from tfjs.environment import FLAGS_VARIABLE


@pytest.fixture
def no_flags_variable(monkeypatch) -> Iterator[None]:
    """The flags evaluated with no TFJS_FLAGS in the process environment."""
    monkeypatch.delenv(FLAGS_VARIABLE, raising=False)
    tf.env().reset()
    yield
    monkeypatch.undo()
    tf.env().reset()


@pytest.fixture
def flags_variable(monkeypatch) -> Iterator[Callable[[str], None]]:
    """Sets TFJS_FLAGS; the environment is restored and reset after the test."""

    def set_text(text: str) -> None:
        monkeypatch.setenv(FLAGS_VARIABLE, text)

    yield set_text
    monkeypatch.undo()
    tf.env().reset()


# ---- get / set / reset ------------------------------------------------------------------


def test_env_is_one_global_environment():
    assert tf.env() is tf.env()
    assert isinstance(tf.env(), tf.Environment)


def test_default_flag_values(no_flags_variable):
    env = tf.env()
    assert env.get("DEBUG") is False
    assert env.get("PROD") is False
    assert env.get("IS_TEST") is False
    assert env.get("IS_BROWSER") is False
    assert env.get("IS_NODE") is False
    assert env.get("DEPRECATION_WARNINGS_ENABLED") is True
    assert env.get("CHECK_COMPUTATION_FOR_ERRORS") is True  # TF.js's default; read in debug mode only
    for name in ("DEBUG", "PROD", "IS_TEST", "CHECK_COMPUTATION_FOR_ERRORS"):
        assert name in env.registered_flags()


def test_set_then_get(no_flags_variable):
    env = tf.env()
    env.set("IS_TEST", True)
    assert env.get("IS_TEST") is True
    assert env.get_bool("IS_TEST") is True
    env.set("IS_TEST", False)
    assert env.get("IS_TEST") is False


def test_setting_debug_warns_as_tfjs_does(no_flags_variable, caplog):
    with caplog.at_level(logging.WARNING, logger="tfjs"):
        tf.env().set("DEBUG", True)
    assert "Debugging mode is ON" in caplog.text
    assert tf.env().get("DEBUG") is True
    caplog.clear()
    with caplog.at_level(logging.WARNING, logger="tfjs"):
        tf.env().set("DEBUG", False)
    assert "Debugging mode is ON" not in caplog.text


def test_get_flags_lists_what_was_read_or_set(no_flags_variable):
    env = tf.env()
    assert env.get_flags() == {}
    env.get("PROD")
    env.set("IS_TEST", True)
    assert env.get_flags() == {"PROD": False, "IS_TEST": True}
    flags = env.get_flags()
    flags["PROD"] = True  # a copy: changing it changes nothing
    assert env.get("PROD") is False


def test_set_flags_sets_several(no_flags_variable):
    env = tf.env()
    env.set_flags({"IS_TEST": True, "PROD": True})
    assert env.get("IS_TEST") is True
    assert env.get("PROD") is True
    assert env.get_flags() == {"IS_TEST": True, "PROD": True}


def test_set_flags_checks_all_before_setting_any(no_flags_variable):
    env = tf.env()
    with pytest.raises(TypeError, match="PROD"):
        env.set_flags({"IS_TEST": True, "PROD": "yes"})
    with pytest.raises(ValueError, match="NOT_A_FLAG"):
        env.set_flags({"IS_TEST": True, "NOT_A_FLAG": True})
    assert env.get("IS_TEST") is False


def test_reset_forgets_every_value(no_flags_variable):
    env = tf.env()
    env.set("PROD", True)
    env.set("IS_TEST", True)
    env.reset()
    assert env.get_flags() == {}
    assert env.get("PROD") is False
    assert env.get("IS_TEST") is False


def test_an_unknown_flag_is_a_value_error():
    env = tf.env()
    with pytest.raises(ValueError, match="NOT_A_FLAG"):
        env.get("NOT_A_FLAG")
    with pytest.raises(ValueError, match="NOT_A_FLAG"):
        env.set("NOT_A_FLAG", True)
    assert "NOT_A_FLAG" not in env.get_flags()


@pytest.mark.parametrize(
    ("name", "value"), [("DEBUG", "yes"), ("DEBUG", 1), ("PROD", None), ("IS_TEST", 0.0)]
)
def test_a_value_of_the_wrong_type_is_a_type_error(name: str, value: object):
    with pytest.raises(TypeError, match=name):
        tf.env().set(name, value)
    assert tf.env().get(name) is False


def test_check_computation_for_errors_does_not_follow_debug(no_flags_variable):
    env = tf.env()
    assert env.get("CHECK_COMPUTATION_FOR_ERRORS") is True
    env.set("DEBUG", True)
    assert env.get("CHECK_COMPUTATION_FOR_ERRORS") is True
    env.set("CHECK_COMPUTATION_FOR_ERRORS", False)  # an explicit value wins
    env.set("DEBUG", False)
    assert env.get("CHECK_COMPUTATION_FOR_ERRORS") is False


# ---- TFJS_FLAGS -------------------------------------------------------------------------


def test_tfjs_flags_variable_sets_flags(flags_variable):
    flags_variable("DEBUG:true,IS_TEST:true")
    tf.env().reset()
    env = tf.env()
    assert env.get("DEBUG") is True
    assert env.get("IS_TEST") is True
    assert env.get("PROD") is False
    assert env.get("CHECK_COMPUTATION_FOR_ERRORS") is True


def test_tfjs_flags_variable_tolerates_spaces_and_case(flags_variable):
    flags_variable(" PROD : TRUE , IS_TEST:False ,")
    tf.env().reset()
    assert tf.env().get("PROD") is True
    assert tf.env().get("IS_TEST") is False


def test_an_explicit_set_wins_over_the_variable(flags_variable):
    flags_variable("PROD:true")
    tf.env().reset()
    tf.env().set("PROD", False)
    assert tf.env().get("PROD") is False
    tf.env().reset()  # back to the override
    assert tf.env().get("PROD") is True


def test_unknown_flags_in_the_variable_are_ignored(flags_variable):
    flags_variable("NOT_A_FLAG:true,IS_TEST:true")
    tf.env().reset()
    assert tf.env().get("IS_TEST") is True
    with pytest.raises(ValueError, match="NOT_A_FLAG"):
        tf.env().get("NOT_A_FLAG")


@pytest.mark.parametrize("text", ["DEBUG", "DEBUG:true,PROD", ":true", "DEBUG:maybe", "IS_TEST:1"])
def test_a_malformed_tfjs_flags_entry_is_a_value_error(flags_variable, text: str):
    flags_variable(text)
    with pytest.raises(ValueError, match=FLAGS_VARIABLE):
        tf.env().reset()


def test_the_environment_recovers_once_the_variable_is_fixed(monkeypatch):
    monkeypatch.setenv(FLAGS_VARIABLE, "DEBUG=true")
    with pytest.raises(ValueError, match="DEBUG=true"):
        tf.env().reset()
    monkeypatch.undo()
    tf.env().reset()
    assert tf.env().get("DEBUG") is False


# ---- an Environment of one's own: numbers, strings and hooks ----------------------------


def test_number_and_string_flags(flags_variable):
    flags_variable("COUNT:7,RATIO:0.25,NAME:abc")
    env = tf.Environment()
    seen: list[object] = []
    env.register_flag("COUNT", lambda: 3, seen.append)
    env.register_flag("RATIO", lambda: 0.5)
    env.register_flag("NAME", lambda: "default")
    env.register_flag("PLAIN", lambda: 11)
    assert env.get("COUNT") == 7
    assert isinstance(env.get("COUNT"), int)
    assert env.get("RATIO") == 0.25
    assert env.get("NAME") == "abc"
    assert env.get("PLAIN") == 11
    env.set("COUNT", 2.5)  # any number for a number flag
    assert env.get("COUNT") == 2.5
    assert seen == [2.5]
    with pytest.raises(TypeError, match="COUNT"):
        env.set("COUNT", True)
    with pytest.raises(TypeError, match="NAME"):
        env.set("NAME", 5)
    assert seen == [2.5]


def test_a_number_flag_given_text_is_a_value_error(flags_variable):
    flags_variable("COUNT:many")
    env = tf.Environment()
    with pytest.raises(ValueError, match="COUNT"):
        env.register_flag("COUNT", lambda: 3)


def test_defaults_are_evaluated_once(no_flags_variable):
    env = tf.Environment()
    calls: list[int] = []

    def default() -> bool:
        calls.append(1)
        return True

    env.register_flag("LAZY", default)
    assert calls == []
    assert env.get("LAZY") is True
    assert env.get("LAZY") is True
    assert len(calls) == 1
    env.reset()
    assert env.get("LAZY") is True
    assert len(calls) == 2


def test_registering_a_flag_twice_warns(caplog):
    env = tf.Environment()
    env.register_flag("TWICE", lambda: False)
    with caplog.at_level(logging.WARNING, logger="tfjs"):
        env.register_flag("TWICE", lambda: True)
    assert "TWICE" in caplog.text
    assert env.get("TWICE") is True
