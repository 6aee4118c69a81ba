"""The layers' loss functions (tfjs-layers/src/losses.ts), the ones `model.compile(loss=...)`
resolves by name. Each takes `(y_true, y_pred)` and returns the per-sample loss: the mean
(or sum) over the last axis. The core ops' `tf.losses` are a different, reducing family.

Probabilities are clipped to [epsilon, 1 - epsilon] (epsilon 1e-7 on float32 backends) as
TF.js clips them.

>>> get_loss("meanSquaredError")(tf.tensor2d([[0, 1]]), tf.tensor2d([[1, 1]])).array_sync()
[0.5]
"""

from __future__ import annotations

import functools
import math
import sys
from collections.abc import Callable, Sequence
from typing import Any

from tfjs import ops
from tfjs.globals import backend, tidy
from tfjs.layers.serialization import to_camel_case
from tfjs.tensor import Tensor
from tfjs.tensor_util import convert_to_tensor

LossOrMetricFn = Callable[[Tensor, Tensor], Tensor]
_MAX_VALUE = sys.float_info.max  # JavaScript's Number.MAX_VALUE


def epsilon() -> float:
    """The fuzz factor of numeric expressions: the backend's (1e-7 at float32 precision)."""
    return backend().epsilon()


def shape_text(shape: Sequence[int]) -> str:
    """A shape as TF.js prints it: [2,3]."""
    return "[" + ",".join(str(d) for d in shape) + "]"


def check_broadcastable(name: str, y_true: Tensor, y_pred: Tensor) -> None:
    """ValueError naming `name` and both shapes unless they broadcast together."""
    for a, b in zip(reversed(y_true.shape), reversed(y_pred.shape), strict=False):
        if a != b and a != 1 and b != 1:
            raise ValueError(
                f"{name}: y_true of shape {shape_text(y_true.shape)} and y_pred of shape "
                f"{shape_text(y_pred.shape)} are incompatible (they do not broadcast)"
            )


def per_sample(
    name: str, same_shape: bool = False
) -> Callable[[Callable[..., Tensor]], Callable[..., Tensor]]:
    """Wraps a loss or metric body: converts `y_true`/`y_pred` (tensors or TensorLikes),
    checks their shapes (equal for `same_shape`, else broadcastable), then runs the body
    in a tidy."""

    def decorate(body: Callable[..., Tensor]) -> Callable[..., Tensor]:
        @functools.wraps(body)
        def loss(y_true: Any, y_pred: Any, *args: Any, **kwargs: Any) -> Tensor:
            def run() -> Tensor:
                t = convert_to_tensor(y_true, "y_true", name)
                p = convert_to_tensor(y_pred, "y_pred", name)
                if same_shape and t.shape != p.shape:
                    raise ValueError(
                        f"{name}: y_true and y_pred must have the same shape, but got shapes "
                        f"{shape_text(t.shape)} and {shape_text(p.shape)}"
                    )
                check_broadcastable(name, t, p)
                return body(t, p, *args, **kwargs)

            return tidy(run)

        return loss

    return decorate


def l2_normalize(x: Tensor, axis: int | None = None) -> Tensor:
    """x / sqrt(max(sum(x^2, axis), epsilon)), as TF.js's `l2Normalize`."""

    def body() -> Tensor:
        xf = x if x.dtype == "float32" else ops.cast(x, "float32")
        square_sum = ops.sum(ops.square(xf), axis, True)
        norm = ops.sqrt(ops.maximum(square_sum, ops.fill(square_sum.shape, epsilon())))
        return ops.div(xf, norm)

    return tidy(body)


@per_sample("meanSquaredError")
def mean_squared_error(y_true: Tensor, y_pred: Tensor) -> Tensor:
    """Mean of (y_pred - y_true)^2 over the last axis."""
    return ops.mean(ops.square(ops.sub(y_pred, y_true)), -1)


@per_sample("meanAbsoluteError")
def mean_absolute_error(y_true: Tensor, y_pred: Tensor) -> Tensor:
    """Mean of |y_pred - y_true| over the last axis."""
    return ops.mean(ops.abs(ops.sub(y_pred, y_true)), -1)


@per_sample("meanAbsolutePercentageError")
def mean_absolute_percentage_error(y_true: Tensor, y_pred: Tensor) -> Tensor:
    """100 * mean of |(y_true - y_pred) / max(|y_true|, epsilon)| over the last axis."""
    clipped_true = ops.clip_by_value(ops.abs(y_true), epsilon(), _MAX_VALUE)
    return ops.mul(100, ops.mean(ops.abs(ops.div(ops.sub(y_true, y_pred), clipped_true)), -1))


