"""The `string` TF op mappers (TF.js's string_executor): each TF op onto `tf.string`, on
every backend, with the attributes TensorFlow writes (their case kept)."""

from __future__ import annotations

import base64

import numpy as np
import pytest

import tfjs.converter.ops  # noqa: F401  (registers the mappers)
from tests.converter.test_slice_join_mappers import i32, run
from tests.helpers import raises_with
from tfjs.converter.attrs import decode_attrs
from tfjs.converter.op_registry import get_mapper


def s(text):
    return {"s": base64.b64encode(text.encode()).decode()}


@pytest.mark.parametrize(
    "op", ["StaticRegexReplace", "StringNGrams", "StringSplit", "StringToHashBucketFast"]
)
def test_every_op_is_mapped_in_its_category(op):
    assert get_mapper(op).category == "string"


def test_static_regex_replace(backend):
    attrs = decode_attrs({"pattern": s("[A-Z]"), "rewrite": s("_"), "replace_global": {"b": True}})
    dtype, got = run("StaticRegexReplace", [["Hello World", "ok"]], attrs)
    assert dtype == "string"
    assert got.tolist() == ["_ello _orld", "ok"]
    attrs["replace_global"] = False
    assert run("StaticRegexReplace", [["Hello World"]], attrs)[1].tolist() == ["_ello World"]


def test_static_regex_replace_needs_a_pattern():
    with raises_with(ValueError, "StaticRegexReplace", "pattern"):
        run("StaticRegexReplace", [["a"]], {"rewrite": "b"})


def test_string_n_grams(backend):
    attrs = decode_attrs(
        {
            "separator": s("|"),
            "ngram_widths": {"list": {"i": ["1", "2"]}},
            "left_pad": s("LP"),
            "right_pad": s("RP"),
            "pad_width": {"i": "-1"},
            "preserve_short_sequences": {"b": False},
        }
    )
    dtypes, (grams, splits) = run("StringNGrams", [["a", "b", "c", "d"], i32(0, 2, 4)], attrs)
    assert dtypes == ["string", "int32"]
    assert grams.tolist() == ["a", "b", "LP|a", "a|b", "b|RP", "c", "d", "LP|c", "c|d", "d|RP"]
    np.testing.assert_array_equal(splits, [0, 5, 10])


def test_string_n_grams_needs_its_widths():
    with raises_with(ValueError, "StringNGrams", "ngram_widths"):
        run("StringNGrams", [["a"], i32(0, 1)], {"separator": " ", "left_pad": "", "right_pad": ""})


def test_string_split(backend):
    dtypes, (indices, values, shape) = run(
        "StringSplit", [["hello world", "a  b"], " "], decode_attrs({"skip_empty": {"b": True}})
    )
    assert dtypes == ["int32", "string", "int32"]
    np.testing.assert_array_equal(indices, [[0, 0], [0, 1], [1, 0], [1, 1]])
    assert values.tolist() == ["hello", "world", "a", "b"]
    np.testing.assert_array_equal(shape, [2, 2])
    _, (_, values, shape) = run("StringSplit", [["a  b"], " "], {"skip_empty": False})
    assert values.tolist() == ["a", "", "b"]
    np.testing.assert_array_equal(shape, [1, 3])


def test_string_to_hash_bucket_fast(backend):
    dtype, got = run("StringToHashBucketFast", [["Hello", "TensorFlow", "2.x"]], {"num_buckets": 3})
    assert dtype == "int32"
    np.testing.assert_array_equal(got, [0, 2, 2])


def test_string_to_hash_bucket_fast_refuses_no_buckets():
    with pytest.raises(ValueError):
        run("StringToHashBucketFast", [["a"]], {})
