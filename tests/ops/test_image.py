"""tf.image (less the non-max suppressions): what the spec table and the conformance cases
do not say (keywords, rank-3 and rank-4 forms, dtypes, memory, larger inputs), and one
test per kind of bad input, each checking the exception type and that the text names
the op, the argument and the offending value."""

from __future__ import annotations

import numpy as np
import pytest

import tfjs as tf
from tests.helpers import i32, no_new_buffers, raises_with, scope, settled, tidy_numpy

# ---- values that need more than a spec row -------------------------------------------


def test_keyword_arguments(backend):
    def run():
        image = tf.tensor4d(list(range(12)), [1, 3, 4, 1])
        resized = tf.image.resize_bilinear(
            images=image, size=[6, 8], align_corners=False, half_pixel_centers=True
        )
        assert resized.shape == (1, 6, 8, 1)
        nearest = tf.image.resize_nearest_neighbor(image, size=(2, 2), align_corners=True)
        assert nearest.data_sync().tolist() == [0, 3, 8, 11]
        crop = tf.image.crop_and_resize(
            image,
            boxes=[[0, 0, 1, 1]],
            box_ind=[0],
            crop_size=[2, 2],
            method="nearest",
            extrapolation_value=1,
        )
        assert crop.data_sync().tolist() == [0, 3, 8, 11]
        moved = tf.image.transform(
            image,
            transforms=[[1, 0, 0, 0, 1, 0, 0, 0]],
            interpolation="bilinear",
            fill_mode="wrap",
            fill_value=2,
            output_shape=[1, 2],
        )
        assert moved.data_sync().tolist() == [0, 1]
        rotated = tf.image.rotate_with_offset(image, radians=0.0, fill_value=[1, 2, 3], center=[0.5, 0.5])
        assert rotated.data_sync().tolist() == list(range(12))
        gray = tf.image.threshold(
            image=tf.fill([1, 2, 1], 100), method="binary", inverted=True, thresh_value=0.5
        )
        assert gray.data_sync().tolist() == [255, 255]

    tf.tidy(run)


def test_rank3_and_rank4_resizes_agree(backend):
    image = np.arange(24, dtype=np.float32).reshape(3, 4, 2) * 0.7
    for op in (tf.image.resize_bilinear, tf.image.resize_nearest_neighbor):
        three = tidy_numpy(lambda op=op: op(image, [5, 3]))
        four = tidy_numpy(lambda op=op: op(image[None], [5, 3]))
        assert three.shape == (5, 3, 2)
        np.testing.assert_array_equal(three, four[0])


def test_result_dtypes(backend):
    def run():
        ints = i32([1, 2, 3, 4], [1, 2, 2, 1])
        assert tf.image.resize_bilinear(ints, [3, 3]).dtype == "float32"
        assert tf.image.resize_nearest_neighbor(ints, [3, 3]).dtype == "int32"
        assert tf.image.crop_and_resize(ints, [[0, 0, 1, 1]], [0], [2, 2]).dtype == "float32"
        assert tf.image.rgb_to_grayscale(i32([10, 20, 30], [1, 3])).dtype == "int32"
        assert tf.image.grayscale_to_rgb(tf.tensor2d([[True]])).dtype == "bool"
        assert tf.image.threshold(tf.fill([1, 1, 3], 200)).dtype == "int32"

    tf.tidy(run)


def test_large_resize_matches_per_pixel_formula(backend):
    """A MobileNet-sized image: the vectorised kernel against TF.js's formula at a
    sample of output pixels (align_corners: source = index * (old - 1) / (new - 1))."""
    rng = np.random.default_rng(5)
    image = rng.standard_normal((1, 56, 56, 16)).astype(np.float32)
    result = tidy_numpy(lambda: tf.image.resize_bilinear(image, [112, 112], True))
    values = image.astype(np.float64)
    ratio = 55 / 111
    for r, c in [(0, 0), (1, 110), (57, 3), (111, 111), (64, 65)]:
        y, x = ratio * r, ratio * c
        y0, x0 = int(np.floor(y)), int(np.floor(x))
        y1, x1 = min(55, int(np.ceil(y))), min(55, int(np.ceil(x)))
        top = values[0, y0, x0] + (values[0, y0, x1] - values[0, y0, x0]) * (x - x0)
        bottom = values[0, y1, x0] + (values[0, y1, x1] - values[0, y1, x0]) * (x - x0)
        np.testing.assert_array_equal(result[0, r, c], (top + (bottom - top) * (y - y0)).astype(np.float32))


