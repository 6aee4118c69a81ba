"""torch's shortcuts for the element-wise kernels real models spend their time in: PReLU
through torch's own prelu (±0 inputs put back unless the slopes are finite with their sign
bit clear; by `+ 0` on a convolution's output, which holds no -0; small inputs of other
slopes through compare/where), Maximum and Minimum against one non-zero number through
torch's maximum/minimum, a few values along the last axis on wide rows, and the
reductions along one axis through torch's max/min along a dimension. Each must give the
`cpu` backend's values (the exact reference), -0's sign and NaN included, whether the
shortcut applies or not."""

from __future__ import annotations

import numpy as np
import pytest

import tfjs as tf
from tests.helpers import assert_same_as_cpu, values_on

torch = pytest.importorskip("torch", reason="the torch backend needs PyTorch (tfjs[torch])")

NAN, INF = float("nan"), float("inf")
SPECIAL = [-0.0, 0.0, NAN, INF, -INF, -2.5, 3.0, -1e-40]
SLOPES = {
    "positive": [0.25, 0.5, 2.0],
    "with +0": [0.0, 0.5, 2.0],
    "with -0": [-0.0, 0.5, 2.0],
    "negative": [0.25, -0.5, 2.0],
    "infinite": [0.25, INF, 2.0],
    "NaN": [0.25, NAN, 2.0],
}


def _x() -> np.ndarray:
    """[1, 4, 6, 3]: every special value in every channel."""
    values = np.resize(np.array(SPECIAL, np.float32), 4 * 6 * 3)
    return np.concatenate([values, values[::-1]])[: 4 * 6 * 3].reshape(1, 4, 6, 3)


@pytest.mark.parametrize("slopes", list(SLOPES))
@pytest.mark.parametrize("shape", [[3], [1, 1, 3], [1, 1, 1, 3]])
def test_prelu_gives_cpus_values_for_any_slopes(slopes, shape):
    x = _x()
    assert_same_as_cpu(lambda: tf.prelu(tf.tensor(x), tf.tensor(SLOPES[slopes], shape)))


@pytest.mark.parametrize("slope", [0.25, 0.0, -0.0, -0.5])
def test_prelu_with_one_slope_and_on_rows(slope):
    x = _x()
    assert_same_as_cpu(lambda: tf.prelu(tf.tensor(x), tf.tensor([slope])))
    assert_same_as_cpu(lambda: tf.prelu(tf.tensor(x.reshape(24, 3)), tf.tensor([slope, 1.0, 2.0])))
    assert_same_as_cpu(lambda: tf.prelu(tf.tensor(x.reshape(-1)), tf.tensor([slope])))


def _large_x(zeros: bool) -> np.ndarray:
    """[1, 32, 48, 3] (past the size where torch's prelu runs for any slopes): every
    special value in every channel, with or without the ±0 that are put back after it."""
    specials = [v for v in SPECIAL if v != 0 or zeros]
    count = 32 * 48 * 3
    values = np.linspace(-3, 3, count - len(specials) * 3).astype(np.float32)
    values[values == 0] = 0.5
    return np.concatenate([values, np.repeat(np.array(specials, np.float32), 3)]).reshape(1, 32, 48, 3)


@pytest.mark.parametrize("slopes", list(SLOPES))
@pytest.mark.parametrize("zeros", [True, False])
def test_prelu_on_large_inputs_for_any_slopes(slopes, zeros):
    x = _large_x(zeros)
    assert_same_as_cpu(lambda: tf.prelu(tf.tensor(x), tf.tensor(SLOPES[slopes], [1, 1, 3])))
    assert_same_as_cpu(lambda: tf.prelu(tf.tensor(x.reshape(-1)), tf.tensor(SLOPES[slopes][1:2])))


@pytest.mark.parametrize("slopes", list(SLOPES))
@pytest.mark.parametrize("large", [False, True])
def test_fused_conv_prelu_gives_cpus_values(slopes, large):
    x, w = _large_x(zeros=True) if large else _x(), np.eye(3, dtype=np.float32).reshape(1, 1, 3, 3)
    bias = [-0.0, 0.0, 1.0]
    assert_same_as_cpu(
        lambda: tf.fused.conv2d(
            tf.tensor(x),
            tf.tensor(w),
            1,
            "same",
            bias=tf.tensor(bias),
            activation="prelu",
            prelu_activation_weights=tf.tensor(SLOPES[slopes]),
        )
    )


