"""tf.image: resize_bilinear, resize_nearest_neighbor, crop_and_resize, transform,
rotate_with_offset, flip_left_right, grayscale_to_rgb, rgb_to_grayscale, threshold."""

from __future__ import annotations

import math

import tfjs as tf
from tests.conformance.values import i32, inf, nan, r


def ramp(v: int) -> float:
    return v * 1.5 - 4 + (v % 3) * 0.3


def img3() -> tf.Tensor:
    return tf.tensor3d([ramp(v) for v in r(24)], [3, 4, 2])


def img4() -> tf.Tensor:
    return tf.tensor4d([ramp(v) for v in r(24)], [1, 3, 4, 2])


def batch() -> tf.Tensor:
    return tf.tensor4d([(v * 7) % 13 - 2.25 for v in r(24)], [2, 3, 4, 1])


def special() -> tf.Tensor:
    return tf.tensor3d([1.5, nan, -0.0, inf, -inf, 1e-45, 3.4e38, -3.4e38, 0.1], [3, 3, 1])


def ints() -> tf.Tensor:
    return i32([2147483647, -2147483648, 0, 5, -7, 100], [2, 3, 1])


def crops() -> tf.Tensor:
    return tf.tensor4d([(v * 5) % 17 + v / 8 for v in r(40)], [2, 4, 5, 1])


def boxes() -> tf.Tensor:
    return tf.tensor2d(
        [[0, 0, 1, 1], [0.2, 0.1, 0.8, 0.9], [1, 1, 0, 0], [-0.5, -0.25, 1.5, 1.25], [0.25, 0.3, 0.25, 0.3]]
    )


def box_ind() -> tf.Tensor:
    return i32([0, 1, 0, 1, 1])


def grid() -> tf.Tensor:
    return tf.tensor4d([v + 1 for v in r(12)], [1, 3, 4, 1])


def rgb() -> tf.Tensor:
    values = [144, 255, 51, 13, 32, 59, 222, 100, 51, 69, 71, 222]
    values += [0, 0, 0, 255, 255, 255, 128, 127, 126, 300, 400, 500]
    return tf.tensor3d(values, [4, 2, 3])


def special_image() -> tf.Tensor:
    return tf.reshape(special(), [1, 3, 3, 1])


shift = [[1, 0, 1.5, 0, 1, -0.5, 0, 0]]
zoom = [[3, 0, -5, 0, 2.5, -4, 0, 0]]
turn = [[0.8, -0.6, 1, 0.6, 0.8, -1, 0, 0]]
projective = [[1, 0.2, 0, 0.1, 1, 0, -0.5, 0.1]]
image = tf.image

