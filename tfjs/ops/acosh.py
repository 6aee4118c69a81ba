from __future__ import annotations

from tfjs.engine import ENGINE
from tfjs.kernel_names import ACOSH
from tfjs.ops.binary_util import assert_not_complex
from tfjs.ops.operation import op
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike, convert_to_tensor


@op
def acosh(x: TensorLike) -> Tensor:
    """Computes the inverse hyperbolic cos of the input element-wise: `acosh(x)`; NaN below 1.

    The result has x's dtype (int32 results truncate, as an Int32Array stores them).

    >>> tf.acosh(tf.tensor1d([10, 1, 0.8])).array_sync()
    [2.993222951889038, 0.0, nan]
    """
    x_tensor = assert_not_complex(convert_to_tensor(x, "x", "acosh"), "acosh")
    return ENGINE.run_kernel(ACOSH, {"x": x_tensor})
