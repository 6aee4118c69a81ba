"""Every row of the op spec table, on every registered backend: values against NumPy,
the result dtype, and each backend against `cpu`."""

from __future__ import annotations

import numpy as np
import pytest

import tfjs as tf
from tests.backends.tolerance import assert_close_for_backend
from tests.ops.op_spec import OpSpec, make_inputs
from tests.ops.specs import SPECS


def _run(spec: OpSpec, arrays: list[np.ndarray]) -> tuple[str, tuple[int, ...], np.ndarray]:
    def call():
        return spec.op(*[tf.tensor(a) for a in arrays])

    result = tf.tidy(call)
    try:
        return result.dtype, result.shape, result.numpy()
    finally:
        result.dispose()


@pytest.mark.parametrize("spec", SPECS, ids=[s.id for s in SPECS])
def test_op_matches_numpy(spec: OpSpec, backend: str):
    arrays = make_inputs(spec)
    dtype, shape, values = _run(spec, arrays)
    wide = [a.astype(np.int64 if a.dtype.kind in "ib" else np.float64) for a in arrays]
    with np.errstate(all="ignore"):
        expected = np.asarray(spec.reference(*wide))
    assert dtype == spec.dtype
    assert shape == expected.shape
    if dtype in ("float32", "complex64"):
        np.testing.assert_allclose(values, expected.astype(values.dtype), rtol=spec.rtol, atol=1e-6)
    elif dtype == "int32":
        np.testing.assert_array_equal(
            values, np.nan_to_num(expected, nan=0).astype(np.int64).astype(np.int32)
        )
    elif dtype == "bool":
        np.testing.assert_array_equal(values, expected.astype(bool))
    else:
        assert values.tolist() == expected.tolist()


@pytest.mark.parametrize("spec", SPECS, ids=[s.id for s in SPECS])
def test_backend_matches_cpu(spec: OpSpec, backend: str):
    arrays = make_inputs(spec)
    got = _run(spec, arrays)
    tf.set_backend("cpu")
    want = _run(spec, arrays)
    assert got[:2] == want[:2]
    assert_close_for_backend(backend, got[2], want[2])


def test_every_op_has_a_spec_row():
    """Namespaced ops are named as in TF.js's docs (`sparse.sparse_reshape`); the makers
    and the coroutines (`..._async`, tested in their family's tests) have no row."""
    covered = {spec.name for spec in SPECS}
    makers = {"tensor", "scalar", "zeros", "ones", "fill", "buffer", "variable", "print"}
    makers |= {f"tensor{r}d" for r in range(1, 7)}
    ops = set(tf.ops.__all__) | {
        f"{namespace}.{name}" for namespace, module in tf.ops.NAMESPACES.items() for name in module.__all__
    }
    missing = {name for name in ops - makers - covered if not name.endswith("_async")}
    assert missing == set()
