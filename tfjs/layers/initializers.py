"""TF.js's weight initializers (tfjs-layers/src/initializers.ts), the `tf.initializers`
namespace.

Seeded initializers draw TF.js's numbers: the same ops (`random_uniform`,
`truncated_normal`, `random_normal`) with the same seed and parameters. TF.js's quirks are
kept: `minval`, `maxval`, `mean` or `stddev` given as 0 fall back to their defaults (TF.js
tests them with `||`), and a VarianceScaling `distribution` other than 'normal' draws
uniformly. Without a seed the numbers are fresh each call, as TF.js's.

>>> tf.initializers.glorot_uniform(seed=1)([2, 2]).shape
(2, 2)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any, ClassVar

from tfjs import ops
from tfjs.globals import tidy
from tfjs.layers.serialization import (
    Serializable,
    check_number,
    get_from_identifier,
    register_alias,
    register_class,
    serialize_keras_object,
    to_camel_case,
)
from tfjs.tensor import Tensor

FAN_MODES = ("fanIn", "fanOut", "fanAvg")
# TF.js's; Keras 3 also writes "untruncated_normal", which TF.js refuses; here it loads
# and, as TF.js does for every distribution but 'normal', draws uniformly.
DISTRIBUTIONS = ("normal", "uniform", "truncatedNormal", "untruncatedNormal")


class Initializer(Serializable):
    """Base class of the initializers: `initializer(shape, dtype)` is TF.js's
    `apply(shape, dtype)` and returns a new tensor."""

    class_name: ClassVar[str]

    def __call__(self, shape: Sequence[int], dtype: str = "float32") -> Tensor:
        raise NotImplementedError


@register_class
class Zeros(Initializer):
    """Initializer that generates tensors initialized to 0."""

    class_name = "Zeros"

    def __call__(self, shape: Sequence[int], dtype: str = "float32") -> Tensor:
        return ops.zeros(shape, dtype)


@register_class
class Ones(Initializer):
    """Initializer that generates tensors initialized to 1."""

    class_name = "Ones"

    def __call__(self, shape: Sequence[int], dtype: str = "float32") -> Tensor:
        return ops.ones(shape, dtype)


@register_class
class Constant(Initializer):
    """Initializer that generates values initialized to `value`."""

    class_name = "Constant"

    def __init__(self, value: float | None = None) -> None:
        if value is None:
            raise ValueError("Constant initializer: config must have value set")
        check_number(value, "value", "Constant initializer")
        self.value = value

    def __call__(self, shape: Sequence[int], dtype: str = "float32") -> Tensor:
        return tidy(lambda: ops.mul(ops.scalar(self.value), ops.ones(shape, dtype)))

    def get_config(self) -> dict[str, Any]:
        return {"value": self.value}


@register_class
class RandomUniform(Initializer):
    """Initializer that draws uniformly in [minval, maxval) (defaults -0.05, 0.05)."""

    class_name = "RandomUniform"

    def __init__(self, minval: float | None = None, maxval: float | None = None, seed: float | None = None):
        self.minval = _or_default(minval, -0.05, "minval", "RandomUniform")
        self.maxval = _or_default(maxval, 0.05, "maxval", "RandomUniform")
        self.seed = seed

    def __call__(self, shape: Sequence[int], dtype: str = "float32") -> Tensor:
        return ops.random_uniform(shape, self.minval, self.maxval, dtype, self.seed)

    def get_config(self) -> dict[str, Any]:
        return {"minval": self.minval, "maxval": self.maxval, "seed": self.seed}


class _Normal(Initializer):
    """RandomNormal and TruncatedNormal: `mean` (default 0), `stddev` (default 0.05)."""

    def __init__(self, mean: float | None = None, stddev: float | None = None, seed: float | None = None):
        self.mean = _or_default(mean, 0.0, "mean", self.class_name)
        self.stddev = _or_default(stddev, 0.05, "stddev", self.class_name)
        self.seed = seed

    def get_config(self) -> dict[str, Any]:
        return {"mean": self.mean, "stddev": self.stddev, "seed": self.seed}


@register_class
class RandomNormal(_Normal):
    """Initializer that draws from a normal distribution."""

    class_name = "RandomNormal"

    def __call__(self, shape: Sequence[int], dtype: str = "float32") -> Tensor:
        _check_float_or_int(dtype, "randomNormal")
        return ops.random_normal(shape, self.mean, self.stddev, dtype, self.seed)


@register_class
class TruncatedNormal(_Normal):
    """Initializer that draws from a normal distribution truncated at two standard
    deviations (values beyond are redrawn)."""

    class_name = "TruncatedNormal"

    def __call__(self, shape: Sequence[int], dtype: str = "float32") -> Tensor:
        _check_float_or_int(dtype, "truncatedNormal")
        return ops.truncated_normal(shape, self.mean, self.stddev, dtype, self.seed)


@register_class
class Identity(Initializer):
    """Initializer that generates `gain` times the identity matrix (2-D square shapes)."""

    class_name = "Identity"

    def __init__(self, gain: float | None = None) -> None:
        self.gain = check_number(gain, "gain", "Identity initializer", 1.0)

    def __call__(self, shape: Sequence[int], dtype: str = "float32") -> Tensor:
        if len(shape) != 2 or shape[0] != shape[1]:
            raise ValueError(
                "Identity matrix initializer can only be used for 2D square matrices, "
                f"got shape {list(shape)}"
            )
        return tidy(lambda: ops.mul(self.gain, ops.eye(shape[0])))

    def get_config(self) -> dict[str, Any]:
        return {"gain": self.gain}


def compute_fans(shape: Sequence[int]) -> tuple[float, float]:
    """(fan_in, fan_out) of a weight shape, channels last, as TF.js's `computeFans`.

    >>> compute_fans([3, 3, 4, 8])
    (36, 72)
    """
    if len(shape) == 2:
        return shape[0], shape[1]
    if len(shape) in (3, 4, 5):
        receptive_field = math.prod(shape[:-2])
        return shape[-2] * receptive_field, shape[-1] * receptive_field
    side = math.sqrt(math.prod(shape))
    return side, side


@register_class
class VarianceScaling(Initializer):
    """Initializer that adapts its scale to the weight's shape: with `mode` 'fanIn',
    'fanOut' or 'fanAvg', scale / max(1, fan); 'normal' draws a truncated normal with
    stddev sqrt(scale), any other distribution uniformly within sqrt(3 * scale)."""

    class_name = "VarianceScaling"

    def __init__(
        self,
        scale: float | None = None,
        mode: str | None = None,
        distribution: str | None = None,
        seed: float | None = None,
    ) -> None:
        if scale is not None:
            check_number(scale, "scale", "VarianceScaling initializer")
            if scale < 0:
                raise ValueError(f"VarianceScaling: scale must be a positive float. Got: {scale}")
        self.scale = 1.0 if scale is None else scale
        self.mode = _check_choice("fanIn" if mode is None else mode, FAN_MODES, "FanMode")
        self.distribution = _check_choice(
            "normal" if distribution is None else distribution, DISTRIBUTIONS, "Distribution"
        )
        self.seed = seed

    def __call__(self, shape: Sequence[int], dtype: str = "float32") -> Tensor:
        fan_in, fan_out = compute_fans(shape)
        fan = {"fanIn": fan_in, "fanOut": fan_out, "fanAvg": (fan_in + fan_out) / 2}[self.mode]
        scale = self.scale / max(1, fan)
        if self.distribution == "normal":
            _check_float_or_int(dtype, self.get_class_name())
            return ops.truncated_normal(shape, 0, math.sqrt(scale), dtype, self.seed)
        limit = math.sqrt(3 * scale)
        return ops.random_uniform(shape, -limit, limit, dtype, self.seed)

    def get_config(self) -> dict[str, Any]:
        return {"scale": self.scale, "mode": self.mode, "distribution": self.distribution, "seed": self.seed}


class _SeedOnly(VarianceScaling):
    """The named VarianceScaling presets; serialized as VarianceScaling, as in TF.js."""

    preset: ClassVar[tuple[float, str, str]]

    def __init__(self, seed: float | None = None) -> None:
        scale, mode, distribution = self.preset
        super().__init__(scale=scale, mode=mode, distribution=distribution, seed=seed)

    def get_class_name(self) -> str:
        return VarianceScaling.class_name


@register_class
class GlorotUniform(_SeedOnly):
    """Glorot uniform: uniform within sqrt(6 / (fan_in + fan_out))."""

    class_name = "GlorotUniform"
    preset = (1.0, "fanAvg", "uniform")


@register_class
class GlorotNormal(_SeedOnly):
    """Glorot normal: truncated normal with stddev sqrt(2 / (fan_in + fan_out))."""

    class_name = "GlorotNormal"
    preset = (1.0, "fanAvg", "normal")


@register_class
class HeNormal(_SeedOnly):
    """He normal: truncated normal with stddev sqrt(2 / fan_in)."""

    class_name = "HeNormal"
    preset = (2.0, "fanIn", "normal")


@register_class
class HeUniform(_SeedOnly):
    """He uniform: uniform within sqrt(6 / fan_in)."""

    class_name = "HeUniform"
    preset = (2.0, "fanIn", "uniform")


@register_class
class LeCunNormal(_SeedOnly):
    """LeCun normal: truncated normal with stddev sqrt(1 / fan_in)."""

    class_name = "LeCunNormal"
    preset = (1.0, "fanIn", "normal")


@register_class
class LeCunUniform(_SeedOnly):
    """LeCun uniform: uniform within sqrt(3 / fan_in)."""

    class_name = "LeCunUniform"
    preset = (1.0, "fanIn", "uniform")


@register_class
class Orthogonal(Initializer):
    """Initializer that generates a random orthogonal matrix (times `gain`): the Q of the
    QR decomposition of a seeded standard normal matrix, signs fixed by R's diagonal."""

    class_name = "Orthogonal"

    def __init__(self, gain: float | None = None, seed: float | None = None) -> None:
        self.gain = check_number(gain, "gain", "Orthogonal initializer", 1)
        self.seed = seed

    def __call__(self, shape: Sequence[int], dtype: str = "float32") -> Tensor:
        if len(shape) < 2:
            raise ValueError(f"Orthogonal initializer: shape must be at least 2D, got {list(shape)}")
        if dtype not in ("int32", "float32"):
            raise TypeError(f"Orthogonal initializer: unsupported data type {dtype}")
        rows, cols = math.prod(shape[:-1]), shape[-1]
        small = min(rows, cols)

        def body() -> Tensor:
            normal = ops.random_normal([max(rows, cols), small], 0, 1, dtype, self.seed)
            q, r = ops.linalg.qr(normal, False)
            diagonal = ops.strided_slice(ops.reshape(r, [-1]), [0], [small * small], [small + 1])
            q = ops.mul(q, ops.sign(diagonal))
            if rows < cols:
                q = ops.transpose(q)
            return ops.mul(ops.scalar(self.gain), ops.reshape(q, shape))

        return tidy(body)

    def get_config(self) -> dict[str, Any]:
        return {"gain": self.gain, "seed": self.seed}


