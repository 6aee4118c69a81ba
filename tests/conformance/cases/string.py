"""tf.string: string_n_grams, string_split, string_to_hash_bucket_fast, static_regex_replace."""

from __future__ import annotations

import tfjs as tf
from tests.conformance.values import i32, r


def ngrams(*args):
    return list(tf.string.string_n_grams(*args))


def split(*args):
    return list(tf.string.string_split(*args))


hash_ = tf.string.string_to_hash_bucket_fast
replace = tf.string.static_regex_replace


def long(n: int) -> str:
    return "".join(chr(33 + (i * 7) % 90) for i in r(n))


ABC = ["a", "b", "c", "d", "e"]

CASES = {
    "n_grams/doc": lambda: ngrams(["a", "b", "c", "d"], i32([0, 2, 4]), "|", [1, 2], "LP", "RP", -1, False),
    "n_grams/no_padding": lambda: ngrams(ABC, i32([0, 3, 5]), " ", [2, 3], "", "", 0, False),
    "n_grams/pad_width_1": lambda: ngrams(ABC, i32([0, 3, 5]), "-", [3], "<", ">", 1, False),
    "n_grams/pad_wider_than_width": lambda: ngrams(ABC, i32([0, 5]), "-", [2], "<", ">", 4, False),
    "n_grams/preserve_short": lambda: ngrams(ABC, i32([0, 1, 1, 5]), "+", [3], "L", "R", 0, True),
    "n_grams/preserve_short_padded": lambda: ngrams(ABC, i32([0, 1, 5]), "+", [4], "L", "R", 1, True),
    "n_grams/drop_short": lambda: ngrams(ABC, i32([0, 1, 5]), "+", [3], "L", "R", 0, False),
    "n_grams/empty_separator_unicode": lambda: ngrams(
        ["日本", "é", "x"], i32([0, 3]), "", [2], "", "", 0, False
    ),
    "n_grams/empty_data": lambda: ngrams(tf.tensor1d([], "string"), i32([0]), "|", [2], "L", "R", -1, False),
    "n_grams/first_split": lambda: ngrams(ABC, i32([1, 5]), "|", [2], "", "", 0, False),
    "n_grams/splits_decrease": lambda: ngrams(ABC, i32([0, 3, 2, 5]), "|", [2], "", "", 0, False),
    "n_grams/split_past_data": lambda: ngrams(ABC, i32([0, 6]), "|", [2], "", "", 0, False),
    "n_grams/last_split": lambda: ngrams(ABC, i32([0, 4]), "|", [2], "", "", 0, False),
    "n_grams/float_splits": lambda: ngrams(ABC, [0, 5], "|", [2], "", "", 0, False),
    "n_grams/data_rank": lambda: ngrams([["a"]], i32([0, 1]), "|", [2], "", "", 0, False),
    "split/doc": lambda: split(["hello world", "a b c"], " "),
    "split/keep_empty": lambda: split([" a  b ", "", "c"], " ", False),
    "split/skip_empty": lambda: split([" a  b ", "", "c"], " "),
    "split/many_delimiters": lambda: split(["a,b;c d", ";;x"], ",; ", False),
    "split/many_delimiters_skip": lambda: split(["a,b;c d", ";;x"], ",; "),
    "split/empty_delimiter": lambda: split(["abc", "", "de"], ""),
    "split/unicode_text": lambda: split(["日本 語", "é,è"], " ,"),
    "split/empty_input": lambda: split(tf.tensor1d([], "string"), " "),
    "split/input_rank": lambda: split([["a b"]], " "),
    "split/delimiter_rank": lambda: split(["a b"], [" "]),
    "hash/doc": lambda: hash_(["Hello", "TensorFlow", "2.x"], 3),
    "hash/lengths": lambda: hash_(
        ["", "a", "ab", "abc", "abcd", "abcdefg", "abcdefgh"]
        + [long(n) for n in (16, 17, 31, 32, 33, 64, 65, 127, 128, 129, 300)],
        1000003,
    ),
    "hash/unicode": lambda: hash_(["日本語", "é", "🙂 emoji", "naïve café"], 2147483647),
    "hash/big_buckets": lambda: hash_(["a", "b", "hello", long(70)], 3000000000),
    "hash/one_bucket": lambda: hash_(["a", "b"], 1),
    "hash/2d": lambda: hash_([["x", "y"], ["z", ""]], 10),
    "hash/zero_buckets": lambda: hash_(["a"], 0),
    "regex/doc": lambda: replace(["format       this   spacing      better"], " +", " "),
    "regex/first_only": lambda: replace(["aaa", "bab"], "a", "x", False),
    "regex/groups": lambda: replace(["john smith", "jane doe"], "(\\w+)\\s(\\w+)", "$2, $1"),
    "regex/whole_match_and_dollar": lambda: replace(["cost 5", "cost 17"], "\\d+", "$$$&.00"),
    "regex/named_group": lambda: replace(
        ["2024-05-06"], "(?<y>\\d+)-(?<m>\\d+)-(?<d>\\d+)", "$<d>/$<m>/$<y>"
    ),
    "regex/before_after": lambda: replace(["abc"], "b", "[$`|$']"),
    "regex/unknown_group_literal": lambda: replace(["abc"], "(b)", "$2$0$1$"),
    "regex/empty_matches": lambda: replace(["abc", ""], "x*", "-"),
    "regex/empty_match_after_match": lambda: replace(["abc"], "b*", "-"),
    "regex/dot_and_newline": lambda: replace(["a\nb\rc"], ".", "_"),
    "regex/end_anchor": lambda: replace(["end\n", "end"], "end$", "END"),
    "regex/start_anchor": lambda: replace(["xx", "ax"], "^x", "Y"),
    "regex/ascii_word": lambda: replace(["café naïve", "a_1 b"], "\\w+", "W"),
    "regex/digits_unicode": lambda: replace(["1٢3"], "\\d", "D"),
    "regex/spaces": lambda: replace(["a\u00a0b\u2003c\td"], "\\s", "_"),
    "regex/word_boundary": lambda: replace(["hi there, café"], "\\b", "|"),
    "regex/classes": lambda: replace(["a-b]c[d"], "[\\]\\[-]", "."),
    "regex/unicode_text": lambda: replace(["日本語テキスト"], "本", "ほん"),
    "regex/2d": lambda: replace([["ab", "cb"], ["bb", "x"]], "b", "B"),
    "regex/no_match": lambda: replace(["abc"], "z", "Z"),
    "regex/astral_code_units": lambda: replace(["🙂a", "x🙂y"], ".", "x", False),
    "regex/astral_global": lambda: replace(["🙂a"], ".", ".$&"),
    "regex/astral_pattern": lambda: replace(["x🙂y🙂"], "🙂", "[$&]"),
    "regex/lazy_and_lookahead": lambda: replace(["<a><b>", "foobar foobaz"], "<.+?>|foo(?=bar)", "#"),
}
