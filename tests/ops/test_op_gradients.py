"""Every differentiable row of the op spec table: the gradient the tape computes (float32,
on every backend) against central differences of the row's NumPy reference in float64."""

from __future__ import annotations

import numpy as np
import pytest

import tfjs as tf
from tests.ops.op_spec import OpSpec, make_inputs
from tests.ops.specs import SPECS

GRAD_SPECS = [
    spec
    for spec in SPECS
    if spec.differentiable and spec.dtype == "float32" and any(d == "float32" for _, d in spec.inputs)
]
STEP = 1e-4


def _wide(arrays: list[np.ndarray]) -> list[np.ndarray]:
    return [a.astype(np.int64 if a.dtype.kind in "ib" else np.float64) for a in arrays]


def _numeric_gradients(spec: OpSpec, arrays: list[np.ndarray], weights: np.ndarray, positions: list[int]):
    """d/dx of sum(reference(...) * weights), one element at a time, in float64."""

    def loss(values: list[np.ndarray]) -> float:
        with np.errstate(all="ignore"):
            return float(np.sum(np.asarray(spec.reference(*values), dtype=np.float64) * weights))

    wide = _wide(arrays)
    gradients = []
    for position in positions:
        gradient = np.zeros(wide[position].shape)
        for index in np.ndindex(*wide[position].shape):
            plus = [w.copy() for w in wide]
            minus = [w.copy() for w in wide]
            plus[position][index] += STEP
            minus[position][index] -= STEP
            gradient[index] = (loss(plus) - loss(minus)) / (2 * STEP)
        gradients.append(gradient)
    return gradients


@pytest.mark.parametrize("spec", GRAD_SPECS, ids=[s.id for s in GRAD_SPECS])
def test_gradient_matches_central_differences(spec: OpSpec, backend: str):
    arrays = make_inputs(spec)
    positions = [i for i, (_, dtype) in enumerate(spec.inputs) if dtype == "float32"]
    with np.errstate(all="ignore"):
        out_shape = np.shape(spec.reference(*_wide(arrays)))
    weights = np.random.default_rng(7).uniform(0.5, 1.5, size=out_shape)

    def run() -> list[np.ndarray]:
        tensors = [tf.tensor(a) for a in arrays]
        weight_tensor = tf.tensor(weights.astype(np.float32))

        def loss(*xs: tf.Tensor) -> tf.Tensor:
            args = list(tensors)
            for position, x in zip(positions, xs, strict=True):
                args[position] = x
            return tf.sum(tf.mul(spec.op(*args), weight_tensor))

        return [g.numpy() for g in tf.grads(loss)([tensors[p] for p in positions])]

    analytic = tf.tidy(run)
    numeric = _numeric_gradients(spec, arrays, weights, positions)
    for got, want in zip(analytic, numeric, strict=True):
        scale = max(1.0, float(np.max(np.abs(want), initial=0.0)))
        np.testing.assert_allclose(got, want, rtol=1e-2, atol=1e-3 * scale)