@per_sample("meanSquaredLogarithmicError")
def mean_squared_logarithmic_error(y_true: Tensor, y_pred: Tensor) -> Tensor:
    """Mean of (log(1 + y_pred) - log(1 + y_true))^2 over the last axis (both clipped at
    epsilon from below)."""
    first = ops.log(ops.add(1, ops.clip_by_value(y_pred, epsilon(), _MAX_VALUE)))
    second = ops.log(ops.add(1, ops.clip_by_value(y_true, epsilon(), _MAX_VALUE)))
    return ops.mean(ops.square(ops.sub(first, second)), -1)


@per_sample("squaredHinge")
def squared_hinge(y_true: Tensor, y_pred: Tensor) -> Tensor:
    """Mean of max(0, 1 - y_true * y_pred)^2 over the last axis."""
    return ops.mean(ops.square(ops.maximum(0, ops.sub(1, ops.mul(y_true, y_pred)))), -1)


@per_sample("hinge")
def hinge(y_true: Tensor, y_pred: Tensor) -> Tensor:
    """Mean of max(0, 1 - y_true * y_pred) over the last axis."""
    return ops.mean(ops.maximum(0, ops.sub(1, ops.mul(y_true, y_pred))), -1)


@per_sample("categoricalHinge")
def categorical_hinge(y_true: Tensor, y_pred: Tensor) -> Tensor:
    """max(0, 1 + max((1 - y_true) * y_pred) - sum(y_true * y_pred)) over the last axis."""
    pos = ops.sum(ops.mul(y_true, y_pred), -1)
    neg = ops.max(ops.mul(ops.sub(1, y_true), y_pred), -1)
    return ops.maximum(0, ops.add(1, ops.sub(neg, pos)))


@per_sample("logcosh")
def logcosh(y_true: Tensor, y_pred: Tensor) -> Tensor:
    """Mean of log(cosh(y_pred - y_true)) over the last axis, computed as
    d + softplus(-2d) - log(2)."""
    diff = ops.sub(y_pred, y_true)
    return ops.mean(ops.sub(ops.add(diff, ops.softplus(ops.mul(-2, diff))), math.log(2)), -1)


def _categorical_crossentropy(target: Tensor, output: Tensor, from_logits: bool) -> Tensor:
    if from_logits:
        output = ops.softmax(output)
    else:
        output = ops.div(output, ops.sum(output, len(output.shape) - 1, True))
    output = ops.clip_by_value(output, epsilon(), 1 - epsilon())
    return ops.neg(ops.sum(ops.mul(ops.cast(target, "float32"), ops.log(output)), len(output.shape) - 1))


@per_sample("categoricalCrossentropy")
def categorical_crossentropy(y_true: Tensor, y_pred: Tensor, from_logits: bool = False) -> Tensor:
    """-sum(y_true * log(y_pred)) over the last axis; y_pred is normalized to sum to 1 (or
    softmaxed when `from_logits`) and clipped to [epsilon, 1 - epsilon]."""
    return _categorical_crossentropy(y_true, y_pred, from_logits)


def sparse_categorical_crossentropy(y_true: Any, y_pred: Any, from_logits: bool = False) -> Tensor:
    """Categorical crossentropy with integer class targets: y_true holds one class index
    per sample (shape [batch] or [batch, 1]). As in TF.js, y_pred is clipped before the
    softmax of `from_logits`."""
    name = "sparseCategoricalCrossentropy"

    def run() -> Tensor:
        target = convert_to_tensor(y_true, "y_true", name)
        output = convert_to_tensor(y_pred, "y_pred", name)
        samples = math.prod(output.shape[:-1])
        if len(output.shape) < 1 or target.size != samples:
            raise ValueError(
                f"{name}: y_true of shape {shape_text(target.shape)} must hold one class index per "
                f"sample of y_pred of shape {shape_text(output.shape)} ({samples} values)"
            )
        flat = ops.cast(ops.floor(ops.reshape(target, [target.size])), "int32")
        output = ops.clip_by_value(output, epsilon(), 1 - epsilon())
        one_hot = ops.reshape(ops.one_hot(flat, output.shape[-1]), output.shape)
        return _categorical_crossentropy(one_hot, output, from_logits)

    return tidy(run)


def sigmoid_cross_entropy_with_logits(labels: Tensor, logits: Tensor) -> Tensor:
    """relu(logits) - logits * labels + log1p(exp(-|logits|)), elementwise."""
    if tuple(labels.shape) != tuple(logits.shape):
        raise ValueError(
            "logits and labels must have the same shape, but got shapes "
            f"{shape_text(labels.shape)} and {shape_text(logits.shape)}"
        )
    return tidy(
        lambda: ops.add(
            ops.sub(ops.relu(logits), ops.mul(logits, labels)), ops.log1p(ops.exp(ops.neg(ops.abs(logits))))
        )
    )


