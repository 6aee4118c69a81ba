"""`tf.math`: TF.js's math namespace, one op per file. This is its export list."""

from tfjs.ops.export_list import exported_ops
from tfjs.ops.math.confusion_matrix import confusion_matrix

# Every op imported above is exported: the import lines are the list.
__all__ = exported_ops(globals(), __name__)