CASES = {
    # resize_bilinear
    "resize_bilinear/upscale_3d": lambda: image.resize_bilinear(img3(), [5, 7]),
    "resize_bilinear/downscale": lambda: image.resize_bilinear(img4(), [2, 3]),
    "resize_bilinear/align_corners": lambda: image.resize_bilinear(img3(), [5, 7], True),
    "resize_bilinear/align_corners_down": lambda: image.resize_bilinear(img3(), [2, 3], True),
    "resize_bilinear/align_corners_to_one": lambda: image.resize_bilinear(img3(), [1, 1], True),
    "resize_bilinear/half_pixel_centers": lambda: image.resize_bilinear(img3(), [5, 7], False, True),
    "resize_bilinear/half_pixel_down": lambda: image.resize_bilinear(img4(), [2, 3], False, True),
    "resize_bilinear/odd_ratios": lambda: image.resize_bilinear(batch(), [7, 3], False, True),
    "resize_bilinear/batch": lambda: image.resize_bilinear(batch(), [4, 6]),
    "resize_bilinear/same_size": lambda: image.resize_bilinear(img3(), [3, 4]),
    "resize_bilinear/special": lambda: image.resize_bilinear(special(), [5, 4]),
    "resize_bilinear/special_half_pixel": lambda: image.resize_bilinear(special(), [4, 5], False, True),
    "resize_bilinear/int32": lambda: image.resize_bilinear(ints(), [3, 5]),
    "resize_bilinear/bool": lambda: image.resize_bilinear(tf.tensor3d([[[True], [False]]]), [1, 3]),
    "resize_bilinear/tensor_like": lambda: image.resize_bilinear([[[1, 2], [3, 4]]], [2, 3]),
    "resize_bilinear/one_pixel": lambda: image.resize_bilinear(tf.tensor3d([[[2.5]]]), [2, 3], True),
    "resize_bilinear/empty_output": lambda: image.resize_bilinear(img3(), [0, 3]),
    "resize_bilinear/empty_batch": lambda: image.resize_bilinear(tf.zeros([0, 2, 2, 1]), [3, 3]),
    "resize_bilinear/empty_input": lambda: image.resize_bilinear(tf.zeros([1, 0, 2, 1]), [2, 2]),
    "resize_bilinear/error_rank2": lambda: image.resize_bilinear(tf.zeros([2, 2]), [3, 3]),
    "resize_bilinear/error_rank5": lambda: image.resize_bilinear(tf.zeros([1, 1, 2, 2, 1]), [3, 3]),
    "resize_bilinear/error_size": lambda: image.resize_bilinear(img3(), [3, 3, 1]),
    "resize_bilinear/error_both_flags": lambda: image.resize_bilinear(img3(), [3, 3], True, True),
    "resize_bilinear/error_complex": lambda: image.resize_bilinear(tf.complex([[[1]]], [[[2]]]), [2, 2]),
    # resize_nearest_neighbor
    "resize_nearest_neighbor/upscale_3d": lambda: image.resize_nearest_neighbor(img3(), [5, 7]),
    "resize_nearest_neighbor/downscale": lambda: image.resize_nearest_neighbor(img4(), [2, 3]),
    "resize_nearest_neighbor/align_corners": lambda: image.resize_nearest_neighbor(img3(), [5, 7], True),
    "resize_nearest_neighbor/align_corners_halves": lambda: image.resize_nearest_neighbor(
        img3(), [5, 4], True
    ),
    "resize_nearest_neighbor/align_corners_to_one": lambda: image.resize_nearest_neighbor(
        img3(), [1, 1], True
    ),
    "resize_nearest_neighbor/half_pixel_centers": lambda: image.resize_nearest_neighbor(
        img3(), [5, 7], False, True
    ),
    "resize_nearest_neighbor/half_pixel_down": lambda: image.resize_nearest_neighbor(
        batch(), [2, 3], False, True
    ),
    "resize_nearest_neighbor/batch": lambda: image.resize_nearest_neighbor(batch(), [7, 3]),
    "resize_nearest_neighbor/special": lambda: image.resize_nearest_neighbor(special(), [5, 4]),
    "resize_nearest_neighbor/int32_limits": lambda: image.resize_nearest_neighbor(ints(), [3, 5]),
    "resize_nearest_neighbor/int32_align": lambda: image.resize_nearest_neighbor(ints(), [4, 4], True),
    "resize_nearest_neighbor/tensor_like": lambda: image.resize_nearest_neighbor([[[1], [2], [3]]], [2, 5]),
    "resize_nearest_neighbor/empty_output": lambda: image.resize_nearest_neighbor(img4(), [2, 0]),
    "resize_nearest_neighbor/empty_input": lambda: image.resize_nearest_neighbor(
        tf.zeros([1, 2, 0, 1]), [2, 2]
    ),
    "resize_nearest_neighbor/empty_input_int32": lambda: image.resize_nearest_neighbor(
        tf.zeros([1, 2, 0, 1], "int32"), [2, 1]
    ),
    "resize_nearest_neighbor/error_rank2": lambda: image.resize_nearest_neighbor(tf.zeros([2, 2]), [3, 3]),
    "resize_nearest_neighbor/error_size": lambda: image.resize_nearest_neighbor(img3(), [3]),
    "resize_nearest_neighbor/error_bool": lambda: image.resize_nearest_neighbor(
        tf.tensor3d([[[True]]]), [2, 2]
    ),
    "resize_nearest_neighbor/error_both_flags": lambda: image.resize_nearest_neighbor(
        img3(), [3, 3], True, True
    ),
    # crop_and_resize
    "crop_and_resize/bilinear": lambda: image.crop_and_resize(crops(), boxes(), box_ind(), [3, 4]),
    "crop_and_resize/nearest": lambda: image.crop_and_resize(crops(), boxes(), box_ind(), [3, 4], "nearest"),
    "crop_and_resize/extrapolation": lambda: image.crop_and_resize(
        crops(), boxes(), box_ind(), [4, 3], "bilinear", -7.3
    ),
    "crop_and_resize/nearest_extrapolation": lambda: image.crop_and_resize(
        crops(), boxes(), box_ind(), [4, 3], "nearest", 1e40
    ),
    "crop_and_resize/crop_one_by_one": lambda: image.crop_and_resize(crops(), boxes(), box_ind(), [1, 1]),
    "crop_and_resize/crop_one_row": lambda: image.crop_and_resize(
        crops(), boxes(), box_ind(), [1, 5], "bilinear", 2
    ),
    "crop_and_resize/crop_one_column": lambda: image.crop_and_resize(
        crops(), boxes(), box_ind(), [4, 1], "nearest", 2
    ),
    "crop_and_resize/special_boxes": lambda: image.crop_and_resize(
        crops(),
        tf.tensor2d([[nan, 0, 1, 1], [0, nan, 1, 1], [inf, 0, 1, 1], [0, -inf, 1, inf], [-0.0, -0.0, 0, 0]]),
        i32([0, 0, 1, 1, 0]),
        [2, 3],
        "bilinear",
        5,
    ),
    "crop_and_resize/special_boxes_nearest": lambda: image.crop_and_resize(
        crops(),
        tf.tensor2d([[nan, 0, 1, 1], [0, nan, 1, 1], [inf, 0, 1, 1], [0, -inf, 1, inf]]),
        i32([0, 0, 1, 1]),
        [2, 3],
        "nearest",
        5,
    ),
    "crop_and_resize/special_image": lambda: image.crop_and_resize(
        special_image(), tf.tensor2d([[0, 0, 1, 1], [0.1, 0.6, 0.9, 0.2]]), i32([0, 0]), [4, 4]
    ),
    "crop_and_resize/int32_image": lambda: image.crop_and_resize(
        tf.reshape(ints(), [1, 2, 3, 1]), tf.tensor2d([[0, 0, 1, 1]]), i32([0]), [3, 4]
    ),
    "crop_and_resize/bool_image": lambda: image.crop_and_resize(
        tf.tensor4d([True, False, False, True], [1, 2, 2, 1]), [[0, 0, 1, 1]], [0], [3, 3]
    ),
    "crop_and_resize/channels": lambda: image.crop_and_resize(
        img4(), [[0.1, 0.2, 0.7, 0.9], [0.5, 0.5, 0, 0]], [0, 0], [2, 3]
    ),
    "crop_and_resize/height_one": lambda: image.crop_and_resize(
        tf.tensor4d([1, 2, 3], [1, 1, 3, 1]), [[0, 0, 1, 1], [0.5, 0, 2, 1]], [0, 0], [3, 3]
    ),
    "crop_and_resize/no_boxes": lambda: image.crop_and_resize(crops(), tf.zeros([0, 4]), i32([]), [2, 2]),
    "crop_and_resize/error_rank": lambda: image.crop_and_resize(
        tf.zeros([4, 5, 1]), boxes(), box_ind(), [3, 4]
    ),
    "crop_and_resize/error_boxes_shape": lambda: image.crop_and_resize(
        crops(), tf.zeros([2, 3]), i32([0, 0]), [3, 4]
    ),
    "crop_and_resize/error_box_ind_shape": lambda: image.crop_and_resize(
        crops(), tf.zeros([2, 4]), i32([0] * 8, [2, 4]), [3, 4]
    ),
    "crop_and_resize/error_crop_size_length": lambda: image.crop_and_resize(
        crops(), boxes(), box_ind(), [3, 4, 1]
    ),
    "crop_and_resize/error_crop_size_zero": lambda: image.crop_and_resize(
        crops(), boxes(), box_ind(), [0, 4]
    ),
    "crop_and_resize/error_method": lambda: image.crop_and_resize(
        crops(), boxes(), box_ind(), [3, 4], "cubic"
    ),
    "crop_and_resize/box_ind_beyond_batch": lambda: image.crop_and_resize(
        crops(), boxes(), i32([0, 2, 0, 1, 1]), [2, 2]
    ),
    # transform
    "transform/identity": lambda: image.transform(grid(), [[1, 0, 0, 0, 1, 0, 0, 0]]),
    "transform/turn_bilinear": lambda: image.transform(grid(), turn, "bilinear"),
    "transform/projective_zero": lambda: image.transform(grid(), projective, "nearest", "constant", 3.25),
    "transform/projective_zero_bilinear": lambda: image.transform(
        grid(), projective, "bilinear", "nearest", 3.25
    ),
    "transform/output_shape": lambda: image.transform(img4(), shift, "bilinear", "reflect", 0, [5, 2]),
    "transform/output_shape_empty": lambda: image.transform(grid(), shift, "nearest", "constant", 0, [0, 2]),
    "transform/fill_value": lambda: image.transform(
        grid(), [[1, 0, -2, 0, 1, 2, 0, 0]], "nearest", "constant", 1e40
    ),
    "transform/width_one": lambda: image.transform(
        tf.tensor4d([1, 2, 3], [1, 3, 1, 1]), zoom, "nearest", "reflect"
    ),
    "transform/width_one_wrap": lambda: image.transform(
        tf.tensor4d([1, 2, 3], [1, 3, 1, 1]), zoom, "bilinear", "wrap"
    ),
    "transform/special_transform": lambda: image.transform(
        grid(), [[nan, 0, 0, 0, 1, 0, 0, 0]], "nearest", "reflect", 6
    ),
    "transform/special_transform_bilinear": lambda: image.transform(
        grid(), [[1, inf, 0, 0, 1, 0, 0, 0]], "bilinear", "wrap", 6
    ),
    "transform/special_image": lambda: image.transform(special_image(), shift, "bilinear"),
    "transform/tensor_like": lambda: image.transform([[[[1], [2]], [[3], [4]]]], [[0, 1, 0, 1, 0, 0, 0, 0]]),
    "transform/empty_batch": lambda: image.transform(tf.zeros([0, 2, 2, 1]), shift),
    "transform/batch_one_transform": lambda: image.transform(batch(), shift, "bilinear"),
    "transform/batch_transforms": lambda: image.transform(batch(), [shift[0], turn[0]], "nearest", "wrap"),
    "transform/error_rank": lambda: image.transform(tf.zeros([3, 3, 1]), shift),
    "transform/error_transforms_width": lambda: image.transform(grid(), [[1, 0, 0, 0, 1, 0, 0]]),
    "transform/error_transforms_batch": lambda: image.transform(batch(), tf.zeros([3, 8])),
    "transform/error_transforms_rank": lambda: image.transform(grid(), [1, 0, 0, 0, 1, 0, 0, 0]),
    "transform/error_output_shape": lambda: image.transform(
        grid(), shift, "nearest", "constant", 0, [1, 2, 3]
    ),
    "transform/error_interpolation": lambda: image.transform(grid(), shift, "cubic"),
    # rotate_with_offset
    "rotate_with_offset/half_radian": lambda: image.rotate_with_offset(grid(), 0.5),
    "rotate_with_offset/quarter_turn": lambda: image.rotate_with_offset(crops(), math.pi / 2),
    "rotate_with_offset/negative": lambda: image.rotate_with_offset(crops(), -1, 7.5),
    "rotate_with_offset/zero": lambda: image.rotate_with_offset(img4(), 0),
    "rotate_with_offset/center_number": lambda: image.rotate_with_offset(crops(), 3, 0, 0.2),
    "rotate_with_offset/center_pair": lambda: image.rotate_with_offset(crops(), 1.2, -1, [0.1, 0.9]),
    "rotate_with_offset/center_outside": lambda: image.rotate_with_offset(grid(), 0.3, 1e40, [-1, 2]),
    "rotate_with_offset/rgb_fill": lambda: image.rotate_with_offset(
        tf.tensor4d(list(r(24)), [1, 2, 4, 3]), 0.8, [10, 20.5, 30]
    ),
    "rotate_with_offset/rgba_fill": lambda: image.rotate_with_offset(
        tf.tensor4d(list(r(24)), [1, 3, 2, 4]), 2, [10, 20, 30]
    ),
    "rotate_with_offset/gray_rgb_fill": lambda: image.rotate_with_offset(grid(), 2, [10, 20, 30]),
    "rotate_with_offset/special": lambda: image.rotate_with_offset(special_image(), 1, nan),
    "rotate_with_offset/tensor_like": lambda: image.rotate_with_offset([[[[1], [2]], [[3], [4]]]], math.pi),
    "rotate_with_offset/empty": lambda: image.rotate_with_offset(tf.zeros([1, 0, 3, 1]), 1),
    "rotate_with_offset/error_rank": lambda: image.rotate_with_offset(tf.zeros([3, 3, 1]), 1),
    # flip_left_right
    "flip_left_right/basic": lambda: image.flip_left_right(img4()),
    "flip_left_right/batch": lambda: image.flip_left_right(batch()),
    "flip_left_right/special": lambda: image.flip_left_right(special_image()),
    "flip_left_right/tensor_like": lambda: image.flip_left_right([[[[1, 2], [3, 4], [5, 6]]]]),
    "flip_left_right/empty": lambda: image.flip_left_right(tf.zeros([2, 3, 0, 1])),
    "flip_left_right/error_rank": lambda: image.flip_left_right(tf.zeros([3, 3, 1])),
    # grayscale_to_rgb
    "grayscale_to_rgb/rank2": lambda: image.grayscale_to_rgb(tf.tensor2d([[1], [nan], [-0.0]])),
    "grayscale_to_rgb/rank4": lambda: image.grayscale_to_rgb(tf.tensor4d([1, 2, 3, 4], [1, 2, 2, 1])),
    "grayscale_to_rgb/int32": lambda: image.grayscale_to_rgb(ints()),
    "grayscale_to_rgb/bool": lambda: image.grayscale_to_rgb(tf.tensor2d([[True], [False]])),
    "grayscale_to_rgb/empty": lambda: image.grayscale_to_rgb(tf.zeros([0, 2, 1])),
    "grayscale_to_rgb/error_rank": lambda: image.grayscale_to_rgb(tf.tensor1d([1])),
    "grayscale_to_rgb/error_last_dim": lambda: image.grayscale_to_rgb(tf.zeros([2, 3])),
    # rgb_to_grayscale
    "rgb_to_grayscale/rank2": lambda: image.rgb_to_grayscale(tf.tensor2d([[255, 0, 0], [10, 20, 30]])),
    "rgb_to_grayscale/rank3": lambda: image.rgb_to_grayscale(rgb()),
    "rgb_to_grayscale/rank4": lambda: image.rgb_to_grayscale(tf.reshape(rgb(), [2, 2, 2, 3])),
    "rgb_to_grayscale/rank5": lambda: image.rgb_to_grayscale(tf.reshape(rgb(), [2, 1, 2, 2, 3])),
    "rgb_to_grayscale/rank6": lambda: image.rgb_to_grayscale(tf.reshape(rgb(), [1, 2, 1, 2, 2, 3])),
    "rgb_to_grayscale/int32": lambda: image.rgb_to_grayscale(tf.cast(rgb(), "int32")),
    "rgb_to_grayscale/int32_limits": lambda: image.rgb_to_grayscale(
        i32([2147483647, 2147483647, 2147483647, -2147483648, 0, 5], [2, 3])
    ),
    "rgb_to_grayscale/special": lambda: image.rgb_to_grayscale(
        tf.tensor2d([[nan, 0, 0], [inf, 1, 1], [-0.0, -0.0, -0.0], [3.4e38, 3.4e38, 3.4e38]])
    ),
    "rgb_to_grayscale/empty": lambda: image.rgb_to_grayscale(tf.zeros([0, 3])),
    "rgb_to_grayscale/error_rank": lambda: image.rgb_to_grayscale(tf.tensor1d([1, 2, 3])),
    "rgb_to_grayscale/error_last_dim": lambda: image.rgb_to_grayscale(tf.zeros([2, 4])),
    "rgb_to_grayscale/error_rank7": lambda: image.rgb_to_grayscale(tf.zeros([1, 1, 1, 1, 1, 1, 3])),
    # threshold
    "threshold/binary_default": lambda: image.threshold(rgb()),
    "threshold/binary_inverted": lambda: image.threshold(rgb(), "binary", True),
    "threshold/binary_value": lambda: image.threshold(rgb(), "binary", False, 0.7),
    "threshold/binary_int32": lambda: image.threshold(tf.cast(rgb(), "int32"), "binary", False, 0.2),
    "threshold/gray_channel": lambda: image.threshold(tf.tensor3d([0, 127, 127.5, 128, 255, nan], [2, 3, 1])),
    "threshold/gray_inverted": lambda: image.threshold(
        tf.tensor3d([0, 127, 127.5, 128, 255, nan], [2, 3, 1]), "binary", True
    ),
    "threshold/otsu": lambda: image.threshold(rgb(), "otsu"),
    "threshold/otsu_inverted": lambda: image.threshold(rgb(), "otsu", True),
    "threshold/otsu_gray": lambda: image.threshold(
        tf.tensor3d([(v * 37) % 256 for v in r(30)], [5, 6, 1]), "otsu"
    ),
    "threshold/otsu_int32": lambda: image.threshold(
        i32([(v * v * 3) % 256 for v in r(20)], [4, 5, 1]), "otsu"
    ),
    "threshold/otsu_two_levels": lambda: image.threshold(
        tf.tensor3d([10, 10, 200, 200, 10, 250], [2, 3, 1]), "otsu"
    ),
    "threshold/otsu_uniform": lambda: image.threshold(tf.fill([2, 2, 1], 77), "otsu"),
    "threshold/otsu_beyond_255": lambda: image.threshold(
        tf.tensor3d([1000, 3, 5, 300, 250, 240], [3, 2, 1]), "otsu"
    ),
    "threshold/empty": lambda: image.threshold(tf.zeros([0, 2, 3])),
    "threshold/error_rank": lambda: image.threshold(tf.zeros([2, 3])),
    "threshold/error_channels": lambda: image.threshold(tf.zeros([2, 2, 2])),
    "threshold/error_dtype": lambda: image.threshold(tf.zeros([2, 2, 1], "bool")),
    "threshold/error_method": lambda: image.threshold(rgb(), "mean"),
    "threshold/error_otsu_negative": lambda: image.threshold(tf.tensor3d([-5, 3], [1, 2, 1]), "otsu"),
}


def _transform_case(kind: str, interpolation: str, mode: str):
    if kind == "shift":
        return lambda: image.transform(grid(), shift, interpolation, mode, 2.5)
    if kind == "zoom":
        return lambda: image.transform(grid(), zoom, interpolation, mode)
    return lambda: image.transform(img4(), turn, interpolation, mode, -1, [4, 5])


for _mode in ("constant", "reflect", "wrap", "nearest"):
    for _interpolation in ("nearest", "bilinear"):
        for _kind in ("shift", "zoom", "turn"):
            CASES[f"transform/{_kind}_{_interpolation}_{_mode}"] = _transform_case(
                _kind, _interpolation, _mode
            )

KNOWN_DIFFERENCES = {
    # TF.js leaves the crop of a box index >= batch 0 (and reads NaN for a negative one);
    # that box index is an IndexError here.
    "crop_and_resize/box_ind_beyond_batch",
    # TF.js 4.22's cpu Transform kernel returns from inside its batch loop: only the first
    # image is transformed, the others come back filled with fill_value. Every image is
    # transformed here.
    "transform/batch_one_transform",
    "transform/batch_transforms",
}
