"""The `tfjs` command on layers models (tests/analysis/fixtures/make_layers_fixtures.py):
info with Keras's summary, bench/profile through predict, check-fp16 per layer, and
`run` on a Teachable-Machine-like classifier listing its top labels."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import numpy as np
import pytest

from tests.cli.test_cli import FIXTURES, run_cli, write_png

CNN = str(FIXTURES / "layers_cnn" / "model.json")  # conv_input [-1,8,8,3] -> Conv2D -> Flatten -> Dense
TEACHABLE = FIXTURES / "teachable"  # red/green/blue/dark scores of the mean pixel; metadata.json
OVERFLOW = str(FIXTURES / "layers_overflow" / "model.json")  # Dense `big` with 70000 weights


@pytest.fixture
def red(tmp_path: Path) -> str:
    pixels = np.zeros([4, 4, 3], np.uint8)
    pixels[..., 0] = 255
    return write_png(tmp_path / "red.png", pixels)


def test_info_shows_the_summary(capsys):
    status, out, err = run_cli(capsys, "info", CNN)
    assert status == 0 and err == ""
    assert "(layers-model)" in out and re.search(r"^keras\s+\S", out, re.M)
    assert re.search(r"input\s+conv_input\s+\[-1, 8, 8, 3\]\s+float32", out)
    assert re.search(r"output\s+probs\s+\[-1, 3\]\s+float32", out)
    assert re.search(r"^Conv2D\s+1$", out, re.M) and "275 parameters" in out
    assert "estimated FLOPs per inference: 4.39 k" in out  # 3888 + 72 + 432 + 3
    assert re.search(r"^conv \(Conv2D\)\s+\[\[null,8,8,3\]\]\s+\[null,6,6,2\]\s+56$", out, re.M)
    assert "Total params: 275" in out


def test_info_json_has_the_summary_rows(capsys):
    status, out, _ = run_cli(capsys, "info", CNN, "--json")
    info = json.loads(out)
    assert status == 0 and info["kind"] == "layers-model" and info["flops"] == 4395
    assert any(row.startswith("probs (Dense)") for row in info["summary"])
    assert "Trainable params: 275" in info["summary"]


def test_bench_and_profile(capsys):
    status, out, _ = run_cli(capsys, "bench", CNN, "--runs", "2", "--json")
    assert status == 0 and len(json.loads(out)["backends"]["cpu"]["times_ms"]) == 2
    status, out, _ = run_cli(capsys, "profile", CNN)
    assert status == 0 and "by kernel only" in out
    assert re.search(r"^Conv2D\s+1\s", out, re.M) and "op type" not in out


def test_check_fp16_names_the_layer(capsys):
    status, out, _ = run_cli(capsys, "check-fp16", OVERFLOW)
    assert status == 1 and re.search(r"^big\s+Dense\s+overflow", out, re.M)


def test_run_prints_the_top_labels(capsys, red):
    status, out, err = run_cli(capsys, "run", str(TEACHABLE), "--image", red)
    assert status == 0 and err == ""
    assert "top 3 labels" in out and "metadata.json" in out
    rows = re.findall(r"^(red|green|blue|dark)\s+([\d.]+)$", out, re.M)
    # softmax of [10 r, 10 g, 10 b, -10/3 (r+g+b)] with pixels / 127 - 1: red 1.0079, the others -1
    assert [label for label, _ in rows] == ["red", "dark", "green"]
    v = np.array([255 / 127 - 1, -1.0, -1.0])
    logits = np.array([*(10 * v), -10 / 3 * v.sum()])
    scores = np.exp(logits - logits.max()) / np.exp(logits - logits.max()).sum()
    assert rows[0][1] == f"{scores[0]:.4f}" and rows[1][1] == f"{scores[3]:.4f}"
    status, out, _ = run_cli(capsys, "run", str(TEACHABLE), "--image", red, "--top", "1")
    assert status == 0 and "top 1 labels" in out
    assert re.findall(r"^(red|green|blue|dark)\s+[\d.]+$", out, re.M) == ["red"]


def test_run_without_metadata_summarises(capsys, tmp_path):
    picture = write_png(tmp_path / "in.png", np.full([8, 8, 3], 128, np.uint8))
    status, out, _ = run_cli(capsys, "run", CNN, "--image", picture)
    assert status == 0 and "labels" not in out
    assert re.search(r"^probs: shape \[1, 3\] float32, min", out, re.M)


def test_analyse_report_has_summary_and_labels(capsys, tmp_path, red):
    report = tmp_path / "report.html"
    status, out, _ = run_cli(
        capsys, "analyse", str(TEACHABLE), "--image", red, "--runs", "1", "--report", str(report)
    )
    assert status == 0 and "top 3 labels" in out
    page = report.read_text()
    assert "<h2>Model summary</h2>" in page and "scores (Dense)" in page
    assert "<h3>Top labels (metadata.json)</h3>" in page and "<td>red</td>" in page


@pytest.mark.parametrize(
    ("metadata", "message"),
    [
        ("[not json", "metadata.json is not JSON"),
        (
            json.dumps({"labels": ["a", "b"]}),
            "has 2 labels, but the model's output 'scores' has shape [1, 4]",
        ),
    ],
)
def test_bad_metadata_is_one_line(capsys, tmp_path, red, metadata, message):
    folder = tmp_path / "model"
    folder.mkdir()
    for name in ("model.json", "weights.bin"):
        shutil.copy(TEACHABLE / name, folder / name)
    (folder / "metadata.json").write_text(metadata)
    status, out, err = run_cli(capsys, "run", str(folder), "--image", red)
    assert status == 2 and out == ""
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("tfjs: error: ") and message in lines[0]
    assert str(folder / "metadata.json") in lines[0]
