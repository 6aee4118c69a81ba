from __future__ import annotations

from tfjs.ops.cast import cast
from tfjs.ops.einsum import einsum
from tfjs.ops.expand_dims import expand_dims
from tfjs.ops.operation import op
from tfjs.ops.tensor1d import tensor1d
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike, convert_to_tensor

# Luma coefficients of CCIR 601.
RGB_WEIGHTS = [0.2989, 0.5870, 0.1140]
_AXES = "ijklmn"


@op
def rgb_to_grayscale(image: TensorLike) -> Tensor:
    """Converts images from RGB format to grayscale: the last dimension (size 3, rank 2
    to 6) becomes size 1, `0.2989 r + 0.587 g + 0.114 b` in the image's dtype.

    >>> tf.image.rgb_to_grayscale(tf.tensor2d([[255, 0, 0], [10, 10, 10]], None, "int32")).array_sync()
    [[76], [9]]
    """
    image_tensor = convert_to_tensor(image, "image", "rgb_to_grayscale")
    rank = image_tensor.rank
    if rank < 2:
        raise ValueError(
            f"rgb_to_grayscale: Error in RGBToGrayscale: images must be at least rank 2, but got rank {rank}."
        )
    last = image_tensor.shape[-1]
    if last != 3:
        raise ValueError(
            "rgb_to_grayscale: Error in RGBToGrayscale: last dimension of an RGB image "
            f"should be size 3, but got size {last}."
        )
    if rank > len(_AXES):
        raise ValueError(f"rgb_to_grayscale: Not a valid tensor rank. Ranks 2 to 6 are, but got rank {rank}.")
    axes = _AXES[:rank]
    gray = einsum(f"{axes},{axes[-1]}->{axes[:-1]}", cast(image_tensor, "float32"), tensor1d(RGB_WEIGHTS))
    return cast(expand_dims(gray, -1), image_tensor.dtype)
