"""tf.browser: from_pixels and to_pixels with TF.js's rules, PNG files, the shipped assets."""

from __future__ import annotations

import asyncio
import hashlib
import json
import sys
from pathlib import Path

import numpy as np
import pytest

import tfjs as tf
from tests.helpers import no_new_buffers, raises_with, scope

ASSETS = Path(__file__).resolve().parents[1] / "examples" / "assets"
# The RGB of a 1x2 image and what a canvas's RGBA gives for it.
RGB = np.array([[[10, 20, 30], [200, 150, 100]]], np.uint8)
RGBA = np.array([[[10, 20, 30, 255], [200, 150, 100, 255]]], np.uint8)


def pil():
    return pytest.importorskip("PIL.Image", reason="Pillow is not installed (pip install pillow)")


# from_pixels


@pytest.mark.parametrize(
    ("pixels", "num_channels", "expected"),
    [
        (RGB, 3, [[[10, 20, 30], [200, 150, 100]]]),
        (RGB, 4, [[[10, 20, 30, 255], [200, 150, 100, 255]]]),
        (RGB, 1, [[[10], [200]]]),
        (RGB, 2, [[[10, 20], [200, 150]]]),
        (np.array([[[1, 2, 3, 4]]], np.uint8), 4, [[[1, 2, 3, 4]]]),
        (np.array([[[1, 2, 3, 4]]], np.uint8), 3, [[[1, 2, 3]]]),
        (np.array([[5, 6]], np.uint8), 4, [[[5, 5, 5, 255], [6, 6, 6, 255]]]),
        (np.array([[[5], [6]]], np.uint8), 3, [[[5, 5, 5], [6, 6, 6]]]),
        ({"data": bytes([1, 2, 3, 4, 5, 6, 7, 8]), "width": 2, "height": 1}, 3, [[[1, 2, 3], [5, 6, 7]]]),
    ],
)
def test_from_pixels_reads_rgba_as_a_canvas_gives_it(pixels, num_channels, expected):
    t = tf.browser.from_pixels(pixels, num_channels)
    assert t.dtype == "int32"
    assert t.shape == (len(expected), len(expected[0]), num_channels)
    assert t.array_sync() == expected
    t.dispose()


def test_from_pixels_defaults_to_three_channels():
    t = tf.browser.from_pixels(np.zeros((4, 5, 4), np.uint8))
    assert t.shape == (4, 5, 3)
    t.dispose()


def test_from_pixels_async_gives_the_same_tensor():
    t = asyncio.run(tf.browser.from_pixels_async(RGB, 4))
    assert np.array_equal(t.numpy(), RGBA)
    t.dispose()


@pytest.mark.parametrize(
    ("pixels", "num_channels", "error", "fragments"),
    [
        (RGB, 5, ValueError, ["Cannot construct Tensor with more than 4 channels from pixels."]),
        (RGB, 0, ValueError, ["0 channels"]),
        (RGB, 2.5, TypeError, ["num_channels", "2.5"]),
        (RGB, True, TypeError, ["num_channels"]),
        (None, 3, ValueError, ["can not be null"]),
        ([[1, 2]], 3, TypeError, ["from_pixels", "list"]),
        (RGB.astype(np.float32), 3, TypeError, ["uint8", "float32"]),
        (RGB.astype(np.uint16), 3, TypeError, ["uint8", "uint16"]),
        (np.zeros((2, 2, 2), np.uint8), 3, ValueError, ["depth 1, 3 or 4", "got 2"]),
        (np.zeros((2, 2, 5), np.uint8), 3, ValueError, ["depth 1, 3 or 4", "got 5"]),
        (np.zeros((1, 2, 2, 3), np.uint8), 3, ValueError, ["(1, 2, 2, 3)"]),
        (np.zeros(3, np.uint8), 3, ValueError, ["(3,)"]),
        ({"data": bytes(7), "width": 2, "height": 1}, 3, ValueError, ["8", "7"]),
        ({"width": 2, "height": 1}, 3, TypeError, ["PixelData"]),
    ],
)
def test_from_pixels_bad_input_names_what_was_wrong(pixels, num_channels, error, fragments):
    with raises_with(error, *fragments):
        no_new_buffers(lambda: tf.browser.from_pixels(pixels, num_channels))


