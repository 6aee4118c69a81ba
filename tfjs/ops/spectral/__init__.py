"""`tf.spectral`: TF.js's spectral namespace, one op per file. This is its export list."""

from tfjs.ops.export_list import exported_ops
from tfjs.ops.fft import fft
from tfjs.ops.ifft import ifft
from tfjs.ops.irfft import irfft
from tfjs.ops.rfft import rfft

# Every op imported above is exported: the import lines are the list.
__all__ = exported_ops(globals(), __name__)
