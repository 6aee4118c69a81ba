from __future__ import annotations

import numpy as np

from tfjs.engine import ENGINE
from tfjs.kernel_names import ONE_HOT
from tfjs.kernel_registry import register_gradient
from tfjs.ops.operation import op
from tfjs.ops.random_util import check_number
from tfjs.tensor import Tensor
from tfjs.tensor_format import js_text
from tfjs.tensor_size import check_tensor_size
from tfjs.tensor_util import TensorLike, convert_to_tensor


@op
def one_hot(
    indices: TensorLike, depth: int, on_value: float = 1, off_value: float = 0, dtype: str = "int32"
) -> Tensor:
    """Creates a one-hot tensor: a new last axis of size `depth`, `on_value` where it
    equals the index and `off_value` elsewhere (an index outside [0, depth) is all off).
    The values pass through float32 before `dtype`.

    >>> tf.one_hot(tf.tensor1d([0, 2], "int32"), 3).array_sync()
    [[1, 0, 0], [0, 0, 1]]
    """
    if isinstance(depth, bool) or not isinstance(depth, (int, np.integer)):
        raise TypeError(f"one_hot: depth must be an integer, got {depth!r}")
    if depth < 2:
        raise ValueError(f"one_hot: Error in oneHot: depth must be >=2, but it is {depth}")
    on = check_number(on_value, "on_value", "one_hot")
    off = check_number(off_value, "off_value", "one_hot")
    if not isinstance(dtype, str) or dtype not in ("float32", "int32", "bool"):
        raise ValueError(f"one_hot: Unsupported data type {js_text(dtype)}")
    indices_tensor = convert_to_tensor(indices, "indices", "oneHot", "int32")
    check_tensor_size([*indices_tensor.shape, depth], dtype, "one_hot")
    attrs = {"dtype": dtype, "depth": int(depth), "on_value": on, "off_value": off}
    return ENGINE.run_kernel(ONE_HOT, {"indices": indices_tensor}, attrs)


@register_gradient(ONE_HOT, save_inputs=("indices",))
def _one_hot_grad(dy: Tensor, indices: Tensor) -> dict[str, Tensor]:
    """As TF.js: zeros (the indices are integers)."""
    from tfjs.ops.zeros import zeros

    return {"indices": zeros(list(indices.shape), "float32")}