@pytest.mark.parametrize("slopes", list(SLOPES))
@pytest.mark.parametrize("large", [False, True])
def test_prelu_of_a_convolution_plus_a_tensor_gives_cpus_values(slopes, large):
    """A residual join (a convolution's output, which holds no -0, plus another tensor)
    before a PReLU: its zeros are fixed by adding +0, which must give TF.js's signs."""
    x = _large_x(zeros=True) if large else _x()
    w = np.eye(3, dtype=np.float32).reshape(1, 1, 3, 3)
    other = x[:, ::-1].copy()  # the special values at other places, and -0 where x is ±0
    other[x == 0] = -0.0

    def join(conv):
        convolved = conv(tf.tensor(x))
        return tf.prelu(tf.add(convolved, tf.tensor(other)), tf.tensor(SLOPES[slopes]))

    assert_same_as_cpu(lambda: join(lambda t: tf.conv2d(t, tf.tensor(w), 1, "same")))
    assert_same_as_cpu(
        lambda: join(lambda t: tf.fused.conv2d(t, tf.tensor(w), 1, "same", bias=tf.tensor([-0.0, 0.0, 1.0])))
    )


def test_a_convolution_plus_a_tensor_is_known_to_hold_no_negative_zero():
    """What lets the PReLU after it add +0 instead of searching for zeros."""
    from tfjs.backends.torch.backend_torch import NO_NEGATIVE_ZERO

    assert tf.set_backend("torch")
    backend = tf.backend()
    x, w = tf.tensor(_x()), tf.tensor(np.eye(3, dtype=np.float32).reshape(1, 1, 3, 3))
    convolved = tf.conv2d(x, w, 1, "same")
    joined, plain = tf.add(convolved, x), tf.add(x, x)
    facts = [backend.marked(t, NO_NEGATIVE_ZERO) for t in (convolved, joined, plain, x)]
    tf.dispose([x, w, convolved, joined, plain])
    tf.set_backend("cpu")
    assert facts == [True, True, False, False]


@pytest.mark.parametrize("bound", [6.0, -3.0, 0.0, -0.0, NAN, INF])
@pytest.mark.parametrize("shape", [[], [1], [1, 1]])
@pytest.mark.parametrize("op", [tf.maximum, tf.minimum])
def test_maximum_and_minimum_against_one_number(op, bound, shape):
    x = _x()
    assert_same_as_cpu(lambda: op(tf.tensor(x), tf.tensor(bound, shape)))
    assert_same_as_cpu(lambda: op(tf.tensor(bound, shape), tf.tensor(x)))
    # a bound of more dimensions than x broadcasts x up
    assert_same_as_cpu(lambda: op(tf.tensor([-0.0, 1.0]), tf.tensor(bound, [1, 1, 1])))


@pytest.mark.parametrize("alpha", [0.2, 0.0, -0.0, -0.5, INF, 3])
def test_leaky_relu_gives_cpus_values_for_any_alpha(alpha):
    x = _x()
    assert_same_as_cpu(lambda: tf.leaky_relu(tf.tensor(x), alpha))
    w = np.eye(3, dtype=np.float32).reshape(1, 1, 3, 3)
    assert_same_as_cpu(
        lambda: tf.fused.conv2d(
            tf.tensor(x), tf.tensor(w), 1, "valid", activation="leakyrelu", leakyrelu_alpha=alpha
        )
    )


@pytest.mark.parametrize("k", [1, 3, 10])
@pytest.mark.parametrize("values", ["ties", "special", "normal"])
@pytest.mark.parametrize("width", [57, 160, 5200])
def test_top_k_of_a_few_gives_cpus_values_and_order(k, values, width):
    """TopK with k at most a quarter of the row selects before it sorts (a row of 5200 in
    blocks of 128 and 80 past them, 160 in parts, 57 whole); the values, and the indices
    of ties (lowest first), must be cpu's."""
    rng = np.random.default_rng(k)
    if values == "ties":
        x = rng.integers(-2, 3, size=(3, width)).astype(np.float32)
    elif values == "special":
        x = np.resize(np.array(SPECIAL, np.float32), (3, width))
        rng.shuffle(x, axis=1)
    else:
        x = rng.standard_normal((3, width)).astype(np.float32)
    for output in (0, 1):
        assert_same_as_cpu(lambda output=output: tf.topk(tf.tensor(x), k)[output])


