from __future__ import annotations

from tfjs.engine import ENGINE
from tfjs.kernel_names import MOD
from tfjs.ops.binary_util import assert_not_complex, binary_inputs
from tfjs.ops.operation import op
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike


@op
def mod(a: TensorLike, b: TensorLike) -> Tensor:
    """Element-wise remainder of division, A % B; the result takes the sign of B.
    Supports broadcasting.

    >>> tf.mod(tf.tensor1d([5, -5]), tf.scalar(3)).array_sync()
    [2.0, 1.0]
    """
    a, b = binary_inputs(a, b, "mod")
    assert_not_complex(a, "mod", "a")
    return ENGINE.run_kernel(MOD, {"a": a, "b": b})
