"""`tf.browser`: pixels in (`from_pixels`) and out (`to_pixels`), TF.js's browser ops
with image files and NumPy arrays standing in for the canvas."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any

import numpy as np

from tfjs.ops.cast import cast
from tfjs.ops.operation import op
from tfjs.ops.tensor3d import tensor3d
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike, convert_to_tensor

if TYPE_CHECKING:
    from PIL.Image import Image

__all__ = ["from_pixels", "from_pixels_async", "to_pixels", "to_pixels_sync"]

PIXELS = "a Pillow image, a NumPy HxW or HxWxC uint8 array (C 1, 3 or 4), an image file path"
INSTALL_PILLOW = "pip install 'tfjs[image]' (or pip install pillow)"


@op
def from_pixels(pixels: Image | np.ndarray | str | os.PathLike | dict, num_channels: int = 3) -> Tensor:
    """Creates an int32 `tf.Tensor` of shape [height, width, num_channels] from an image.

    The pixels are read as a canvas would give them, RGBA: a gray image gives R = G = B,
    an image without alpha gives alpha 255; `num_channels` (1 to 4, default 3: alpha
    dropped) keeps the first channels. `pixels` is a Pillow image, a NumPy uint8 array
    (HxW, or HxWxC with C 1, 3 or 4), the path of an image file (read with Pillow), or
    TF.js's PixelData `{"data": uint8 RGBA bytes, "width": w, "height": h}`.

    >>> image = np.array([[[100, 150, 200, 255]]], dtype=np.uint8)
    >>> tf.browser.from_pixels(image).array_sync()
    [[[100, 150, 200]]]
    >>> tf.browser.from_pixels(np.array([[7]], dtype=np.uint8), 4).array_sync()
    [[[7, 7, 7, 255]]]
    """
    if isinstance(num_channels, bool) or not isinstance(num_channels, (int, np.integer)):
        raise TypeError(f"num_channels passed to from_pixels must be an int, but got {num_channels!r}")
    if num_channels > 4:
        raise ValueError("Cannot construct Tensor with more than 4 channels from pixels.")
    if num_channels < 1:
        raise ValueError(f"Cannot construct Tensor with {num_channels} channels from pixels: 1 to 4.")
    if pixels is None:
        raise ValueError("pixels passed to tf.browser.from_pixels() can not be null")
    rgba = _rgba(pixels)
    height, width = rgba.shape[:2]
    return tensor3d(rgba[:, :, :num_channels].astype(np.int32), [height, width, int(num_channels)], "int32")


async def from_pixels_async(
    pixels: Image | np.ndarray | str | os.PathLike | dict, num_channels: int = 3
) -> Tensor:
    """The asynchronous form of `from_pixels` (TF.js's fromPixelsAsync), same arguments.

    >>> import asyncio
    >>> asyncio.run(tf.browser.from_pixels_async(np.zeros((2, 3), np.uint8))).shape
    (2, 3, 3)
    """
    return from_pixels(pixels, num_channels)


async def to_pixels(img: TensorLike, path: str | os.PathLike | None = None) -> np.ndarray:
    """Draws a tensor of pixel values to an HxWx4 RGBA uint8 array, and to a PNG file at
    `path` when given one (TF.js's toPixels, the file standing in for the canvas).

    `img` is [height, width] (grayscale) or [height, width, depth] with depth 1 (gray),
    3 (RGB, alpha 255) or 4 (RGBA). float32 values must lie in [0, 1] and are scaled by
    255; int32 values must lie in [0, 255]. A value that is not a tensor (a list, a NumPy
    array) is read as int32, as TF.js does. NaN is drawn as 0, as a canvas does.

    >>> import asyncio
    >>> rgba = asyncio.run(tf.browser.to_pixels(tf.tensor2d([[0, 0.5, 1]])))
    >>> rgba.tolist()
    [[[0, 0, 0, 255], [128, 128, 128, 255], [255, 255, 255, 255]]]
    """
    tensor = _image_tensor(img)
    try:
        _validate(tensor)
        _check_pillow(path)
        values = await tensor.data()
    finally:
        if tensor is not img:
            tensor.dispose()
    return _draw(tensor, values, path)


def to_pixels_sync(img: TensorLike, path: str | os.PathLike | None = None) -> np.ndarray:
    """The synchronous form of `to_pixels`: same arguments, same HxWx4 RGBA uint8 array.

    >>> tf.browser.to_pixels_sync(np.array([[[255, 0, 0]]], dtype=np.uint8)).tolist()
    [[[255, 0, 0, 255]]]
    """
    tensor = _image_tensor(img)
    try:
        _validate(tensor)
        _check_pillow(path)
        values = tensor.data_sync()
    finally:
        if tensor is not img:
            tensor.dispose()
    return _draw(tensor, values, path)


def _rgba(pixels: Any) -> np.ndarray:
    """The pixels as an HxWx4 uint8 RGBA array, as a canvas's getImageData gives them."""
    if isinstance(pixels, (str, os.PathLike)):
        return _rgba_of_pil(_open_image(pixels))
    if isinstance(pixels, np.ndarray):
        return _rgba_of_array(pixels)
    if isinstance(pixels, dict):
        return _rgba_of_pixel_data(pixels)
    if _is_pil_image(pixels):
        return _rgba_of_pil(pixels)
    raise TypeError(
        f"pixels passed to tf.browser.from_pixels() must be {PIXELS}, but was {type(pixels).__name__}"
    )


def _rgba_of_array(array: np.ndarray) -> np.ndarray:
    if array.dtype != np.uint8:
        raise TypeError(f"A NumPy array passed to from_pixels must be uint8, but got {array.dtype}")
    if array.ndim == 2:
        array = array[:, :, np.newaxis]
    if array.ndim != 3:
        raise ValueError(
            f"A NumPy array passed to from_pixels must be HxW or HxWxC, but got shape {array.shape}"
        )
    depth = array.shape[2]
    if depth == 1:
        array = np.repeat(array, 3, axis=2)
    elif depth != 3 and depth != 4:
        raise ValueError(f"A NumPy array passed to from_pixels must have depth 1, 3 or 4, but got {depth}")
    if array.shape[2] == 3:
        alpha = np.full((*array.shape[:2], 1), 255, np.uint8)
        array = np.concatenate([array, alpha], axis=2)
    return array


def _rgba_of_pixel_data(pixels: dict) -> np.ndarray:
    try:
        data, width, height = pixels["data"], int(pixels["width"]), int(pixels["height"])
    except (KeyError, TypeError, ValueError) as error:
        raise TypeError(
            "PixelData passed to from_pixels must be {'data': uint8 RGBA bytes, 'width': int, 'height': int}"
        ) from error
    data = np.frombuffer(data, np.uint8) if isinstance(data, (bytes, bytearray)) else np.asarray(data)
    if data.dtype != np.uint8 or data.size != width * height * 4:
        raise ValueError(
            f"PixelData passed to from_pixels must hold width * height * 4 = {width * height * 4} uint8 "
            f"values, but holds {data.size} {data.dtype} values"
        )
    return data.reshape(height, width, 4)


def _rgba_of_pil(image: Image) -> np.ndarray:
    if image.mode == "I" or image.mode.startswith("I;16") or image.mode == "F":
        # 16-bit and float grays: a browser draws them in 8 bits (0..65535 -> 0..255).
        scale = 257.0 if image.mode != "F" else 1.0
        gray = np.clip(np.rint(np.asarray(image, np.float64) / scale), 0, 255).astype(np.uint8)
        return _rgba_of_array(gray)
    return np.asarray(image.convert("RGBA"), np.uint8)


def _open_image(path: str | os.PathLike) -> Image:
    pil = _pillow(f"reading the image file {os.fspath(path)!r}")
    if not os.path.exists(path):
        raise FileNotFoundError(f"from_pixels: no such image file: {os.fspath(path)!r}")
    if os.path.isdir(path):
        raise IsADirectoryError(f"from_pixels: {os.fspath(path)!r} is a folder, not an image file")
    try:
        with pil.Image.open(path) as image:
            image.load()
            return pil.ImageOps.exif_transpose(image)  # a browser draws the photo upright
    except (pil.UnidentifiedImageError, SyntaxError, ValueError) as error:
        raise ValueError(f"from_pixels: {os.fspath(path)!r} is not an image file Pillow can read") from error
    except OSError as error:
        raise ValueError(f"from_pixels: cannot read the image {os.fspath(path)!r}: {error}") from error


def _is_pil_image(value: Any) -> bool:
    try:
        from PIL import Image
    except ImportError:
        return False
    return isinstance(value, Image.Image)


def _pillow(what: str) -> Any:
    try:
        import PIL.Image
        import PIL.ImageOps
    except ImportError as error:
        raise ImportError(f"{what} needs Pillow: {INSTALL_PILLOW}") from error
    return PIL


def _check_pillow(path: str | os.PathLike | None) -> None:
    if path is not None:
        _pillow("to_pixels(path=...) writing a PNG file")


def _image_tensor(img: TensorLike) -> Tensor:
    if isinstance(img, Tensor):
        return convert_to_tensor(img, "img", "to_pixels", "string_or_numeric")
    # TF.js assumes int32 for anything that is not a tensor.
    original = convert_to_tensor(img, "img", "to_pixels", "string_or_numeric")
    if original.dtype == "string":
        original.dispose()
        raise TypeError("Unsupported type for to_pixels: string. Please use float32 or int32 tensors.")
    converted = cast(original, "int32")
    original.dispose()
    return converted


def _validate(img: Tensor) -> None:
    if img.rank != 2 and img.rank != 3:
        raise ValueError(f"to_pixels only supports rank 2 or 3 tensors, got rank {img.rank}.")
    depth = 1 if img.rank == 2 else img.shape[2]
    if depth not in (1, 3, 4):
        raise ValueError(f"to_pixels only supports depth of size 1, 3 or 4 but got {depth}")
    if img.dtype != "float32" and img.dtype != "int32":
        raise TypeError(f"Unsupported type for to_pixels: {img.dtype}. Please use float32 or int32 tensors.")


def _draw(img: Tensor, values: np.ndarray, path: str | os.PathLike | None) -> np.ndarray:
    height, width = img.shape[:2]
    depth = 1 if img.rank == 2 else img.shape[2]
    high = 1 if img.dtype == "float32" else 255
    outside = (values < 0) | (values > high)
    if outside.any():
        flat = int(np.flatnonzero(outside)[0])
        index = [int(i) for i in np.unravel_index(flat, img.shape)]
        raise ValueError(
            f"Tensor values for a {img.dtype} Tensor must be in the range [0 - {high}] but encountered "
            f"{values[flat]} at index {index}."
        )
    scaled = values.astype(np.float64).reshape(height, width, depth) * (255 if high == 1 else 1)
    # JavaScript's Math.round (half up), then a Uint8ClampedArray (NaN -> 0).
    rounded = np.nan_to_num(np.floor(scaled + 0.5), nan=0.0).astype(np.uint8)
    rgba = np.full((height, width, 4), 255, np.uint8)
    rgba[:, :, :3] = rounded[:, :, :3] if depth != 1 else rounded
    if depth == 4:
        rgba[:, :, 3] = rounded[:, :, 3]
    if path is not None:
        _pillow("to_pixels(path=...) writing a PNG file").Image.fromarray(rgba).save(path, format="PNG")
    return rgba
