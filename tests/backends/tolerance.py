"""Each backend's float tolerance against the reference (`cpu`, or the values recorded
from the official runtime), written once for every test that compares them.

A float32 backend (torch) rounds where `cpu` computes in float64 and sums in its own
order: its float results must be within 1e-5 relative plus 1e-6 times the output's
largest finite magnitude; NaN and infinities must match.
Backends not named here match exactly; int and bool results always do.
"""

from __future__ import annotations

import numpy as np

FLOAT_TOLERANCE = {"torch": (1e-5, 1e-6)}


def has_float_tolerance(backend: str, got: np.ndarray) -> bool:
    """Whether `backend`'s results of `got`'s dtype are compared within a tolerance."""
    return backend in FLOAT_TOLERANCE and np.asarray(got).dtype.kind in "fc"


def assert_close_for_backend(backend: str, got: np.ndarray, want: np.ndarray) -> None:
    """`got` equals `want`, within `backend`'s float tolerance."""
    got, want = np.asarray(got), np.asarray(want)
    if not has_float_tolerance(backend, got):
        np.testing.assert_array_equal(got, want)
        return
    rtol, share = FLOAT_TOLERANCE[backend]
    finite = np.abs(want[np.isfinite(want)])
    largest = float(finite.max()) if finite.size else 0.0
    np.testing.assert_allclose(got, want, rtol=rtol, atol=share * largest)
