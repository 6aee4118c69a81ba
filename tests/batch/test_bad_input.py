"""Bad input to tf.batch.run and `tfjs batch`: a clear error before any work, and
nothing written."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

import tfjs as tf
from tests.batch.conftest import TINY, make_images

TWO_CHANNELS = str(Path(__file__).parents[1] / "analysis" / "fixtures" / "two_channels" / "model.json")


@pytest.fixture
def few(tmp_path: Path) -> Path:
    pytest.importorskip("PIL", reason="Pillow not installed")
    make_images(tmp_path / "few", 3)
    return tmp_path / "few"


def _corrupt(folder: Path) -> Path:
    folder.mkdir()
    for i in range(3):
        (folder / f"bad_{i}.png").write_bytes(b"not a png")
    return folder


def _wrong_shape(folder: Path) -> Path:
    folder.mkdir()
    np.save(folder / "a.npy", np.zeros([5, 5, 3], np.float32))
    return folder


CASES = {
    "missing source": (lambda t: (TINY, t / "nope", {}), FileNotFoundError, "source '.*nope' does not exist"),
    "empty source": (
        lambda t: (TINY, (t / "empty").mkdir() or t / "empty", {}),
        ValueError,
        "holds no records",
    ),
    "unreadable source": (
        lambda t: (TINY, _corrupt(t / "bad"), {}),
        ValueError,
        "none of the first 3 records can be read",
    ),
    "wrong record shape": (
        lambda t: (TINY, _wrong_shape(t / "arrays"), {}),
        ValueError,
        r"record 'a' has shape \[1, 5, 5, 3\]; the model's input 'x' takes \[-1, 16, 16, 3\]",
    ),
    "shape of no input": (
        lambda t: (TINY, _wrong_shape(t / "arrays"), {"shapes": {"y": [1, 16, 16, 3]}}),
        ValueError,
        r"shapes are given for \['y'\], which are not inputs of the model \(its inputs: \['x'\]\)",
    ),
    "shape of no input, images": (
        lambda t: (TINY, "examples/assets/astronaut.png", {"shapes": {"y": [1, 16, 16, 3]}}),
        ValueError,
        r"shapes are given for \['y'\], which are not inputs",
    ),
    "no image input": (
        lambda t: (TWO_CHANNELS, "examples/assets/astronaut.png", {}),
        ValueError,
        "An image has 1, 3 or 4 channels",
    ),
    "batch size 0": (
        lambda t: (TINY, "examples/assets/astronaut.png", {"batch_size": 0}),
        ValueError,
        "at least 1",
    ),
    "workers not an int": (
        lambda t: (TINY, "examples/assets/astronaut.png", {"workers": "2", "ray": True}),
        TypeError,
        "workers must be an int",
    ),
    "workers without ray": (
        lambda t: (TINY, "examples/assets/astronaut.png", {"workers": 2}),
        ValueError,
        r"workers=2 is for a run on Ray: add ray=True \(--ray\)",
    ),
    "overwrite and resume": (
        lambda t: (TINY, "examples/assets/astronaut.png", {"overwrite": True, "resume": True}),
        ValueError,
        "exclude each other",
    ),
    "column of a folder": (
        lambda t: (TINY, "examples/assets/astronaut.png", {"column": "png"}),
        ValueError,
        "is for a Parquet source",
    ),
}


@pytest.mark.parametrize("case", CASES, ids=list(CASES))
def test_bad_input_fails_before_any_work(case: str, tmp_path: Path) -> None:
    make, error, message = CASES[case]
    model, source, options = make(tmp_path)
    with pytest.raises(error, match=message):
        tf.batch.run(model, source, tmp_path / "out", progress=False, **options)
    assert not (tmp_path / "out").exists()


def test_a_sink_that_is_not_empty_is_refused(few: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    out.mkdir()
    (out / "keep.txt").write_text("mine")
    with pytest.raises(FileExistsError, match="exists and is not empty: give overwrite=True"):
        tf.batch.run(TINY, few, out, progress=False)
    assert (out / "keep.txt").read_text() == "mine"
    summary = tf.batch.run(TINY, few, out, overwrite=True, progress=False)
    assert summary.records == 3 and not (out / "keep.txt").exists()


def test_a_sink_inside_the_source_is_refused(few: Path) -> None:
    with pytest.raises(ValueError, match="is inside the source"):
        tf.batch.run(TINY, few, few / "out", progress=False)


def test_a_parquet_column_that_is_not_there(tmp_path: Path) -> None:
    pa = pytest.importorskip("pyarrow", reason="pyarrow not installed")
    import pyarrow.parquet as pq

    pq.write_table(pa.table({"a": [1], "b": [2]}), tmp_path / "in.parquet")
    with pytest.raises(ValueError, match=r"columns \['a', 'b'\]: say which holds the records"):
        tf.batch.run(TINY, tmp_path / "in.parquet", tmp_path / "out", progress=False)
    with pytest.raises(ValueError, match="has no column 'c'"):
        tf.batch.run(TINY, tmp_path / "in.parquet", tmp_path / "out", column="c", progress=False)


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--out", "OUT"], "tfjs: error: batch: the source 'nope' does not exist"),
        (["--out", "OUT", "--overwrite", "--resume"], "tfjs: error: argument --resume: not allowed with"),
        (["--out", "OUT", "--ray", "--address", "auto"], "tfjs: error: argument --address: not allowed with"),
        (
            ["--out", "OUT", "--batch-size", "0"],
            "tfjs: error: argument --batch-size: expected an integer >= 1",
        ),
        ([], "tfjs: error: the following arguments are required: --out"),
    ],
)
def test_the_command_says_what_is_wrong_in_one_line(
    argv: list[str], message: str, tmp_path: Path, capsys: pytest.CaptureFixture
) -> None:
    from tfjs.cli import main

    argv = [str(tmp_path / "out") if a == "OUT" else a for a in argv]
    assert main(["batch", TINY, "nope", *argv]) == 2
    err = capsys.readouterr().err
    assert err.startswith(message) and err.count("\n") == 1
