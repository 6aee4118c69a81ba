// Gradients of Operations / Reduction, Scan, Segment and Evaluation, and of tf.sparse's
// segment reductions: sum, mean, max, min, prod, argMax, argMin, logSumExp, cumsum,
// cumprod, unsortedSegmentSum, topk, sparseSegmentSum, sparseSegmentMean.

module.exports = ({tf, NaN_, Inf, range}) => {
  const cases = {
    'sum/all': () => tf.grad((x) => tf.sum(x))(tf.tensor2d([[1, 2], [3, 4]])),
    'sum/axis_dy': () => tf.grad((x) => tf.sum(x, 1))(tf.tensor2d([[1, 2], [3, 4]]), tf.tensor([0.5, -2])),
    'sum/axes_keep_dims': () => tf.grad((x) => tf.sum(x, [0, 2], true))(tf.tensor3d(range(12), [2, 3, 2]), tf.tensor3d([1, 2, 3], [1, 3, 1])),

    'mean/all': () => tf.grad((x) => tf.mean(x))(tf.tensor2d([[1, 2, 3], [4, 5, 6]])),
    'mean/thirds': () => tf.grad((x) => tf.mean(x, 1))(tf.tensor2d([[1, 2, 3], [4, 5, 6]]), tf.tensor([1, 0.1])),
    'mean/axes_keep_dims': () => tf.grad((x) => tf.mean(x, [0, 2], true))(tf.tensor3d(range(12), [2, 3, 2]), tf.tensor3d([1, 2, 3], [1, 3, 1])),
    'mean/negative_axis': () => tf.grad((x) => tf.mean(x, -1))(tf.tensor3d(range(24), [2, 3, 4]), tf.tensor2d(range(6), [2, 3])),

    'mean/second_order': () => tf.grad(tf.grad((x) => tf.mean(x)))(tf.tensor([1, 2, 3])),

    'max/ties': () => tf.grad((x) => tf.max(x))(tf.tensor([3, 1, 3, -2])),
    'max/axis_dy': () => tf.grad((x) => tf.max(x, 1))(tf.tensor2d([[1, 5, 5], [7, 2, 3]]), tf.tensor([2, -3])),
    'max/signed_zero': () => tf.grad((x) => tf.max(x))(tf.tensor([-0, 0, -1])),
    'max/nan': () => tf.grad((x) => tf.max(x, 1))(tf.tensor2d([[1, NaN_, 3], [1, 2, 2]])),
    'max/inf': () => tf.grad((x) => tf.max(x))(tf.tensor([Inf, 1, Inf])),
    'max/axes_keep_dims': () => tf.grad((x) => tf.max(x, [0, 2], true))(tf.tensor3d(range(12), [2, 3, 2]), tf.tensor3d([1, 2, 3], [1, 3, 1])),

    'min/ties': () => tf.grad((x) => tf.min(x))(tf.tensor([3, 1, 1, 2])),
    'min/axis_dy': () => tf.grad((x) => tf.min(x, 0))(tf.tensor2d([[1, 5, 5], [7, 2, 5]]), tf.tensor([2, -3, 4])),
    'min/nan': () => tf.grad((x) => tf.min(x))(tf.tensor([3, NaN_, -Inf])),
    'min/keep_dims': () => tf.grad((x) => tf.min(x, -1, true))(tf.tensor2d([[4, -1], [0, -0]])),

    'prod/all': () => tf.grad((x) => tf.prod(x))(tf.tensor([2, 3, 4])),
    'prod/one_zero': () => tf.grad((x) => tf.prod(x))(tf.tensor([0, 2, 3])),
    'prod/two_zeros': () => tf.grad((x) => tf.prod(x))(tf.tensor([0, 5, 0, 3])),
    'prod/inf_zero': () => tf.grad((x) => tf.prod(x))(tf.tensor([Inf, 2, 0])),
    'prod/axis0_dy': () => tf.grad((x) => tf.prod(x, 0))(tf.tensor2d([[0, 2], [3, 4], [5, 0.5]]), tf.tensor([1, -2])),
    'prod/axis1': () => tf.grad((x) => tf.prod(x, 1))(tf.tensor2d([[1.5, 2, 3], [0.1, 0.2, 0.3]])),
    'prod/axes': () => tf.grad((x) => tf.prod(x, [0, 2]))(tf.tensor3d([1, 2, 3, 4, 5, 6, 7, 8], [2, 2, 2])),
    'prod/keep_dims': () => tf.grad((x) => tf.prod(x, 1, true))(tf.tensor2d([[0, 2], [3, 4]]), tf.tensor2d([[2], [3]])),
    'prod/scalar': () => tf.grad((x) => tf.prod(x))(tf.scalar(5)),
    'prod/second_order': () => tf.grad(tf.grad((x) => tf.prod(x)))(tf.tensor([2, 3, 4])),

    'arg_max/zeros': () => tf.grad((x) => tf.mul(x, tf.cast(tf.argMax(x), 'float32')))(tf.tensor([1, 4, 2])),
    'arg_min/zeros': () => tf.grad((x) => tf.mul(x, tf.cast(tf.argMin(x, 1), 'float32')))(tf.tensor2d([[1, 4], [2, -1]]), tf.tensor2d([[1, 1], [1, 1]])),

    'log_sum_exp/all': () => tf.grad((x) => tf.logSumExp(x))(tf.tensor([1, 2, 3])),
    'log_sum_exp/axis_keep_dims': () => tf.grad((x) => tf.logSumExp(x, 1, true))(tf.tensor2d([[1, 2, 3], [-1, 0, 100]]), tf.tensor2d([[1], [2]])),

    'cumsum/1d': () => tf.grad((x) => tf.cumsum(x))(tf.tensor([1, 2, 3, 4])),
    'cumsum/dy': () => tf.grad((x) => tf.cumsum(x))(tf.tensor([1, 2, 3, 4]), tf.tensor([1, 10, 100, 1000])),
    'cumsum/exclusive': () => tf.grad((x) => tf.cumsum(x, 0, true))(tf.tensor([1, 2, 3, 4]), tf.tensor([1, 10, 100, 1000])),
    'cumsum/reverse': () => tf.grad((x) => tf.cumsum(x, 0, false, true))(tf.tensor([1, 2, 3, 4]), tf.tensor([1, 10, 100, 1000])),
    'cumsum/exclusive_reverse': () => tf.grad((x) => tf.cumsum(x, 0, true, true))(tf.tensor([1, 2, 3, 4]), tf.tensor([1, 10, 100, 1000])),
    'cumsum/last_axis': () => tf.grad((x) => tf.cumsum(x, 1))(tf.tensor2d([[1, 2, 3], [4, 5, 6]]), tf.tensor2d([[1, 2, 3], [4, 5, 6]])),
    'cumsum/negative_last_axis': () => tf.grad((x) => tf.cumsum(x, -1, true))(tf.tensor2d([[1, 2, 3], [4, 5, 6]]), tf.tensor2d([[1, 2, 3], [4, 5, 6]])),
    'cumsum/axis0_square': () => tf.grad((x) => tf.cumsum(x, 0))(tf.tensor2d([[1, 2], [4, 5]]), tf.tensor2d([[1, 2], [3, 4]])),
    'cumsum/axis0': () => tf.grad((x) => tf.cumsum(x, 0))(tf.tensor2d([[1, 2, 3], [4, 5, 6]])),

    'cumsum/second_order': () => tf.grad(tf.grad((x) => tf.cumsum(x)))(tf.tensor([1, 2, 3])),

    'cumprod/none_in_tfjs': () => tf.grad((x) => tf.cumprod(x))(tf.tensor([1, 2, 3])),

    'unsorted_segment_sum/rows': () => tf.grad((x) => tf.unsortedSegmentSum(x, tf.tensor([1, 0, 1], [3], 'int32'), 2))(tf.tensor2d([[1, 2], [3, 4], [5, 6]]), tf.tensor2d([[1, 2], [3, 4]])),
    'unsorted_segment_sum/1d': () => tf.grad((x) => tf.unsortedSegmentSum(x, tf.tensor([2, 2, 0, 1], [4], 'int32'), 3))(tf.tensor([1, 2, 3, 4]), tf.tensor([5, 6, 7])),
    'unsorted_segment_sum/negative_id': () => tf.grad((x) => tf.unsortedSegmentSum(x, tf.tensor([1, -1, 0], [3], 'int32'), 2))(tf.tensor2d([[1, 2], [3, 4], [5, 6]]), tf.tensor2d([[1, 2], [3, 4]])),
    'unsorted_segment_sum/too_large_id': () => tf.grad((x) => tf.unsortedSegmentSum(x, tf.tensor([1, 5, 0], [3], 'int32'), 2))(tf.tensor2d([[1, 2], [3, 4], [5, 6]]), tf.tensor2d([[1, 2], [3, 4]])),
    'unsorted_segment_sum/second_order': () => tf.grad((v) => tf.sum(tf.mul(tf.grad((u) => tf.square(tf.unsortedSegmentSum(u, tf.tensor([0, 0, 1], [3], 'int32'), 2)))(v), tf.tensor([1, -1, 2]))))(tf.tensor([1, 2, 3])),

    'topk/none_in_tfjs': () => tf.grad((x) => tf.topk(x, 2).values)(tf.tensor([1, 5, 3])),
    'sparse_segment_sum/none_in_tfjs': () => tf.grad((x) => tf.sparse.sparseSegmentSum(x, tf.tensor([0, 1], [2], 'int32'), tf.tensor([0, 0], [2], 'int32')))(tf.tensor2d([[1, 2], [3, 4]])),
    'sparse_segment_mean/none_in_tfjs': () => tf.grad((x) => tf.sparse.sparseSegmentMean(x, tf.tensor([0, 1], [2], 'int32'), tf.tensor([0, 0], [2], 'int32')))(tf.tensor2d([[1, 2], [3, 4]])),
  };
  return cases;
};
