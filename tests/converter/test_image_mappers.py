"""The `image` TF op mappers (TF.js's image_executor): sizes read from inputs, resize
flags, crop-and-resize and projective transforms, on every backend."""

from __future__ import annotations

import base64

import numpy as np
import pytest

import tfjs as tf
import tfjs.converter.ops
from tests.helpers import raises_with, scope
from tfjs.converter.attrs import decode_attrs
from tfjs.converter.op_registry import call_mapper, get_mapper

RNG = np.random.default_rng(5)
IMAGES = RNG.uniform(0, 1, (2, 4, 5, 3)).astype(np.float32)
SIZE = np.array([7, 3], np.int32)


def run(op, inputs, attrs=None):
    with scope():
        tensors = [tf.tensor(x) for x in inputs]
        result = call_mapper(get_mapper(op), tensors, attrs or {})
        return result.numpy()


def reference(fn, *args):
    with scope():
        return fn(*args).numpy()


@pytest.mark.parametrize(
    ("align_corners", "half_pixel_centers"), [(False, False), (True, False), (False, True)]
)
@pytest.mark.parametrize(
    ("op", "fn"),
    [
        ("ResizeBilinear", tf.image.resize_bilinear),
        ("ResizeNearestNeighbor", tf.image.resize_nearest_neighbor),
    ],
)
def test_resize_reads_size_and_flags(op, fn, align_corners, half_pixel_centers, backend):
    attrs = decode_attrs(
        {
            "align_corners": {"b": align_corners},
            "half_pixel_centers": {"b": half_pixel_centers},
            "T": {"type": "DT_FLOAT"},
        }
    )
    got = run(op, [IMAGES, SIZE], attrs)
    assert got.shape == (2, 7, 3, 3)
    np.testing.assert_allclose(
        got, reference(fn, IMAGES, [7, 3], align_corners, half_pixel_centers), rtol=1e-6
    )


def test_resize_defaults_and_bad_size(backend):
    got = run("ResizeBilinear", [IMAGES, SIZE])
    np.testing.assert_allclose(got, reference(tf.image.resize_bilinear, IMAGES, [7, 3]), rtol=1e-6)
    with raises_with(ValueError, "size input must hold 2 values"):
        run("ResizeBilinear", [IMAGES, np.array([7], np.int32)])


def test_crop_and_resize(backend):
    boxes = np.array([[0.0, 0.0, 1.0, 1.0], [0.2, -0.5, 0.8, 1.5]], np.float32)
    box_ind = np.array([1, 0], np.int32)
    crop = np.array([3, 4], np.int32)
    attrs = decode_attrs(
        {"method": {"s": base64.b64encode(b"bilinear").decode()}, "extrapolation_value": {"f": 9.0}}
    )
    got = run("CropAndResize", [IMAGES, boxes, box_ind, crop], attrs)
    want = reference(tf.image.crop_and_resize, IMAGES, boxes, box_ind, [3, 4], "bilinear", 9.0)
    np.testing.assert_allclose(got, want, rtol=1e-6)
    assert (got == 9.0).any()
    got = run("CropAndResize", [IMAGES, boxes, box_ind, crop], {"method": "NEAREST"})
    want = reference(tf.image.crop_and_resize, IMAGES, boxes, box_ind, [3, 4], "nearest", 0)
    np.testing.assert_allclose(got, want, rtol=1e-6)


@pytest.mark.parametrize(("interpolation", "fill_mode"), [("BILINEAR", "CONSTANT"), ("NEAREST", "REFLECT")])
def test_image_projective_transform_v3(interpolation, fill_mode, backend):
    transforms = np.array([[1.0, 0.2, -1.0, 0.1, 0.9, 0.5, 0.0, 0.0]] * 2, np.float32)
    shape = np.array([5, 6], np.int32)
    fill = np.array(0.75, np.float32)
    attrs = {"interpolation": interpolation, "fill_mode": fill_mode, "dtype": "float32"}
    got = run("ImageProjectiveTransformV3", [IMAGES, transforms, shape, fill], attrs)
    want = reference(
        tf.image.transform, IMAGES, transforms, interpolation.lower(), fill_mode.lower(), 0.75, [5, 6]
    )
    assert got.shape == (2, 5, 6, 3)
    np.testing.assert_allclose(got, want, rtol=1e-6)


def test_every_image_op_is_mapped():
    ops = ["ResizeBilinear", "ResizeNearestNeighbor", "CropAndResize", "ImageProjectiveTransformV3"]
    assert {op: get_mapper(op) and get_mapper(op).category for op in ops} == dict.fromkeys(ops, "image")