@pytest.mark.parametrize("bias_shape", [[3], [1], [], [1, 3], [4, 3]])
@pytest.mark.parametrize("activation", ["linear", "relu", "relu6", "elu"])
def test_fused_mat_mul_with_a_bias_per_column_gives_cpus_values(bias_shape, activation):
    """A float32 product of matrices with a bias of one value or one per column is one
    sgemm that adds the bias, then the activation in place; others go the general way.
    (torch's sigmoid is not cpu's to the last bit, fused or not: test_fused_sigmoid_...)"""
    a = np.resize(np.array([*SPECIAL, 0.0, -0.0], np.float32), 4 * 5).reshape(4, 5)
    b = np.resize(np.array([-1.0, 0.5, -0.0, 2.0], np.float32), 5 * 3).reshape(5, 3)
    bias = np.resize(np.array([-0.0, 1.5, 0.0], np.float32), int(np.prod(bias_shape)))
    assert_same_as_cpu(
        lambda: tf.fused.mat_mul(
            tf.tensor(a), tf.tensor(b), bias=tf.tensor(bias, bias_shape), activation=activation
        )
    )
    zeros = np.zeros((2, 5), np.float32)  # products of -0 only: TF.js's sums are +0, plus the bias
    assert_same_as_cpu(
        lambda: tf.fused.mat_mul(tf.tensor(zeros), tf.tensor(b), bias=tf.tensor([-0.0, -0.0, 0.0]))
    )


def test_fused_mat_mul_with_a_bias_per_column_and_sigmoid_is_cpus_within_an_ulp():
    a, b = np.linspace(-3, 3, 20, dtype=np.float32).reshape(4, 5), np.eye(5, 3, dtype=np.float32)

    def op():
        return tf.fused.mat_mul(
            tf.tensor(a), tf.tensor(b), bias=tf.tensor([0.5, -0.0, 1.0]), activation="sigmoid"
        )

    np.testing.assert_allclose(values_on("torch", op), values_on("cpu", op), rtol=2e-7, atol=0)
    tf.set_backend("cpu")


RESIZES = [  # shape, size, half-pixel centres, by torch's bilinear kernel
    ((1, 5, 7, 3), (10, 14), True, True),
    ((2, 3, 4, 2), (12, 8), True, True),
    ((1, 6, 6, 2), (9, 12), True, False),
    ((1, 6, 6, 2), (3, 12), True, False),
    ((1, 5, 7, 3), (10, 14), False, False),  # TF.js's blend by slices
    ((2, 3, 4, 2), (12, 8), False, False),
]


@pytest.mark.parametrize(("shape", "size", "half_pixel", "by_torch"), RESIZES)
def test_resize_bilinear_upsampling_by_powers_of_two(shape, size, half_pixel, by_torch):
    """Half-pixel-centre upsampling by powers of two on both axes runs torch's own bilinear
    kernel, cpu's within a rounding or two; 2x without half-pixel centres blends by slices,
    and any other resize by gathers: both cpu's to the bit (NaN, ±Infinity and -0 too)."""
    x = np.random.default_rng(3).standard_normal(shape).astype(np.float32) * 100
    if not by_torch:
        x.reshape(-1)[: len(SPECIAL)] = SPECIAL[: x.size]

    def op():
        return tf.image.resize_bilinear(tf.tensor(x), list(size), False, half_pixel)

    torch_values, cpu_values = values_on("torch", op), values_on("cpu", op)
    tf.set_backend("cpu")
    if by_torch:
        np.testing.assert_allclose(torch_values, cpu_values, rtol=3e-7, atol=1e-5)
    else:
        np.testing.assert_array_equal(torch_values, cpu_values)
        numbers = ~np.isnan(cpu_values)
        assert np.array_equal(np.signbit(torch_values[numbers]), np.signbit(cpu_values[numbers]))


