from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from tfjs.engine import ENGINE
from tfjs.kernel_names import TRANSFORM
from tfjs.ops.image.image_util import check_choice, check_number, check_rank4, check_sizes, js_text
from tfjs.ops.operation import op
from tfjs.tensor import Tensor
from tfjs.tensor_size import check_tensor_size
from tfjs.tensor_util import TensorLike, convert_to_tensor

NAME = "transform"
FILL_MODES = ("constant", "reflect", "wrap", "nearest")


@op
def transform(
    image: TensorLike,
    transforms: TensorLike,
    interpolation: str = "nearest",
    fill_mode: str = "constant",
    fill_value: float = 0,
    output_shape: Sequence[int] | None = None,
) -> Tensor:
    """Applies the given transform(s) to the image(s).

    `image`: float32 `[batch, height, width, depth]`. `transforms`: `[1, 8]` or `[batch,
    8]`; a row `[a0, a1, a2, b0, b1, b2, c0, c1]` maps the output point (x, y) to the
    input point ((a0 x + a1 y + a2) / k, (b0 x + b1 y + b2) / k), k = c0 x + c1 y + 1
    (the inverse of the transform that maps input points to output points).
    `interpolation`: 'nearest' or 'bilinear'. `fill_mode`, how points outside the input
    are filled: 'constant' (k k | a b c d | k k, with `fill_value`), 'reflect'
    (d c b a | a b c d | d c b a), 'wrap' (a b c d | a b c d | a b c d) or 'nearest'
    (a a | a b c d | d d). `output_shape`: `[height, width]` of the result, the input's
    by default.

    >>> image = tf.tensor4d([1, 2, 3, 4], [1, 2, 2, 1])
    >>> shift_left = [[1, 0, 1, 0, 1, 0, 0, 0]]
    >>> tf.image.transform(image, shift_left).array_sync()
    [[[[2.0], [0.0]], [[4.0], [0.0]]]]
    """
    image_tensor = convert_to_tensor(image, "image", NAME, "float32")
    transforms_tensor = convert_to_tensor(transforms, "transforms", NAME, "float32")
    check_rank4(image_tensor, NAME, "transform")
    shape = transforms_tensor.shape
    if len(shape) != 2 or shape[0] not in (image_tensor.shape[0], 1) or shape[1] != 8:
        raise ValueError(
            f"{NAME}: Error in transform: Input transform should be batch x 8 or 1 x 8, "
            f"but got transforms of shape {list(shape)} for image of shape {list(image_tensor.shape)}"
        )
    if output_shape is not None and (
        not isinstance(output_shape, (list, tuple, np.ndarray)) or len(output_shape) != 2
    ):
        raise ValueError(
            f"{NAME}: Error in transform: outputShape must be [height, width] or null, "
            f"but got {js_text(output_shape)}."
        )
    out_size = check_sizes(output_shape, "output_shape", NAME) if output_shape is not None else None
    check_choice(
        interpolation,
        ("nearest", "bilinear"),
        f"{NAME}: Error in Transform: Expect 'nearest' or 'bilinear', but got {js_text(interpolation)}",
    )
    check_choice(
        fill_mode,
        FILL_MODES,
        f"{NAME}: fill_mode must be one of {', '.join(FILL_MODES)}, but got {fill_mode!r}",
    )
    fill = check_number(fill_value, "fill_value", NAME)
    batch, height, width, depth = image_tensor.shape
    check_tensor_size([batch, *(out_size or (height, width)), depth], "float32", NAME)
    attrs = {
        "interpolation": interpolation,
        "fill_mode": fill_mode,
        "fill_value": fill,
        "output_shape": out_size,
    }
    return ENGINE.run_kernel(TRANSFORM, {"image": image_tensor, "transforms": transforms_tensor}, attrs)
