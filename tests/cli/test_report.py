"""The HTML report page without a browser: escaping, and charts replaced by a note when
matplotlib is missing."""

from __future__ import annotations

import dataclasses
import sys
from pathlib import Path

import pytest

from tfjs.analysis import TensorSpec, model_info
from tfjs.analysis.report import CHARTS_NOTE, render_report

CONV = str(Path(__file__).resolve().parents[2] / "tests" / "analysis" / "fixtures" / "conv" / "model.json")


def test_model_strings_are_escaped():
    info = dataclasses.replace(
        model_info(CONV),
        generated_by="<script>alert(1)</script>",
        inputs=[TensorSpec('x"><img src=x onerror=alert(2)>', [1, 8, 8, 3], "float32")],
        op_histogram={"<b>Op</b>": 1},
    )
    page = render_report(info)
    assert "<script" not in page and "<img" not in page and "<b>" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page and "&lt;b&gt;Op&lt;/b&gt;" in page


def test_without_matplotlib_the_page_says_what_is_missing(monkeypatch):
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # import matplotlib now fails
    page = render_report(model_info(CONV))
    assert "<svg" not in page
    assert CHARTS_NOTE in page and "pip install tfjs[report]" in CHARTS_NOTE
    assert "<table" in page


def test_with_matplotlib_the_charts_are_inline_svg():
    pytest.importorskip("matplotlib", reason="the charts need matplotlib (tfjs[report])")
    page = render_report(model_info(CONV))
    assert page.count("<svg") == 1  # weight bytes by dtype: no bench or profile given
    assert CHARTS_NOTE not in page and "<!DOCTYPE svg" not in page