def test_from_pixels_pillow_images_of_every_common_mode():
    image = pil()
    with scope():
        _check_pillow_modes(image)


def _check_pillow_modes(image):
    rgb = image.fromarray(RGB)
    assert tf.browser.from_pixels(rgb, 4).array_sync() == RGBA.tolist()
    rgba = image.fromarray(np.array([[[1, 2, 3, 4]]], np.uint8))
    assert tf.browser.from_pixels(rgba, 4).array_sync() == [[[1, 2, 3, 4]]]
    gray = image.fromarray(np.array([[9, 250]], np.uint8))
    assert tf.browser.from_pixels(gray, 4).array_sync() == [[[9, 9, 9, 255], [250, 250, 250, 255]]]
    gray_alpha = image.new("LA", (1, 1), (40, 7))
    assert tf.browser.from_pixels(gray_alpha, 4).array_sync() == [[[40, 40, 40, 7]]]
    palette = rgb.convert("P", palette=image.Palette.ADAPTIVE)
    assert tf.browser.from_pixels(palette).array_sync() == RGB.tolist()
    sixteen = image.fromarray(np.array([[0, 257 * 100, 65535]], np.uint16))
    assert tf.browser.from_pixels(sixteen, 1).array_sync() == [[[0], [100], [255]]]


def test_from_pixels_reads_image_files_by_str_and_path(tmp_path):
    image = pil()
    path = tmp_path / "two.png"
    image.fromarray(np.array([[[1, 2, 3, 4], [5, 6, 7, 8]]], np.uint8)).save(path)
    for name in (path, str(path)):
        t = tf.browser.from_pixels(name, 4)
        assert t.array_sync() == [[[1, 2, 3, 4], [5, 6, 7, 8]]]
        t.dispose()


def test_from_pixels_turns_photos_upright_as_a_browser_draws_them(tmp_path):
    image = pil()
    path = tmp_path / "rotated.png"
    exif = image.Exif()
    exif[0x0112] = 6  # Orientation: the camera was turned 90 degrees
    image.fromarray(RGB).save(path, exif=exif)
    t = tf.browser.from_pixels(path)
    assert t.shape == (2, 1, 3)
    t.dispose()


def test_from_pixels_bad_files_name_the_file(tmp_path):
    pil()
    missing = tmp_path / "nope.png"
    with raises_with(FileNotFoundError, "nope.png"):
        tf.browser.from_pixels(missing)
    with raises_with(IsADirectoryError, "folder"):
        tf.browser.from_pixels(tmp_path)
    text = tmp_path / "notes.png"
    text.write_text("not an image")
    with raises_with(ValueError, "notes.png", "not an image"):
        tf.browser.from_pixels(str(text))


# to_pixels


@pytest.mark.parametrize(
    ("values", "dtype", "expected"),
    [
        ([[0.0, 0.2, 1.0]], "float32", [[[0, 0, 0, 255], [51, 51, 51, 255], [255, 255, 255, 255]]]),
        ([[[0.5], [1.0]]], "float32", [[[128, 128, 128, 255], [255, 255, 255, 255]]]),
        ([[[1.0, 0.0, 0.4]]], "float32", [[[255, 0, 102, 255]]]),
        ([[[1.0, 0.0, 0.4, 0.2]]], "float32", [[[255, 0, 102, 51]]]),
        ([[7, 255]], "int32", [[[7, 7, 7, 255], [255, 255, 255, 255]]]),
        ([[[1, 2, 3, 4]]], "int32", [[[1, 2, 3, 4]]]),
        ([[[1, 2, 3]]], "int32", [[[1, 2, 3, 255]]]),
        ([[float("nan")]], "float32", [[[0, 0, 0, 255]]]),
    ],
)
def test_to_pixels_draws_rgba(values, dtype, expected):
    img = tf.tensor(values, dtype=dtype)
    rgba = asyncio.run(tf.browser.to_pixels(img))
    assert rgba.dtype == np.uint8
    assert rgba.tolist() == expected
    assert tf.browser.to_pixels_sync(img).tolist() == expected
    assert not img.is_disposed
    img.dispose()


