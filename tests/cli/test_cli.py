"""The `tfjs` command, run in-process through `main([...])` (and once as `python -m tfjs`),
on the small graph models of tests/analysis/fixtures."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import tfjs as tf
from tfjs.analysis.console import format_table
from tfjs.cli import main, parse_shape

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "tests" / "analysis" / "fixtures"
CONV = str(FIXTURES / "conv" / "model.json")  # x [-1,8,8,3] -> Conv2D 3x3x3x4 -> BiasAdd -> Relu
IMAGE = str(FIXTURES / "image" / "model.json")  # x [1,8,8,3] -> `inverted` = 1 - x, `mean`
OVERFLOW = str(FIXTURES / "overflow" / "model.json")  # x + 70000
IN_RANGE = str(FIXTURES / "in_range" / "model.json")  # x * 2 + 1
DYNAMIC = str(FIXTURES / "dynamic" / "model.json")  # x [-1,-1,-1,3] -> Relu
NO_INPUTS = str(FIXTURES / "no_inputs" / "model.json")
LAYERS = str(ROOT / "tests" / "cli" / "fixtures" / "layers" / "model.json")


def run_cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def write_png(path: Path, pixels: np.ndarray) -> str:
    image = pytest.importorskip("PIL.Image", reason="the image tests need Pillow (tfjs[image])")
    image.fromarray(pixels).save(path)
    return str(path)


@pytest.fixture
def picture(tmp_path: Path) -> tuple[str, np.ndarray]:
    pixels = (np.arange(8 * 8 * 3).reshape(8, 8, 3) * 5 % 256).astype(np.uint8)
    return write_png(tmp_path / "in.png", pixels), pixels


def test_info_prints_io_ops_weights_and_flops(capsys):
    status, out, err = run_cli(capsys, "info", CONV)
    assert status == 0 and err == ""
    assert re.search(r"input\s+x\s+\[-1, 8, 8, 3\]\s+float32", out)
    assert re.search(r"^Conv2D\s+1$", out, re.M)
    assert "112 parameters" in out  # 3*3*3*4 filter + 4 bias
    assert "1 as uint8" in out  # the quantized bias
    assert "estimated FLOPs per inference" in out


def test_info_json_is_one_object(capsys):
    status, out, _ = run_cli(capsys, "info", CONV, "--json")
    info = json.loads(out)
    assert status == 0
    assert info["kind"] == "graph-model"
    assert info["op_histogram"]["Conv2D"] == 1
    assert info["parameters"] == 3 * 3 * 3 * 4 + 4
    assert info["quantization"] == {"uint8": 1}
    assert [t["name"] for t in info["inputs"]] == ["x"]
    assert len(info["groups"]) == 2


def test_bench_json_has_one_entry_per_backend(capsys):
    status, out, err = run_cli(capsys, "bench", IN_RANGE, "--runs", "3", "--warmup", "0", "--json")
    assert status == 0
    result = json.loads(out)  # nothing else on stdout
    cpu = result["backends"]["cpu"]
    assert len(cpu["times_ms"]) == 3
    assert cpu["p10_ms"] <= cpu["median_ms"] <= cpu["p90_ms"]
    assert cpu["fps"] == pytest.approx(1000 / cpu["median_ms"], rel=1e-6)
    assert "cpu" in err  # the progress bar


def test_bench_compares_every_backend_that_starts_by_default_the_active_one_first(capsys):
    status, out, _ = run_cli(capsys, "bench", IN_RANGE, "--runs", "1", "--warmup", "0")
    assert status == 0
    started = [name for name in tf.engine().registered_backends() if tf.engine().find_backend(name)]
    assert out.splitlines()[0].split() == ["cpu", *(name for name in started if name != "cpu")]


def test_bench_table_lists_every_metric(capsys):
    status, out, _ = run_cli(capsys, "bench", IN_RANGE, "--runs", "2", "--backend", "cpu")
    assert status == 0
    header = out.splitlines()[0]
    assert header.split() == ["cpu"]
    for metric in ("load ms", "first call ms", "median ms", "p10 ms", "p90 ms", "FPS", "peak bytes"):
        assert re.search(rf"^{metric}\s+\S", out, re.M), metric


def test_profile_sorts_by_time(capsys):
    status, out, _ = run_cli(capsys, "profile", CONV, "--top", "3")
    assert status == 0
    tables = out.split("\n\n")[1:]
    assert tables[0].startswith("op type") and tables[1].startswith("kernel")
    for table in tables:
        rows = [line for line in table.splitlines()[2:] if not line.startswith("...")]
        assert 1 <= len(rows) <= 3
        times = [float(row.split()[-2]) for row in rows]
        assert times == sorted(times, reverse=True)
    assert re.search(r"^(Fused)?Conv2D\s+1\s", tables[0], re.M)  # Conv2D+BiasAdd+Relu fuse on load


def test_run_writes_the_image_output(capsys, tmp_path, picture):
    path, pixels = picture
    out_png = tmp_path / "out.png"
    status, out, _ = run_cli(capsys, "run", IMAGE, "--image", path, "--out", str(out_png))
    assert status == 0
    assert re.search(r"inverted\s+\[1, 8, 8, 3\]", out) and re.search(r"mean\s+\[1, 3\]", out)
    from PIL import Image

    written = np.asarray(Image.open(out_png).convert("RGB")).astype(int)
    np.testing.assert_allclose(written, 255 - pixels.astype(int), atol=1)


def test_check_fp16_flags_overflow_and_passes_in_range(capsys):
    status, out, _ = run_cli(capsys, "check-fp16", OVERFLOW)
    assert status == 1
    assert re.search(r"^big\s+AddV2\s+overflow", out, re.M)
    status, out, _ = run_cli(capsys, "check-fp16", IN_RANGE)
    assert status == 0 and "no node" in out


def test_shape_fills_unknown_dimensions(capsys):
    status, out, _ = run_cli(capsys, "profile", DYNAMIC, "--shape", "x=1,5,7,3")
    assert status == 0 and "Relu" in out
    status, _, err = run_cli(capsys, "profile", DYNAMIC)
    assert status == 2 and "'x'" in err


def test_analyse_writes_report_and_output_png(capsys, tmp_path, picture):
    path, _ = picture
    report = tmp_path / "analysis.html"
    argv = ["analyse", IMAGE, "--image", path, "--runs", "2", "--report", str(report), "--check-fp16"]
    status, out, _ = run_cli(capsys, *argv)
    assert status == 0
    for part in ("median ms", "op type", "float16:", f"wrote {report}"):
        assert part in out
    assert (tmp_path / "analysis_output.png").is_file()
    page = report.read_text()
    assert page.count("<table") >= 6 and "Benchmark" in page and "inverted" in page
    assert 'src="data:image/png;base64,' in page


def test_analyse_report_is_self_contained(capsys, tmp_path):
    pytest.importorskip("matplotlib", reason="the charts need matplotlib (tfjs[report])")
    report = tmp_path / "r.html"
    status, _, _ = run_cli(capsys, "analyse", CONV, "--runs", "3", "--report", str(report))
    assert status == 0
    page = report.read_text()
    assert page.count("<svg") == 3  # latency, time by op type, bytes by dtype
    assert re.search(r"<svg.*?<path", page, re.S)
    assert not re.search(r"(src|href)\s*=\s*[\"']?\s*(https?:)?//", page, re.I)
    assert "<link" not in page and "<script" not in page and "@import" not in page
    assert ">Conv2D<" in page and ">uint8<" in page


def test_analyse_is_also_spelled_analyze(capsys):
    status, out, _ = run_cli(capsys, "analyze", IN_RANGE, "--runs", "1")
    assert status == 0 and "median ms" in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["info", "no/such/model.json"], "no/such/model.json"),
        (["info", __file__], "test_cli.py"),
        (["bench", NO_INPUTS], "input"),
        (["info", LAYERS], "2 of 2 weights are not set"),  # a layers model.json without its weights
        (["bench", CONV, "--backend", "cpu,webgl"], "unknown backend 'webgl': the known backends are "),
        (["bench", CONV, "--shape", "x=1,eight,8,3"], "bad --shape 'x=1,eight,8,3'"),
        (["bench", CONV, "--shape", "x=2,8,8"], "rank"),
        (["bench", CONV, "--shape", "y=1,8,8,3"], "shapes are given for ['y'], which are not inputs"),
        (["info", CONV, "--shape", "y=1,8,8,3"], "shapes are given for ['y'], which are not inputs"),
        (["info", CONV, "--shape", "x=1,8,8,4"], "differs in dimension 3"),
        (["bench", CONV, "--runs", "0"], "--runs"),
        (["run", IMAGE, "--image", "missing.png"], "missing.png"),
        (["run", IN_RANGE, "--image", "PICTURE"], "image"),
        (["run", IMAGE], "--image"),
        (["nonsense", CONV], "nonsense"),
        (
            ["analyse", CONV, "--report", "no/such/folder/r.html"],
            "--report no/such/folder/r.html: the folder",
        ),
        (
            ["run", IMAGE, "--image", "PICTURE", "--out", "no/such/folder/o.png"],
            "--out no/such/folder/o.png: the",
        ),
    ],
)
def test_bad_input_is_one_line_and_status_2(capsys, argv, message, picture):
    argv = [picture[0] if a == "PICTURE" else a for a in argv]
    status, out, err = run_cli(capsys, *argv)
    assert status == 2
    assert out == ""
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("tfjs: error: "), err
    assert message in lines[0]


def test_image_of_the_wrong_depth(capsys, tmp_path, picture):
    model = json.loads(Path(IMAGE).read_text())
    (placeholder,) = [node for node in model["modelTopology"]["node"] if node["op"] == "Placeholder"]
    placeholder["attr"]["shape"]["shape"]["dim"][3]["size"] = "2"  # [1, 8, 8, 2]: no image has depth 2
    (tmp_path / "model.json").write_text(json.dumps(model))
    status, out, err = run_cli(capsys, "run", str(tmp_path / "model.json"), "--image", picture[0])
    assert status == 2 and out == ""
    assert len(err.splitlines()) == 1 and err.startswith("tfjs: error: ") and "2" in err


def test_an_op_error_names_the_node_that_raised_it(capsys, tmp_path):
    model = json.loads(Path(CONV).read_text())
    (placeholder,) = [node for node in model["modelTopology"]["node"] if node["op"] == "Placeholder"]
    placeholder["attr"]["shape"]["shape"]["dim"][1:3] = [{"size": "-1"}, {"size": "-1"}]
    (tmp_path / "model.json").write_text(json.dumps(model))
    for shard in Path(CONV).parent.glob("*.bin"):
        (tmp_path / shard.name).write_bytes(shard.read_bytes())
    argv = ["bench", str(tmp_path / "model.json"), "--shape", "x=1,2,2,3", "--runs", "1", "--backend", "cpu"]
    status, out, err = run_cli(capsys, *argv)  # a 3x3 VALID convolution of a 2x2 image
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("tfjs: error: ")
    assert "larger than the input" in err
    assert err.rstrip().endswith("(raised by node 'conv/Relu', op FusedConv2D)")  # fused at load


def test_run_writes_beside_the_working_folder_by_default(capsys, tmp_path, picture, monkeypatch):
    monkeypatch.chdir(tmp_path)
    status, out, _ = run_cli(capsys, "run", IMAGE, "--image", picture[0])
    assert status == 0
    assert (tmp_path / "in_output.png").is_file() and "in_output.png" in out


def test_python_m_tfjs(tmp_path):
    ok = subprocess.run(
        [sys.executable, "-m", "tfjs", "info", CONV], capture_output=True, text=True, cwd=tmp_path
    )
    assert ok.returncode == 0 and re.search(r"^Conv2D\s+1$", ok.stdout, re.M), ok.stderr
    bad = subprocess.run(
        [sys.executable, "-m", "tfjs", "bench", str(tmp_path)], capture_output=True, text=True, cwd=tmp_path
    )
    assert bad.returncode == 2 and "Traceback" not in bad.stderr
    assert bad.stderr.count("\n") == 1 and bad.stderr.startswith("tfjs: error: ")


def test_parse_shape_and_table():
    assert parse_shape("input_1=1,224,224,3") == ("input_1", [1, 224, 224, 3])
    assert parse_shape("1,2") == ("*", [1, 2])
    text = format_table(["name", "n"], [["a", 1.5], ["bb", 10.0]])
    assert text.splitlines() == ["name       n", "----  ------", "a      1.500", "bb    10.000"]


def test_analyse_checks_the_inputs_before_printing_anything(capsys):
    status = main(["analyse", str(FIXTURES / "dynamic" / "model.json")])
    out, err = capsys.readouterr()
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and "--shape x=1,1,1,3" in err
