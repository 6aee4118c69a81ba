"""Fixtures of the batch tests: the fixture model, a folder of 200 generated images, and
helpers that read a sink back."""

from __future__ import annotations

import os
from pathlib import Path

import numpy as np
import pytest

TINY = str(Path(__file__).parent / "fixtures" / "tiny" / "model.json")
SELFIE = str(Path(__file__).parents[2] / "examples" / "assets" / "selfie" / "model.json")
IMAGE_COUNT = 200


def make_images(folder: Path, count: int, size: tuple[int, int] = (20, 24)) -> list[Path]:
    """`count` small RGB PNGs (height x width `size`), each its own seeded pattern, in
    `folder` as img_000.png, img_001.png, ..."""
    from PIL import Image

    folder.mkdir(parents=True, exist_ok=True)
    rows, cols = np.mgrid[0 : size[0], 0 : size[1]]
    paths = []
    for i in range(count):
        noise = np.random.default_rng(i).integers(0, 64, (*size, 3))
        base = np.stack([rows * 9 + i, cols * 7 + 3 * i, (rows + cols) * 5 + 11 * i], axis=-1)
        pixels = ((base + noise) % 256).astype(np.uint8)
        path = folder / f"img_{i:03d}.png"
        Image.fromarray(pixels).save(path)
        paths.append(path)
    return paths


@pytest.fixture(scope="session")
def images(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder of 200 generated images (do not write into it)."""
    pytest.importorskip("PIL", reason="Pillow not installed")
    folder = tmp_path_factory.mktemp("images")
    make_images(folder, IMAGE_COUNT)
    return folder


def sink_bytes(folder: Path) -> dict[str, bytes]:
    """Every file of a folder sink by its path inside it (the errors table included)."""
    return {
        os.path.relpath(os.path.join(top, name), folder): Path(top, name).read_bytes()
        for top, _, names in os.walk(folder)
        for name in names
    }
