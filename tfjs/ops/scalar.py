from __future__ import annotations

import numpy as np

from tfjs.ops.operation import op
from tfjs.ops.tensor_ops_util import make_tensor
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike


@op
def scalar(value: TensorLike, dtype: str | None = None) -> Tensor:
    """Creates a rank-0 tensor holding one value.

    >>> tf.scalar(3.14).array_sync()
    3.140000104904175
    """
    if isinstance(value, (list, tuple)) or (isinstance(value, np.ndarray) and value.ndim != 0):
        raise ValueError("Error creating a new Scalar: value must be primitive (number|boolean|string)")
    return make_tensor(value, [], dtype, "scalar")