@pytest.mark.parametrize(
    ("size", "half_pixel"), [((12, 14), False), ((3, 5), True)], ids=["2x by slices", "by gathers"]
)
def test_a_bilinear_resize_in_a_compiled_plan_blends_in_float32(size, half_pixel):
    """Traced, the blends run in float32, not doubles: cpu's values within a rounding,
    and the same NaN, ±Infinity and zero-sign places (the same formula)."""
    from tfjs.backends.torch.tracing import as_traced

    x = np.random.default_rng(5).standard_normal((1, 6, 7, 3)).astype(np.float32) * 100
    x.reshape(-1)[: len(SPECIAL)] = SPECIAL

    def op():
        return tf.image.resize_bilinear(tf.tensor(x), list(size), False, half_pixel)

    exact = values_on("cpu", op)
    with as_traced():
        traced = values_on("torch", op)
    tf.set_backend("cpu")
    # a float32 blend of values near 100 is off by their rounding (below 1e-5); NaN where
    # NaN, ±Infinity where they are
    np.testing.assert_allclose(traced, exact, rtol=3e-7, atol=1e-5)
    numbers = ~np.isnan(exact)
    assert np.array_equal(np.signbit(traced[numbers]), np.signbit(exact[numbers]))
    assert not np.array_equal(traced, exact)  # a double blend would be cpu's to the bit


@pytest.mark.parametrize("op", ["max", "min"])
@pytest.mark.parametrize(("shape", "axis"), [((5, 6, 7), 1), ((4, 3, 2), 2), ((7, 1, 3), 1), ((9, 8), 0)])
def test_max_and_min_along_a_short_axis_give_cpus_bits(op, shape, axis):
    """Along one axis of at most 8, TF.js's loop a slice at a time: NaN wins, and of
    equal zeros the first stays (-0 before 0 gives -0), as cpu's."""
    values = np.random.default_rng(11).choice(
        np.array([*SPECIAL, 0.0, -0.0, 1.5, -1.5], np.float32), size=shape
    )
    assert_same_as_cpu(lambda: getattr(tf, op)(tf.tensor(values), axis))


@pytest.mark.parametrize(
    ("axis", "keep_dims", "dtype"),
    [
        ((1, 2), True, "float32"),
        ((1, 2), False, "float32"),
        ((3,), False, "float32"),
        ((1, 2), True, "int32"),
    ],
)
def test_a_mean_in_a_compiled_plan_is_cpus_within_float32_rounding(axis, keep_dims, dtype):
    """Traced, a float32 mean is one pass over the strided axes (a squeeze-excite block's
    mean of an NHWC map), not TF.js's division and float64 sum: within float32 rounding
    of `cpu`'s values; an int32 mean keeps the exact path."""
    from tfjs.backends.torch.tracing import as_traced

    values = np.random.default_rng(3).standard_normal((2, 33, 31, 5)).astype(np.float32) * 4 + 1
    values = values if dtype == "float32" else np.round(values).astype(np.int32)
    exact = values_on("cpu", lambda: tf.mean(tf.tensor(values, dtype=dtype), list(axis), keep_dims))
    with as_traced():
        traced = values_on("torch", lambda: tf.mean(tf.tensor(values, dtype=dtype), list(axis), keep_dims))
    if dtype == "int32":
        np.testing.assert_array_equal(traced, exact)
    else:
        np.testing.assert_allclose(traced, exact, rtol=2e-6, atol=1e-6)


def test_exp_is_within_3_ulps_of_cpu_near_and_far_from_zero():
    """Float32 exp as exp(x / 2)² of x clamped to [-110, 100] (torch's float32 exp runs
    10-30 times slower where results are subnormal, zero or infinite): within 3 float32
    ulps of cpu's Math.exp rounded once, subnormal results counted in their own ulps;
    zero, Infinity and NaN where cpu has them."""
    values = np.random.default_rng(0).standard_normal(4000).astype(np.float32) * 40
    values[:8] = [-90.0, -100.0, -103.0, -104.0, -200.0, 88.5, 90.0, NAN]
    values[8:11] = [-np.inf, np.inf, -0.0]
    x = values.reshape(40, 100)
    want = values_on("cpu", lambda: tf.exp(tf.tensor(x))).reshape(-1)
    got = values_on("torch", lambda: tf.exp(tf.tensor(x))).reshape(-1)
    np.testing.assert_array_equal(np.isnan(got), np.isnan(want))
    np.testing.assert_array_equal(got[want == 0], 0.0)
    np.testing.assert_array_equal(got[np.isinf(want)], np.inf)
    assert (want[:3] > 0).all() and (want[:3] < 1.2e-38).all()  # subnormal results are compared too
    ulps = np.abs(got.view(np.int32).astype(np.int64) - want.view(np.int32))[~np.isnan(want)]
    assert ulps.max() <= 3


