from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from tfjs.ops.operation import op
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike, convert_to_tensor


@op
def ensure_shape(x: TensorLike, shape: Sequence[int | None]) -> Tensor:
    """Returns `x` itself after checking its shape is `shape`, where None matches any size.

    >>> tf.ensure_shape(tf.tensor2d([[1, 2]]), [None, 2]).shape
    (1, 2)
    """
    x_tensor = convert_to_tensor(x, "x", "ensure_shape", "string_or_numeric")
    if not isinstance(shape, (list, tuple, np.ndarray)) or any(
        d is not None and (isinstance(d, bool) or not isinstance(d, (int, np.integer))) for d in shape
    ):
        raise TypeError(f"ensure_shape: shape must be a list of integers and None, got {shape!r}")
    if len(shape) != x_tensor.rank or any(
        d is not None and d != s for d, s in zip(shape, x_tensor.shape, strict=True)
    ):
        expected = ",".join("" if d is None else str(d) for d in shape)
        raise ValueError(
            f"ensure_shape: EnsureShape: Shape of tensor {','.join(map(str, x_tensor.shape))} is not "
            f"compatible with expected shape {expected}"
        )
    return x_tensor
