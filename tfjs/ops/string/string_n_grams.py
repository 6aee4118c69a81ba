from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from tfjs.engine import ENGINE
from tfjs.kernel_names import STRING_N_GRAMS
from tfjs.ops.operation import op
from tfjs.ops.reduction_util import check_flag
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike, convert_to_tensor


class StringNGramsResult(NamedTuple):
    n_grams: Tensor
    n_grams_splits: Tensor


@op
def string_n_grams(
    data: TensorLike,
    data_splits: TensorLike,
    separator: str,
    n_gram_widths: Sequence[int],
    left_pad: str,
    right_pad: str,
    pad_width: int,
    preserve_short_sequences: bool,
) -> StringNGramsResult:
    """Creates n-grams from ragged string data (`data` split into rows by the int32
    `data_splits`), each joined with `separator`. Each row is padded with up to
    `pad_width` `left_pad`/`right_pad` tokens (never more than width - 1; -1: width - 1);
    `preserve_short_sequences` gives a row too short for any n-gram one n-gram of all
    of it. Returns the n-grams and their row splits.

    >>> splits = tf.tensor1d([0, 2, 4], "int32")
    >>> r = tf.string.string_n_grams(["a", "b", "c", "d"], splits, "|", [1, 2], "LP", "RP", -1, False)
    >>> r.n_grams.array_sync()
    ['a', 'b', 'LP|a', 'a|b', 'b|RP', 'c', 'd', 'LP|c', 'c|d', 'd|RP']
    >>> r.n_grams_splits.array_sync()
    [0, 5, 10]
    """
    name = "string_n_grams"
    data_t = convert_to_tensor(data, "data", name, "string")
    if data_t.rank != 1:
        raise ValueError(f"{name}: Data must be a vector, saw: {_text(data_t.shape)}")
    splits_t = convert_to_tensor(data_splits, "dataSplits", name)
    if splits_t.dtype != "int32":
        raise TypeError(f"{name}: Data splits must be of datatype int32, got {splits_t.dtype}")
    for arg, value in (("separator", separator), ("leftPad", left_pad), ("rightPad", right_pad)):
        if not isinstance(value, (str, bytes)):
            raise TypeError(f"{name}: {arg} must be a string, got {value!r}")
    if (
        not isinstance(n_gram_widths, (list, tuple))
        or not n_gram_widths
        or not all(_is_int(w) and w > 0 for w in n_gram_widths)
    ):
        raise ValueError(f"{name}: nGramWidths must be a list of positive integers, got {n_gram_widths!r}")
    if not _is_int(pad_width):
        raise TypeError(f"{name}: padWidth must be an integer, got {pad_width!r}")
    attrs = {
        "separator": separator,
        "n_gram_widths": [int(w) for w in n_gram_widths],
        "left_pad": left_pad,
        "right_pad": right_pad,
        "pad_width": int(pad_width),
        "preserve_short_sequences": check_flag(preserve_short_sequences, name, "preserve_short_sequences"),
    }
    return StringNGramsResult(
        *ENGINE.run_kernel(STRING_N_GRAMS, {"data": data_t, "data_splits": splits_t}, attrs)
    )


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _text(shape: tuple[int, ...]) -> str:
    return ",".join(str(d) for d in shape)
