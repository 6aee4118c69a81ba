from __future__ import annotations

from tfjs.engine import ENGINE
from tfjs.kernel_names import SEARCH_SORTED
from tfjs.ops.binary_util import assert_not_complex
from tfjs.ops.operation import op
from tfjs.ops.reshape import reshape
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike, convert_to_tensor

_INT32_MAX = 2147483648


@op
def search_sorted(sorted_sequence: TensorLike, values: TensorLike, side: str = "left") -> Tensor:
    """For each of `values`, the int32 index where it would go in `sorted_sequence` (the
    first such index for side 'left', the last for 'right'). Leading dimensions pair rows
    of the two; as in TF.js, the result has the shape [rows, values per row].

    >>> tf.search_sorted(tf.tensor1d([0, 3, 9, 10, 10]), tf.tensor1d([0, 4, 10]), "right").array_sync()
    [[1, 2, 5]]
    """
    return sorted_search(sorted_sequence, values, side, "search_sorted")


def sorted_search(sorted_sequence: TensorLike, values: TensorLike, side: str, name: str) -> Tensor:
    """The body of search_sorted, lower_bound and upper_bound (errors name `name`)."""
    sequence = assert_not_complex(
        convert_to_tensor(sorted_sequence, "sorted_sequence", name), name, "sorted_sequence"
    )
    wanted = assert_not_complex(convert_to_tensor(values, "values", name), name, "values")
    if not isinstance(side, str) or side not in ("left", "right"):
        raise ValueError(f"{name}: side must be 'left' or 'right', but got {side!r}")
    for arg, tensor in (("sorted_sequence", sequence), ("values", wanted)):
        if tensor.rank == 0:
            raise ValueError(f"{name}: {arg} must be at least 1-D, but got a scalar")
        if tensor.shape[-1] == 0:
            raise ValueError(
                f"{name}: the last dimension of {arg} must not be 0, but got shape {list(tensor.shape)}"
            )
    rows, size = sequence.size // sequence.shape[-1], sequence.shape[-1]
    value_rows, per_row = wanted.size // wanted.shape[-1], wanted.shape[-1]
    if rows != value_rows:
        raise ValueError(
            f"{name}: Leading dimension of 'sorted_sequence' and 'values' must match: "
            f"shapes {list(sequence.shape)} and {list(wanted.shape)}"
        )
    if wanted.size >= _INT32_MAX:
        raise ValueError(f"{name}: values tensor size must less than {_INT32_MAX}")
    if size >= _INT32_MAX:
        raise ValueError(
            f"{name}: trailing dim_size must less than {_INT32_MAX} for int32 output type, was {size}"
        )
    inputs = {"sorted_sequence": reshape(sequence, [rows, size]), "values": reshape(wanted, [rows, per_row])}
    return ENGINE.run_kernel(SEARCH_SORTED, inputs, {"side": side})
