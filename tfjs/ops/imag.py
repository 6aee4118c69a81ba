from __future__ import annotations

from tfjs.engine import ENGINE
from tfjs.kernel_names import IMAG
from tfjs.ops.operation import op
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike, convert_to_tensor


@op
def imag(input: TensorLike) -> Tensor:  # noqa: A002
    """Returns the imaginary part of a complex (or real) tensor, as float32; of a real
    tensor, zeros.

    >>> tf.imag(tf.complex([-2.25, 3.25], [4.75, 5.75])).array_sync()
    [4.75, 5.75]
    """
    return ENGINE.run_kernel(IMAG, {"input": convert_to_tensor(input, "input", "imag")})
