from __future__ import annotations

from typing import NamedTuple

from tfjs.engine import ENGINE
from tfjs.kernel_names import STRING_SPLIT
from tfjs.ops.operation import op
from tfjs.ops.reduction_util import check_flag
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike, convert_to_tensor


class StringSplitResult(NamedTuple):
    indices: Tensor
    values: Tensor
    shape: Tensor


@op
def string_split(input: TensorLike, delimiter: TensorLike, skip_empty: bool = True) -> StringSplitResult:  # noqa: A002
    """Splits each string of the 1-D `input` at every character of `delimiter` (every
    byte of its UTF-8; an empty delimiter splits into single bytes), as a sparse tensor:
    `indices` [N, 2] int32, `values` (the tokens) and `shape` [rows, most tokens].
    Empty tokens are dropped when `skip_empty`.

    >>> r = tf.string.string_split(["hello world", "a b c"], " ")
    >>> r.indices.array_sync()
    [[0, 0], [0, 1], [1, 0], [1, 1], [1, 2]]
    >>> r.values.array_sync(), r.shape.array_sync()
    (['hello', 'world', 'a', 'b', 'c'], [2, 3])
    """
    name = "string_split"
    input_t = convert_to_tensor(input, "input", name, "string")
    delimiter_t = convert_to_tensor(delimiter, "delimiter", name, "string")
    if input_t.rank != 1:
        raise ValueError(f"{name}: Input should be Tensor1D but received shape {_text(input_t.shape)}")
    if delimiter_t.rank != 0:
        raise ValueError(
            f"{name}: Delimiter should be a scalar but received shape {_text(delimiter_t.shape)}"
        )
    inputs = {"input": input_t, "delimiter": delimiter_t}
    return StringSplitResult(
        *ENGINE.run_kernel(STRING_SPLIT, inputs, {"skip_empty": check_flag(skip_empty, name, "skip_empty")})
    )


def _text(shape: tuple[int, ...]) -> str:
    return ",".join(str(d) for d in shape)
