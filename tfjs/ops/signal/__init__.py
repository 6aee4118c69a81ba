"""`tf.signal`: TF.js's signal namespace, one op per file. This is its export list."""

from tfjs.ops.export_list import exported_ops
from tfjs.ops.signal.frame import frame
from tfjs.ops.signal.hamming_window import hamming_window
from tfjs.ops.signal.hann_window import hann_window
from tfjs.ops.signal.stft import stft

# Every op imported above is exported: the import lines are the list.
__all__ = exported_ops(globals(), __name__)
