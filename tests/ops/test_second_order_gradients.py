"""The gradients registered on backward kernels (EluGrad, StridedSliceGrad, the conv and
resize backprops), checked like every other gradient: the tape's second-order gradient
against central differences of the first-order one (itself checked against NumPy by
test_op_gradients.py), on every backend."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
import pytest

import tfjs as tf


@dataclass(frozen=True)
class SecondOrderCase:
    kernel: str  # the backward kernel whose gradient the case reaches
    op: Callable[..., tf.Tensor]
    shapes: tuple[tuple[int, ...], ...]
    # which of (inputs..., dy) the first-order gradient depends on (the rest it does not)
    wrt: tuple[int, ...]


def _conv2d(x: tf.Tensor, f: tf.Tensor) -> tf.Tensor:
    return tf.conv2d(x, f, [2, 1], "same")


CASES = [
    SecondOrderCase("EluGrad", tf.elu, ((2, 3),), (0, 1)),
    SecondOrderCase(
        "StridedSliceGrad", lambda x: tf.strided_slice(x, [0, 1], [4, 5], [2, 2]), ((4, 5),), (1,)
    ),
    SecondOrderCase(
        "Conv2DBackpropInput+Conv2DBackpropFilter", _conv2d, ((1, 4, 4, 2), (3, 3, 2, 3)), (0, 1, 2)
    ),
    SecondOrderCase(
        "Conv2DBackpropInput (conv2d_transpose)",
        lambda x, f: tf.conv2d_transpose(x, f, [1, 4, 4, 2], 2, "same"),
        ((1, 2, 2, 3), (3, 3, 2, 3)),
        (0, 1, 2),
    ),
    SecondOrderCase(
        "DepthwiseConv2dNativeBackpropInput+Filter",
        lambda x, f: tf.depthwise_conv2d(x, f, 1, "valid"),
        ((1, 4, 4, 2), (2, 2, 2, 2)),
        (0, 1, 2),
    ),
    SecondOrderCase(
        "Conv3DBackpropInputV2+Conv3DBackpropFilterV2",
        lambda x, f: tf.conv3d(x, f, 1, "valid"),
        ((1, 3, 3, 3, 2), (2, 2, 2, 2, 2)),
        (0, 1, 2),
    ),
    SecondOrderCase(
        "ResizeBilinearGrad", lambda x: tf.image.resize_bilinear(x, [5, 3]), ((1, 3, 2, 2),), (1,)
    ),
    SecondOrderCase(
        "ResizeNearestNeighborGrad",
        lambda x: tf.image.resize_nearest_neighbor(x, [5, 3]),
        ((1, 3, 2, 2),),
        (1,),
    ),
]


def _first_order(case: SecondOrderCase, values: list[tf.Tensor]) -> list[tf.Tensor]:
    """The gradients of sum(op(inputs) * dy) with respect to the inputs."""
    *inputs, dy = values
    return tf.grads(lambda *xs: tf.sum(tf.mul(case.op(*xs), dy)))(inputs)


def _second_order_loss(case: SecondOrderCase, weights: list[np.ndarray]) -> Callable[..., tf.Tensor]:
    def loss(*values: tf.Tensor) -> tf.Tensor:
        grads = _first_order(case, list(values))
        return tf.add_n([tf.sum(tf.mul(g, tf.tensor(w))) for g, w in zip(grads, weights, strict=True)])

    return loss


@pytest.mark.parametrize("case", CASES, ids=[c.kernel for c in CASES])
def test_second_order_gradient_matches_central_differences(case: SecondOrderCase, backend: str):
    rng = np.random.default_rng(sum(map(ord, case.kernel)))
    inputs = [rng.uniform(-2, 2, shape).astype(np.float32) for shape in case.shapes]
    out_shape = tf.tidy(lambda: case.op(*[tf.tensor(a) for a in inputs]).shape)
    arrays = [*inputs, rng.uniform(-2, 2, out_shape).astype(np.float32)]
    weights = [rng.uniform(0.5, 1.5, shape).astype(np.float32) for shape in case.shapes]
    loss = _second_order_loss(case, weights)

    def analytic() -> list[np.ndarray]:
        tensors = [tf.tensor(a) for a in arrays]

        def partial(*chosen: tf.Tensor) -> tf.Tensor:
            values = list(tensors)
            for index, value in zip(case.wrt, chosen, strict=True):
                values[index] = value
            return loss(*values)

        return [g.numpy() for g in tf.grads(partial)([tensors[i] for i in case.wrt])]

    def value_at(values: list[np.ndarray]) -> float:
        return float(tf.tidy(lambda: loss(*[tf.tensor(v) for v in values]).numpy()))

    step = 1e-2
    got = tf.tidy(analytic)
    for index, gradient in zip(case.wrt, got, strict=True):
        expected = np.zeros(arrays[index].shape)
        for position in np.ndindex(*arrays[index].shape):
            plus = [a.astype(np.float64) for a in arrays]
            minus = [a.astype(np.float64) for a in arrays]
            plus[index][position] += step
            minus[index][position] -= step
            expected[position] = (value_at(plus) - value_at(minus)) / (2 * step)
        scale = max(1.0, float(np.abs(expected).max()))
        np.testing.assert_allclose(gradient, expected, rtol=1e-2, atol=2e-3 * scale)


def test_every_backward_kernel_with_a_gradient_has_a_case():
    from tfjs import kernel_names
    from tfjs.kernel_registry import get_gradient

    backward = {
        value
        for key, value in vars(kernel_names).items()
        if key.isupper()
        and isinstance(value, str)
        and ("Grad" in value or "Backprop" in value)
        and get_gradient(value) is not None
    }
    covered = {part.split(" ")[0] for case in CASES for part in case.kernel.split("+")}
    covered |= {name.replace("Input", "Filter") for name in covered if "Depthwise" in name}
    assert backward - covered == set()
