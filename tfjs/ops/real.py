from __future__ import annotations

from tfjs.engine import ENGINE
from tfjs.kernel_names import REAL
from tfjs.ops.operation import op
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike, convert_to_tensor


@op
def real(input: TensorLike) -> Tensor:  # noqa: A002
    """Returns the real part of a complex (or real) tensor, as float32; of a real tensor,
    its values.

    >>> tf.real(tf.complex([-2.25, 3.25], [4.75, 5.75])).array_sync()
    [-2.25, 3.25]
    """
    return ENGINE.run_kernel(REAL, {"input": convert_to_tensor(input, "input", "real")})
