"""Each family's programs (cases/<family>.py), checked against what the official TF.js
runtime (4.22, cpu backend) gave for the same programs (cases/<family>.js, recorded by
record_tfjs.js into expected/<family>.json).

Values must be equal to the last bit, signs of zero included. A family may name cases in
`KNOWN_DIFFERENCES` (TF.js is wrong there; they run as strict expected failures) and give
cases a relative tolerance in `RTOL` where the order of a long float accumulation is
not TF.js's (a convolution through BLAS); each with a comment saying why. A float32
backend's float results are within its tolerance (tests/backends/tolerance.py)."""

from __future__ import annotations

import asyncio
import importlib
import inspect
import json
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import tfjs as tf
from tests.backends.tolerance import FLOAT_TOLERANCE, assert_close_for_backend, has_float_tolerance
from tests.conformance.values import inf, nan

HERE = Path(__file__).parent
JS_FAMILIES = {path.stem for path in (HERE / "cases").glob("*.js")}
PY_FAMILIES = {path.stem for path in (HERE / "cases").glob("*.py")} - {"__init__"}
RECORDED = {path.stem for path in (HERE / "expected").glob("*.json")}
FAMILIES = sorted(JS_FAMILIES & PY_FAMILIES & RECORDED)
MODULES = {family: importlib.import_module(f"tests.conformance.cases.{family}") for family in FAMILIES}
EXPECTED = {family: json.loads((HERE / "expected" / f"{family}.json").read_text()) for family in FAMILIES}
CASE_IDS = [(family, name) for family in FAMILIES for name in sorted(MODULES[family].CASES)]


def _decode(value: Any) -> Any:
    return {"NaN": nan, "Infinity": inf, "-Infinity": -inf, "-0": -0.0}.get(value, value)


def _run(case: Any) -> Any:
    """Runs a case inside a tidy; a coroutine runs to its end there."""

    def body() -> Any:
        result = case()
        return asyncio.run(result) if inspect.iscoroutine(result) else result

    return tf.tidy(body)


def _download_and_dispose(result: Any) -> None:
    """Downloads every tensor of `result` (where torch on a GPU raises a failed value
    check, README: "Checks that need a tensor's values"), then disposes them."""
    tensors = [
        item
        for item in (result if isinstance(result, (list, tuple)) else [result])
        if isinstance(item, tf.Tensor)
    ]
    try:
        for tensor in tensors:
            tensor.data_sync()
    finally:
        tf.dispose(tensors)


def _check(result: Any, expected: dict[str, Any], rtol: float = 0.0) -> None:
    if "text" in expected:
        assert result == expected["text"]
    elif "value" in expected:
        assert not isinstance(result, tf.Tensor)
        np.testing.assert_array_equal(result, _decode(expected["value"]))
    elif "outputs" in expected:
        assert isinstance(result, (list, tuple)) and len(result) == len(expected["outputs"])
        for item, want in zip(result, expected["outputs"], strict=True):
            _check(item, want, rtol)
    else:
        _check_tensor(result, expected, rtol)


def _check_tensor(result: tf.Tensor, expected: dict[str, Any], rtol: float) -> None:
    assert isinstance(result, tf.Tensor)
    assert result.dtype == expected["dtype"]
    assert list(result.shape) == expected["shape"]
    got = result.data_sync()
    want = [_decode(v) for v in expected["values"]]
    if result.dtype == "string":
        assert list(got) == want
        return
    want_array = np.array(want, dtype=np.float64)
    if has_float_tolerance(tf.get_backend(), got):  # a float32 backend: its tolerance
        assert_close_for_backend(tf.get_backend(), got.astype(np.float64), want_array)
        zeros = (want_array == 0) & (got == 0)
        assert list(np.signbit(got[zeros])) == list(np.signbit(want_array[zeros])), "signs of zero"
        return
    if rtol:
        np.testing.assert_allclose(got.astype(np.float64), want_array, rtol=rtol, atol=0)
        return
    np.testing.assert_array_equal(got.astype(np.float64), want_array)
    zeros = want_array == 0
    assert list(np.signbit(got[zeros])) == list(np.signbit(want_array[zeros])), "signs of zero"


@pytest.mark.parametrize(("family", "name"), CASE_IDS, ids=[f"{f}:{n}" for f, n in CASE_IDS])
def test_matches_official_runtime(family: str, name: str, backend: str, request: pytest.FixtureRequest):
    module = MODULES[family]
    if name in getattr(module, "KNOWN_DIFFERENCES", ()):
        # (within a backend's float tolerance a difference in the last bits may not show)
        exact = tf.get_backend() not in FLOAT_TOLERANCE
        request.applymarker(pytest.mark.xfail(strict=exact, reason=f"known difference, see {family}.py"))
    expected = EXPECTED[family][name]
    if "error" in expected:
        with pytest.raises((TypeError, ValueError, IndexError)) as error:
            _download_and_dispose(_run(module.CASES[name]))  # a GPU's value check raises here
        assert expected["error"] in str(error.value)  # TF.js's own message
        return
    result = _run(module.CASES[name])
    try:
        _check(result, expected, getattr(module, "RTOL", {}).get(name, 0.0))
    finally:
        tf.dispose(result)


ERROR_CASE_IDS = [
    (family, name)
    for family, name in CASE_IDS
    if "error" in EXPECTED[family][name] and name not in getattr(MODULES[family], "KNOWN_DIFFERENCES", ())
]


@pytest.fixture
def torch_checks_deferred(monkeypatch):
    """The torch backend (on any device) with its value checks deferred to the next
    download, as on a GPU."""
    pytest.importorskip("torch", reason="the torch backend needs PyTorch (tfjs[torch])")
    from tfjs.backends.torch.deferred_checks import ValueChecks

    if not tf.set_backend("torch"):
        pytest.skip("the torch backend did not start")
    monkeypatch.setattr(tf.backend(), "checks", ValueChecks(deferred=True))


@pytest.mark.parametrize(("family", "name"), ERROR_CASE_IDS, ids=[f"{f}:{n}" for f, n in ERROR_CASE_IDS])
def test_a_gpus_deferred_check_raises_the_same_error(family: str, name: str, torch_checks_deferred):
    """Where torch's value checks wait for a download (a GPU), each error case raises
    TF.js's message there, and leaves nothing pending or alive."""
    with pytest.raises((TypeError, ValueError, IndexError)) as error:
        _download_and_dispose(_run(MODULES[family].CASES[name]))
    assert EXPECTED[family][name]["error"] in str(error.value)


def test_every_family_is_written_twice_and_recorded():
    assert JS_FAMILIES == PY_FAMILIES == RECORDED


@pytest.mark.parametrize("family", FAMILIES)
def test_every_recorded_case_is_run(family: str):
    assert set(MODULES[family].CASES) == set(EXPECTED[family])
