// Gradients of Operations / Convolution and tf.fused: conv1d, conv2d, conv2dTranspose,
// depthwiseConv2d, separableConv2d, conv3d, conv3dTranspose, dilation2d, fused.conv2d,
// fused.depthwiseConv2d, fused.matMul. Small integer inputs: every sum is exact, whatever
// its order.

module.exports = ({tf, NaN_, range}) => {
  const t = (n, shape, scale = 1, shift = 0) =>
    tf.tensor(range(n).map((i) => ((i * 7) % 11 - 5 + shift) * scale), shape);
  const x4 = () => t(32, [1, 4, 4, 2]);
  const f4 = () => t(24, [2, 2, 2, 3], 0.5, 1);
  const x5 = () => t(36, [1, 3, 3, 2, 2]);
  const f5 = () => t(16, [2, 2, 2, 2, 1], 0.5, 1);
  const grads2 = (f) => (a, b, dy) => tf.grads(f)([a, b], dy);
  const cases = {
    'conv2d/valid': () => grads2((x, f) => tf.conv2d(x, f, 1, 'valid'))(x4(), f4()),
    'conv2d/same_stride2_dy': () => grads2((x, f) => tf.conv2d(x, f, 2, 'same'))(x4(), f4(), t(12, [1, 2, 2, 3], 1, 2)),
    'conv2d/rank3_pad1': () => grads2((x, f) => tf.conv2d(x, f, [1, 2], 1))(t(18, [3, 3, 2]), f4()),
    'conv2d/explicit_pad': () => grads2((x, f) => tf.conv2d(x, f, 1, [[0, 0], [1, 0], [0, 2], [0, 0]]))(x4(), f4()),
    'conv2d/nchw': () => grads2((x, f) => tf.conv2d(x, f, 1, 'same', 'NCHW'))(t(32, [1, 2, 4, 4]), f4()),
    'conv2d/dilated': () => grads2((x, f) => tf.conv2d(x, f, 1, 'valid', 'NHWC', 2))(x4(), f4()),
    'conv2d/filter_of_input_grad': () => tf.grad((f) => tf.sum(tf.mul(
        tf.grad((x) => tf.conv2d(x, f, 1, 'valid'))(x4()), x4())))(f4()),
    'conv2d/input_of_filter_grad': () => tf.grad((x) => tf.sum(tf.mul(
        tf.grad((f) => tf.conv2d(x, f, 1, 'valid'))(f4()), f4())))(x4()),
    'conv1d/stride2': () => grads2((x, f) => tf.conv1d(x, f, 2, 'same'))(t(14, [1, 7, 2]), t(12, [3, 2, 2], 1, 1)),
    'conv2d_transpose/same_stride2': () => grads2((x, f) => tf.conv2dTranspose(x, f, [1, 4, 4, 2], 2, 'same'))(
        t(12, [1, 2, 2, 3]), f4()),
    'conv2d_transpose/valid_rank3': () => grads2((x, f) => tf.conv2dTranspose(x, f, [4, 4, 2], 1, 'valid'))(
        t(27, [3, 3, 3]), f4()),
    'depthwise_conv2d/same_multiplier2': () => grads2((x, f) => tf.depthwiseConv2d(x, f, 1, 'same'))(x4(), t(16, [2, 2, 2, 2], 0.5)),
    'depthwise_conv2d/stride2_rank3': () => grads2((x, f) => tf.depthwiseConv2d(x, f, 2, 'valid'))(t(50, [5, 5, 2]), t(18, [3, 3, 2, 1])),
    'depthwise_conv2d/dilated': () => grads2((x, f) => tf.depthwiseConv2d(x, f, 1, 'valid', 'NHWC', 2))(x4(), t(8, [2, 2, 2, 1])),
    'separable_conv2d/valid': () => tf.grads((x, d, p) => tf.separableConv2d(x, d, p, 1, 'valid'))(
        [x4(), t(16, [2, 2, 2, 2], 0.5), t(8, [1, 1, 4, 2])]),
    'conv3d/valid': () => grads2((x, f) => tf.conv3d(x, f, 1, 'valid'))(x5(), f5()),
    'conv3d/same_strides': () => grads2((x, f) => tf.conv3d(x, f, [2, 1, 2], 'same'))(x5(), f5()),
    'conv3d/dilated': () => grads2((x, f) => tf.conv3d(x, f, 1, 'valid', 'NDHWC', [1, 2, 1]))(x5(), f5()),
    'conv3d_transpose/none_in_tfjs': () => grads2((x, f) => tf.conv3dTranspose(x, f, [1, 3, 3, 2, 2], 1, 'valid'))(
        t(4, [1, 2, 2, 1, 1]), f5()),
    'dilation2d/valid': () => grads2((x, f) => tf.dilation2d(x, f, 1, 'valid'))(x4(), t(8, [2, 2, 2], 1, 2)),
    'dilation2d/same_strides_dilations': () => grads2((x, f) => tf.dilation2d(x, f, [2, 1], 'same', 2))(
        t(50, [5, 5, 2]), t(8, [2, 2, 2], 1, 2)),
    'dilation2d/ties': () => grads2((x, f) => tf.dilation2d(x, f, 1, 'valid'))(tf.ones([1, 3, 3, 1]), tf.zeros([2, 2, 1])),
    'dilation2d/nan': () => grads2((x, f) => tf.dilation2d(x, f, 1, 'same'))(
        tf.tensor4d([NaN_, 1, 2, NaN_], [1, 2, 2, 1]), tf.tensor3d([0, 1, 2, 3], [2, 2, 1])),
    'fused.conv2d/linear_bias': () => tf.grads((x, f, b) => tf.fused.conv2d({x, filter: f, strides: 1, pad: 'valid', bias: b}))(
        [x4(), f4(), tf.tensor([1, -2, 0.5])]),
    'fused.conv2d/relu_zero': () => tf.grads((x, f, b) => tf.fused.conv2d({x, filter: f, strides: 1, pad: 'same', bias: b, activation: 'relu'}))(
        [x4(), f4(), tf.tensor([1, -2, 0])]),
    'fused.conv2d/relu6_bias_4d': () => tf.grads((x, f, b) => tf.fused.conv2d({x, filter: f, strides: 2, pad: 'same', bias: b, activation: 'relu6'}))(
        [x4(), f4(), t(12, [1, 2, 2, 3])]),
    'fused.conv2d/prelu': () => tf.grads((x, f, a) => tf.fused.conv2d({x, filter: f, strides: 1, pad: 'valid', activation: 'prelu', preluActivationWeights: a}))(
        [x4(), f4(), tf.tensor([0.5, -1, 2])]),
    'fused.conv2d/leakyrelu': () => tf.grads((x, f) => tf.fused.conv2d({x, filter: f, strides: 1, pad: 'valid', activation: 'leakyrelu', leakyreluAlpha: 0.3}))(
        [x4(), f4()]),
    'fused.conv2d/elu_sigmoid': () => tf.grads((x, f) => tf.add(
        tf.fused.conv2d({x, filter: f, strides: 1, pad: 'valid', activation: 'elu'}),
        tf.fused.conv2d({x: tf.mul(x, 0.1), filter: f, strides: 1, pad: 'valid', activation: 'sigmoid'})))([x4(), f4()]),
    'fused.conv2d/nchw_bias': () => tf.grads((x, f, b) => tf.fused.conv2d({x, filter: f, strides: 1, pad: 'valid', dataFormat: 'NCHW', bias: b}))(
        [t(32, [1, 2, 4, 4]), f4(), tf.tensor([1, -2, 0.5])]),
    'fused.depthwise_conv2d/linear_bias': () => tf.grads((x, f, b) => tf.fused.depthwiseConv2d({x, filter: f, strides: 1, pad: 'same', bias: b}))(
        [x4(), t(16, [2, 2, 2, 2], 0.5), tf.tensor([1, 2, 3, 4])]),
    'fused.depthwise_conv2d/relu': () => tf.grads((x, f, b) => tf.fused.depthwiseConv2d({x, filter: f, strides: 2, pad: 'valid', bias: b, activation: 'relu'}))(
        [x4(), t(8, [2, 2, 2, 1]), tf.scalar(-1)]),
    'fused.mat_mul/linear_bias': () => tf.grads((a, b, c) => tf.fused.matMul({a, b, bias: c}))(
        [t(6, [2, 3]), t(12, [3, 4], 0.5), tf.tensor([1, 2, 3, 4])]),
    'fused.mat_mul/relu_transposed': () => tf.grads((a, b, c) => tf.fused.matMul({a, b, transposeA: true, transposeB: true, bias: c, activation: 'relu'}))(
        [t(6, [3, 2]), t(12, [4, 3], 0.5), tf.tensor2d([[1], [-2]])]),
    'fused.mat_mul/prelu_batch': () => tf.grads((a, b, w) => tf.fused.matMul({a, b, activation: 'prelu', preluActivationWeights: w}))(
        [t(12, [2, 2, 3]), t(24, [2, 3, 4], 0.5), tf.tensor([0.1, 0.2, -0.3, 0.4])]),
  };
  return cases;
};
