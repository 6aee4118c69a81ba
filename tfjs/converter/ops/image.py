"""Image TF ops (TF.js's image executor): resizing, crop-and-resize and projective
transforms. Sizes and fill values are read from the nodes' inputs; `method`,
`interpolation` and `fill_mode` in lower case."""

from __future__ import annotations

from tfjs import ops
from tfjs.converter.op_registry import tf_op
from tfjs.converter.ops._values import HostInput, nested, number


def _size(size) -> list[int]:
    values = nested(size)
    if not isinstance(values, list) or len(values) < 2:
        raise ValueError(f"the size input must hold 2 values (height, width), got {values}")
    return values[:2]


@tf_op("ResizeBilinear")
def resize_bilinear(images, size: HostInput, *, align_corners=False, half_pixel_centers=False):
    return ops.image.resize_bilinear(images, _size(size), align_corners, half_pixel_centers)


@tf_op("ResizeNearestNeighbor")
def resize_nearest_neighbor(images, size: HostInput, *, align_corners=False, half_pixel_centers=False):
    return ops.image.resize_nearest_neighbor(images, _size(size), align_corners, half_pixel_centers)


@tf_op("CropAndResize")
def crop_and_resize(image, boxes, box_ind, crop_size: HostInput, *, method="bilinear", extrapolation_value=0):
    return ops.image.crop_and_resize(
        image, boxes, box_ind, nested(crop_size), method.lower(), extrapolation_value
    )


@tf_op("ImageProjectiveTransformV3")
def image_projective_transform_v3(
    images, transforms, output_shape: HostInput, fill_value: HostInput, *, interpolation, fill_mode
):
    return ops.image.transform(
        images,
        transforms,
        interpolation.lower(),
        fill_mode.lower(),
        number(fill_value),
        nested(output_shape),
    )
