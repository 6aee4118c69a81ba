"""What the ops and the kernels of every backend share (TF.js's backend_util): convolution
and pooling geometry, slice geometry, the seeded random streams, range lengths and image
sampling helpers. It sits below both and imports neither."""
