"""check_fp16: nodes whose values float16 cannot hold."""

from __future__ import annotations

import numpy as np
import pytest

from tests.analysis.conftest import fixture
from tfjs.analysis import check_fp16
from tfjs.analysis.fp16 import fp16_problem


def test_overflow_flagged_naming_the_node():
    findings = {f.node: f for f in check_fp16(fixture("overflow"))}
    assert set(findings) == {"offset", "big", "out"}  # 70000 itself, x + 70000 and its copy
    big = findings["big"]
    assert (big.op, big.problem) == ("AddV2", "overflow")
    assert 70000 <= big.max_abs < 70001  # x in [0, 1)
    assert findings["offset"].max_abs == 70000.0


def test_in_range_model_passes():
    assert check_fp16(fixture("in_range")) == []


def test_unknown_sizes_are_an_error():
    with pytest.raises(ValueError, match="dimension 1 is unknown"):
        check_fp16(fixture("dynamic"))
    assert check_fp16(fixture("dynamic"), {"x": [1, 2, 2, 3]}) == []


@pytest.mark.parametrize(
    ("values", "expected"),
    [
        ([65504.0, -1.0], None),  # float16's largest value
        ([-65520.0, 1.0], "overflow"),
        ([3e-6, 1e-6], "precision"),  # subnormal in float16: 3e-6 is off by ~1%
        ([1.0, 1e-6], None),  # 1e-6 is negligible beside 1
        ([0.1, 1000.0, 1 / 3], None),  # normal float16 values: within 2**-11
        ([0.0, 0.0], None),
        ([np.inf, 1.0], None),  # non-finite values are not float16's problem
    ],
)
def test_fp16_problem(values, expected):
    found = fp16_problem(np.array(values, np.float32))
    assert (found[0] if found else None) == expected


def test_precision_error_measured():
    problem, max_abs, worst = fp16_problem(np.array([3e-6], np.float32))
    # float16's subnormals are multiples of 2**-24: 3e-6 rounds to 50 * 2**-24
    assert problem == "precision" and max_abs == pytest.approx(3e-6)
    assert worst == pytest.approx(abs(50 * 2.0**-24 - 3e-6) / 3e-6, rel=1e-3)
