"""Fixtures of the analysis tests: the fixture models' paths and a leak check."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

import tfjs as tf

FIXTURES = Path(__file__).parent / "fixtures"
CONVERTER_FIXTURES = Path(__file__).parents[1] / "converter" / "fixtures"


def fixture(name: str) -> str:
    """The model.json of fixture model `name` (tests/analysis/fixtures/<name>/)."""
    return str(FIXTURES / name / "model.json")


ADD_MUL = str(CONVERTER_FIXTURES / "add_mul" / "model.json")


@pytest.fixture(autouse=True)
def _no_leaks() -> Iterator[None]:
    before = tf.memory()["num_tensors"]
    yield
    assert tf.memory()["num_tensors"] == before, "the analysis leaked tensors"
