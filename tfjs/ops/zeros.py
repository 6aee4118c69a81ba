from __future__ import annotations

from collections.abc import Sequence

from tfjs import dtypes
from tfjs.engine import ENGINE
from tfjs.kernel_names import FILL
from tfjs.ops.operation import op
from tfjs.tensor import Tensor
from tfjs.tensor_size import check_tensor_size
from tfjs.tensor_util import check_shape


def filled(shape: Sequence[int], dtype: str, value: int, fn_name: str) -> Tensor:
    """A tensor of `shape` holding `value`, for zeros() and ones(): made by the backend's
    Fill kernel, on its device, with no host array uploaded."""
    dims = check_shape(shape, f"{fn_name}()")
    dtypes.check_dtype(dtype, op_name=fn_name)
    if dtype == "string":
        raise TypeError(f"{fn_name}() makes numeric tensors, not dtype string (use tf.fill)")
    check_tensor_size(dims, dtype, fn_name)
    return ENGINE.run_kernel(FILL, {}, {"shape": dims, "value": value, "dtype": dtype})


@op
def zeros(shape: Sequence[int], dtype: str = "float32") -> Tensor:
    """Creates a tensor with all elements set to 0.

    >>> tf.zeros([2, 2]).array_sync()
    [[0.0, 0.0], [0.0, 0.0]]
    """
    return filled(shape, dtype, 0, "zeros")
