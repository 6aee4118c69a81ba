from __future__ import annotations

from tfjs.engine import ENGINE
from tfjs.kernel_names import ARG_MAX
from tfjs.kernel_registry import register_gradient
from tfjs.ops.operation import op
from tfjs.ops.reduction_util import assert_not_complex, single_axis
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike, convert_to_tensor


@op
def arg_max(x: TensorLike, axis: int = 0) -> Tensor:
    """Returns the index of the maximum value along `axis`, as int32; of equal values the
    first index wins, and a NaN only when it comes first.

    >>> tf.arg_max(tf.tensor2d([[1, 5, 5], [7, 2, 3]]), 1).array_sync()
    [1, 0]
    """
    x_tensor = assert_not_complex(convert_to_tensor(x, "x", "arg_max"), "arg_max")
    return ENGINE.run_kernel(ARG_MAX, {"x": x_tensor}, {"axis": single_axis(axis, x_tensor.rank, "arg_max")})


@register_gradient(ARG_MAX, save_inputs=("x",))
def _arg_max_grad(dy: Tensor, x: Tensor) -> dict[str, Tensor]:
    """TF.js's: an index does not move with the values, so the gradient is zero (float32
    even for an integer `x`, where TF.js's zerosLike would fail the tape's dtype check)."""
    from tfjs.ops.zeros import zeros

    return {"x": zeros(list(x.shape))}