def test_transform_transforms_every_image_of_a_batch(backend):
    # TF.js 4.22 transforms only the first (see the conformance cases' KNOWN_DIFFERENCES).
    image = np.arange(16, dtype=np.float32).reshape(2, 2, 4, 1)
    result = tidy_numpy(lambda: tf.image.transform(image, [[1, 0, 1, 0, 1, 0, 0, 0]]))
    np.testing.assert_array_equal(result, np.concatenate([image[:, :, 1:], np.zeros((2, 2, 1, 1))], axis=2))


def test_ops_free_what_they_make(backend):
    image = tf.tensor4d(list(range(24)), [1, 2, 4, 3])
    boxes = tf.tensor2d([[0, 0, 1, 1]])
    negative = tf.tensor3d([[[-3.0]]])
    try:

        def run_all():
            results = [
                tf.image.resize_bilinear(image, [3, 3]),
                tf.image.crop_and_resize(image, boxes, [0], [2, 2]),
                tf.image.rgb_to_grayscale(image),
                tf.image.threshold(np.arange(24.0).reshape(2, 4, 3), "otsu"),
            ]
            tf.dispose(results)

        no_new_buffers(run_all)
        with pytest.raises(ValueError):
            no_new_buffers(lambda: tf.image.threshold(negative, "otsu"))
    finally:
        tf.dispose([image, boxes, negative])


# ---- bad input: one test per kind -----------------------------------------------------


def test_wrong_rank(backend):
    with scope():
        flat = tf.zeros([4, 4])
        try:
            with raises_with(ValueError, "resize_bilinear", "x must be rank 3 or 4", "rank 2"):
                tf.image.resize_bilinear(flat, [2, 2])
            with raises_with(ValueError, "resize_nearest_neighbor", "rank 2"):
                tf.image.resize_nearest_neighbor(flat, [2, 2])
            for op, name in [
                (lambda: tf.image.crop_and_resize(flat, [[0, 0, 1, 1]], [0], [2, 2]), "crop_and_resize"),
                (lambda: tf.image.transform(flat, [[1, 0, 0, 0, 1, 0, 0, 0]]), "transform"),
                (lambda: tf.image.rotate_with_offset(flat, 1), "rotate_with_offset"),
                (lambda: tf.image.flip_left_right(flat), "flip_left_right"),
            ]:
                with raises_with(ValueError, name, "image must be rank 4", "rank 2"):
                    op()
            with raises_with(ValueError, "grayscale_to_rgb", "at least rank 2", "rank 1"):
                tf.image.grayscale_to_rgb([1])
            with raises_with(ValueError, "rgb_to_grayscale", "Not a valid tensor rank", "rank 7"):
                tf.image.rgb_to_grayscale(tf.zeros([1, 1, 1, 1, 1, 1, 3]))
            with raises_with(ValueError, "threshold", "image must be rank 3", "rank 2"):
                tf.image.threshold(flat)
        finally:
            flat.dispose()


