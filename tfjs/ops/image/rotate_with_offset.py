from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from tfjs.backend_util.image_geometry import rotation_sources
from tfjs.engine import ENGINE
from tfjs.kernel_names import ROTATE_WITH_OFFSET
from tfjs.kernel_registry import register_gradient
from tfjs.ops.image.image_util import check_number, check_numbers, check_rank4
from tfjs.ops.operation import op
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike, convert_to_tensor

NAME = "rotate_with_offset"


@op
def rotate_with_offset(
    image: TensorLike,
    radians: float,
    fill_value: float | Sequence[float] = 0,
    center: float | Sequence[float] = 0.5,
) -> Tensor:
    """Rotates the input image tensor counter-clockwise with an optional offset center
    of rotation.

    `image`: float32 `[batch, height, width, depth]`. `radians`: the amount of rotation.
    `fill_value`: the value of the space left empty by the rotation, a single grayscale
    value (0-255) or `[red, green, blue]` (a fourth, alpha channel is filled with 255).
    `center`: the center of rotation as a fraction of the width and height, one value
    or `[center_x, center_y]`; the image's center by default.

    >>> image = tf.tensor4d([1, 2, 3, 4], [1, 2, 2, 1])
    >>> tf.image.rotate_with_offset(image, 3.141592653589793).array_sync()
    [[[[0.0], [0.0]], [[0.0], [4.0]]]]
    """
    image_tensor = convert_to_tensor(image, "image", NAME, "float32")
    check_rank4(image_tensor, NAME, "rotateWithOffset")
    angle = check_number(radians, "radians", NAME)
    fill = check_numbers(fill_value, 3, "fill_value", NAME)
    if isinstance(fill, tuple) and image_tensor.shape[3] > 4:
        raise ValueError(
            f"{NAME}: fill_value [red, green, blue] fills at most 4 channels (alpha 255), "
            f"but the image has {image_tensor.shape[3]} channels"
        )
    middle = check_numbers(center, 2, "center", NAME)
    attrs = {"radians": angle, "fill_value": fill, "center": middle}
    return ENGINE.run_kernel(ROTATE_WITH_OFFSET, {"image": image_tensor}, attrs)


@register_gradient(ROTATE_WITH_OFFSET, save_inputs=("image",))
def _rotate_with_offset_grad(
    dy: Tensor, image: Tensor, radians: float, center: float | Sequence[float]
) -> dict[str, Tensor]:
    """TF.js has none. Each output pixel is read from one input pixel (or filled): the
    rotation is linear in the image, and each output's dy goes to the pixel it was read
    from (summed where several read one); the fill gets none."""
    from tfjs.ops.reshape import reshape
    from tfjs.ops.slice import slice  # noqa: A004
    from tfjs.ops.tensor import tensor
    from tfjs.ops.unsorted_segment_sum import unsorted_segment_sum

    batch, height, width, channels = image.shape
    rows, cols = rotation_sources(height, width, radians, center)
    inside = (rows >= 0) & (rows < height) & (cols >= 0) & (cols < width)
    pixels = height * width + 1  # one more per image: the fill's, dropped
    pixel = np.where(inside, rows * width + cols, height * width)
    ids = np.arange(batch)[:, None, None] * pixels + pixel
    ids_tensor = tensor(ids.reshape(-1).astype(np.int32), None, "int32")
    summed = unsorted_segment_sum(reshape(dy, [-1, channels]), ids_tensor, batch * pixels)
    kept = slice(reshape(summed, [batch, pixels, channels]), [0, 0, 0], [batch, height * width, channels])
    return {"image": reshape(kept, list(image.shape))}
