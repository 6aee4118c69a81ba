from __future__ import annotations

from tfjs.ops.add import add
from tfjs.ops.broadcast_util import assert_and_get_broadcast_shape
from tfjs.ops.div import div
from tfjs.ops.mul import mul
from tfjs.ops.operation import op
from tfjs.ops.pow import pow  # noqa: A004
from tfjs.ops.reduction_util import check_flag
from tfjs.ops.scalar import scalar
from tfjs.ops.sub import sub
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike, convert_to_tensor


@op
def moving_average(
    v: TensorLike,
    x: TensorLike,
    decay: float | TensorLike,
    step: float | TensorLike | None = None,
    zero_debias: bool = True,
) -> Tensor:
    """Computes the moving average of a variable: `v + (x - v) * (1 - decay)`.

    With `zero_debias` (the default) the update is divided by `1 - decay ** step`, which
    removes the bias toward the initial value of zero (Kingma & Ba, 2015); `step` (the
    number of updates so far) is then required. `v` and `x` must have the same dtype
    and shape.

    >>> tf.moving_average(tf.tensor1d([0, 0]), tf.tensor1d([2, 4]), 0.5, 1).array_sync()
    [2.0, 4.0]
    >>> tf.moving_average(tf.tensor1d([1, 2]), tf.tensor1d([3, 4]), 0.5, zero_debias=False).array_sync()
    [2.0, 3.0]
    """
    v_tensor = convert_to_tensor(v, "v", "moving_average")
    x_tensor = convert_to_tensor(x, "x", "moving_average")
    decay_tensor = convert_to_tensor(decay, "decay", "moving_average")
    if v_tensor.dtype != x_tensor.dtype:
        raise TypeError(
            f"moving_average: The dtypes of the first({v_tensor.dtype}) and second({x_tensor.dtype}) "
            "input must match (v and x)"
        )
    if v_tensor.shape != x_tensor.shape:
        raise ValueError(
            f"moving_average: Shape mismatch in v and x: {list(v_tensor.shape)} and {list(x_tensor.shape)}"
        )
    zero_debias = check_flag(zero_debias, "moving_average", "zero_debias")
    if zero_debias and step is None:
        raise ValueError("moving_average: When using zeroDebias: true, step is required. (step is None)")
    step_tensor = convert_to_tensor(step, "step", "moving_average") if zero_debias else None
    shape = assert_and_get_broadcast_shape(v_tensor.shape, decay_tensor.shape, "moving_average (v and decay)")
    if step_tensor is not None:
        assert_and_get_broadcast_shape(shape, step_tensor.shape, "moving_average (v and step)")
    one = scalar(1)
    update = mul(sub(x_tensor, v_tensor), sub(one, decay_tensor))
    if step_tensor is not None:
        update = div(update, sub(one, pow(decay_tensor, step_tensor)))
    return add(v_tensor, update)