def test_to_pixels_reads_non_tensors_as_int32_and_frees_them():
    rgba = no_new_buffers(lambda: tf.browser.to_pixels_sync(np.array([[[255, 0, 9]]], np.uint8)))
    assert rgba.tolist() == [[[255, 0, 9, 255]]]
    # A nested list of floats is cast to int32 as TF.js does: 0.9 -> 0.
    assert no_new_buffers(lambda: tf.browser.to_pixels_sync([[0.9, 3]])).tolist() == [
        [[0, 0, 0, 255], [3, 3, 3, 255]]
    ]


@pytest.mark.parametrize(
    ("make", "error", "fragments"),
    [
        (lambda: tf.zeros([2]), ValueError, ["rank 2 or 3", "got rank 1"]),
        (lambda: tf.zeros([1, 1, 1, 3]), ValueError, ["rank 2 or 3", "got rank 4"]),
        (lambda: tf.zeros([1, 1, 2]), ValueError, ["depth of size 1, 3 or 4 but got 2"]),
        (lambda: tf.zeros([1, 1, 5]), ValueError, ["depth of size 1, 3 or 4 but got 5"]),
        (lambda: tf.zeros([1, 1], "bool"), TypeError, ["Unsupported type for to_pixels: bool"]),
        (lambda: tf.complex([[1.0]], [[0.0]]), TypeError, ["complex64"]),
        (
            lambda: tf.tensor([[[0, 0, 0], [0, 0, 1.5]]]),
            ValueError,
            ["float32 Tensor must be in the range [0 - 1] but encountered 1.5 at index [0, 1, 2]."],
        ),
        (lambda: tf.tensor([[0, -0.25]]), ValueError, ["encountered -0.25 at index [0, 1]"]),
        (
            lambda: tf.tensor([[3, 256]], dtype="int32"),
            ValueError,
            ["int32 Tensor must be in the range [0 - 255] but encountered 256 at index [0, 1]."],
        ),
        (lambda: tf.tensor([[[-1]]], dtype="int32"), ValueError, ["encountered -1 at index [0, 0, 0]"]),
    ],
)
def test_to_pixels_bad_input_names_what_was_wrong(make, error, fragments):
    img = make()
    for draw in (tf.browser.to_pixels_sync, lambda t: asyncio.run(tf.browser.to_pixels(t))):
        with raises_with(error, *fragments):
            no_new_buffers(lambda draw=draw: draw(img))
    assert not img.is_disposed
    img.dispose()


def test_to_pixels_refuses_strings_and_disposed_tensors():
    with raises_with(TypeError, "string"):
        no_new_buffers(lambda: tf.browser.to_pixels_sync([["a"]]))
    img = tf.zeros([1, 1])
    img.dispose()
    with raises_with(ValueError, "disposed"):
        tf.browser.to_pixels_sync(img)


def test_from_pixels_then_to_pixels_round_trips_rgb():
    rng = np.random.default_rng(8)
    image = rng.integers(0, 256, (5, 7, 3), dtype=np.uint8)
    t = tf.browser.from_pixels(image)
    rgba = asyncio.run(tf.browser.to_pixels(t))
    assert np.array_equal(rgba[:, :, :3], image)
    assert (rgba[:, :, 3] == 255).all()
    scaled = tf.tidy(lambda: t.cast("float32").div(255))
    assert np.array_equal(tf.browser.to_pixels_sync(scaled)[:, :, :3], image)
    tf.dispose([t, scaled])


