"""`tf.losses`: TF.js's losses namespace, one op per file. This is its export list."""

from tfjs.ops.export_list import exported_ops
from tfjs.ops.losses.absolute_difference import absolute_difference
from tfjs.ops.losses.compute_weighted_loss import compute_weighted_loss
from tfjs.ops.losses.cosine_distance import cosine_distance
from tfjs.ops.losses.hinge_loss import hinge_loss
from tfjs.ops.losses.huber_loss import huber_loss
from tfjs.ops.losses.log_loss import log_loss
from tfjs.ops.losses.loss_ops_util import Reduction as Reduction  # an enum, not an op
from tfjs.ops.losses.mean_squared_error import mean_squared_error
from tfjs.ops.losses.sigmoid_cross_entropy import sigmoid_cross_entropy
from tfjs.ops.losses.softmax_cross_entropy import softmax_cross_entropy

# Every op imported above is exported: the import lines are the list.
__all__ = exported_ops(globals(), __name__)
