from __future__ import annotations

from tfjs.engine import ENGINE
from tfjs.kernel_names import POW
from tfjs.ops.binary_util import binary_inputs
from tfjs.ops.operation import op
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike


@op
def pow(base: TensorLike, exp: TensorLike) -> Tensor:  # noqa: A001 - TF.js's name
    """Computes the power of one tensor to another, base ** exp, element-wise, as
    JavaScript's Math.pow does. Supports broadcasting.

    >>> tf.pow(tf.tensor1d([2, 3]), tf.tensor1d([3, 2])).array_sync()
    [8.0, 9.0]
    """
    a, b = binary_inputs(base, exp, "pow", arg_names=("base", "exp"))
    return ENGINE.run_kernel(POW, {"a": a, "b": b})