def test_shapes_that_do_not_fit(backend):
    with scope():
        image = tf.zeros([2, 3, 4, 1])
        try:
            with raises_with(ValueError, "crop_and_resize", "boxes must be have size [3,4]", "shape 3,5"):
                tf.image.crop_and_resize(image, tf.zeros([3, 5]), [0, 0, 0], [2, 2])
            with raises_with(ValueError, "crop_and_resize", "boxInd must be have size [1]", "shape 2"):
                tf.image.crop_and_resize(image, [[0, 0, 1, 1]], [0, 0], [2, 2])
            with raises_with(ValueError, "transform", "batch x 8 or 1 x 8", "[3, 8]", "[2, 3, 4, 1]"):
                tf.image.transform(image, tf.zeros([3, 8]))
            with raises_with(ValueError, "grayscale_to_rgb", "should be size 1", "size 3"):
                tf.image.grayscale_to_rgb(tf.zeros([2, 3]))
            with raises_with(ValueError, "rgb_to_grayscale", "should be size 3", "size 1"):
                tf.image.rgb_to_grayscale(image)
            with raises_with(ValueError, "threshold", "equal to 3 or 1", "got 4"):
                tf.image.threshold(tf.zeros([2, 2, 4]))
            with raises_with(
                ValueError, "crop_and_resize", "height and width must be positive", "[1, 0, 3, 1]"
            ):
                tf.image.crop_and_resize(tf.zeros([1, 0, 3, 1]), [[0, 0, 1, 1]], [0], [2, 2])
            with raises_with(ValueError, "rotate_with_offset", "fill_value", "5 channels"):
                tf.image.rotate_with_offset(tf.zeros([1, 2, 2, 5]), 1, [1, 2, 3])
        finally:
            image.dispose()


def test_bad_sizes(backend):
    with scope():
        image = tf.zeros([1, 3, 4, 1])
        try:
            with raises_with(ValueError, "resize_bilinear", "new shape must 2D", "3,3,1"):
                tf.image.resize_bilinear(image, [3, 3, 1])
            size = tf.tensor([2, 2], dtype="int32")
            with raises_with(TypeError, "resize_bilinear", "not a Tensor", "size.array_sync()"):
                tf.image.resize_bilinear(image, size)
            with raises_with(ValueError, "resize_bilinear", "size", "non-negative integers", "[-1, 2]"):
                tf.image.resize_bilinear(image, [-1, 2])
            with raises_with(ValueError, "resize_nearest_neighbor", "size", "[2.5, 2]"):
                tf.image.resize_nearest_neighbor(image, [2.5, 2])
            with raises_with(ValueError, "crop_and_resize", "cropSize must be of length 2", "length 1"):
                tf.image.crop_and_resize(image, [[0, 0, 1, 1]], [0], [2])
            with raises_with(ValueError, "crop_and_resize", "cropSize must be atleast [1,1]", "2,0"):
                tf.image.crop_and_resize(image, [[0, 0, 1, 1]], [0], [2, 0])
            with raises_with(ValueError, "crop_and_resize", "crop_size", "[1.5, 2]"):
                tf.image.crop_and_resize(image, [[0, 0, 1, 1]], [0], [1.5, 2])
            with raises_with(ValueError, "transform", "outputShape must be [height, width]", "5"):
                tf.image.transform(image, [[1, 0, 0, 0, 1, 0, 0, 0]], output_shape=[5])
            with raises_with(ValueError, "transform", "output_shape", "[-2, 5]"):
                tf.image.transform(image, [[1, 0, 0, 0, 1, 0, 0, 0]], output_shape=[-2, 5])
        finally:
            image.dispose()


def test_box_index_out_of_bounds(backend):
    with scope():
        image = tf.zeros([2, 3, 3, 1])
        try:
            with raises_with(IndexError, "crop_and_resize", "boxInd[1] = 2", "[0, 2)"):
                settled(lambda: tf.image.crop_and_resize(image, [[0, 0, 1, 1]] * 2, [0, 2], [2, 2]))
            with raises_with(IndexError, "crop_and_resize", "boxInd[0] = -1"):
                settled(lambda: tf.image.crop_and_resize(image, [[0, 0, 1, 1]], [-1], [2, 2]))
        finally:
            image.dispose()


