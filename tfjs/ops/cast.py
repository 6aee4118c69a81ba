from __future__ import annotations

from tfjs import dtypes
from tfjs.engine import ENGINE
from tfjs.kernel_names import CAST
from tfjs.kernel_registry import register_gradient
from tfjs.ops.operation import op
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike, convert_to_tensor


@op
def cast(x: TensorLike, dtype: str) -> Tensor:
    """Casts `x` to `dtype`: to int32 truncates toward zero and wraps as an Int32Array
    does (NaN becomes 0); to bool is `x != 0`; complex64 to real keeps the real part.

    >>> tf.cast(tf.tensor([1.7, -1.7, 3e9]), "int32").array_sync()
    [1, -1, -1294967296]
    """
    x_tensor = convert_to_tensor(x, "x", "cast")
    dtypes.check_dtype(dtype, op_name="cast")
    if dtype == "string":
        raise TypeError(f"cast: only strings can be cast to strings, not {x_tensor.dtype}")
    return ENGINE.run_kernel(CAST, {"x": x_tensor}, {"dtype": dtype})


@register_gradient(CAST)
def _cast_grad(dy: Tensor) -> dict[str, Tensor]:
    from tfjs.ops.clone import clone

    return {"x": clone(dy)}
