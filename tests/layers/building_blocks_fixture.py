"""The official TF.js runtime's numbers for the layers' building blocks, recorded by
tests/layers/reference/record_building_blocks.js into fixtures/building_blocks.json."""

from __future__ import annotations

import functools
import json
from pathlib import Path
from typing import Any

import numpy as np

import tfjs as tf
from tests.backends.tolerance import assert_close_for_backend

FIXTURE = Path(__file__).parent / "fixtures" / "building_blocks.json"


@functools.cache
def recorded() -> dict[str, Any]:
    """The whole fixture (read once)."""
    return json.loads(FIXTURE.read_text())


def tensor(spec: dict[str, Any]) -> tf.Tensor:
    """A recorded `{dtype, shape, values}` as a new tensor."""
    return tf.tensor(spec["values"], spec["shape"], spec["dtype"])


def assert_recorded(got: tf.Tensor, spec: dict[str, Any]) -> None:
    """`got` has the recorded dtype and shape and exactly the recorded float32 values
    (within a float32 backend's tolerance, tests/backends/tolerance.py)."""
    assert got.dtype == spec["dtype"]
    assert list(got.shape) == spec["shape"]
    want = np.array(
        [float(v) for v in spec["values"]], dtype=np.float32 if spec["dtype"] == "float32" else None
    )
    assert_close_for_backend(tf.get_backend(), got.numpy().ravel(), want)
