"""The `tfjs analyse --report` page in headless Chromium (Debian's `chromium`, installed
here where missing and possible): it renders without console errors, its charts have
data, and a screenshot is taken and is not blank."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import numpy as np
import pytest

from tfjs.cli import main

CONV = Path(__file__).resolve().parents[2] / "tests" / "analysis" / "fixtures" / "conv" / "model.json"
BROWSERS = ("chromium", "chromium-browser", "google-chrome")


def _find_browser() -> str | None:
    return next((path for path in map(shutil.which, BROWSERS) if path), None)


@pytest.fixture(scope="session")
def chromium() -> str:
    """The path of a headless-capable Chromium; `apt-get install chromium` where it is missing."""
    found = _find_browser()
    if found is None:
        if shutil.which("apt-get") is None or os.geteuid() != 0:
            pytest.skip("chromium is not installed and apt-get as root is not available to install it")
        env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
        subprocess.run(["apt-get", "update", "-q"], capture_output=True, text=True, env=env, timeout=600)
        command = ["apt-get", "install", "-y", "-q", "chromium"]
        install = subprocess.run(command, capture_output=True, text=True, env=env, timeout=900)
        found = _find_browser()
        if found is None:
            pytest.skip(f"apt-get install chromium failed: {install.stderr.strip()[-300:]}")
    return found


def _chromium(browser: str, page: Path, *flags: str) -> subprocess.CompletedProcess[str]:
    command = [
        browser,
        "--headless",
        "--disable-gpu",
        "--no-sandbox",
        "--no-first-run",
        "--disable-extensions",
        "--user-data-dir=" + str(page.parent / "chromium-profile"),
        "--virtual-time-budget=2000",
        *flags,
        page.as_uri(),
    ]
    return subprocess.run(command, capture_output=True, text=True, timeout=60)


@pytest.fixture(scope="module")
def report(tmp_path_factory: pytest.TempPathFactory) -> Path:
    pytest.importorskip("matplotlib", reason="the report's charts need matplotlib (tfjs[report])")
    path = tmp_path_factory.mktemp("report") / "report.html"
    assert main(["analyse", str(CONV), "--runs", "5", "--report", str(path)]) == 0
    return path


def test_report_renders_without_console_errors(chromium, report):
    screenshot = report.parent / "screenshot.png"
    result = _chromium(
        chromium,
        report,
        f"--screenshot={screenshot}",
        "--window-size=1200,2400",
        "--enable-logging=stderr",
        "--v=0",
    )
    console = [line for line in result.stderr.splitlines() if "CONSOLE" in line or "Uncaught" in line]
    assert console == [], "\n".join(console)
    assert screenshot.is_file(), result.stderr[-2000:]
    from PIL import Image

    pixels = np.asarray(Image.open(screenshot).convert("L"))
    assert pixels.std() > 5  # text, tables and charts, not a blank page
    assert (pixels < 128).mean() > 0.005


def test_report_charts_have_data_in_the_dom(chromium, report):
    dom = _chromium(chromium, report, "--dump-dom").stdout
    charts = re.findall(r"<svg.*?</svg>", dom, re.S)
    assert len(charts) == 3
    for chart in charts:
        assert len(re.findall(r"<(path|rect|use)\b", chart)) >= 5
    assert "<table" in dom and "Conv2D" in dom
