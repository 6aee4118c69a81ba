"""tf.string: string inputs are built inside each row's lambda."""

from __future__ import annotations

import re

import numpy as np

import tfjs as tf
from tests.ops.op_spec import I32, OpSpec

STR = "string"
_WORDS = ["alpha beta", "", "  gamma", "delta  epsilon zeta"]


def _n_grams_ref():
    rows = [["a", "b", "c"], ["d"], ["e", "f"]]
    out = []
    for row in rows:
        padded = ["<", *row, ">"]
        out += ["_".join(padded[i : i + 2]) for i in range(len(padded) - 1)]
    return np.array(out, dtype=object)


SPECS: list[OpSpec] = [
    OpSpec(
        "string.string_n_grams",
        lambda: (
            tf.string.string_n_grams(
                ["a", "b", "c", "d", "e", "f"],
                tf.tensor1d([0, 3, 4, 6], "int32"),
                "_",
                [2],
                "<",
                ">",
                -1,
                False,
            ).n_grams
        ),
        _n_grams_ref,
        (),
        STR,
    ),
    OpSpec(
        "string.string_split",
        lambda: tf.string.string_split(_WORDS, " ").values,
        lambda: np.array([t for w in _WORDS for t in w.split()], dtype=object),
        (),
        STR,
    ),
    OpSpec(
        "string.string_split",
        lambda: tf.string.string_split(_WORDS, " ").shape,
        lambda: np.array([len(_WORDS), max(len(w.split()) for w in _WORDS)]),
        (),
        I32,
        id_suffix="shape",
    ),
    OpSpec(
        "string.string_to_hash_bucket_fast",
        lambda: tf.string.string_to_hash_bucket_fast(["a", "b", "c", "d"], 1),
        lambda: np.zeros(4),
        (),
        I32,
    ),
    OpSpec(
        "string.static_regex_replace",
        lambda: tf.string.static_regex_replace([_WORDS], "[aeiou]+", "<$&>"),
        lambda: np.array(
            [[re.sub("[aeiou]+", lambda m: f"<{m.group(0)}>", w) for w in _WORDS]], dtype=object
        ),
        (),
        STR,
    ),
]
