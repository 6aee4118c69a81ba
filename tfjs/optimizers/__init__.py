"""TF.js's optimizers, one module per optimizer (tfjs-core/src/optimizers/); `tf.train`
constructs them."""

from tfjs.optimizers.adadelta_optimizer import AdadeltaOptimizer
from tfjs.optimizers.adagrad_optimizer import AdagradOptimizer
from tfjs.optimizers.adam_optimizer import AdamOptimizer
from tfjs.optimizers.adamax_optimizer import AdamaxOptimizer
from tfjs.optimizers.momentum_optimizer import MomentumOptimizer
from tfjs.optimizers.optimizer import Optimizer
from tfjs.optimizers.rmsprop_optimizer import RMSPropOptimizer
from tfjs.optimizers.sgd_optimizer import SGDOptimizer

OPTIMIZERS = (
    AdadeltaOptimizer,
    AdagradOptimizer,
    AdamOptimizer,
    AdamaxOptimizer,
    MomentumOptimizer,
    RMSPropOptimizer,
    SGDOptimizer,
)
"""The optimizer classes TF.js registers for serialization, by `class_name`."""

__all__ = [
    "OPTIMIZERS",
    "AdadeltaOptimizer",
    "AdagradOptimizer",
    "AdamOptimizer",
    "AdamaxOptimizer",
    "MomentumOptimizer",
    "Optimizer",
    "RMSPropOptimizer",
    "SGDOptimizer",
]
