from __future__ import annotations

from tfjs.engine import ENGINE
from tfjs.kernel_names import DIAG
from tfjs.kernel_registry import register_gradient
from tfjs.ops.operation import op
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike, convert_to_tensor


@op
def diag(x: TensorLike) -> Tensor:
    """Returns a tensor with `x` on its diagonal and zeros elsewhere: of shape
    [D1, ..., Dk, D1, ..., Dk] for `x` of shape [D1, ..., Dk].

    >>> tf.diag(tf.tensor1d([1, 2])).array_sync()
    [[1.0, 0.0], [0.0, 2.0]]
    """
    x_tensor = convert_to_tensor(x, "x", "diag")
    if x_tensor.dtype == "complex64":
        raise TypeError(
            "diag: complex64 dtype TensorBuffers are not supported. Please create a TensorBuffer "
            "for the real and imaginary parts separately and call tf.complex(real, imag)."
        )
    return ENGINE.run_kernel(DIAG, {"x": x_tensor})


@register_gradient(DIAG, save_inputs=("x",))
def _diag_grad(dy: Tensor, x: Tensor) -> dict[str, Tensor]:
    """TF.js has none; derived as TensorFlow's (array_grad.py): the diagonal of `dy`."""
    from tfjs.ops.eye import eye
    from tfjs.ops.mul import mul
    from tfjs.ops.reshape import reshape
    from tfjs.ops.sum import sum  # noqa: A004

    n = x.size
    diagonal = sum(mul(reshape(dy, [n, n]), eye(n)), 1)
    return {"x": reshape(diagonal, list(x.shape))}
