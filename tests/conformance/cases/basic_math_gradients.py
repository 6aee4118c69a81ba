"""Gradients of Operations / Basic math (issue 6): tf.grad of each element-wise op and
activation on values that include its special points (0, the bounds, NaN, ±Infinity),
scaled by a dy, through int32 (a cast), and gradients of gradients."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import tfjs as tf
from tests.conformance.values import inf, nan

VALUES = [
    nan, inf, -inf, -0.0, 0, 1e-8, -1e-8, 0.25, -0.25, 0.5, -0.5, 1, -1, 1.5, -1.5, 2.5, -3, 6, 7, 30, -30,
]  # fmt: skip
DY = [[0.5, -2, 3], [1e-3, -0.75, 10]]
X23 = [[0.3, -0.6, 0.9], [-1.2, 0.1, 0.45]]
INTS = [-3, -1, 0, 1, 2, 7]
INT_DY = [1, 2, 3, 4, 5, 6]

OPS = [
    "abs", "acos", "acosh", "asin", "asinh", "atan", "atanh", "ceil", "cos", "cosh", "elu", "erf",
    "exp", "expm1", "floor", "leaky_relu", "log", "log1p", "log_sigmoid", "reciprocal", "relu",
    "relu6", "round", "rsqrt", "selu", "sigmoid", "sign", "sin", "sinh", "softplus", "sqrt", "step",
    "tan", "tanh", "clone",
]  # fmt: skip
# Ops that take int32 tensors: their gradients also run on int32 inputs.
INT_OPS = [
    "abs", "acos", "acosh", "asin", "asinh", "atan", "atanh", "erf", "exp", "expm1", "leaky_relu",
    "log1p", "reciprocal", "relu", "relu6", "round", "selu", "sign", "sinh", "step", "clone",
]  # fmt: skip
# Gradients of gradients (those through Greater, LessEqual or LogicalAnd, which have no
# gradient, are checked in tests/ops/test_basic_math_gradients.py: the error is a
# NotImplementedError). Exp, Sigmoid and Tanh save their output, which TF.js's tape (and
# ours, recording the saved copy before the kernel as TF.js does) cannot reach back
# through: theirs raise "Cannot compute gradient of y=f(x)...".
SECOND_ORDER = [
    "abs", "acos", "asin", "asinh", "atan", "atanh", "cos", "cosh", "erf", "exp", "expm1", "log",
    "log1p", "log_sigmoid", "reciprocal", "relu", "rsqrt", "sigmoid", "sin", "sinh", "softplus",
    "sqrt", "tan", "tanh",
]  # fmt: skip


def grad(f: Callable[[tf.Tensor], tf.Tensor], x: Any, dy: Any = None) -> tf.Tensor:
    return tf.grad(f)(tf.tensor(x), None if dy is None else tf.tensor(dy))


def grads(f: Callable[..., tf.Tensor], *xs: tf.Tensor, dy: Any = None) -> list[tf.Tensor]:
    return tf.grads(f)(list(xs), None if dy is None else tf.tensor(dy))


def second_order(f: Callable[[tf.Tensor], tf.Tensor], x: Any) -> tf.Tensor:
    return tf.grad(lambda x: tf.grad(f)(x))(tf.tensor(x))


CASES: dict[str, Callable[[], Any]] = {}
for _name in OPS:
    _fn = getattr(tf, _name)
    CASES[f"{_name}/special"] = lambda fn=_fn: grad(fn, VALUES)
    CASES[f"{_name}/dy"] = lambda fn=_fn: grad(fn, X23, DY)
for _name in INT_OPS:
    _fn = getattr(tf, _name)
    CASES[f"{_name}/through_int32"] = lambda fn=_fn: grad(
        lambda x: fn(tf.cast(x, "int32")), INTS, [1, 2, 3, 4, 5, 6]
    )
for _name in SECOND_ORDER:
    _fn = getattr(tf, _name)
    CASES[f"{_name}/second_order"] = lambda fn=_fn: second_order(fn, X23)

CASES.update({
    "leaky_relu/alpha": lambda: grad(lambda x: tf.leaky_relu(x, 0.3), [-2, -0.0, 0, 1e-8, 3]),
    "leaky_relu/negative_alpha": lambda: grad(lambda x: tf.leaky_relu(x, -1.5), [-2, 0, 3, nan]),
    "step/alpha": lambda: grad(lambda x: tf.step(x, 0.5), [-2, 0, 3, nan]),
    "clip_by_value/bounds": lambda: grad(
        lambda x: tf.clip_by_value(x, -1, 1), [nan, -inf, -2, -1, -0.5, -0.0, 0, 1, 1.5, inf]
    ),
    "clip_by_value/float32_bounds": lambda: grad(
        lambda x: tf.clip_by_value(x, 0.1, 0.7), [0.09999999, 0.1, 0.1000001, 0.7, 0.70000005]
    ),
    "clip_by_value/dy": lambda: grad(lambda x: tf.clip_by_value(x, -0.5, 0.5), X23, DY),
    "clip_by_value/through_int32": lambda: grad(
        lambda x: tf.clip_by_value(tf.cast(x, "int32"), -1, 2), INTS, [1, 2, 3, 4, 5, 6]
    ),
    "clip_by_value/equal_bounds": lambda: grad(lambda x: tf.clip_by_value(x, 1, 1), [0, 1, 2]),
    "prelu/broadcast": lambda: grads(tf.prelu, tf.tensor(X23), tf.tensor([0.1, -0.2, 0.3]), dy=DY),
    "prelu/special": lambda: grads(tf.prelu, tf.tensor([nan, -0.0, 0, -1, 2, -inf]), tf.scalar(0.25)),
    "prelu/same_shape": lambda: grads(tf.prelu, tf.tensor(X23), tf.tensor([[1, 2, 3], [4, 5, 6]])),
    "prelu/column_alpha": lambda: grads(tf.prelu, tf.tensor(X23), tf.tensor([[0.5], [2]]), dy=DY),
    "prelu/x_broadcast": lambda: grads(tf.prelu, tf.tensor([-1, 2, -3]), tf.tensor(X23)),
    "prelu/alpha_only": lambda: grad(lambda a: tf.prelu(tf.tensor(X23), a), [0.1, -0.2, 0.3]),
    # Exp's gradient reaches x only through dy here: TF.js drops the term through its saved y.
    "exp/second_order_with_x": lambda: second_order(lambda y: tf.mul(tf.exp(y), y), X23),
    "elu/second_order_through_dy": lambda: second_order(lambda y: tf.mul(tf.elu(y), y), X23),
    "elu/scaled": lambda: grad(lambda x: tf.elu(tf.mul(x, 3)), X23, DY),
    "erf/int32_input": lambda: grad(lambda x: tf.erf(tf.cast(x, "int32")), [-1.5, 0, 2.7]),
    "is_nan/zero": lambda: grad(lambda x: tf.cast(tf.is_nan(x), "float32"), [nan, 1, inf]),
    "is_inf/zero": lambda: grad(lambda x: tf.cast(tf.is_inf(x), "float32"), [nan, 1, inf]),
    "is_finite/zero": lambda: grad(lambda x: tf.cast(tf.is_finite(x), "float32"), [nan, 1, inf]),
    "is_nan/where": lambda: grad(
        lambda x: tf.where(tf.is_nan(x), tf.zeros_like(x), tf.square(x)), [nan, 3, -2]
    ),
    "cast/float32": lambda: grad(lambda x: tf.cast(x, "float32"), X23, DY),
    "cast/int32": lambda: grad(lambda x: tf.cast(x, "int32"), [1.7, -1.7, 3]),
    "cast/bool": lambda: grad(lambda x: tf.cast(tf.cast(x, "bool"), "float32"), [0, 2, -0.5]),
    "cast/chain": lambda: grad(lambda x: tf.square(tf.cast(tf.cast(x, "int32"), "float32")), [1.7, -2.5, 3]),
    "clone/second_order": lambda: second_order(lambda y: tf.square(tf.clone(y)), X23),
    "softplus/int32_rejected": lambda: grad(lambda x: tf.softplus(tf.cast(x, "int32")), [1, 2]),
    "sigmoid/saturated": lambda: grad(tf.sigmoid, [-100, -20, 20, 40, 100]),
    "tanh/saturated": lambda: grad(tf.tanh, [-100, -10, 10, 20]),
    "exp/overflow": lambda: grad(tf.exp, [88, 89, -104, -110]),
    "sqrt/zero_and_negative": lambda: grad(tf.sqrt, [0, -0.0, -1, 1e-40, 4]),
    "rsqrt/tiny": lambda: grad(tf.rsqrt, [1e-30, 1e-20, 3, 1e30]),
    "tan/near_pole": lambda: grad(tf.tan, [1.5707963, 1.5707964, -1.5707964]),
    "relu6/bounds": lambda: grad(tf.relu6, [-0.0, 0, 1e-45, 5.9999995, 6, 6.0000005]),
})  # fmt: skip

# TF.js's Prelu gradient does not sum x's gradient back to x's shape, so its tape rejects
# it when alpha broadcasts x ("The gradient of input 'x' has shape '2,3', which does not
# match the shape of the input '3'"); ours sums it, as for alpha (and as TensorFlow does).
# TF.js has no gradient for EluGrad ("gradient function not found for EluGrad"); ours is
# TensorFlow's, so elu has gradients of gradients where the backward pass's dy depends on x.
KNOWN_DIFFERENCES = {
    "prelu/x_broadcast",
    "elu/second_order_through_dy",
    # TF.js records the copy of an output its gradient keeps (exp, sigmoid, tanh, elu)
    # before the kernel that made it, so a second derivative cannot reach x through it:
    # TF.js raises "Cannot compute gradient" or, where x also reaches the result another
    # way, silently drops a term (exp(x) * x gives 2e^x, not e^x (x + 2)). This tape
    # records the copy after the kernel and gives the true second derivative.
    "exp/second_order",
    "exp/second_order_with_x",
    "sigmoid/second_order",
    "tanh/second_order",
}