@per_sample("binaryCrossentropy", same_shape=True)
def binary_crossentropy(y_true: Tensor, y_pred: Tensor) -> Tensor:
    """Mean binary crossentropy over the last axis; y_pred clipped to
    [epsilon, 1 - epsilon] and turned into logits."""
    y = ops.clip_by_value(y_pred, epsilon(), 1 - epsilon())
    y = ops.log(ops.div(y, ops.sub(1, y)))
    return ops.mean(sigmoid_cross_entropy_with_logits(y_true, y), -1)


@per_sample("kullbackLeiblerDivergence")
def kullback_leibler_divergence(y_true: Tensor, y_pred: Tensor) -> Tensor:
    """sum(y_true * log(y_true / y_pred)) over the last axis, both clipped to
    [epsilon, 1]."""
    clipped_true = ops.clip_by_value(y_true, epsilon(), 1)
    clipped_pred = ops.clip_by_value(y_pred, epsilon(), 1)
    return ops.sum(ops.mul(y_true, ops.log(ops.div(clipped_true, clipped_pred))), -1)


@per_sample("poisson")
def poisson(y_true: Tensor, y_pred: Tensor) -> Tensor:
    """Mean of y_pred - y_true * log(y_pred + epsilon) over the last axis."""
    log_pred = ops.log(ops.add(epsilon(), y_pred))
    return ops.mean(ops.sub(y_pred, ops.mul(y_true, log_pred)), -1)


@per_sample("cosineProximity")
def cosine_proximity(y_true: Tensor, y_pred: Tensor) -> Tensor:
    """-sum(l2_normalize(y_true) * l2_normalize(y_pred)) over the last axis."""
    return ops.neg(ops.sum(ops.mul(l2_normalize(y_true, -1), l2_normalize(y_pred, -1)), -1))


# TF.js's lossesMap, in its order (its keys are the names training reports).
LOSSES: dict[str, LossOrMetricFn] = {
    "meanSquaredError": mean_squared_error,
    "meanAbsoluteError": mean_absolute_error,
    "meanAbsolutePercentageError": mean_absolute_percentage_error,
    "meanSquaredLogarithmicError": mean_squared_logarithmic_error,
    "squaredHinge": squared_hinge,
    "hinge": hinge,
    "categoricalHinge": categorical_hinge,
    "logcosh": logcosh,
    "categoricalCrossentropy": categorical_crossentropy,
    "sparseCategoricalCrossentropy": sparse_categorical_crossentropy,
    "binaryCrossentropy": binary_crossentropy,
    "kullbackLeiblerDivergence": kullback_leibler_divergence,
    "poisson": poisson,
    "cosineProximity": cosine_proximity,
}
# TF.js's short names (losses.ts exports them; Keras accepts them as strings).
LOSS_ALIASES = {
    "mse": "meanSquaredError",
    "MSE": "meanSquaredError",
    "mae": "meanAbsoluteError",
    "MAE": "meanAbsoluteError",
    "mape": "meanAbsolutePercentageError",
    "MAPE": "meanAbsolutePercentageError",
    "msle": "meanSquaredLogarithmicError",
    "MSLE": "meanSquaredLogarithmicError",
    "kld": "kullbackLeiblerDivergence",
    "KLD": "kullbackLeiblerDivergence",
    "cosine": "cosineProximity",
}


def lookup_name(identifier: str, table: dict[str, Any], aliases: dict[str, str]) -> Any:
    """`identifier` in `table` as written, through `aliases`, or in snake_case
    (`mean_squared_error`); None if none."""
    for name in (identifier, to_camel_case(identifier)):
        name = aliases.get(name, name)
        if name in table:
            return table[name]
    return None


def get_loss(identifier: str | LossOrMetricFn) -> LossOrMetricFn:
    """The per-sample loss function for a name ('meanSquaredError', 'mean_squared_error',
    'mse', ...); a callable passes through. The same name always gives the same function
    object, so training can recognise e.g. `binary_crossentropy`."""
    if callable(identifier):
        return identifier
    if not isinstance(identifier, str):
        raise ValueError(f"Unknown loss {identifier!r}: expected a loss name or a function")
    fn = lookup_name(identifier, LOSSES, LOSS_ALIASES)
    if fn is not None:
        return fn
    message = f"Unknown loss {identifier}; known losses: {', '.join(LOSSES)}"
    if "softmaxcrossentropy" in identifier.lower().replace("_", ""):
        message += ". Use 'categoricalCrossentropy' as the string name for tf.losses.softmax_cross_entropy"
    raise ValueError(message)
