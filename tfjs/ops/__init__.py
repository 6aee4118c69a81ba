"""The ops: TF.js's public operations, one per file. This is the export list."""

from typing import TYPE_CHECKING

# The namespaces (tf.image, tf.linalg, ...): each a package of op files with its own export list.
from tfjs.ops import fused, image, linalg, losses, math, signal, sparse, spectral, string
from tfjs.ops.abs import abs  # noqa: A004
from tfjs.ops.acos import acos
from tfjs.ops.acosh import acosh
from tfjs.ops.add import add
from tfjs.ops.add_n import add_n
from tfjs.ops.all import all  # noqa: A004
from tfjs.ops.any import any  # noqa: A004
from tfjs.ops.arg_max import arg_max
from tfjs.ops.arg_min import arg_min
from tfjs.ops.asin import asin
from tfjs.ops.asinh import asinh
from tfjs.ops.atan import atan
from tfjs.ops.atan2 import atan2
from tfjs.ops.atanh import atanh
from tfjs.ops.avg_pool import avg_pool
from tfjs.ops.avg_pool3d import avg_pool3d
from tfjs.ops.basic_lstm_cell import basic_lstm_cell
from tfjs.ops.batch_norm import batch_norm
from tfjs.ops.batch_norm2d import batch_norm2d
from tfjs.ops.batch_norm3d import batch_norm3d
from tfjs.ops.batch_norm4d import batch_norm4d
from tfjs.ops.batch_to_space_nd import batch_to_space_nd
from tfjs.ops.bincount import bincount
from tfjs.ops.bitwise_and import bitwise_and
from tfjs.ops.boolean_mask_async import boolean_mask_async
from tfjs.ops.broadcast_args import broadcast_args
from tfjs.ops.broadcast_to import broadcast_to
from tfjs.ops.buffer import buffer
from tfjs.ops.cast import cast
from tfjs.ops.ceil import ceil
from tfjs.ops.clip_by_value import clip_by_value
from tfjs.ops.clone import clone
from tfjs.ops.complex import complex  # noqa: A004
from tfjs.ops.concat import concat
from tfjs.ops.concat1d import concat1d
from tfjs.ops.concat2d import concat2d
from tfjs.ops.concat3d import concat3d
from tfjs.ops.concat4d import concat4d
from tfjs.ops.conv1d import conv1d
from tfjs.ops.conv2d import conv2d
from tfjs.ops.conv2d_transpose import conv2d_transpose
from tfjs.ops.conv3d import conv3d
from tfjs.ops.conv3d_transpose import conv3d_transpose
from tfjs.ops.cos import cos
from tfjs.ops.cosh import cosh
from tfjs.ops.cumprod import cumprod
from tfjs.ops.cumsum import cumsum
from tfjs.ops.dense_bincount import dense_bincount
from tfjs.ops.depth_to_space import depth_to_space
from tfjs.ops.depthwise_conv2d import depthwise_conv2d
from tfjs.ops.diag import diag
from tfjs.ops.dilation2d import dilation2d
from tfjs.ops.div import div
from tfjs.ops.div_no_nan import div_no_nan
from tfjs.ops.dot import dot
from tfjs.ops.dropout import dropout
from tfjs.ops.einsum import einsum
from tfjs.ops.elu import elu
from tfjs.ops.ensure_shape import ensure_shape
from tfjs.ops.equal import equal
from tfjs.ops.erf import erf
from tfjs.ops.euclidean_norm import euclidean_norm
from tfjs.ops.exp import exp
from tfjs.ops.expand_dims import expand_dims
from tfjs.ops.expm1 import expm1
from tfjs.ops.export_list import exported_ops
from tfjs.ops.eye import eye
from tfjs.ops.fft import fft
from tfjs.ops.fill import fill
from tfjs.ops.floor import floor
from tfjs.ops.floor_div import floor_div
from tfjs.ops.gather import gather
from tfjs.ops.gather_nd import gather_nd
from tfjs.ops.greater import greater
from tfjs.ops.greater_equal import greater_equal
from tfjs.ops.ifft import ifft
from tfjs.ops.imag import imag
from tfjs.ops.in_top_k_async import in_top_k_async
from tfjs.ops.irfft import irfft
from tfjs.ops.is_finite import is_finite
from tfjs.ops.is_inf import is_inf
from tfjs.ops.is_nan import is_nan
from tfjs.ops.leaky_relu import leaky_relu
from tfjs.ops.less import less
from tfjs.ops.less_equal import less_equal
from tfjs.ops.linspace import linspace
from tfjs.ops.local_response_normalization import local_response_normalization
from tfjs.ops.log import log
from tfjs.ops.log1p import log1p
from tfjs.ops.log_sigmoid import log_sigmoid
from tfjs.ops.log_softmax import log_softmax
from tfjs.ops.log_sum_exp import log_sum_exp
from tfjs.ops.logical_and import logical_and
from tfjs.ops.logical_not import logical_not
from tfjs.ops.logical_or import logical_or
from tfjs.ops.logical_xor import logical_xor
from tfjs.ops.lower_bound import lower_bound
from tfjs.ops.mat_mul import mat_mul
from tfjs.ops.max import max  # noqa: A004
from tfjs.ops.max_pool import max_pool
from tfjs.ops.max_pool3d import max_pool3d
from tfjs.ops.max_pool_with_argmax import max_pool_with_argmax
from tfjs.ops.maximum import maximum
from tfjs.ops.mean import mean
from tfjs.ops.meshgrid import meshgrid
from tfjs.ops.min import min  # noqa: A004
from tfjs.ops.minimum import minimum
from tfjs.ops.mirror_pad import mirror_pad
from tfjs.ops.mod import mod
from tfjs.ops.moments import moments
from tfjs.ops.moving_average import moving_average
from tfjs.ops.mul import mul
from tfjs.ops.multi_rnn_cell import multi_rnn_cell
from tfjs.ops.multinomial import multinomial
from tfjs.ops.neg import neg
from tfjs.ops.norm import norm
from tfjs.ops.not_equal import not_equal
from tfjs.ops.one_hot import one_hot
from tfjs.ops.ones import ones
from tfjs.ops.ones_like import ones_like
from tfjs.ops.outer_product import outer_product
from tfjs.ops.pad import pad
from tfjs.ops.pad1d import pad1d
from tfjs.ops.pad2d import pad2d
from tfjs.ops.pad3d import pad3d
from tfjs.ops.pad4d import pad4d
from tfjs.ops.pool import pool
from tfjs.ops.pow import pow  # noqa: A004
from tfjs.ops.prelu import prelu
from tfjs.ops.print import print  # noqa: A004
from tfjs.ops.prod import prod
from tfjs.ops.ragged_gather import ragged_gather
from tfjs.ops.ragged_range import ragged_range
from tfjs.ops.ragged_tensor_to_tensor import ragged_tensor_to_tensor
from tfjs.ops.rand import rand
from tfjs.ops.random_gamma import random_gamma
from tfjs.ops.random_normal import random_normal
from tfjs.ops.random_standard_normal import random_standard_normal
from tfjs.ops.random_uniform import random_uniform
from tfjs.ops.random_uniform_int import random_uniform_int
from tfjs.ops.range import range  # noqa: A004
from tfjs.ops.real import real
from tfjs.ops.reciprocal import reciprocal
from tfjs.ops.relu import relu
from tfjs.ops.relu6 import relu6
from tfjs.ops.reshape import reshape
from tfjs.ops.reverse import reverse
from tfjs.ops.reverse1d import reverse1d
from tfjs.ops.reverse2d import reverse2d
from tfjs.ops.reverse3d import reverse3d
from tfjs.ops.reverse4d import reverse4d
from tfjs.ops.rfft import rfft
from tfjs.ops.round import round  # noqa: A004
from tfjs.ops.rsqrt import rsqrt
from tfjs.ops.scalar import scalar
from tfjs.ops.scatter_nd import scatter_nd
from tfjs.ops.search_sorted import search_sorted
from tfjs.ops.selu import selu
from tfjs.ops.separable_conv2d import separable_conv2d
from tfjs.ops.setdiff1d_async import setdiff1d_async
from tfjs.ops.sigmoid import sigmoid
from tfjs.ops.sign import sign
from tfjs.ops.sin import sin
from tfjs.ops.sinh import sinh
from tfjs.ops.slice import slice  # noqa: A004
from tfjs.ops.slice1d import slice1d
from tfjs.ops.slice2d import slice2d
from tfjs.ops.slice3d import slice3d
from tfjs.ops.slice4d import slice4d
from tfjs.ops.softmax import softmax
from tfjs.ops.softplus import softplus
from tfjs.ops.space_to_batch_nd import space_to_batch_nd
from tfjs.ops.sparse_to_dense import sparse_to_dense
from tfjs.ops.split import split
from tfjs.ops.sqrt import sqrt
from tfjs.ops.square import square
from tfjs.ops.squared_difference import squared_difference
from tfjs.ops.squeeze import squeeze
from tfjs.ops.stack import stack
from tfjs.ops.step import step
from tfjs.ops.strided_slice import strided_slice
from tfjs.ops.sub import sub
from tfjs.ops.sum import sum  # noqa: A004
from tfjs.ops.tan import tan
from tfjs.ops.tanh import tanh
from tfjs.ops.tensor import tensor
from tfjs.ops.tensor1d import tensor1d
from tfjs.ops.tensor2d import tensor2d
from tfjs.ops.tensor3d import tensor3d
from tfjs.ops.tensor4d import tensor4d
from tfjs.ops.tensor5d import tensor5d
from tfjs.ops.tensor6d import tensor6d
from tfjs.ops.tensor_scatter_update import tensor_scatter_update
from tfjs.ops.tile import tile
from tfjs.ops.topk import topk
from tfjs.ops.transpose import transpose
from tfjs.ops.truncated_normal import truncated_normal
from tfjs.ops.unique import unique
from tfjs.ops.unsorted_segment_sum import unsorted_segment_sum
from tfjs.ops.unstack import unstack
from tfjs.ops.upper_bound import upper_bound
from tfjs.ops.variable import variable
from tfjs.ops.where import where
from tfjs.ops.where_async import where_async
from tfjs.ops.zeros import zeros
from tfjs.ops.zeros_like import zeros_like

# Every op imported above is exported: the import lines are the list. Type checkers, which
# cannot run exported_ops, take every public name above instead (so `tf.relu` is typed).
if not TYPE_CHECKING:
    __all__ = exported_ops(globals(), __name__)
NAMESPACES = {
    "fused": fused,
    "image": image,
    "linalg": linalg,
    "losses": losses,
    "math": math,
    "signal": signal,
    "sparse": sparse,
    "spectral": spectral,
    "string": string,
}
