"""`tf.sparse`: TF.js's sparse namespace, one op per file. This is its export list."""

from tfjs.ops.export_list import exported_ops
from tfjs.ops.sparse.sparse_fill_empty_rows import sparse_fill_empty_rows
from tfjs.ops.sparse.sparse_reshape import sparse_reshape
from tfjs.ops.sparse.sparse_segment_mean import sparse_segment_mean
from tfjs.ops.sparse.sparse_segment_sum import sparse_segment_sum

# Every op imported above is exported: the import lines are the list.
__all__ = exported_ops(globals(), __name__)