def test_to_pixels_writes_a_png_that_reads_back(tmp_path):
    image = pil()
    rgba_in = np.array([[[1, 2, 3, 4], [250, 128, 0, 255]]], np.uint8)
    img = tf.tensor(rgba_in.astype(np.int32))
    path = tmp_path / "out.png"
    rgba = asyncio.run(tf.browser.to_pixels(img, path))
    with image.open(path) as png:
        assert png.format == "PNG"
        assert png.size == (2, 1)
        assert np.array_equal(np.asarray(png.convert("RGBA")), rgba_in)
    assert np.array_equal(rgba, rgba_in)
    back = tf.browser.from_pixels(str(path), 4)
    assert np.array_equal(back.numpy(), rgba_in)
    mask = tf.tensor([[0.0, 1.0]])
    tf.browser.to_pixels_sync(mask, str(tmp_path / "mask.png"))
    gray = tf.browser.from_pixels(tmp_path / "mask.png", 1)
    assert gray.array_sync() == [[[0], [255]]]
    tf.dispose([img, back, mask, gray])


def test_without_pillow_arrays_still_work_and_files_say_what_to_install(monkeypatch, tmp_path):
    for name in [m for m in sys.modules if m == "PIL" or m.startswith("PIL.")]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, "PIL", None)
    t = tf.browser.from_pixels(RGB)
    assert tf.browser.to_pixels_sync(t).tolist() == RGBA.tolist()
    with raises_with(ImportError, "Pillow", "tfjs[image]"):
        tf.browser.from_pixels(tmp_path / "a.png")
    with raises_with(ImportError, "Pillow", "tfjs[image]"):
        no_new_buffers(lambda: tf.browser.to_pixels_sync(t, tmp_path / "a.png"))
    assert not (tmp_path / "a.png").exists()
    t.dispose()


# the shipped model and image


def test_astronaut_is_scikit_images_file_with_its_license():
    data = (ASSETS / "astronaut.png").read_bytes()
    # The sha256 that scikit-image 0.26.0's wheel RECORD lists for skimage/data/astronaut.png.
    assert (
        hashlib.sha256(data).hexdigest() == "88431cd9653ccd539741b555fb0a46b61558b301d4110412b5bc28b5e3ea6cb5"
    )
    license_text = (ASSETS / "astronaut.LICENSE.txt").read_text()
    assert "public domain" in license_text and "NASA" in license_text


def test_selfie_model_ships_with_its_shard_and_mit_license():
    manifest = json.loads((ASSETS / "selfie" / "model.json").read_text())
    assert manifest["format"] == "graph-model"
    for group in manifest["weightsManifest"]:
        for shard in group["paths"]:
            assert (ASSETS / "selfie" / shard).is_file()
    license_text = (ASSETS / "selfie" / "LICENSE").read_text()
    assert "MIT License" in license_text and "Copyright (c) 2021 Vladimir Mandic" in license_text


def test_selfie_segments_the_astronaut():
    pil()
    model = tf.load_graph_model(str(ASSETS / "selfie" / "model.json"))
    [spec] = model.inputs
    assert spec.shape == [1, 256, 256, 3]
    pixels = tf.browser.from_pixels(ASSETS / "astronaut.png")
    assert pixels.shape == (512, 512, 3)
    x = tf.tidy(lambda: tf.image.resize_bilinear(pixels, [256, 256]).div(255).expand_dims(0))
    mask = model.execute(x)
    values = mask.numpy()
    assert mask.shape == (1, 256, 256, 1)
    assert values.min() >= 0 and values.max() <= 1
    # The astronaut's head is at the top centre; the top corners are the dark background.
    assert values[0, 40:60, 118:138].mean() > 0.9
    assert values[0, :30, :30].mean() < 0.1 and values[0, :30, -30:].mean() < 0.1
    drawn = tf.tidy(lambda: tf.browser.to_pixels_sync(mask.squeeze([0])))
    assert drawn.shape == (256, 256, 4) and set(np.unique(drawn[:, :, 3])) == {255}
    tf.dispose([pixels, x, mask])
    model.dispose()
