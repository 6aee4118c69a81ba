"""The package is typed: it ships py.typed, and mypy (pyproject.toml's [tool.mypy]) passes
over examples/ and tests/type_checks/, whose expected errors must still be found."""

from __future__ import annotations

import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]


def test_py_typed_is_shipped():
    assert (REPO / "tfjs" / "py.typed").is_file()
    package_data = tomllib.loads((REPO / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]
    assert "py.typed" in package_data["tfjs"]


def test_mypy_passes_over_the_examples_and_the_type_checks():
    pytest.importorskip("mypy", reason="mypy (in the test extra) is not installed")
    # The cache lives out of the source tree; a cold run takes seconds, a warm one about one.
    cache = Path(tempfile.gettempdir()) / "tfjs-mypy-cache"
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "--cache-dir", str(cache), "examples", "tests/type_checks"],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.startswith("Success: no issues found")
