// Operations / Ragged: raggedGather, raggedRange, raggedTensorToTensor.
module.exports = ({tf, NaN_, Inf, range}) => {
  const i32 = (v, shape) => tf.tensor(v, shape || [v.length], 'int32');
  const gather = (...args) => {
    const r = tf.raggedGather(...args);
    return [...r.outputNestedSplits, r.outputDenseValues];
  };
  const rrange = (...args) => {
    const r = tf.raggedRange(...args);
    return [r.rtNestedSplits, r.rtDenseValues];
  };
  const toTensor = tf.raggedTensorToTensor;
  return {
    'ragged_gather/basic': () => gather([i32([0, 2, 3, 6])], [1, 2, 3, 4, 5, 6], i32([2, 0]), 1),
    'ragged_gather/repeat_and_empty_rows': () =>
        gather([i32([0, 0, 2, 2, 5])], [NaN_, Inf, -0, -Inf, 1e-30], i32([1, 0, 1, 3, 2]), 1),
    'ragged_gather/indices_2d': () =>
        gather([i32([0, 2, 3, 6])], [1, 2, 3, 4, 5, 6], i32([0, 1, 2, 2, 1, 0], [2, 3]), 2),
    'ragged_gather/indices_scalar': () => gather([i32([0, 2, 3, 6])], [1, 2, 3, 4, 5, 6], tf.scalar(2, 'int32'), 0),
    'ragged_gather/nested': () =>
        gather([i32([0, 2, 3]), i32([0, 1, 3, 6])], [10, 20, 30, 40, 50, 60], i32([1, 0, 1]), 2),
    'ragged_gather/values_2d': () =>
        gather([i32([0, 1, 3])], tf.tensor2d([[1, 2], [3, 4], [5, 6]]), i32([1, 0]), 1),
    'ragged_gather/int32_values': () =>
        gather([i32([0, 1, 3])], i32([2147483647, -2147483648, 7]), i32([1, 1, 0]), 1),
    'ragged_gather/bool_values': () => gather([i32([0, 1, 3])], tf.tensor([true, false, true]), i32([1]), 1),
    'ragged_gather/empty_indices': () => gather([i32([0, 1, 3])], [1, 2, 3], i32([]), 1),
    'ragged_gather/bad_index': () => gather([i32([0, 1, 3])], [1, 2, 3], i32([0, 2]), 1),
    'ragged_gather/bad_index_2d': () => gather([i32([0, 1, 3])], [1, 2, 3], i32([0, 1, -1, 0], [2, 2]), 2),
    'ragged_gather/splits_unsorted': () => gather([i32([0, 2, 1, 3])], [1, 2, 3], i32([0]), 1),
    'ragged_gather/splits_past_values': () => gather([i32([0, 2, 4])], [1, 2, 3], i32([0]), 1),
    'ragged_gather/splits_negative': () => gather([i32([-1, 2, 3])], [1, 2, 3], i32([0]), 1),
    'ragged_gather/params_scalar': () => gather([i32([0, 1])], tf.scalar(1), i32([0]), 1),
    'ragged_gather/splits_scalar': () => gather([tf.scalar(1, 'int32')], [1, 2, 3], i32([0]), 1),
    'ragged_gather/no_splits': () => gather([], [1, 2, 3], i32([0]), 1),

    'ragged_range/int32': () => rrange(i32([0, 5, 8, 5]), i32([3, 3, 12, 5]), i32([2, 1, 1, 1])),
    'ragged_range/int32_negative_delta': () => rrange(i32([10, 0, -3]), i32([0, 10, -10]), i32([-3, -4, -2])),
    'ragged_range/scalar_broadcast': () => rrange(i32([0, 1, 2]), 5, tf.scalar(2, 'int32')),
    'ragged_range/all_scalars': () => rrange(0, 1, 0.25),
    'ragged_range/float_steps': () => rrange([0, 1, -1], [1, 0, 1], [0.1, -0.3, 0.7]),
    'ragged_range/float_accumulates': () => rrange([0.1], [2.0], [0.1]),
    'ragged_range/float_large_small': () => rrange([1e30, 1e-30, -0], [1.5e30, 1e-29, 3], [1e29, 3e-30, 1.5]),
    'ragged_range/int32_limits': () =>
        rrange(i32([2147483640, -2147483648]), i32([2147483647, -2147483645]), i32([3, 1])),
    'ragged_range/empty_vectors': () => rrange(i32([]), i32([]), i32([])),
    'ragged_range/nan_limit': () => rrange([0, 0, 0], [2, NaN_, 3], [1, 1, 1]),
    'ragged_range/inf_limit': () => rrange([0], [Inf], [1]),
    'ragged_range/zero_delta': () => rrange([0, 1], [2, 3], [1, 0]),
    'ragged_range/shape_mismatch': () => rrange([0, 1], [2, 3, 4], 1),
    'ragged_range/rank2': () => rrange([[0]], [2], 1),

    'ragged_tensor_to_tensor/row_splits': () =>
        toTensor([-1, -1], [1, 2, 3, 4, 5], 0, [i32([0, 2, 2, 5])], ['ROW_SPLITS']),
    'ragged_tensor_to_tensor/bigger_shape': () =>
        toTensor([4, 5], [1, 2, 3, 4, 5], 9, [i32([0, 2, 2, 5])], ['ROW_SPLITS']),
    'ragged_tensor_to_tensor/smaller_shape': () =>
        toTensor([2, 2], [1, 2, 3, 4, 5], -1, [i32([0, 2, 2, 5])], ['ROW_SPLITS']),
    'ragged_tensor_to_tensor/partial_shape': () =>
        toTensor([-1, 2], [1, 2, 3, 4, 5], -1, [i32([0, 2, 2, 5])], ['ROW_SPLITS']),
    'ragged_tensor_to_tensor/int32': () =>
        toTensor(i32([-1, -1]), i32([2147483647, -2147483648, 3]), tf.scalar(-7, 'int32'), [i32([0, 1, 3])], ['ROW_SPLITS']),
    'ragged_tensor_to_tensor/special_values': () =>
        toTensor([-1, -1], [NaN_, -0, Inf], NaN_, [i32([0, 0, 3])], ['ROW_SPLITS']),
    'ragged_tensor_to_tensor/value_rowids': () =>
        toTensor([-1, -1], [1, 2, 3, 4, 5, 6], 0, [tf.scalar(4, 'int32'), i32([0, 0, 1, 3, 3, 3])],
            ['FIRST_DIM_SIZE', 'VALUE_ROWIDS']),
    'ragged_tensor_to_tensor/value_rowids_cut': () =>
        toTensor([3, 2], [1, 2, 3, 4, 5, 6], 0, [tf.scalar(4, 'int32'), i32([0, 0, 1, 3, 3, 3])],
            ['FIRST_DIM_SIZE', 'VALUE_ROWIDS']),
    'ragged_tensor_to_tensor/nested_splits': () =>
        toTensor([-1, -1, -1], [1, 2, 3, 4, 5, 6, 7], 0, [i32([0, 2, 3]), i32([0, 1, 4, 7])],
            ['ROW_SPLITS', 'ROW_SPLITS']),
    'ragged_tensor_to_tensor/nested_cut': () =>
        toTensor([2, 2, 2], [1, 2, 3, 4, 5, 6, 7], 0, [i32([0, 2, 3]), i32([0, 1, 4, 7])],
            ['ROW_SPLITS', 'ROW_SPLITS']),
    'ragged_tensor_to_tensor/mixed_partitions': () =>
        toTensor([-1, -1, -1], [1, 2, 3, 4, 5], 0, [tf.scalar(3, 'int32'), i32([0, 0, 2]), i32([0, 2, 3, 5])],
            ['FIRST_DIM_SIZE', 'VALUE_ROWIDS', 'ROW_SPLITS']),
    'ragged_tensor_to_tensor/values_2d': () =>
        toTensor([-1, -1, 2], tf.tensor2d([[1, 2], [3, 4], [5, 6]]), 0, [i32([0, 1, 3])], ['ROW_SPLITS']),
    'ragged_tensor_to_tensor/values_2d_vector_default': () =>
        toTensor([-1, -1, 2], tf.tensor2d([[1, 2], [3, 4], [5, 6]]), [7, 8], [i32([0, 1, 3])], ['ROW_SPLITS']),
    'ragged_tensor_to_tensor/values_2d_unknown_inner': () =>
        toTensor([-1, -1, -1], tf.tensor2d([[1, 2], [3, 4], [5, 6]]), 0, [i32([0, 1, 3])], ['ROW_SPLITS']),
    'ragged_tensor_to_tensor/nested_values_2d': () =>
        toTensor([-1, -1, -1, 2], tf.tensor2d([[1, 2], [3, 4], [5, 6], [7, 8]]), 0, [i32([0, 1, 2]), i32([0, 3, 4])],
            ['ROW_SPLITS', 'ROW_SPLITS']),
    'ragged_tensor_to_tensor/empty_values': () => toTensor([-1, -1], [], 0, [i32([0, 0, 0])], ['ROW_SPLITS']),
    'ragged_tensor_to_tensor/empty_rows_wide': () => toTensor([2, 3], [], 5, [i32([0, 0, 0])], ['ROW_SPLITS']),
    'ragged_tensor_to_tensor/rank_mismatch': () =>
        toTensor([-1, -1, -1], [1, 2, 3], 0, [i32([0, 1, 3])], ['ROW_SPLITS']),
    'ragged_tensor_to_tensor/default_rank': () => toTensor([-1, -1], [1, 2, 3], [0], [i32([0, 1, 3])], ['ROW_SPLITS']),
    'ragged_tensor_to_tensor/bad_dim': () => toTensor([-2, -1], [1, 2, 3], 0, [i32([0, 1, 3])], ['ROW_SPLITS']),
    'ragged_tensor_to_tensor/rowids_first': () => toTensor([-1, -1], [1, 2, 3], 0, [i32([0, 1, 1])], ['VALUE_ROWIDS']),
    'ragged_tensor_to_tensor/bad_row_splits': () => toTensor([-1, -1], [1, 2, 3], 0, [i32([0, 1, 2])], ['ROW_SPLITS']),
    'ragged_tensor_to_tensor/row_id_too_big': () =>
        toTensor([-1, -1], [1, 2, 3], 0, [tf.scalar(2, 'int32'), i32([0, 1, 2])], ['FIRST_DIM_SIZE', 'VALUE_ROWIDS']),
    'ragged_tensor_to_tensor/first_row_id_too_big': () =>
        toTensor([-1, -1], [1, 2, 3], 0, [tf.scalar(2, 'int32'), i32([5, 5, 5])], ['FIRST_DIM_SIZE', 'VALUE_ROWIDS']),
    'ragged_tensor_to_tensor/empty_first_partition': () => toTensor([-1, -1], [], 0, [i32([])], ['ROW_SPLITS']),
    'ragged_tensor_to_tensor/splits_too_long': () =>
        toTensor([-1, -1, -1], [1, 2, 3], 0, [i32([0, 1]), i32([0, 1, 2, 3])], ['ROW_SPLITS', 'ROW_SPLITS']),
    'ragged_tensor_to_tensor/scalar_shape': () => toTensor(tf.scalar(-1, 'int32'), [1, 2, 3], 0, [i32([0, 1, 3])], ['ROW_SPLITS']),
  };
};
