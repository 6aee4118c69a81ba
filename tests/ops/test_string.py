"""tf.string ops: bytes and str values, JavaScript regex semantics, and bad input."""

from __future__ import annotations

import pytest

import tfjs as tf
from tests.helpers import i32, raises_with


def _run(fn):
    """fn's result downloaded (lists of values) after a tidy, nothing left allocated."""

    def body():
        result = fn()
        return [t.array_sync() for t in result] if isinstance(result, tuple) else result.array_sync()

    return tf.tidy(body)


def test_string_split_works_on_utf8_bytes(backend):
    # An empty delimiter splits into bytes: "é" is two, neither valid UTF-8 alone.
    def run():
        r = tf.string.string_split(["é"], "")
        return r.values.bytes(), r.shape.array_sync()

    assert tf.tidy(run) == ([b"\xc3", b"\xa9"], [1, 2])
    # A multi-byte delimiter is a set of delimiter bytes: "€" is three (TF.js gives the same).
    assert _run(lambda: tf.string.string_split(["a€b"], "€", skip_empty=False).values) == ["a", "", "", "b"]


def test_string_ops_take_bytes_values(backend):
    assert _run(lambda: tf.string.string_split(tf.tensor([b"x y", b"z"]), b" ").values) == ["x", "y", "z"]
    assert _run(lambda: tf.string.string_to_hash_bucket_fast([b"Hello", "TensorFlow"], 3)) == [0, 2]


def test_string_to_hash_bucket_fast_matches_tfjs_fingerprints(backend):
    # Values recorded from TF.js 4.22 (tests/conformance/expected/string.json, hash/doc).
    assert _run(
        lambda: tf.string.string_to_hash_bucket_fast(["Hello", "TensorFlow", "2.x"], num_buckets=3)
    ) == [
        0,
        2,
        2,
    ]


def test_string_n_grams_keyword_arguments(backend):
    result = _run(
        lambda: tf.string.string_n_grams(
            data=["a", "b", "c"],
            data_splits=i32([0, 3]),
            separator=" ",
            n_gram_widths=[3],
            left_pad="<",
            right_pad=">",
            pad_width=0,
            preserve_short_sequences=False,
        )
    )
    assert result == [["a b c"], [0, 1]]


@pytest.mark.parametrize(
    ("pattern", "rewrite", "text", "expected"),
    [
        ("$", "!", "a\n", "a\n!"),  # $ is only the very end
        ("a.c", "_", "a\u2028c abc", "a\u2028c _"),  # . stops at every line terminator
        ("\\d", "#", "\u06612", "\u0661#"),  # \d is ASCII
        ("\\s", "_", "a\x1cb\ufeffc", "a\x1cb_c"),  # JavaScript's \s
        ("[^]", "x", "a\n", "xx"),
        ("(?<w>o)", "[$<w>$<nope>]", "foo", "f[o][o]"),
        ("(o)\\1", "$1", "foo", "fo"),
        ("\\cJ", "N", "a\nb", "aNb"),
        ("\\e", "E", "e", "E"),  # an identity escape
        ("[&|~]", ".", "a&b|c~", "a.b.c."),
    ],
)
def test_static_regex_replace_has_javascript_semantics(pattern, rewrite, text, expected, backend):
    assert _run(lambda: tf.string.static_regex_replace([text], pattern, rewrite)) == [expected]


def test_static_regex_replace_first_match_only(backend):
    assert _run(lambda: tf.string.static_regex_replace(["aaa"], "a", "b", replace_global=False)) == ["baa"]


def test_string_ops_reject_wrong_ranks(backend):
    with raises_with(ValueError, "string_split", "Input should be Tensor1D but received shape 1,1"):
        tf.tidy(lambda: tf.string.string_split([["a"]], " "))
    with raises_with(ValueError, "string_split", "Delimiter should be a scalar"):
        tf.tidy(lambda: tf.string.string_split(["a"], [" "]))
    with raises_with(ValueError, "string_n_grams", "Data must be a vector, saw: 1,1"):
        tf.tidy(lambda: tf.string.string_n_grams([["a"]], i32([0, 1]), "", [1], "", "", 0, False))


def test_string_ops_reject_wrong_dtypes(backend):
    with raises_with(TypeError, "input", "string_to_hash_bucket_fast", "string", "float32"):
        tf.tidy(lambda: tf.string.string_to_hash_bucket_fast([1, 2], 3))
    with raises_with(TypeError, "input", "static_regex_replace", "string"):
        tf.tidy(lambda: tf.string.static_regex_replace([1], "a", "b"))
    with raises_with(TypeError, "string_n_grams", "Data splits must be of datatype int32"):
        tf.tidy(lambda: tf.string.string_n_grams(["a"], [0, 1], "", [1], "", "", 0, False))
    with raises_with(TypeError, "static_regex_replace", "pattern"):
        tf.tidy(lambda: tf.string.static_regex_replace(["a"], 1, "b"))


def test_string_ops_reject_bad_sizes_and_splits(backend):
    with raises_with(ValueError, "string_to_hash_bucket_fast", "Number of buckets must be at least 1", "-2"):
        tf.tidy(lambda: tf.string.string_to_hash_bucket_fast(["a"], -2))
    with raises_with(ValueError, "string_n_grams", "Invalid split value 2, must be in [3, 5]"):
        tf.tidy(lambda: tf.string.string_n_grams(list("abcde"), i32([0, 3, 2, 5]), "", [1], "", "", 0, False))
    with raises_with(ValueError, "string_n_grams", "nGramWidths", "[0]"):
        tf.tidy(lambda: tf.string.string_n_grams(["a"], i32([0, 1]), "", [0], "", "", 0, False))
    with raises_with(ValueError, "static_regex_replace", "Invalid regular expression: /(/"):
        tf.tidy(lambda: tf.string.static_regex_replace(["a"], "(", "b"))
