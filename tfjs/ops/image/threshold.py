from __future__ import annotations

from tfjs.backend_util.value_checks import value_checks_named
from tfjs.ops.add import add
from tfjs.ops.arg_max import arg_max
from tfjs.ops.bincount import bincount
from tfjs.ops.cast import cast
from tfjs.ops.div import div
from tfjs.ops.expand_dims import expand_dims
from tfjs.ops.greater import greater
from tfjs.ops.image.image_util import check_choice, check_number, js_text
from tfjs.ops.less_equal import less_equal
from tfjs.ops.max import max  # noqa: A004
from tfjs.ops.mul import mul
from tfjs.ops.operation import op
from tfjs.ops.range import range  # noqa: A004
from tfjs.ops.reduction_util import check_flag
from tfjs.ops.reshape import reshape
from tfjs.ops.round import round  # noqa: A004
from tfjs.ops.split import split
from tfjs.ops.sub import sub
from tfjs.ops.sum import sum  # noqa: A004
from tfjs.ops.tensor1d import tensor1d
from tfjs.ops.where import where
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike, convert_to_tensor

NAME = "threshold"
# Luma coefficients of CCIR 601.
RED, GREEN, BLUE = 0.2989, 0.5870, 0.1140


@op
def threshold(
    image: TensorLike, method: str = "binary", inverted: bool = False, thresh_value: float = 0.5
) -> Tensor:
    """Performs image binarization with corresponding threshold (depends on the method)
    value, which creates a binary image from a grayscale.

    `image`: int32 or float32 `[height, width, depth]`, depth 3 (RGB, taken to
    grayscale) or 1, colors in [0, 255]. `method`: 'binary' (the threshold is
    `thresh_value` * 255) or 'otsu' (the threshold that best separates the image's
    histogram into two classes). `inverted`: 255 at or below the threshold instead of
    above it. Returns int32 `[height, width, 1]` of 0 and 255.

    >>> tf.image.threshold(tf.tensor3d([[[10], [200]]]), "binary").array_sync()
    [[[0], [255]]]
    """
    inverted = check_flag(inverted, NAME, "inverted")
    image_tensor = convert_to_tensor(image, "image", NAME)
    if image_tensor.rank != 3:
        # TF.js's messages have no space after the comma.
        raise ValueError(
            f"{NAME}: Error in threshold: image must be rank 3,but got rank {image_tensor.rank}."
        )
    if image_tensor.shape[2] not in (1, 3):
        raise ValueError(
            f"{NAME}: Error in threshold: image color channel must be equal to 3 or 1but got "
            f"{image_tensor.shape[2]}."
        )
    if image_tensor.dtype not in ("int32", "float32"):
        raise TypeError(
            f"{NAME}: Error in dtype: image dtype must be int32 or float32,"
            f"but got dtype {image_tensor.dtype}."
        )
    check_choice(
        method, ("binary", "otsu"), f"{NAME}: Method must be binary or otsu, but was {js_text(method)}"
    )
    value = check_number(thresh_value, "thresh_value", NAME)
    if image_tensor.shape[2] == 3:
        r, g, b = split(image_tensor, [1, 1, 1], -1)
        grayscale = add(add(mul(r, RED), mul(g, GREEN)), mul(b, BLUE))
    else:
        grayscale = image_tensor
    if method == "otsu":
        levels = cast(round(grayscale), "int32")
        with value_checks_named(f"{NAME}: otsu's histogram", "the rounded grayscale image"):
            histogram = bincount(levels, [], 256)
        limit = _otsu(histogram, image_tensor.shape[0] * image_tensor.shape[1])
    else:
        limit = mul(tensor1d([value]), 255)
    condition = less_equal(grayscale, limit) if inverted else greater(grayscale, limit)
    return cast(mul(condition, 255), "int32")


def _otsu(histogram: Tensor, total: int) -> Tensor:
    """The level that maximises the between-class variance w_f w_b (m_f - m_s)^2 of
    splitting the histogram after it (the first such level; -1 if none is above 0).

    TF.js tries the levels one at a time; here a [levels, bins] mask sums each level's
    classes at once. Each sum adds the same float32 values (whole numbers) in doubles
    and each product rounds to float32 as TF.js's do, so the numbers are TF.js's."""
    bins = histogram.size
    level = range(0, bins - 1)
    first = cast(less_equal(expand_dims(range(0, bins), 0), expand_dims(level, 1)), "float32")
    second = sub(1, first)
    weighted = mul(histogram, range(0, bins))
    count_first, count_second = sum(mul(histogram, first), 1), sum(mul(histogram, second), 1)
    mean_first = div(sum(mul(weighted, first), 1), count_first)
    mean_second = div(sum(mul(weighted, second), 1), count_second)
    difference = sub(mean_first, mean_second)
    variance = mul(mul(mul(div(count_first, total), div(count_second, total)), difference), difference)
    positive = where(greater(variance, 0), variance, 0)
    best = reshape(cast(arg_max(positive), "float32"), [1])
    return where(greater(max(positive, 0, True), 0), best, tensor1d([-1]))
