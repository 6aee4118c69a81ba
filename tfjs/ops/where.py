from __future__ import annotations

from tfjs.engine import ENGINE
from tfjs.kernel_names import SELECT
from tfjs.kernel_registry import register_gradient
from tfjs.ops.binary_util import assert_not_complex
from tfjs.ops.broadcast_util import assert_and_get_broadcast_shape
from tfjs.ops.operation import op
from tfjs.ops.reshape import reshape
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike, convert_to_tensor


@op
def where(condition: TensorLike, a: TensorLike, b: TensorLike) -> Tensor:
    """Returns the elements of `a` where `condition` is true, else those of `b`. The
    three broadcast together; `condition` must be bool; the result has the dtype `a` and
    `b` meet in.

    >>> cond = tf.tensor1d([False, False, True], "bool")
    >>> tf.where(cond, tf.tensor1d([1, 2, 3]), tf.tensor1d([-1, -2, -3])).array_sync()
    [-1.0, -2.0, 3.0]
    """
    a_tensor = convert_to_tensor(a, "a", "where")
    b_tensor = convert_to_tensor(b, "b", "where")
    cond_tensor = convert_to_tensor(condition, "condition", "where", "bool")
    shape = assert_and_get_broadcast_shape(
        assert_and_get_broadcast_shape(cond_tensor.shape, a_tensor.shape, "where"), b_tensor.shape, "where"
    )
    assert_not_complex(a_tensor, "where", "a")
    assert_not_complex(b_tensor, "where", "b")
    # The Select kernel broadcasts; at one rank, a rank-1 condition means what NumPy means.
    rank = len(shape)
    inputs = {
        name: tensor
        if tensor.rank == rank
        else reshape(tensor, [1] * (rank - tensor.rank) + list(tensor.shape))
        for name, tensor in (("condition", cond_tensor), ("t", a_tensor), ("e", b_tensor))
    }
    return ENGINE.run_kernel(SELECT, inputs)


@register_gradient(SELECT, save_inputs=("condition", "t", "e"))
def _select_grad(dy: Tensor, condition: Tensor, t: Tensor, e: Tensor) -> dict[str, Tensor]:
    from tfjs.ops.broadcast_util import sum_to_shape
    from tfjs.ops.cast import cast
    from tfjs.ops.logical_not import logical_not
    from tfjs.ops.mul import mul
    from tfjs.ops.zeros_like import zeros_like

    # TF.js broadcasts the three inputs (broadcastTo, whose gradient sums) before Select;
    # here Select broadcasts, so its gradient sums back to each input's shape.
    return {
        "condition": cast(zeros_like(condition), "float32"),
        "t": sum_to_shape(mul(dy, cast(condition, dy.dtype)), t.shape),
        "e": sum_to_shape(mul(dy, cast(logical_not(condition), dy.dtype)), e.shape),
    }
