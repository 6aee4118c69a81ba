// tf.sparse: sparseFillEmptyRows, sparseReshape, sparseSegmentMean, sparseSegmentSum.
module.exports = ({tf, NaN_, Inf, range}) => {
  const i32 = (v, shape) => tf.tensor(v, shape || [v.length], 'int32');
  const fill = (...args) => {
    const r = tf.sparse.sparseFillEmptyRows(...args);
    return [r.outputIndices, r.outputValues, r.emptyRowIndicator, r.reverseIndexMap];
  };
  const reshape = (...args) => {
    const r = tf.sparse.sparseReshape(...args);
    return [r.outputIndices, r.outputShape];
  };
  const sum = tf.sparse.sparseSegmentSum;
  const mean = tf.sparse.sparseSegmentMean;
  const c = () => tf.tensor2d([[1, 2, 3, 4], [-1, -2, -3, -4], [6, 7, 8, 9]]);
  return {
    'fill_empty_rows/doc': () =>
        fill([[0, 0], [1, 0], [1, 3], [1, 4], [3, 2], [3, 3]], [0, 10, 13, 14, 32, 33], [5, 6], -1),
    'fill_empty_rows/all_full': () => fill([[0, 1], [1, 0], [2, 2]], [NaN_, -0, Inf], [3, 3], 5),
    'fill_empty_rows/unordered': () => fill([[2, 1], [0, 0], [2, 0], [0, 2]], [1, 2, 3, 4], [4, 3], 7),
    'fill_empty_rows/int32': () =>
        fill(i32([0, 0, 2, 1], [2, 2]), i32([2147483647, -2147483648]), [4, 2], tf.scalar(-1, 'int32')),
    'fill_empty_rows/rank3': () => fill([[1, 1, 1], [1, 0, 2]], [1.5, 2.5], [3, 2, 3], NaN_),
    'fill_empty_rows/no_values': () => fill(tf.zeros([0, 2], 'int32'), tf.zeros([0]), [3, 2], 4),
    'fill_empty_rows/no_rows': () => fill(tf.zeros([0, 2], 'int32'), tf.zeros([0]), [0, 2], 4),
    'fill_empty_rows/rows_zero_with_values': () => fill([[0, 0]], [1], [0, 2], 4),
    'fill_empty_rows/negative_row': () => fill([[0, 0], [-1, 0]], [1, 2], [2, 2], 0),
    'fill_empty_rows/row_too_big': () => fill([[0, 0], [2, 0]], [1, 2], [2, 2], 0),
    'fill_empty_rows/indices_rank': () => fill([0, 1], [1, 2], [2, 2], 0),
    'fill_empty_rows/values_rank': () => fill([[0, 0]], [[1]], [2, 2], 0),
    'fill_empty_rows/dense_shape_rank': () => fill([[0, 0]], [1], [[2, 2]], 0),
    'fill_empty_rows/default_rank': () => fill([[0, 0]], [1], [2, 2], [0]),

    'reshape/doc': () => reshape([[0, 0, 0], [0, 0, 1], [0, 1, 0], [1, 0, 0], [1, 2, 3]], [2, 3, 6], [9, -1]),
    'reshape/explicit': () => reshape([[0, 0, 0], [1, 2, 3]], [2, 3, 6], [6, 6]),
    'reshape/to_rank3': () => reshape([[0, 5], [3, 1], [5, 3]], [6, 6], [2, -1, 3]),
    'reshape/to_rank1': () => reshape([[0, 5], [3, 1]], [6, 6], [-1]),
    'reshape/empty': () => reshape(tf.zeros([0, 2], 'int32'), [3, 4], [2, 6]),
    'reshape/zero_size': () => reshape(tf.zeros([0, 2], 'int32'), [0, 4], [2, 0, 3]),
    'reshape/two_unknown': () => reshape([[0, 0]], [2, 3], [-1, -1]),
    'reshape/negative': () => reshape([[0, 0]], [2, 3], [-2, 3]),
    'reshape/mismatch': () => reshape([[0, 0]], [2, 3], [2, 2]),
    'reshape/not_multiple': () => reshape([[0, 0]], [2, 3], [4, -1]),
    'reshape/zero_with_unknown': () => reshape([[0, 0]], [2, 3], [0, -1]),
    'reshape/indices_rank': () => reshape([0, 0], [2, 3], [6]),
    'reshape/shape_rank': () => reshape([[0, 0]], [[2, 3]], [6]),
    'reshape/new_shape_rank': () => reshape([[0, 0]], [2, 3], [[6]]),

    'segment_sum/doc_one_segment': () => sum(c(), i32([0, 1]), i32([0, 0])),
    'segment_sum/two_segments': () => sum(c(), i32([0, 1]), i32([0, 1])),
    'segment_sum/all_rows': () => sum(c(), i32([0, 1, 2]), i32([0, 0, 1])),
    'segment_sum/gaps': () => sum(c(), i32([2, 0, 1]), i32([1, 1, 4])),
    'segment_sum/float_order': () => sum([1e8, 1, -1e8, 1, 3.3, 0.1], i32([0, 1, 2, 3, 4, 5]), i32([0, 0, 0, 0, 1, 1])),
    'segment_sum/special': () => sum([NaN_, Inf, -Inf, -0, 1], i32([1, 2, 3, 3, 0]), i32([0, 0, 1, 2, 2])),
    'segment_sum/negative_zero': () => sum([-0, -0], i32([0, 1]), i32([0, 0])),
    'segment_sum/int32_wraps': () =>
        sum(i32([2147483647, 1, -2147483648, -1]), i32([0, 1, 2, 3]), i32([0, 0, 1, 1])),
    'segment_sum/data_3d': () => sum(tf.tensor3d(range(12), [3, 2, 2]), i32([2, 2, 0]), i32([0, 1, 1])),
    'segment_sum/no_indices': () => sum(c(), i32([]), i32([])),
    'segment_sum/not_increasing': () => sum(c(), i32([0, 1, 2]), i32([1, 0, 0])),
    'segment_sum/index_out_of_range': () => sum(c(), i32([0, 3]), i32([0, 1])),
    'segment_sum/negative_index': () => sum(c(), i32([-1, 0]), i32([0, 1])),
    'segment_sum/negative_ids': () => sum(c(), i32([0, 1]), i32([-1, -1])),
    'segment_sum/negative_first_id': () => sum(c(), i32([0, 1]), i32([-2, 0])),
    'segment_sum/size_mismatch': () => sum(c(), i32([0, 1]), i32([0])),
    'segment_sum/data_scalar': () => sum(tf.scalar(1), i32([0]), i32([0])),
    'segment_sum/indices_rank': () => sum(c(), i32([0, 1], [1, 2]), i32([0, 0])),
    'segment_sum/ids_rank': () => sum(c(), i32([0, 1]), i32([0, 0], [2, 1])),
    'segment_sum/bool_data': () => sum(tf.tensor([true, true, false]), i32([0, 1, 2]), i32([0, 0, 1])),

    'segment_mean/doc_one_segment': () => mean(c(), i32([0, 1]), i32([0, 0])),
    'segment_mean/all_rows': () => mean(c(), i32([0, 1, 2]), i32([0, 1, 1])),
    'segment_mean/gaps': () => mean(c(), i32([2, 0, 1]), i32([1, 1, 3])),
    'segment_mean/thirds': () => mean([1, 1, 2, 0.1], i32([0, 1, 2, 3]), i32([0, 0, 0, 1])),
    'segment_mean/int32_truncates': () => mean(i32([7, -8, 1, -1, 3]), i32([0, 1, 2, 3, 4]), i32([0, 1, 1, 2, 2])),
    'segment_mean/special': () => mean([NaN_, Inf, -Inf, -0, 1e38], i32([1, 2, 3, 4, 4]), i32([0, 1, 1, 2, 3])),
    'segment_mean/large': () => mean([3e38, 3e38, 1e-45], i32([0, 1, 2]), i32([0, 0, 1])),
    'segment_mean/no_indices': () => mean(c(), i32([]), i32([])),
    'segment_mean/not_increasing': () => mean(c(), i32([0, 1]), i32([1, 0])),
    'segment_mean/index_out_of_range': () => mean(c(), i32([5]), i32([0])),
    'segment_mean/indices_rank': () => mean(c(), i32([0, 1], [1, 2]), i32([0, 0])),
    'segment_mean/ids_rank': () => mean(c(), i32([0, 1]), i32([0, 0], [2, 1])),
  };
};
