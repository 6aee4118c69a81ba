from __future__ import annotations

from tfjs.engine import ENGINE
from tfjs.kernel_names import GREATER_EQUAL
from tfjs.kernel_registry import register_gradient
from tfjs.ops.binary_util import assert_not_complex, binary_inputs
from tfjs.ops.operation import op
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike


@op
def greater_equal(a: TensorLike, b: TensorLike) -> Tensor:
    """Returns the truth value of (a >= b) element-wise, as a bool tensor. Supports broadcasting.

    >>> tf.greater_equal(tf.tensor1d([1, 2, 3]), tf.scalar(2)).array_sync()
    [False, True, True]
    """
    a, b = binary_inputs(a, b, "greater_equal", "string_or_numeric")
    assert_not_complex(a, "greater_equal", "a")
    return ENGINE.run_kernel(GREATER_EQUAL, {"a": a, "b": b})


@register_gradient(GREATER_EQUAL, save_inputs=("a", "b"))
def _greater_equal_grad(dy: Tensor, a: Tensor, b: Tensor) -> dict[str, Tensor]:
    from tfjs.ops.zeros_like import zeros_like

    # TF.js registers zeros (of the inputs' dtype) for this comparison.
    return {"a": zeros_like(a), "b": zeros_like(b)}
