from __future__ import annotations

from tfjs.ops.binary_util import assert_not_complex
from tfjs.ops.operation import op
from tfjs.ops.tile import tile
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike, convert_to_tensor


@op
def grayscale_to_rgb(image: TensorLike) -> Tensor:
    """Converts images from grayscale to RGB format: the last dimension (size 1, rank
    at least 2) repeated 3 times.

    >>> tf.image.grayscale_to_rgb(tf.tensor2d([[1], [2]])).array_sync()
    [[1.0, 1.0, 1.0], [2.0, 2.0, 2.0]]
    """
    image_tensor = assert_not_complex(
        convert_to_tensor(image, "image", "grayscale_to_rgb"), "grayscale_to_rgb", "image", "tile"
    )
    if image_tensor.rank < 2:
        raise ValueError(
            "grayscale_to_rgb: Error in grayscaleToRGB: images must be at least rank 2, "
            f"but got rank {image_tensor.rank}."
        )
    last = image_tensor.shape[-1]
    if last != 1:
        raise ValueError(
            "grayscale_to_rgb: Error in grayscaleToRGB: last dimension of a grayscale image "
            f"should be size 1, but got size {last}."
        )
    return tile(image_tensor, [1] * (image_tensor.rank - 1) + [3])
