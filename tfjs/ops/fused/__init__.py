"""`tf.fused`: TF.js's fused namespace, one op per file. This is its export list."""

from tfjs.ops.export_list import exported_ops
from tfjs.ops.fused.conv2d import conv2d
from tfjs.ops.fused.depthwise_conv2d import depthwise_conv2d
from tfjs.ops.fused.mat_mul import mat_mul

# Every op imported above is exported: the import lines are the list.
__all__ = exported_ops(globals(), __name__)
