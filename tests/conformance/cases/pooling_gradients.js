// Gradients of Operations / Convolution (pooling), Normalization and Images: avgPool,
// maxPool, avgPool3d, maxPool3d, maxPoolWithArgmax, pool, batchNorm, localResponseNormalization,
// softmax, logSoftmax, moments, sparseToDense, image.resizeBilinear,
// image.resizeNearestNeighbor, image.flipLeftRight, image.rotateWithOffset.

module.exports = ({tf, NaN_, Inf, range}) => {
  const mixed = (n) => range(n).map((v) => ((v * 7) % 11) - 5);
  const x44 = () => tf.tensor4d(mixed(32), [1, 4, 4, 2]);
  const x66 = () => tf.tensor4d(mixed(36), [1, 6, 6, 1]);
  const x5 = () => tf.tensor5d(mixed(54), [1, 3, 3, 3, 2]);
  const image = () => tf.tensor4d(mixed(24), [2, 3, 2, 2]);
  const square = () => tf.tensor4d(mixed(18), [1, 3, 3, 2]);
  const cases = {
    'avg_pool/valid': () => tf.grad((x) => tf.avgPool(x, 2, 1, 'valid'))(x44()),
    'avg_pool/same_strided_dy': () => tf.grad((x) => tf.avgPool(x, 3, 2, 'same'))(x44(), tf.tensor4d(range(8), [1, 2, 2, 2])),
    'avg_pool/rank3_rect': () => tf.grad((x) => tf.avgPool(x, [2, 3], [1, 2], 'same'))(tf.tensor3d(mixed(32), [4, 4, 2])),
    'avg_pool/ceil': () => tf.grad((x) => tf.avgPool(x, 3, 2, 1, 'ceil'))(x66()),
    'avg_pool/explicit_pad': () => tf.grad((x) => tf.avgPool(x, 2, 2, [[0, 0], [1, 0], [0, 1], [0, 0]]))(x44()),

    'max_pool/ties': () => tf.grad((x) => tf.maxPool(x, 2, 1, 'valid'))(tf.tensor4d([1, 3, 3, 2, 3, 1, 0, 3, 2], [1, 3, 3, 1])),
    'max_pool/nan_and_inf': () => tf.grad((x) => tf.maxPool(x, 2, 1, 'valid'))(tf.tensor4d([NaN_, NaN_, 1, NaN_, NaN_, -Inf, 0, -Inf, 3], [1, 3, 3, 1])),
    'max_pool/signed_zeros': () => tf.grad((x) => tf.maxPool(x, 2, 2, 'valid'))(tf.tensor4d([-0, 0, 0, -0], [1, 2, 2, 1])),
    'max_pool/same_strided_dy': () => tf.grad((x) => tf.maxPool(x, 3, 2, 'same'))(x44(), tf.tensor4d(range(8), [1, 2, 2, 2])),
    'max_pool/overlapping': () => tf.grad((x) => tf.maxPool(x, 3, 1, 'valid'))(x66()),
    'max_pool/ceil': () => tf.grad((x) => tf.maxPool(x, 3, 2, 1, 'ceil'))(x66()),
    'max_pool/rank3': () => tf.grad((x) => tf.maxPool(x, [2, 1], 1, 'same'))(tf.tensor3d(mixed(18), [3, 3, 2])),

    'avg_pool3d/valid': () => tf.grad((x) => tf.avgPool3d(x, 2, 1, 'valid'))(x5()),
    'avg_pool3d/same_strided': () => tf.grad((x) => tf.avgPool3d(x, [2, 3, 2], 2, 'same'))(x5()),
    'avg_pool3d/rank4': () => tf.grad((x) => tf.avgPool3d(x, 2, 1, 'same'))(tf.tensor4d(mixed(16), [2, 2, 2, 2])),

    'max_pool3d/ties_last_wins': () => tf.grad((x) => tf.maxPool3d(x, 2, 1, 'valid'))(tf.ones([1, 3, 3, 3, 1])),
    'max_pool3d/cube': () => tf.grad((x) => tf.maxPool3d(x, 2, 1, 'same'))(x5()),
    'max_pool3d/nan': () => tf.grad((x) => tf.maxPool3d(x, 2, 1, 'valid'))(tf.tensor5d([NaN_, 1, NaN_, NaN_, -Inf, 2, NaN_, NaN_], [1, 2, 2, 2, 1])),
    'max_pool3d/rect_window': () => tf.grad((x) => tf.maxPool3d(x, [1, 3, 2], 1, 'valid'))(x5()),

    'pool/max_dilated': () => tf.grad((x) => tf.pool(x, 2, 'max', 'valid', 2))(x66()),
    'pool/avg_strided': () => tf.grad((x) => tf.pool(x, 2, 'avg', 'valid', 1, 2))(x44()),

    'batch_norm/depth_params': () => tf.grads((x, m, v, o, s) => tf.batchNorm(x, m, v, o, s, 0.1))(
        [tf.tensor4d(mixed(12), [1, 2, 2, 3]), tf.tensor1d([1, -1, 0.5]), tf.tensor1d([0.5, 2, 1]), tf.tensor1d([1, 2, 3]), tf.tensor1d([2, -1, 0.5])]),
    'batch_norm/no_offset_scale': () => tf.grads((x, m, v) => tf.batchNorm(x, m, v))(
        [tf.tensor2d(mixed(6), [2, 3]), tf.tensor1d([1, -1, 0.5]), tf.tensor1d([0.5, 2, 1])]),
    'batch_norm/full_params_dy': () => tf.grads((x, m, v, o, s) => tf.batchNorm2d(x, m, v, o, s, 0.5))(
        [tf.tensor2d(mixed(6), [2, 3]), tf.tensor2d([1, 2, 3, 4, 5, 6], [2, 3]), tf.tensor2d([1, 1, 2, 2, 3, 3], [2, 3]),
          tf.tensor2d([0, 1, 0, 1, 0, 1], [2, 3]), tf.tensor2d([1, 2, 1, 2, 1, 2], [2, 3])], tf.tensor2d([1, -2, 3, -4, 5, -6], [2, 3])),
    'batch_norm/rank3': () => tf.grads((x, m, v) => tf.batchNorm3d(x, m, v, undefined, undefined, 0.01))(
        [tf.tensor3d(mixed(12), [2, 2, 3]), tf.tensor1d([1, -1, 0.5]), tf.tensor1d([0.5, 2, 1])]),

    'lrn/defaults': () => tf.grad((x) => tf.localResponseNormalization(x))(tf.tensor4d(mixed(16).map((v) => v / 4), [1, 1, 2, 8])),
    'lrn/options_rank3_dy': () => tf.grad((x) => tf.localResponseNormalization(x, 1, 2, 0.5, 0.75))(
        tf.tensor3d(mixed(12), [2, 2, 3]), tf.tensor3d(range(12), [2, 2, 3])),
    'lrn/radius_beyond_depth': () => tf.grad((x) => tf.localResponseNormalization(x, 7, 0.5, 0.1, 1.5))(tf.tensor4d(mixed(8), [2, 1, 1, 4])),

    'softmax/1d': () => tf.grad((x) => tf.softmax(x))(tf.tensor1d([1, 2, 3])),
    'softmax/2d_dy': () => tf.grad((x) => tf.softmax(x))(tf.tensor2d(mixed(6), [2, 3]), tf.tensor2d([1, 0, -1, 2, 3, 0.5], [2, 3])),
    'log_softmax/1d': () => tf.grad((x) => tf.logSoftmax(x))(tf.tensor1d([1, 2, 3])),
    'log_softmax/2d_dy': () => tf.grad((x) => tf.logSoftmax(x))(tf.tensor2d(mixed(6), [2, 3]), tf.tensor2d([1, 0, -1, 2, 3, 0.5], [2, 3])),
    'log_softmax/large': () => tf.grad((x) => tf.logSoftmax(x))(tf.tensor1d([1000, 0, -1000])),

    'moments/mean_and_variance': () => tf.grads((x) => tf.add(tf.moments(x, 1).mean, tf.moments(x, 1).variance))([tf.tensor2d(mixed(6), [2, 3])]),

    'resize_bilinear/up': () => tf.grad((x) => tf.image.resizeBilinear(x, [5, 5]))(square()),
    'resize_bilinear/down_align_dy': () => tf.grad((x) => tf.image.resizeBilinear(x, [2, 2], true))(tf.tensor4d(mixed(32), [2, 4, 4, 1]), tf.tensor4d(range(8), [2, 2, 2, 1])),
    'resize_bilinear/rank3_align': () => tf.grad((x) => tf.image.resizeBilinear(x, [4, 7], true))(tf.tensor3d(mixed(18), [3, 3, 2])),
    'resize_bilinear/same_size': () => tf.grad((x) => tf.image.resizeBilinear(x, [3, 3]))(square()),
    'resize_bilinear/half_pixel': () => tf.grad((x) => tf.image.resizeBilinear(x, [5, 4], false, true))(square()),
    'resize_bilinear/non_square': () => tf.grad((x) => tf.image.resizeBilinear(x, [4, 3]))(image()),

    'resize_nearest_neighbor/up': () => tf.grad((x) => tf.image.resizeNearestNeighbor(x, [5, 7]))(image()),
    'resize_nearest_neighbor/down_dy': () => tf.grad((x) => tf.image.resizeNearestNeighbor(x, [2, 2]))(x66(), tf.tensor4d([1, 2, 3, 4], [1, 2, 2, 1])),
    'resize_nearest_neighbor/align': () => tf.grad((x) => tf.image.resizeNearestNeighbor(x, [5, 3], true))(image()),
    'resize_nearest_neighbor/rank3': () => tf.grad((x) => tf.image.resizeNearestNeighbor(x, [1, 4]))(tf.tensor3d(mixed(12), [3, 2, 2])),
    'resize_nearest_neighbor/half_pixel': () => tf.grad((x) => tf.image.resizeNearestNeighbor(x, [5, 3], false, true))(image()),

    'flip_left_right/none_in_tfjs': () => tf.grad((x) => tf.image.flipLeftRight(x))(image()),
    'rotate_with_offset/none_in_tfjs': () => tf.grad((x) => tf.image.rotateWithOffset(x, 1))(square()),
    'max_pool_with_argmax/none_in_tfjs': () => tf.grad((x) => tf.maxPoolWithArgmax(x, 2, 1, 'valid').result)(square()),
    'sparse_to_dense/none_in_tfjs': () => tf.grads((v, d) => tf.sparseToDense(tf.tensor1d([0, 3], 'int32'), v, [5], d))([tf.tensor1d([1, 2]), tf.scalar(7)]),
  };
  return cases;
};
