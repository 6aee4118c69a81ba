"""make_inputs: random (seeded) inputs, shapes for unknown sizes, images."""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np
import pytest

import tfjs as tf
from tests.analysis.conftest import ADD_MUL, fixture
from tfjs.analysis import load, make_inputs
from tfjs.analysis.inputs import input_shape


@pytest.fixture
def models() -> Iterator[dict]:
    loaded = {name: load(fixture(name)) for name in ("conv", "dynamic", "image", "no_inputs", "two_channels")}
    loaded["add_mul"] = load(ADD_MUL)
    yield loaded
    for model in loaded.values():
        model.dispose()


def _arrays(inputs: dict) -> dict:
    arrays = {name: t.numpy() for name, t in inputs.items()}
    tf.dispose(inputs)
    return arrays


def test_batch_filled_with_one_and_values_seeded(models):
    first = _arrays(make_inputs(models["conv"]))
    second = _arrays(make_inputs(models["conv"]))
    assert first["x"].shape == (1, 8, 8, 3) and first["x"].dtype == np.float32
    np.testing.assert_array_equal(first["x"], second["x"])
    assert first["x"].min() >= 0 and first["x"].max() < 1 and first["x"].std() > 0.1


def test_unknown_sizes_need_a_shape(models):
    with pytest.raises(ValueError, match=r"Input 'x' has shape \[-1, -1, -1, 3\]: dimension 1 is unknown"):
        make_inputs(models["dynamic"])
    assert _arrays(make_inputs(models["dynamic"], {"x": [2, 5, 4, 3]}))["x"].shape == (2, 5, 4, 3)
    assert _arrays(make_inputs(models["dynamic"], {"*": [1, 2, 2, 3]}))["x"].shape == (1, 2, 2, 3)


@pytest.mark.parametrize(
    ("shapes", "message"),
    [
        ({"x": [1, 5, 5]}, "has rank 4 .* has rank 3"),
        ({"x": [1, 5, 5, 4]}, "differs in dimension 3"),
        ({"x": [1, -2, 5, 3]}, "sizes >= 0"),
    ],
)
def test_bad_shapes(models, shapes, message):
    with pytest.raises(ValueError, match=message):
        make_inputs(models["dynamic"], shapes)


def test_input_shape_rules():
    assert input_shape("x", [-1, 4]) == [1, 4]
    assert input_shape("y", [3], {"x": [9]}) == [3]
    with pytest.raises(ValueError, match="Input 'x' has an unknown rank"):
        input_shape("x", None)
    assert input_shape("x", None, {"x": [2, 2]}) == [2, 2]


def test_no_inputs(models):
    with pytest.raises(ValueError, match=r"^the model has no inputs$"):
        make_inputs(models["no_inputs"])


def test_image_scaled_to_unit_range(models):
    pixels = (np.arange(8 * 8 * 3) % 256).astype(np.uint8).reshape(8, 8, 3)
    x = _arrays(make_inputs(models["image"], image=pixels))["x"]
    assert x.shape == (1, 8, 8, 3)
    np.testing.assert_allclose(x[0], pixels / 255, atol=1e-6)


def test_image_resized_to_the_input(models):
    pixels = np.full([20, 12, 3], [10, 200, 40], np.uint8)  # a flat color resizes to itself
    x = _arrays(make_inputs(models["image"], image=pixels))["x"]
    assert x.shape == (1, 8, 8, 3)
    np.testing.assert_allclose(x[0, 3, 5], [10 / 255, 200 / 255, 40 / 255], atol=1e-6)


def test_image_sizes_fill_unknown_dimensions(models):
    pixels = np.zeros([5, 7, 3], np.uint8)
    assert _arrays(make_inputs(models["dynamic"], image=pixels))["x"].shape == (1, 5, 7, 3)


def test_image_file(models, tmp_path):
    pil = pytest.importorskip("PIL.Image", reason="Pillow (tfjs[image]) reads image files")
    path = tmp_path / "in.png"
    pil.fromarray(np.full([8, 8, 3], 51, np.uint8)).save(path)
    x = _arrays(make_inputs(models["image"], image=str(path)))["x"]
    np.testing.assert_allclose(x, 0.2, atol=1e-6)


def test_image_of_the_wrong_depth(models):
    with pytest.raises(ValueError, match="1, 3 or 4 channels; the model's input takes 2"):
        make_inputs(models["two_channels"], image=np.zeros([4, 4, 3], np.uint8))


def test_image_without_an_image_input(models):
    with pytest.raises(ValueError, match=r"No input of the model takes an image.*'x' \[-1\]"):
        make_inputs(models["add_mul"], image=np.zeros([4, 4, 3], np.uint8))
