"""The ops: TF.js's public operations, one per file. This is the export list."""

# The namespaces: tf.math, tf.sparse, tf.string.
from tfjs.ops import math, sparse, string
from tfjs.ops.abs import abs  # noqa: A004
from tfjs.ops.add import add
from tfjs.ops.buffer import buffer
from tfjs.ops.cast import cast
from tfjs.ops.clone import clone
from tfjs.ops.div import div
from tfjs.ops.exp import exp
from tfjs.ops.export_list import exported_ops
from tfjs.ops.fill import fill
from tfjs.ops.floor_div import floor_div
from tfjs.ops.greater import greater
from tfjs.ops.greater_equal import greater_equal
from tfjs.ops.less import less
from tfjs.ops.less_equal import less_equal
from tfjs.ops.log import log
from tfjs.ops.mat_mul import mat_mul
from tfjs.ops.mean import mean
from tfjs.ops.mod import mod
from tfjs.ops.mul import mul
from tfjs.ops.neg import neg
from tfjs.ops.ones import ones
from tfjs.ops.ones_like import ones_like
from tfjs.ops.pow import pow  # noqa: A004
from tfjs.ops.print import print  # noqa: A004
from tfjs.ops.relu import relu
from tfjs.ops.reshape import reshape
from tfjs.ops.scalar import scalar
from tfjs.ops.sqrt import sqrt
from tfjs.ops.square import square
from tfjs.ops.strided_slice import strided_slice
from tfjs.ops.sub import sub
from tfjs.ops.sum import sum  # noqa: A004
from tfjs.ops.tensor import tensor
from tfjs.ops.tensor1d import tensor1d
from tfjs.ops.tensor2d import tensor2d
from tfjs.ops.tensor3d import tensor3d
from tfjs.ops.tensor4d import tensor4d
from tfjs.ops.tensor5d import tensor5d
from tfjs.ops.tensor6d import tensor6d
from tfjs.ops.variable import variable
from tfjs.ops.zeros import zeros
from tfjs.ops.zeros_like import zeros_like

# Every op imported above is exported: the import lines are the list.
__all__ = exported_ops(globals(), __name__)
NAMESPACES = {"math": math, "sparse": sparse, "string": string}
