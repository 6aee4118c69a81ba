"""`tf.linalg`: TF.js's linalg namespace, one op per file. This is its export list."""

from tfjs.ops.export_list import exported_ops
from tfjs.ops.linalg.band_part import band_part
from tfjs.ops.linalg.gram_schmidt import gram_schmidt
from tfjs.ops.linalg.qr import qr

# Every op imported above is exported: the import lines are the list.
__all__ = exported_ops(globals(), __name__)
