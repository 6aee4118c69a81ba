from __future__ import annotations

from tfjs.dtypes import upcast_type
from tfjs.engine import ENGINE
from tfjs.kernel_names import BATCH_MAT_MUL
from tfjs.kernel_registry import register_gradient
from tfjs.ops.binary_util import assert_not_complex, make_types_match
from tfjs.ops.broadcast_util import assert_and_get_broadcast_shape, sum_to_shape
from tfjs.ops.operation import op
from tfjs.ops.reduction_util import check_flag
from tfjs.tensor import Tensor
from tfjs.tensor_size import check_tensor_size
from tfjs.tensor_util import TensorLike, convert_to_tensor


@op
def mat_mul(a: TensorLike, b: TensorLike, transpose_a: bool = False, transpose_b: bool = False) -> Tensor:
    """Computes the dot product of two matrices, A * B; leading (batch) dimensions
    broadcast. Runs TF.js's BatchMatMul kernel.

    >>> tf.mat_mul(tf.tensor2d([[1, 2]]), tf.tensor2d([[3], [4]])).array_sync()
    [[11.0]]
    """
    a_tensor = assert_not_complex(convert_to_tensor(a, "a", "mat_mul"), "mat_mul", "a", "matMul")
    b_tensor = assert_not_complex(convert_to_tensor(b, "b", "mat_mul"), "mat_mul", "b", "matMul")
    if a_tensor.rank < 2 or b_tensor.rank < 2:
        raise ValueError(
            f"mat_mul: both inputs must have rank at least 2, got shapes {list(a_tensor.shape)} "
            f"and {list(b_tensor.shape)}"
        )
    transpose_a = check_flag(transpose_a, "mat_mul", "transpose_a")
    transpose_b = check_flag(transpose_b, "mat_mul", "transpose_b")
    inner_a = a_tensor.shape[-2] if transpose_a else a_tensor.shape[-1]
    inner_b = b_tensor.shape[-1] if transpose_b else b_tensor.shape[-2]
    if inner_a != inner_b:
        raise ValueError(
            f"Error in mat_mul: inner shapes ({inner_a}) and ({inner_b}) of tensors with shapes "
            f"{list(a_tensor.shape)} and {list(b_tensor.shape)} and transpose_a={transpose_a} "
            f"and transpose_b={transpose_b} must match."
        )
    batch = assert_and_get_broadcast_shape(
        a_tensor.shape[:-2], b_tensor.shape[:-2], "mat_mul (batch dimensions)"
    )
    outer_a = a_tensor.shape[-1] if transpose_a else a_tensor.shape[-2]
    outer_b = b_tensor.shape[-2] if transpose_b else b_tensor.shape[-1]
    check_tensor_size([*batch, outer_a, outer_b], upcast_type(a_tensor.dtype, b_tensor.dtype), "mat_mul")
    a_tensor, b_tensor = make_types_match(a_tensor, b_tensor)
    attrs = {"transpose_a": transpose_a, "transpose_b": transpose_b}
    return ENGINE.run_kernel(BATCH_MAT_MUL, {"a": a_tensor, "b": b_tensor}, attrs)


@register_gradient(BATCH_MAT_MUL, save_inputs=("a", "b"))
def _mat_mul_grad(
    dy: Tensor, a: Tensor, b: Tensor, transpose_a: bool, transpose_b: bool
) -> dict[str, Tensor]:
    """TF.js's formulas; where the batch dimensions broadcast (TF.js's engine refuses the
    gradient there: it has the broadcast shape), summed back to each input's shape."""
    if not transpose_a and not transpose_b:
        da, db = mat_mul(dy, b, False, True), mat_mul(a, dy, True, False)
    elif not transpose_a:
        da, db = mat_mul(dy, b, False, False), mat_mul(dy, a, True, False)
    elif not transpose_b:
        da, db = mat_mul(b, dy, False, True), mat_mul(a, dy, False, False)
    else:
        da, db = mat_mul(b, dy, True, True), mat_mul(dy, a, True, True)
    return {"a": sum_to_shape(da, a.shape), "b": sum_to_shape(db, b.shape)}
