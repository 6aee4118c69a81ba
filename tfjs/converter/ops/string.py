"""Mappers of TF.js's `string` ops (`tf.string`).

String attributes keep their case: TF.js's converter lower-cases every string attribute
as it loads a model (a regex pattern, an n-gram pad), which changes what these ops do;
here they mean what TensorFlow wrote.
"""

from __future__ import annotations

from typing import Any

from tfjs import ops
from tfjs.converter.op_registry import tf_op
from tfjs.tensor import Tensor


def _required(op: str, name: str, value: Any) -> Any:
    if value is None:
        raise ValueError(f"{op}: the node has no '{name}' attribute")
    return value


@tf_op("StaticRegexReplace")
def static_regex_replace(
    input: Tensor,  # noqa: A002
    *,
    pattern: str | None = None,
    rewrite: str | None = None,
    replace_global: bool = True,
) -> Tensor:
    return ops.string.static_regex_replace(
        input,
        _required("StaticRegexReplace", "pattern", pattern),
        _required("StaticRegexReplace", "rewrite", rewrite),
        replace_global,
    )


@tf_op("StringNGrams")
def string_n_grams(
    data: Tensor,
    data_splits: Tensor,
    *,
    separator: str | None = None,
    ngram_widths: list[int] | None = None,
    left_pad: str | None = None,
    right_pad: str | None = None,
    pad_width: int = 0,
    preserve_short_sequences: bool = False,
) -> list[Tensor]:
    op = "StringNGrams"
    result = ops.string.string_n_grams(
        data,
        data_splits,
        _required(op, "separator", separator),
        _required(op, "ngram_widths", ngram_widths),
        _required(op, "left_pad", left_pad),
        _required(op, "right_pad", right_pad),
        pad_width,
        preserve_short_sequences,
    )
    return [result.n_grams, result.n_grams_splits]


@tf_op("StringSplit")
def string_split(input: Tensor, delimiter: Tensor, *, skip_empty: bool = True) -> list[Tensor]:  # noqa: A002
    result = ops.string.string_split(input, delimiter, skip_empty)
    return [result.indices, result.values, result.shape]


@tf_op("StringToHashBucketFast")
def string_to_hash_bucket_fast(input: Tensor, *, num_buckets: int = 0) -> Tensor:  # noqa: A002
    return ops.string.string_to_hash_bucket_fast(input, num_buckets)
