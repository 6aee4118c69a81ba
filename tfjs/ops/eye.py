from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from tfjs import dtypes
from tfjs.ops.buffer import buffer
from tfjs.ops.expand_dims import expand_dims
from tfjs.ops.operation import op
from tfjs.ops.reshape import reshape
from tfjs.ops.tile import tile
from tfjs.tensor import Tensor
from tfjs.tensor_size import check_tensor_size
from tfjs.tensor_util import check_shape


@op
def eye(
    num_rows: int,
    num_columns: int | None = None,
    batch_shape: Sequence[int] | None = None,
    dtype: str = "float32",
) -> Tensor:
    """Creates an identity matrix of shape [num_rows, num_columns] (square by default),
    repeated over `batch_shape` (1 to 3 dimensions) when given.

    >>> tf.eye(2, 3, dtype="int32").array_sync()
    [[1, 0, 0], [0, 1, 0]]
    """
    if num_columns is None:
        num_columns = num_rows
    dtypes.check_dtype(dtype, op_name="eye")
    if dtype == "string":
        raise ValueError("eye: Unsupported data type string")
    if dtype == "complex64":
        raise ValueError(
            "eye: complex64 dtype TensorBuffers are not supported. Please create a TensorBuffer "
            "for the real and imaginary parts separately and call tf.complex(real, imag)."
        )
    check_shape([num_rows, num_columns], "eye")
    check_tensor_size([num_rows, num_columns], dtype, "eye")
    buff = buffer([num_rows, num_columns], dtype)
    diagonal = np.arange(min(num_rows, num_columns))
    buff.values[diagonal, diagonal] = 1
    out = reshape(buff.to_tensor(), [num_rows, num_columns])
    if batch_shape is None:
        return out
    if not isinstance(batch_shape, (list, tuple, np.ndarray)):
        raise TypeError(f"eye: batch_shape must be a list of integers, got {batch_shape!r}")
    batch = list(batch_shape)
    if not 1 <= len(batch) <= 3:
        raise ValueError(
            f"eye: eye() currently supports only 1D and 2D batchShapes, but received {len(batch)}D."
        )
    if any(isinstance(d, bool) or not isinstance(d, (int, np.integer)) or d < 0 for d in batch):
        raise ValueError(f"eye: batch_shape must hold non-negative integers, got {batch}")
    check_tensor_size([*batch, num_rows, num_columns], dtype, "eye")
    for _ in batch:
        out = expand_dims(out, 0)
    return tile(out, [*batch, 1, 1])