def test_wrong_dtypes(backend):
    with scope():
        with raises_with(TypeError, "resize_nearest_neighbor", "`int32` or `float32`", "bool"):
            tf.image.resize_nearest_neighbor(tf.tensor3d([[[True]]]), [2, 2])
        with raises_with(TypeError, "resize_bilinear", "'images'", "string"):
            tf.image.resize_bilinear(tf.tensor3d([[["a"]]]), [2, 2])
        with raises_with(TypeError, "resize_bilinear", "complex64"):
            tf.image.resize_bilinear(tf.complex([[[1]]], [[[2]]]), [2, 2])
        with raises_with(TypeError, "crop_and_resize", "'boxInd'", "int32", "float32"):
            tf.image.crop_and_resize(tf.zeros([1, 2, 2, 1]), [[0, 0, 1, 1]], tf.tensor([0.0]), [2, 2])
        with raises_with(TypeError, "transform", "'image'", "float32", "int32"):
            tf.image.transform(tf.zeros([1, 2, 2, 1], "int32"), [[1, 0, 0, 0, 1, 0, 0, 0]])
        with raises_with(TypeError, "flip_left_right", "'image'", "float32", "int32"):
            tf.image.flip_left_right(tf.zeros([1, 2, 2, 1], "int32"))
        with raises_with(TypeError, "rotate_with_offset", "'image'", "float32", "bool"):
            tf.image.rotate_with_offset(tf.zeros([1, 2, 2, 1], "bool"), 1)
        with raises_with(TypeError, "threshold", "int32 or float32", "bool"):
            tf.image.threshold(tf.zeros([2, 2, 1], "bool"))


def test_bad_options(backend):
    with scope():
        image = tf.zeros([1, 3, 3, 1])
        try:
            with raises_with(
                ValueError, "resize_bilinear", "If halfPixelCenters is true, alignCorners must be false"
            ):
                tf.image.resize_bilinear(image, [2, 2], True, True)
            with raises_with(ValueError, "crop_and_resize", "method must be bilinear or nearest", "area"):
                tf.image.crop_and_resize(image, [[0, 0, 1, 1]], [0], [2, 2], "area")
            with raises_with(TypeError, "crop_and_resize", "extrapolation_value", "'x'"):
                tf.image.crop_and_resize(image, [[0, 0, 1, 1]], [0], [2, 2], "nearest", "x")
            with raises_with(ValueError, "transform", "Expect 'nearest' or 'bilinear'", "cubic"):
                tf.image.transform(image, [[1, 0, 0, 0, 1, 0, 0, 0]], "cubic")
            with raises_with(ValueError, "transform", "fill_mode", "'mirror'"):
                tf.image.transform(image, [[1, 0, 0, 0, 1, 0, 0, 0]], "nearest", "mirror")
            with raises_with(TypeError, "transform", "fill_value", "None"):
                tf.image.transform(image, [[1, 0, 0, 0, 1, 0, 0, 0]], "nearest", "constant", None)
            with raises_with(TypeError, "rotate_with_offset", "radians", "'1'"):
                tf.image.rotate_with_offset(image, "1")
            with raises_with(TypeError, "rotate_with_offset", "fill_value", "3 numbers", "[1, 2]"):
                tf.image.rotate_with_offset(image, 1, [1, 2])
            with raises_with(TypeError, "rotate_with_offset", "center", "2 numbers", "[0.5]"):
                tf.image.rotate_with_offset(image, 1, 0, [0.5])
            with raises_with(ValueError, "threshold", "Method must be binary or otsu", "mean"):
                tf.image.threshold(tf.zeros([2, 2, 1]), "mean")
            with raises_with(TypeError, "threshold", "thresh_value", "'high'"):
                tf.image.threshold(tf.zeros([2, 2, 1]), "binary", False, "high")
        finally:
            image.dispose()


def test_otsu_needs_non_negative_levels(backend):
    with scope(), raises_with(ValueError, "threshold", "Input x must be non-negative!", "-5"):
        tf.image.threshold(tf.tensor3d([-5.0, 3.0], [1, 2, 1]), "otsu")
