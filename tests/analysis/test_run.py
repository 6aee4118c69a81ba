"""run_model: pixels in, model out."""

from __future__ import annotations

import numpy as np
import pytest

from tests.analysis.conftest import fixture
from tfjs.analysis import run_model
from tfjs.analysis.run import image_scale

PIXELS = (np.arange(8 * 8 * 3) * 7 % 256).astype(np.uint8).reshape(8, 8, 3)


def test_image_output_saved_and_others_summarised(tmp_path):
    pil = pytest.importorskip("PIL.Image", reason="Pillow (tfjs[image]) writes PNG files")
    out = tmp_path / "out.png"
    result = run_model(fixture("image"), PIXELS, str(out))
    assert result.outputs == [("inverted", [1, 8, 8, 3], "float32"), ("mean", [1, 3], "float32")]
    assert result.images == [str(out)]
    written = np.asarray(pil.open(out).convert("RGB"))
    np.testing.assert_allclose(written.astype(int), 255 - PIXELS.astype(int), atol=1)
    mean = PIXELS.reshape(-1, 3).mean(axis=0) / 255
    assert result.summary[0].startswith("inverted: shape [1, 8, 8, 3] float32, an image")
    assert result.summary[1].startswith("mean: shape [1, 3] float32, ")
    assert f"max {mean.max():.4g}" in result.summary[1]


def test_without_out_nothing_is_written(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = run_model(fixture("image"), PIXELS)
    assert result.images == [] and list(tmp_path.iterdir()) == []
    assert "not saved" in result.summary[-1]


def test_non_image_outputs(tmp_path):
    result = run_model(fixture("conv"), np.zeros([8, 8, 3], np.uint8), str(tmp_path / "o.png"))
    # relu of bias only: [0.1, 0, 0.3, 0] per pixel, depth 4 in [0, 1] -> an image
    assert result.outputs == [("out", [1, 6, 6, 4], "float32")]
    assert len(result.images) == 1


def test_bad_input(tmp_path):
    with pytest.raises(ValueError, match="needs an image"):
        run_model(fixture("image"), None)
    with pytest.raises(ValueError, match="1, 3 or 4 channels"):
        run_model(fixture("two_channels"), PIXELS)
    with pytest.raises(ValueError, match="No input of the model takes an image"):
        run_model(fixture("in_range"), PIXELS)
    with pytest.raises(OSError):
        run_model(str(tmp_path / "missing.json"), PIXELS)


@pytest.mark.parametrize(
    ("shape", "low", "high", "expected"),
    [
        ([1, 4, 4, 1], 0.0, 1.0, 1.0),
        ([4, 4, 3], 0.0, 255.0, 255.0),
        ([4, 4, 4], 0.0, 0.5, 1.0),
        ([4, 4, 3], -1.0, 1.0, None),  # out of both ranges
        ([4, 4, 3], 0.0, 300.0, None),
        ([4, 4, 2], 0.0, 1.0, None),  # depth 2
        ([4, 3], 0.0, 1.0, None),  # rank 2
        ([1, 200, 4], 0.0, 1.0, None),  # one row: boxes, as faceboxes' [1, 200, 4]
        ([2, 4, 1, 3], 0.0, 1.0, None),  # one column
    ],
)
def test_image_scale(shape, low, high, expected):
    values = np.full(shape, low, np.float32)
    values.flat[-1] = high
    assert image_scale(values) == expected


def test_several_images_named_after_out():
    from tfjs.analysis.run import _paths

    assert _paths("masks/out.png", 3) == ["masks/out.png", "masks/out_1.png", "masks/out_2.png"]
    assert _paths("out", 2) == ["out", "out_1.png"]
