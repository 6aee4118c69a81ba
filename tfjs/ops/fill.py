from __future__ import annotations

from collections.abc import Sequence

from tfjs import dtypes
from tfjs.dtypes import to_uint8_truth
from tfjs.engine import ENGINE
from tfjs.kernel_names import FILL
from tfjs.ops.operation import op
from tfjs.tensor import Tensor
from tfjs.tensor_size import check_tensor_size
from tfjs.tensor_util import check_shape, infer_dtype, make_values


@op
def fill(shape: Sequence[int], value: float | bool | str, dtype: str | None = None) -> Tensor:
    """Creates a tensor of `shape` filled with the scalar `value`.

    >>> tf.fill([2, 2], 4).array_sync()
    [[4.0, 4.0], [4.0, 4.0]]
    """
    dims = check_shape(shape, "fill()")
    if dtype is not None:
        dtypes.check_dtype(dtype, op_name="fill")
    dtype = dtype or infer_dtype(value)
    if dtype == "bool" and isinstance(value, (int, float)) and not isinstance(value, bool):
        # TF.js fills a Uint8Array with the number: 0.7 and 256 store 0 (false).
        scalar = bool(to_uint8_truth(value))
    else:
        stored = make_values(value, None, dtype, "fill()")
        if stored.ndim != 0:
            raise ValueError(f"fill(): value must be a scalar, got shape {list(stored.shape)}")
        scalar = stored.item()
    check_tensor_size(dims, dtype, "fill")
    return ENGINE.run_kernel(FILL, {}, {"shape": dims, "value": scalar, "dtype": dtype})
