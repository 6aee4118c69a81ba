"""`pytest --failures-to FILE` (tests/conftest.py): each failure's report is written as
it happens, so a run a time limit cuts off (on a GPU machine) keeps its tracebacks."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

SAMPLE = """
def test_fails():
    assert 1 == 2, "the reason it failed"


def test_passes():
    pass
"""


def test_each_failure_is_written_with_its_traceback(tmp_path: Path) -> None:
    (tmp_path / "test_sample.py").write_text(SAMPLE)
    log = tmp_path / "failures.txt"
    command = [sys.executable, "-m", "pytest", "-p", "tests.conftest", "-p", "no:cacheprovider", "-q"]
    done = subprocess.run(
        [*command, "--rootdir", str(tmp_path), str(tmp_path / "test_sample.py"), "--failures-to", str(log)],
        cwd=Path(__file__).resolve().parents[1],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 1, done.stdout + done.stderr
    text = log.read_text()
    assert "test_sample.py::test_fails (call)" in text
    assert "AssertionError: the reason it failed" in text
    assert "test_passes" not in text