@pytest.mark.parametrize("axis", [0, 1])
def test_the_float32_running_product_keeps_tfjs_steps(axis):
    """A double scan (in any order) made into float32's steps: an Infinity or a 0 reached
    stays (NaN after a 0 or an Infinity), as TF.js's float32 steps (NumPy's accumulate)."""
    from tfjs.backends.torch.kernels.scan import float32_running_product

    lines = [
        [1e20, 1e20, 1e-20, 0.1, 3.0, 2.0],  # Infinity at the 2nd step stays
        [1e20, 1e20, 0.0, 2.0, 1e-20, 5.0],  # then Infinity * 0: NaN
        [1e-30, 1e-30, 1e30, -1.0, 4.0, 1.0],  # 0 at the 2nd step stays, -0 after -1
        [1e-30, -1e-30, float("inf"), 2.0, 1.0, 1.0],  # -0 then -0 * Infinity: NaN
        [2.0, float("nan"), 1e30, 1e30, 0.0, 1.0],
        [-3.0, 0.5, 7.0, -1e-3, 1e5, 3e-2],
    ]
    rng = np.random.default_rng(5)
    scales = rng.choice([1e-25, 1e-12, 0.5, -2.0, 1e12, 3e25, 0.0], size=(40, 6))
    wild = scales * rng.uniform(0.5, 1.5, (40, 6))
    values = np.concatenate([np.array(lines), wild]).astype(np.float32)
    values = values if axis == 1 else np.ascontiguousarray(values.T)
    with np.errstate(over="ignore", under="ignore", invalid="ignore"):
        step_by_step = np.multiply.accumulate(values, axis=axis)
    got = float32_running_product(torch.from_numpy(values), axis).numpy()
    np.testing.assert_allclose(got, step_by_step, rtol=1e-6, atol=0)
    numbers = ~np.isnan(step_by_step)  # (a NaN's sign is the machine's)
    np.testing.assert_array_equal(np.signbit(got[numbers]), np.signbit(step_by_step[numbers]))


@pytest.mark.parametrize("axis", [0, 1, 2])
@pytest.mark.parametrize("op", [tf.max, tf.min])
def test_max_and_min_along_a_short_axis_keep_the_first_zero_and_nan(op, axis):
    """torch's max/min along a dimension, for axes of at most 8: TF.js's loop, where NaN
    wins and of equal zeros the first stays."""
    rng = np.random.default_rng(3)
    x_shape = (6, 5, 7)
    ties = rng.choice(np.array([0.0, -0.0], np.float32), x_shape)  # max and min mostly zeros
    x = np.where(rng.random(x_shape) < 0.1, rng.choice(np.array([NAN, -1.0, 1.0], np.float32), x_shape), ties)
    assert_same_as_cpu(lambda: op(tf.tensor(x), axis))


@pytest.mark.parametrize("op", [tf.sub, tf.div, tf.maximum, tf.squared_difference])
@pytest.mark.parametrize("shape", [[1, 1, 1, 3], [3], [1, 2]])
def test_an_operand_of_a_few_values_along_the_last_axis(op, shape):
    """An image's per-channel mean and scale: computed on wide rows (the few values
    repeated), the same values as cpu's, in either order."""
    lanes = shape[-1]
    x = np.resize(np.array(SPECIAL, np.float32), 1 * 40 * 50 * lanes).reshape(1, 40, 50, lanes)
    few = np.array([-0.0, 2.5, NAN][:lanes], np.float32).reshape(shape)
    assert_same_as_cpu(lambda: op(tf.tensor(x), tf.tensor(few)))
    assert_same_as_cpu(lambda: op(tf.tensor(few), tf.tensor(x)))


@pytest.mark.parametrize("axis", [0, 1, 2])
@pytest.mark.parametrize("op", [tf.arg_max, tf.arg_min])
def test_arg_max_and_min_along_any_axis_pick_the_first_and_skip_nan(op, axis):
    """Along a strided axis torch's max/min along the dimension: the first of equal
    values, a NaN only where it comes first (TF.js's loop)."""
    rng = np.random.default_rng(4)
    x = rng.choice(np.array([0.0, 1.0, 1.0, NAN, -INF], np.float32), (6, 9, 7))
    assert_same_as_cpu(lambda: op(tf.tensor(x), axis))
    assert_same_as_cpu(lambda: op(tf.tensor(np.where(np.isfinite(x), x, 2).astype(np.int32)), axis))
