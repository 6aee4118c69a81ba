from __future__ import annotations

from collections.abc import Sequence

from tfjs.kernel_names import RESIZE_NEAREST_NEIGHBOR
from tfjs.ops.image.resize_util import resize
from tfjs.ops.operation import op
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike, convert_to_tensor


@op
def resize_nearest_neighbor(
    images: TensorLike, size: Sequence[int], align_corners: bool = False, half_pixel_centers: bool = False
) -> Tensor:
    """NearestNeighbor resize a single 3D image or a batch of 3D images (`[batch,
    height, width, channels]`, float32 or int32) to `size` = `[new_height, new_width]`;
    the result keeps the images' dtype.

    `align_corners`: rescale by `(new_height - 1) / (height - 1)`, which aligns the 4
    corners of the images and the resized images, and round to the nearest source pixel.
    `half_pixel_centers`: pixel centers at 0.5; not with `align_corners`.

    >>> tf.image.resize_nearest_neighbor(tf.tensor3d([[[1], [2]]]), [1, 4]).array_sync()
    [[[1.0], [1.0], [2.0], [2.0]]]
    """
    image_tensor = convert_to_tensor(images, "images", "resize_nearest_neighbor")
    return resize(
        image_tensor,
        size,
        align_corners,
        half_pixel_centers,
        RESIZE_NEAREST_NEIGHBOR,
        "resize_nearest_neighbor",
        "resizeNearestNeighbor",
    )
