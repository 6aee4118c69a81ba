"""`tf.initializers`: TF.js's initializer factories (tfjs-layers/src/exports_initializers.ts),
config keys as keyword arguments.

>>> tf.initializers.random_uniform(minval=-1, maxval=1, seed=7)([3]).array_sync()
[-0.2708096206188202, -0.9842380285263062, -0.6247591972351074]
"""

from __future__ import annotations

from tfjs.layers.initializers import (
    Constant,
    GlorotNormal,
    GlorotUniform,
    HeNormal,
    HeUniform,
    Identity,
    Initializer,
    LeCunNormal,
    LeCunUniform,
    Ones,
    Orthogonal,
    RandomNormal,
    RandomUniform,
    TruncatedNormal,
    VarianceScaling,
    Zeros,
)

__all__ = [
    "Initializer",
    "constant",
    "glorot_normal",
    "glorot_uniform",
    "he_normal",
    "he_uniform",
    "identity",
    "le_cun_normal",
    "le_cun_uniform",
    "ones",
    "orthogonal",
    "random_normal",
    "random_uniform",
    "truncated_normal",
    "variance_scaling",
    "zeros",
]


def zeros() -> Initializer:
    """Initializer that generates tensors initialized to 0."""
    return Zeros()


def ones() -> Initializer:
    """Initializer that generates tensors initialized to 1."""
    return Ones()


def constant(value: float) -> Initializer:
    """Initializer that generates values initialized to `value`."""
    return Constant(value=value)


def random_uniform(
    minval: float | None = None, maxval: float | None = None, seed: float | None = None
) -> Initializer:
    """Initializer that draws uniformly in [minval, maxval) (defaults -0.05 and 0.05)."""
    return RandomUniform(minval=minval, maxval=maxval, seed=seed)


def random_normal(
    mean: float | None = None, stddev: float | None = None, seed: float | None = None
) -> Initializer:
    """Initializer that draws from a normal distribution (defaults mean 0, stddev 0.05)."""
    return RandomNormal(mean=mean, stddev=stddev, seed=seed)


def truncated_normal(
    mean: float | None = None, stddev: float | None = None, seed: float | None = None
) -> Initializer:
    """Initializer that draws from a normal distribution truncated at two standard
    deviations (defaults mean 0, stddev 0.05)."""
    return TruncatedNormal(mean=mean, stddev=stddev, seed=seed)


def identity(gain: float | None = None) -> Initializer:
    """Initializer that generates `gain` (default 1) times the identity matrix."""
    return Identity(gain=gain)


def variance_scaling(
    scale: float | None = None,
    mode: str | None = None,
    distribution: str | None = None,
    seed: float | None = None,
) -> Initializer:
    """Initializer capable of adapting its scale to the shape of weights: `mode` 'fanIn'
    (default), 'fanOut' or 'fanAvg'; `distribution` 'normal' (default) or 'uniform'."""
    return VarianceScaling(scale=scale, mode=mode, distribution=distribution, seed=seed)


def glorot_uniform(seed: float | None = None) -> Initializer:
    """Glorot uniform initializer: uniform within sqrt(6 / (fan_in + fan_out))."""
    return GlorotUniform(seed=seed)


def glorot_normal(seed: float | None = None) -> Initializer:
    """Glorot normal initializer: truncated normal, stddev sqrt(2 / (fan_in + fan_out))."""
    return GlorotNormal(seed=seed)


def he_normal(seed: float | None = None) -> Initializer:
    """He normal initializer: truncated normal with stddev sqrt(2 / fan_in)."""
    return HeNormal(seed=seed)


def he_uniform(seed: float | None = None) -> Initializer:
    """He uniform initializer: uniform within sqrt(6 / fan_in)."""
    return HeUniform(seed=seed)


def le_cun_normal(seed: float | None = None) -> Initializer:
    """LeCun normal initializer: truncated normal with stddev sqrt(1 / fan_in)."""
    return LeCunNormal(seed=seed)


def le_cun_uniform(seed: float | None = None) -> Initializer:
    """LeCun uniform initializer: uniform within sqrt(3 / fan_in)."""
    return LeCunUniform(seed=seed)


def orthogonal(gain: float | None = None, seed: float | None = None) -> Initializer:
    """Initializer that generates a random orthogonal matrix times `gain` (default 1)."""
    return Orthogonal(gain=gain, seed=seed)
