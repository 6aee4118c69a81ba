"""tf.batch.run in this process: each record's outputs are `tfjs run`'s on that image,
records stack into one call where the batch dimension is free, a bad record lands in
the errors table, and no Ray is imported."""

from __future__ import annotations

import csv
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import tfjs as tf
from tests.batch.conftest import IMAGE_COUNT, SELFIE, TINY, make_images, sink_bytes
from tfjs.analysis import make_inputs, run_model
from tfjs.converter.graph_model import GraphModel

pytest.importorskip("PIL", reason="Pillow not installed")


def test_each_record_is_a_plain_execute_of_its_image(images: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    summary = tf.batch.run(TINY, images, out, progress=False)
    assert (summary.records, summary.errors, summary.skipped, summary.engine) == (200, 0, 0, "in-process")
    assert (out / "errors.csv").read_text().splitlines() == ["id,reason"]
    model = tf.load_graph_model(TINY)
    try:
        for path in sorted(images.iterdir()):
            inputs = make_inputs(model, None, str(path))
            mask, mean = model.execute(inputs)
            tf.dispose([*inputs.values(), mask])
            expected = mean.numpy()
            mean.dispose()
            written = np.load(out / path.stem / "mean.npy")
            assert written.dtype == np.float32 and written.shape == (1, 3)
            assert written.tobytes() == expected.tobytes(), path.name
    finally:
        model.dispose()
    assert sorted(os.listdir(out / "img_000")) == ["mask.png", "mean.npy"]


def test_image_outputs_are_the_pngs_tfjs_run_writes(images: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    tf.batch.run(TINY, images, out, batch_size=4, progress=False)
    for path in sorted(images.iterdir())[:8]:
        png = tmp_path / f"{path.stem}_run.png"
        run_model(TINY, str(path), out=str(png))
        assert (out / path.stem / "mask.png").read_bytes() == png.read_bytes(), path.name


def test_a_constant_image_gives_its_colour_as_the_mean(tmp_path: Path) -> None:
    from PIL import Image

    (tmp_path / "in").mkdir()
    Image.new("RGB", (30, 10), (51, 102, 204)).save(tmp_path / "in" / "flat.png")
    tf.batch.run(TINY, tmp_path / "in", tmp_path / "out", progress=False)
    mean = np.load(tmp_path / "out" / "flat" / "mean.npy")
    np.testing.assert_array_equal(mean, np.array([[51, 102, 204]], np.float32) / np.float32(255))


def _count_calls(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    calls: list[int] = []
    execute = GraphModel.execute

    def counted(self: GraphModel, inputs, outputs=None):
        calls.append(next(iter(inputs.values())).shape[0])
        return execute(self, inputs, outputs)

    monkeypatch.setattr(GraphModel, "execute", counted)
    return calls


def test_records_stack_where_the_batch_dimension_is_free(
    images: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    one = tmp_path / "one"
    tf.batch.run(TINY, images, one, progress=False)
    calls = _count_calls(monkeypatch)
    summary = tf.batch.run(TINY, images, tmp_path / "eight", batch_size=8, progress=False)
    assert summary.records == IMAGE_COUNT
    assert calls == [1] + [8] * (IMAGE_COUNT // 8)  # the warm-up, then one call per 8 records
    single, stacked = tf.batch.read_results(one), tf.batch.read_results(tmp_path / "eight")
    assert sorted(single) == sorted(stacked) and len(single) == 2 * IMAGE_COUNT
    for key, values in single.items():
        np.testing.assert_allclose(stacked[key], values, rtol=1e-6, atol=1e-7, err_msg=key)


def test_a_fixed_batch_runs_record_by_record_as_tfjs_run(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "in"
    make_images(folder, 2, size=(40, 30))
    astronaut = Path(SELFIE).parents[1] / "astronaut.png"
    (folder / "astronaut.png").write_bytes(astronaut.read_bytes())
    calls = _count_calls(monkeypatch)
    summary = tf.batch.run(SELFIE, folder, tmp_path / "out", batch_size=4, progress=False)
    assert summary.records == 3 and calls == [1, 1, 1, 1]
    monkeypatch.undo()
    for path in sorted(folder.iterdir()):
        png = tmp_path / f"{path.stem}_run.png"
        run_model(SELFIE, str(path), out=str(png))
        assert (tmp_path / "out" / f"{path.stem}.png").read_bytes() == png.read_bytes(), path.name


def test_a_corrupt_image_lands_in_the_errors_table(images: Path, tmp_path: Path) -> None:
    folder = tmp_path / "in"
    folder.mkdir()
    for path in sorted(images.iterdir())[: IMAGE_COUNT - 1]:
        (folder / path.name).write_bytes(path.read_bytes())
    (folder / "img_bad.png").write_bytes(b"\x89PNG\r\n\x1a\n not really a png")
    summary = tf.batch.run(TINY, folder, tmp_path / "out", batch_size=8, progress=False)
    assert (summary.records, summary.errors) == (IMAGE_COUNT - 1, 1)
    rows = (tmp_path / "out" / "errors.csv").read_text().splitlines()
    assert rows[0] == "id,reason" and len(rows) == 2
    assert rows[1].startswith("img_bad,ValueError: from_pixels:") and "not an image file" in rows[1]
    results = tf.batch.read_results(tmp_path / "out")
    assert len(results) == 2 * (IMAGE_COUNT - 1) and "img_bad/mean" not in results


def test_a_first_record_the_model_cannot_take_lands_in_the_errors_table(tmp_path: Path) -> None:
    folder = tmp_path / "arrays"
    folder.mkdir()
    np.save(folder / "a_stray.npy", np.zeros(3, np.float32))  # first in order: no input's shape
    for i in range(2):
        np.save(folder / f"b{i}.npy", np.full((16, 16, 3), i, np.float32))
    summary = tf.batch.run(TINY, folder, tmp_path / "out", progress=False)
    assert (summary.records, summary.errors) == (2, 1)
    with open(tmp_path / "out" / "errors.csv", newline="") as table:
        (record_id, reason), *_ = list(csv.reader(table))[1:]
    assert record_id == "a_stray" and reason.startswith("ValueError: batch: record 'a_stray' has shape [3];")
    assert tf.batch.read_results(tmp_path / "out")["b1/mean"].tolist() == [[1.0, 1.0, 1.0]]


def test_arrays_to_parquet_and_back(tmp_path: Path) -> None:
    pytest.importorskip("pyarrow", reason="pyarrow not installed")
    folder = tmp_path / "arrays"
    folder.mkdir()
    rng = np.random.default_rng(7)
    arrays = {f"a{i}": rng.random((16, 16, 3), dtype=np.float32) for i in range(5)}
    for name, values in arrays.items():
        np.save(folder / f"{name}.npy", values)
    out = tmp_path / "out.parquet"
    summary = tf.batch.run(TINY, folder, out, batch_size=2, progress=False)
    assert (summary.records, summary.errors) == (5, 0)
    assert not (tmp_path / "out.parquet.parts").exists()
    results = tf.batch.read_results(out)
    for name, values in arrays.items():
        expected = values.astype(np.float64).mean(axis=(0, 1))
        np.testing.assert_allclose(results[f"{name}/mean"], expected[np.newaxis], rtol=1e-6)
        assert results[f"{name}/mask"].shape == (1, 16, 16, 1)


def test_a_parquet_source_of_image_bytes_and_of_flat_arrays(images: Path, tmp_path: Path) -> None:
    pa = pytest.importorskip("pyarrow", reason="pyarrow not installed")
    import pyarrow.parquet as pq

    paths = sorted(images.iterdir())[:4]
    table = pa.table({"id": [p.stem for p in paths], "png": [p.read_bytes() for p in paths]})
    pq.write_table(table, tmp_path / "images.parquet")
    tf.batch.run(TINY, tmp_path / "images.parquet", tmp_path / "from_bytes", column="png", progress=False)
    tf.batch.run(TINY, images, tmp_path / "from_files", progress=False)
    from_bytes = sink_bytes(tmp_path / "from_bytes")
    assert from_bytes == {k: v for k, v in sink_bytes(tmp_path / "from_files").items() if k in from_bytes}
    assert len(from_bytes) == 2 * 4 + 1
    flat = np.full(16 * 16 * 3, 0.25, np.float32)
    pq.write_table(pa.table({"x": [flat.tolist()]}), tmp_path / "flat.parquet")
    tf.batch.run(TINY, tmp_path / "flat.parquet", tmp_path / "flat", progress=False)
    np.testing.assert_array_equal(np.load(tmp_path / "flat" / "0" / "mean.npy"), [[0.25, 0.25, 0.25]])


def test_no_ray_on_the_in_process_path(tmp_path: Path) -> None:
    out = str(tmp_path / "out")
    code = (
        "import sys, tfjs as tf; "
        f"tf.batch.run({TINY!r}, 'examples/assets/astronaut.png', {out!r}, progress=False); "
        "print(sorted(m for m in sys.modules if m == 'ray' or m.startswith('ray.')))"
    )
    root = Path(__file__).parents[2]
    done = subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


def test_the_command_prints_a_json_summary(
    images: Path, tmp_path: Path, capsys: pytest.CaptureFixture
) -> None:
    from tfjs.cli import main

    assert (
        main(["batch", TINY, str(images), "--out", str(tmp_path / "out"), "--batch-size", "16", "--json"])
        == 0
    )
    summary = json.loads(capsys.readouterr().out)
    assert summary["records"] == IMAGE_COUNT and summary["errors"] == 0
    assert summary["records_per_s"] == pytest.approx(IMAGE_COUNT / summary["seconds"])


def test_a_layers_model_over_arrays(tmp_path: Path) -> None:
    layers_model = Path(__file__).parents[1] / "layers" / "models" / "doc_dense" / "model.json"
    folder = tmp_path / "arrays"
    folder.mkdir()
    for name, values in {"a": [1, 2], "b": [3, -1], "c": [0.5, 0.25]}.items():
        np.save(folder / f"{name}.npy", np.array(values, np.float32))
    summary = tf.batch.run(str(layers_model), folder, tmp_path / "out", batch_size=2, progress=False)
    assert (summary.records, summary.errors) == (3, 0)
    # Dense(1) with kernel [[1], [1]] and bias [1]: x0 + x1 + 1.
    assert {k: v.tolist() for k, v in tf.batch.read_results(tmp_path / "out").items()} == {
        "a": [[4.0]],
        "b": [[3.0]],
        "c": [[1.75]],
    }


def _as_array(image: Any) -> np.ndarray:
    return np.asarray(image.convert("RGB").resize((16, 16)), np.float32) / 255


def _double_mean(outputs: dict[str, np.ndarray]) -> dict[str, np.ndarray]:
    return {"mask": outputs["mask"], "mean": outputs["mean"] * 2}


def test_preprocess_and_postprocess_per_record(images: Path, tmp_path: Path) -> None:
    paths = sorted(images.iterdir())[:3]
    folder = tmp_path / "in"
    folder.mkdir()
    for path in paths:
        (folder / path.name).write_bytes(path.read_bytes())
    tf.batch.run(
        TINY, folder, tmp_path / "out", preprocess=_as_array, postprocess=_double_mean, progress=False
    )
    from PIL import Image

    for path in paths:
        with Image.open(path) as image:
            expected = _as_array(image).astype(np.float64).mean(axis=(0, 1)) * 2
        np.testing.assert_allclose(np.load(tmp_path / "out" / path.stem / "mean.npy")[0], expected, rtol=1e-6)


def test_a_postprocess_that_drops_an_output_is_an_error_per_record(images: Path, tmp_path: Path) -> None:
    summary = tf.batch.run(
        TINY,
        images / "img_000.png",
        tmp_path / "out",
        postprocess=lambda o: {"mean": o["mean"]},
        progress=False,
    )
    assert (summary.records, summary.errors) == (0, 1)
    with open(tmp_path / "out" / "errors.csv", newline="") as table:
        rows = list(csv.reader(table))
    assert rows == [
        ["id", "reason"],
        ["img_000", "TypeError: postprocess must return a dict with the keys ['mask', 'mean']"],
    ]
