from __future__ import annotations

from collections.abc import Sequence

from tfjs.ops.operation import op
from tfjs.ops.tensor_ops_util import make_tensor
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike


@op
def tensor(values: TensorLike, shape: Sequence[int] | None = None, dtype: str | None = None) -> Tensor:
    """Creates a tensor with the provided values, shape and dtype.

    Args:
        values: a number, bool, string, nested list or NumPy array. Python numbers
            give float32 (JavaScript's numbers do); NumPy integer arrays give int32.
        shape: the shape; when given, flat values are laid out in it.
        dtype: 'float32', 'int32', 'bool', 'complex64' or 'string'; inferred if None.

    >>> tf.tensor([1, 2, 3, 4], [2, 2]).array_sync()
    [[1.0, 2.0], [3.0, 4.0]]
    """
    return make_tensor(values, shape, dtype, "tensor")
