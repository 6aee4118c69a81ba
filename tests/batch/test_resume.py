"""`resume`: a run interrupted part-way is finished by a second run that skips what the
sink holds, redoing nothing and duplicating nothing, in a folder or a Parquet file."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

import tfjs as tf
from tests.batch.conftest import IMAGE_COUNT, TINY, sink_bytes

pytest.importorskip("PIL", reason="Pillow not installed")


class InterruptAfter:
    """A preprocess that passes images through, and stops the run (as Ctrl-C would) at
    its `count`-th call."""

    def __init__(self, count: int) -> None:
        self.count = count
        self.calls = 0

    def __call__(self, image: Any) -> Any:
        self.calls += 1
        if self.calls == self.count:
            raise KeyboardInterrupt
        return image


def _stamps(folder: Path) -> dict[str, tuple[int, int]]:
    return {
        os.path.relpath(os.path.join(top, n), folder): (
            os.stat(os.path.join(top, n)).st_ino,
            os.stat(os.path.join(top, n)).st_mtime_ns,
        )
        for top, _, names in os.walk(folder)
        for n in names
    }


def test_resume_finishes_a_folder_without_redoing_a_record(images: Path, tmp_path: Path) -> None:
    clean = tmp_path / "clean"
    tf.batch.run(TINY, images, clean, batch_size=4, progress=False)
    out = tmp_path / "out"
    with pytest.raises(KeyboardInterrupt):
        tf.batch.run(TINY, images, out, batch_size=4, preprocess=InterruptAfter(80), progress=False)
    before = _stamps(out)
    done = len({key.split(os.sep)[0] for key in before if not key.startswith(".tmp")})
    assert 0 < done < IMAGE_COUNT
    with pytest.raises(FileExistsError, match="not empty"):
        tf.batch.run(TINY, images, out, batch_size=4, progress=False)
    summary = tf.batch.run(TINY, images, out, batch_size=4, resume=True, progress=False)
    assert (summary.skipped, summary.records, summary.errors) == (done, IMAGE_COUNT - done, 0)
    after = _stamps(out)
    assert {k: after[k] for k in before if k in after} == {k: v for k, v in before.items() if ".tmp" not in k}
    assert sink_bytes(out) == sink_bytes(clean)
    again = tf.batch.run(TINY, images, out, batch_size=4, resume=True, progress=False)
    assert (again.skipped, again.records) == (IMAGE_COUNT, 0)


def test_resume_finishes_a_parquet_file_with_one_row_per_record(images: Path, tmp_path: Path) -> None:
    pq = pytest.importorskip("pyarrow.parquet", reason="pyarrow not installed")
    out = tmp_path / "out.parquet"
    with pytest.raises(KeyboardInterrupt):
        tf.batch.run(TINY, images, out, batch_size=8, preprocess=InterruptAfter(100), progress=False)
    assert not out.exists() and (tmp_path / "out.parquet.parts").is_dir()
    summary = tf.batch.run(TINY, images, out, batch_size=8, resume=True, progress=False)
    assert 0 < summary.skipped < IMAGE_COUNT and summary.records == IMAGE_COUNT - summary.skipped
    ids = pq.read_table(out, columns=["id"]).column("id").to_pylist()
    assert sorted(ids) == [f"img_{i:03d}" for i in range(IMAGE_COUNT)]
    assert not (tmp_path / "out.parquet.parts").exists()
    tf.batch.run(TINY, images, tmp_path / "clean.parquet", batch_size=8, progress=False)
    resumed, clean = tf.batch.read_results(out), tf.batch.read_results(tmp_path / "clean.parquet")
    assert sorted(resumed) == sorted(clean)
    assert all(resumed[k].tobytes() == clean[k].tobytes() for k in clean)