# Keras's class names for TF.js's classes (TF.js refuses them).
register_alias("LecunNormal", LeCunNormal)
register_alias("LecunUniform", LeCunUniform)
register_alias("IdentityInitializer", Identity)

# TF.js's camelCase identifiers; Keras's snake_case ones map here through camelCase.
INITIALIZER_ALIASES = {
    "constant": "Constant",
    "glorotNormal": "GlorotNormal",
    "glorotUniform": "GlorotUniform",
    "heNormal": "HeNormal",
    "heUniform": "HeUniform",
    "identity": "Identity",
    "leCunNormal": "LeCunNormal",
    "leCunUniform": "LeCunUniform",
    "lecunNormal": "LeCunNormal",
    "lecunUniform": "LeCunUniform",
    "ones": "Ones",
    "orthogonal": "Orthogonal",
    "randomNormal": "RandomNormal",
    "randomUniform": "RandomUniform",
    "truncatedNormal": "TruncatedNormal",
    "varianceScaling": "VarianceScaling",
    "zeros": "Zeros",
}


def get_initializer(identifier: Any) -> Initializer | None:
    """An initializer from a name ('glorotUniform', 'glorot_uniform', 'GlorotUniform'), a
    `{"className", "config"}` dict or an Initializer; None gives None.

    >>> get_initializer("heNormal")
    HeNormal({'scale': 2.0, 'mode': 'fanIn', 'distribution': 'normal', 'seed': None})
    """
    if identifier is None:
        return None
    return get_from_identifier(identifier, Initializer, "initializer", INITIALIZER_ALIASES)


def serialize_initializer(initializer: Initializer | None) -> dict[str, Any] | None:
    """What a layer's config holds for an initializer: `{"className", "config"}`."""
    return serialize_keras_object(initializer)


def _or_default(value: Any, default: float, arg: str, where: str) -> Any:
    # TF.js writes `args.x || default`: 0 (and a missing value) take the default.
    return check_number(value, arg, f"{where} initializer") or default


def _check_choice(value: Any, choices: tuple[str, ...], label: str) -> str:
    # Keras's spelling ('fan_avg') is accepted beside TF.js's ('fanAvg').
    if isinstance(value, str) and to_camel_case(value) in choices:
        return to_camel_case(value)
    if value not in choices:
        raise ValueError(f"{value} is not a valid {label}. Valid values are {list(choices)} or None")
    return value


def _check_float_or_int(dtype: str, where: str) -> None:
    if dtype not in ("float32", "int32"):
        raise NotImplementedError(f"{where} does not support dtype {dtype}")
