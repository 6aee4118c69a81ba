from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from tfjs.engine import ENGINE
from tfjs.kernel_names import CROP_AND_RESIZE
from tfjs.ops.image.image_util import check_choice, check_number, check_sizes, js_text
from tfjs.ops.operation import op
from tfjs.tensor import Tensor
from tfjs.tensor_size import check_tensor_size
from tfjs.tensor_util import TensorLike, convert_to_tensor

NAME = "crop_and_resize"


@op
def crop_and_resize(
    image: TensorLike,
    boxes: TensorLike,
    box_ind: TensorLike,
    crop_size: Sequence[int],
    method: str = "bilinear",
    extrapolation_value: float = 0,
) -> Tensor:
    """Extracts crops from the input image tensor and resizes them using bilinear
    sampling or nearest neighbor sampling (possibly with aspect ratio change) to a
    common output size specified by `crop_size`.

    `image`: `[batch, image_height, image_width, depth]`, height and width positive.
    `boxes`: float32 `[num_boxes, 4]`, each `[y1, x1, y2, x2]` in normalized
    coordinates of the `box_ind[i]`-th image of the batch. `box_ind`: int32
    `[num_boxes]`, values in `[0, batch)`. `crop_size`: `[crop_height, crop_width]`, at
    least `[1, 1]`. `method`: 'bilinear' or 'nearest'. `extrapolation_value`: the value
    of samples outside the image. Returns float32 `[num_boxes, crop_height, crop_width,
    depth]`.

    >>> image = tf.tensor4d([1, 2, 3, 4], [1, 2, 2, 1])
    >>> tf.image.crop_and_resize(image, [[0, 0, 1, 1]], [0], [3, 1]).array_sync()
    [[[[1.5]], [[2.5]], [[3.5]]]]
    """
    image_tensor = convert_to_tensor(image, "image", NAME)
    boxes_tensor = convert_to_tensor(boxes, "boxes", NAME, "float32")
    index_tensor = convert_to_tensor(box_ind, "boxInd", NAME, "int32")
    num_boxes = boxes_tensor.shape[0] if boxes_tensor.rank else "undefined"
    if image_tensor.rank != 4:
        # TF.js's message has no space after the comma.
        raise ValueError(
            f"{NAME}: Error in cropAndResize: image must be rank 4,but got rank {image_tensor.rank}."
        )
    if boxes_tensor.rank != 2 or boxes_tensor.shape[1] != 4:
        raise ValueError(
            f"{NAME}: Error in cropAndResize: boxes must be have size [{num_boxes},4] "
            f"but had shape {js_text(boxes_tensor.shape)}."
        )
    if index_tensor.rank != 1 or index_tensor.shape[0] != num_boxes:
        # TF.js's message prints the boxes' shape here; this one prints boxInd's.
        raise ValueError(
            f"{NAME}: Error in cropAndResize: boxInd must be have size [{num_boxes}] "
            f"but had shape {js_text(index_tensor.shape)}."
        )
    if not isinstance(crop_size, (list, tuple, np.ndarray)) or len(crop_size) != 2:
        length = len(crop_size) if isinstance(crop_size, (list, tuple, np.ndarray)) else crop_size
        raise ValueError(
            f"{NAME}: Error in cropAndResize: cropSize must be of length 2, but got length {js_text(length)}."
        )
    if not all(isinstance(s, (int, float, np.number)) and s >= 1 for s in crop_size):
        raise ValueError(f"{NAME}: cropSize must be atleast [1,1], but was {js_text(crop_size)}")
    size = check_sizes(crop_size, "crop_size", NAME, minimum=1)
    check_choice(
        method,
        ("bilinear", "nearest"),
        f"{NAME}: method must be bilinear or nearest, but was {js_text(method)}",
    )
    extrapolation = check_number(extrapolation_value, "extrapolation_value", NAME)
    if image_tensor.dtype == "complex64":
        raise TypeError(f"{NAME}: cropAndResize does not support complex64 tensors in the CPU backend.")
    _check_image_and_indices(image_tensor, index_tensor)
    check_tensor_size([boxes_tensor.shape[0], *size, image_tensor.shape[3]], "float32", NAME)
    inputs = {"image": image_tensor, "boxes": boxes_tensor, "box_ind": index_tensor}
    attrs = {"crop_size": size, "method": method, "extrapolation_value": extrapolation}
    return ENGINE.run_kernel(CROP_AND_RESIZE, inputs, attrs)


def _check_image_and_indices(image: Tensor, box_ind: Tensor) -> None:
    """TF.js reads undefined pixels from an image of no height or width and leaves the
    crop of a box index >= batch 0 (NaN for a negative one): both are errors here (the
    kernel checks the box indices)."""
    height, width = image.shape[1:3]
    if box_ind.size and (height == 0 or width == 0):
        raise ValueError(
            f"{NAME}: image height and width must be positive, but image has shape {list(image.shape)}"
        )
