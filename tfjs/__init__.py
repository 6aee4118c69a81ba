"""TensorFlow.js for Python: TF.js's programming model, names and numbers.

>>> import tfjs as tf
>>> tf.tensor([1, 2, 3]).square().sum().array_sync()
14.0
"""

from tfjs import backends as backends
from tfjs import batch as batch
from tfjs import browser as browser
from tfjs import io as io
from tfjs import layers as layers
from tfjs import train as train
from tfjs.backends import cpu as _cpu
from tfjs.backends import torch as _torch
from tfjs.backends.backend import KernelBackend, TensorInfo
from tfjs.converter.custom_op import deregister_op, get_registered_op, register_op
from tfjs.converter.graph_model import GraphModel
from tfjs.converter.loading import load_graph_model, load_graph_model_sync
from tfjs.dtypes import DTYPES, upcast_type
from tfjs.environment import Environment, env
from tfjs.globals import (
    backend,
    dispose,
    dispose_variables,
    engine,
    find_backend,
    get_backend,
    keep,
    memory,
    next_frame,
    ready,
    register_backend,
    remove_backend,
    set_backend,
    tidy,
)
from tfjs.gradients import custom_grad, grad, grads, value_and_grad, value_and_grads, variable_grads
from tfjs.interop import from_dlpack
from tfjs.kernel_registry import (
    get_kernel,
    get_kernels_for_backend,
    register_gradient,
    register_kernel,
    unregister_kernel,
)
from tfjs.layers import constraints as constraints
from tfjs.layers import exports_initializers as initializers
from tfjs.layers import metrics as metrics
from tfjs.layers import regularizers as regularizers
from tfjs.layers import serialization as serialization
from tfjs.layers.engine.input_layer import input  # noqa: A004 - TF.js's name
from tfjs.layers.engine.models import LayersModel, model
from tfjs.layers.engine.sequential import Sequential, sequential
from tfjs.layers.saving.load import load_layers_model
from tfjs.layers.training import callbacks as callbacks
from tfjs.leak_tracker import LeakedTensor, LeakReport, track_leaks
from tfjs.ops import *
from tfjs.ops import fused, image, linalg, losses, math, signal, sparse, spectral, string
from tfjs.ops.losses.loss_ops_util import Reduction
from tfjs.optimizers import (
    AdadeltaOptimizer,
    AdagradOptimizer,
    AdamaxOptimizer,
    AdamOptimizer,
    MomentumOptimizer,
    Optimizer,
    RMSPropOptimizer,
    SGDOptimizer,
)
from tfjs.profiler import (
    KernelRecord,
    ProfileInfo,
    TimingInfo,
    enable_debug_mode,
    enable_prod_mode,
    profile,
    time,
)
from tfjs.tensor import Tensor, Variable
from tfjs.tensor_buffer import TensorBuffer
from tfjs.tensor_size import TensorTooLargeError

__version__ = "0.1.0"
