from __future__ import annotations

from tfjs.engine import ENGINE
from tfjs.kernel_names import ARG_MIN
from tfjs.kernel_registry import register_gradient
from tfjs.ops.operation import op
from tfjs.ops.reduction_util import assert_not_complex, single_axis
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike, convert_to_tensor


@op
def arg_min(x: TensorLike, axis: int = 0) -> Tensor:
    """Returns the index of the minimum value along `axis`, as int32; of equal values the
    first index wins, and a NaN only when it comes first.

    >>> tf.arg_min(tf.tensor2d([[1, 0, 0], [7, 2, 3]]), 1).array_sync()
    [1, 1]
    """
    x_tensor = assert_not_complex(convert_to_tensor(x, "x", "arg_min"), "arg_min")
    return ENGINE.run_kernel(ARG_MIN, {"x": x_tensor}, {"axis": single_axis(axis, x_tensor.rank, "arg_min")})


@register_gradient(ARG_MIN, save_inputs=("x",))
def _arg_min_grad(dy: Tensor, x: Tensor) -> dict[str, Tensor]:
    """TF.js's: an index does not move with the values, so the gradient is zero (float32
    even for an integer `x`, where TF.js's zerosLike would fail the tape's dtype check)."""
    from tfjs.ops.zeros import zeros

    return {"x": zeros(list(x.shape))}
