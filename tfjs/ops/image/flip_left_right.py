from __future__ import annotations

from tfjs.engine import ENGINE
from tfjs.kernel_names import FLIP_LEFT_RIGHT
from tfjs.kernel_registry import register_gradient
from tfjs.ops.image.image_util import check_rank4
from tfjs.ops.operation import op
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike, convert_to_tensor


@op
def flip_left_right(image: TensorLike) -> Tensor:
    """Flips the image left to right. `image`: float32 `[batch, height, width, depth]`.

    >>> tf.image.flip_left_right(tf.tensor4d([1, 2, 3, 4], [1, 1, 4, 1])).array_sync()
    [[[[4.0], [3.0], [2.0], [1.0]]]]
    """
    image_tensor = convert_to_tensor(image, "image", "flip_left_right", "float32")
    check_rank4(image_tensor, "flip_left_right", "flipLeftRight")
    return ENGINE.run_kernel(FLIP_LEFT_RIGHT, {"image": image_tensor})


@register_gradient(FLIP_LEFT_RIGHT)
def _flip_left_right_grad(dy: Tensor) -> dict[str, Tensor]:
    """TF.js has none; the flip is its own inverse and adjoint: dy flipped back."""
    return {"image": ENGINE.run_kernel(FLIP_LEFT_RIGHT, {"image": dy})}
