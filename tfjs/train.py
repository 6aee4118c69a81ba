"""`tf.train`: constructors of TF.js's optimizers (tfjs-core/src/optimizers/optimizer_constructors.ts).

The deeplearn.js introduction's training loop, in Python:

>>> xs, ys = tf.tensor1d([0, 1, 2, 3]), tf.tensor1d([1.1, 5.9, 16.8, 33.9])
>>> a, b, c = (tf.variable(v) for v in (0.5, 0.5, 0.5))
>>> def loss():
...     prediction = a.mul(xs.square()).add(b.mul(xs)).add(c)
...     return prediction.sub(ys).square().mean()
>>> optimizer = tf.train.sgd(0.01)
>>> costs = []
>>> for _ in range(10):
...     cost = optimizer.minimize(loss, return_cost=True)
...     costs.append(cost.array_sync()); cost.dispose()
>>> costs[-1] < costs[0]
True
>>> optimizer.dispose(); tf.dispose([a, b, c, xs, ys])
"""

from __future__ import annotations

from tfjs.optimizers import (
    AdadeltaOptimizer,
    AdagradOptimizer,
    AdamaxOptimizer,
    AdamOptimizer,
    MomentumOptimizer,
    RMSPropOptimizer,
    SGDOptimizer,
)

__all__ = ["adadelta", "adagrad", "adam", "adamax", "momentum", "rmsprop", "sgd"]


def sgd(learning_rate: float) -> SGDOptimizer:
    """An optimizer that uses stochastic gradient descent."""
    return SGDOptimizer(learning_rate)


def momentum(learning_rate: float, momentum: float, use_nesterov: bool = False) -> MomentumOptimizer:
    """An optimizer that uses momentum gradient descent (Nesterov's with `use_nesterov`)."""
    return MomentumOptimizer(learning_rate, momentum, use_nesterov)


def rmsprop(
    learning_rate: float,
    decay: float = 0.9,
    momentum: float = 0.0,
    epsilon: float | None = None,
    centered: bool = False,
) -> RMSPropOptimizer:
    """An optimizer that uses RMSProp; `centered` normalizes the gradients by their
    estimated variance. `epsilon` defaults to the backend's epsilon."""
    return RMSPropOptimizer(learning_rate, decay, momentum, epsilon, centered)


def adam(
    learning_rate: float = 0.001, beta1: float = 0.9, beta2: float = 0.999, epsilon: float | None = None
) -> AdamOptimizer:
    """An optimizer that uses Adam; `beta1` and `beta2` are the decay rates of the first
    and second moment estimates."""
    return AdamOptimizer(learning_rate, beta1, beta2, epsilon)


def adadelta(
    learning_rate: float = 0.001, rho: float = 0.95, epsilon: float | None = None
) -> AdadeltaOptimizer:
    """An optimizer that uses Adadelta; `rho` is the decay of the accumulators."""
    return AdadeltaOptimizer(learning_rate, rho, epsilon)


def adamax(
    learning_rate: float = 0.002,
    beta1: float = 0.9,
    beta2: float = 0.999,
    epsilon: float | None = None,
    decay: float = 0.0,
) -> AdamaxOptimizer:
    """An optimizer that uses Adamax; `decay` lowers the learning rate over the steps."""
    return AdamaxOptimizer(learning_rate, beta1, beta2, epsilon, decay)


def adagrad(learning_rate: float, initial_accumulator_value: float = 0.1) -> AdagradOptimizer:
    """An optimizer that uses Adagrad; the accumulators start at
    `initial_accumulator_value` (>= 0)."""
    return AdagradOptimizer(learning_rate, initial_accumulator_value)
