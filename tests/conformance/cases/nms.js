// tf.image non-max suppression: nonMaxSuppression, nonMaxSuppressionWithScore (soft-NMS),
// nonMaxSuppressionPadded, and their async versions.
module.exports = ({tf, NaN_, Inf}) => {
  const clusters = () => tf.tensor2d(
      [0, 0, 1, 1, 0, 0.1, 1, 1.1, 0, -0.1, 1, 0.9, 0, 10, 1, 11, 0, 10.1, 1, 11.1, 0, 100, 1, 101], [6, 4]);
  const flipped = () => tf.tensor2d(
      [1, 1, 0, 0, 0, 0.1, 1, 1.1, 0, 0.9, 1, -0.1, 0, 10, 1, 11, 1, 10.1, 0, 11.1, 1, 101, 0, 100], [6, 4]);
  const clusterScores = () => tf.tensor1d([0.9, 0.75, 0.6, 0.95, 0.5, 0.3]);
  const nms = tf.image.nonMaxSuppression;
  const soft = tf.image.nonMaxSuppressionWithScore;
  const padded = tf.image.nonMaxSuppressionPadded;
  // Overlapping boxes along a line: each overlaps its neighbours by a different amount.
  const chain = () => tf.tensor2d([0, 0, 2, 2, 0, 0.5, 2, 2.5, 0, 1, 2, 3, 0, 1.7, 2, 3.7, 0, 2.2, 2, 4.2,
    0.3, 0, 2.3, 2, 5, 5, 6, 6, 0, 0.25, 2, 2.25], [8, 4]);
  const chainScores = () => tf.tensor1d([0.6, 0.9, 0.8, 0.85, 0.7, 0.95, 0.1, 0.9]);
  return {
    'nms/three_clusters': () => nms(clusters(), clusterScores(), 3, 0.5, 0),
    'nms/flipped_corners': () => nms(flipped(), clusterScores(), 3, 0.5, 0),
    'nms/at_most_two': () => nms(clusters(), clusterScores(), 2, 0.5, 0),
    'nms/at_most_thirty': () => nms(clusters(), clusterScores(), 30, 0.5, 0),
    'nms/defaults': () => nms(clusters(), clusterScores(), 6),
    'nms/score_threshold': () => nms(clusters(), clusterScores(), 6, 0.5, 0.6),
    'nms/score_threshold_equal_float32': () => nms(clusters(), clusterScores(), 6, 0.5, 0.75),
    'nms/iou_zero': () => nms(chain(), chainScores(), 8, 0),
    'nms/iou_one': () => nms(chain(), chainScores(), 8, 1),
    'nms/iou_between': () => nms(chain(), chainScores(), 8, 0.35),
    'nms/single_box': () => nms(tf.tensor2d([0, 0, 1, 1], [1, 4]), tf.tensor1d([0.9]), 3, 0.5, 0),
    'nms/ten_identical': () => nms(tf.tensor2d(Array(10).fill([0, 0, 1, 1]).flat(), [10, 4]),
        tf.tensor1d(Array(10).fill(0.9)), 3, 0.5, 0),
    'nms/ties_by_index': () => nms(tf.tensor2d([0, 0, 1, 1, 2, 2, 3, 3, 0, 0, 1, 1, 4, 4, 5, 5], [4, 4]),
        tf.tensor1d([0.5, 0.5, 0.5, 0.5]), 4),
    'nms/empty': () => nms(tf.tensor2d([], [0, 4]), tf.tensor1d([]), 3, 0.5, 0),
    'nms/max_output_zero': () => nms(clusters(), clusterScores(), 0),
    'nms/max_output_negative': () => nms(clusters(), clusterScores(), -2),
    'nms/tensor_like': () => nms([[0, 0, 1, 1], [0, 1, 1, 2]], [1, 2], 10),
    'nms/negative_scores': () => nms(clusters(), tf.tensor1d([-0.9, -0.75, -0.6, -0.95, -0.5, -0.3]), 6),
    'nms/signed_zero_scores': () => nms(clusters(), tf.tensor1d([-0, 0, -0, 0, 0, -0]), 6, 0.5, -1),
    'nms/zero_not_above_zero_threshold': () => nms(clusters(), tf.tensor1d([0, 0.5, -0, 1, 2, 3]), 6, 0.5, 0),
    'nms/nan_inf_scores': () => nms(clusters(), tf.tensor1d([NaN_, Inf, -Inf, 0.5, NaN_, Inf]), 6),
    'nms/zero_area_boxes': () => nms(tf.tensor2d([0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 1, 1, 1, 1, 1, 1], [4, 4]),
        tf.tensor1d([0.9, 0.8, 0.7, 0.6]), 4, 0),
    'nms/nan_boxes': () => nms(tf.tensor2d([0, 0, 1, 1, NaN_, 0, 1, 1, 0, 0, 1, 1, 0, NaN_, NaN_, 1, 5, 5, 6, 6], [5, 4]),
        tf.tensor1d([0.9, 0.8, 0.7, 0.6, 0.5]), 5),
    'nms/nan_boxes_threshold': () => nms(tf.tensor2d([0, 0, 1, 1, NaN_, 0, 1, 1, 0, 0, 1, 1, 5, 5, 6, 6], [4, 4]),
        tf.tensor1d([0.9, 0.8, 0.7, 0.5]), 4, 0.5, 0),
    'nms/nan_boxes_negative_scores': () => nms(tf.tensor2d([0, 0, 1, 1, 3, 3, 4, 4, NaN_, 0, 1, 1, 7, 7, 8, 8], [4, 4]),
        tf.tensor1d([1, -0.5, -1, -0.25]), 4),
    'nms/inf_boxes': () => nms(tf.tensor2d([0, 0, Inf, Inf, 0, 0, 1, 1, -Inf, -Inf, Inf, Inf, 0, 0, Inf, Inf], [4, 4]),
        tf.tensor1d([0.9, 0.8, 0.7, 0.6]), 4),
    'nms/large_and_small_boxes': () => nms(tf.tensor2d([0, 0, 1e38, 3e38, 0, 0, 2e38, 3e38, 0, 0, 1e-30, 1e-30,
      0, 0, 2e-30, 1e-30, 0, 0, 1e-45, 1e-45], [5, 4]), tf.tensor1d([0.9, 0.8, 0.7, 0.6, 0.5]), 5, 0.4),
    'nms/int_list_boxes': () => nms([[0, 0, 10, 10], [1, 1, 11, 11], [20, 20, 30, 30]], [3, 2, 1], 3, 0.6),
    'nms/bad_iou_above': () => nms(clusters(), clusterScores(), 3, 1.2),
    'nms/bad_iou_below': () => nms(clusters(), clusterScores(), 3, -0.1),
    'nms/bad_iou_nan': () => nms(clusters(), clusterScores(), 3, NaN_),
    'nms/boxes_rank1': () => nms(tf.tensor1d([0, 0, 1, 1]), tf.tensor1d([1]), 3),
    'nms/boxes_rank3': () => nms(tf.zeros([1, 2, 4]), tf.tensor1d([1]), 3),
    'nms/boxes_three_columns': () => nms(tf.zeros([2, 3]), tf.tensor1d([1, 2]), 3),
    'nms/scores_rank2': () => nms(clusters(), tf.zeros([6, 1]), 3),
    'nms/scores_mismatch': () => nms(clusters(), tf.tensor1d([0.9, 0.75, 0.6, 0.95, 0.5]), 30, 0.5, 0),
    'with_score/soft_three_clusters': () => Object.values(soft(clusters(), clusterScores(), 6, 1.0, 0, 0.5)),
    'with_score/soft_sigma_one': () => Object.values(soft(chain(), chainScores(), 8, 1.0, 0, 1)),
    'with_score/soft_sigma_small': () => Object.values(soft(chain(), chainScores(), 8, 1.0, 0, 0.05)),
    'with_score/soft_iou_threshold': () => Object.values(soft(chain(), chainScores(), 8, 0.4, -Inf, 0.3)),
    'with_score/soft_score_threshold': () => Object.values(soft(chain(), chainScores(), 8, 0.9, 0.5, 0.5)),
    'with_score/soft_max_output': () => Object.values(soft(chain(), chainScores(), 3, 1.0, 0, 0.5)),
    'with_score/soft_negative_scores': () => Object.values(soft(chain(),
        tf.tensor1d([-0.6, -0.9, -0.8, -0.85, -0.7, -0.95, -0.1, -0.9]), 8, 1.0, -Inf, 0.5)),
    'with_score/soft_inf_nan': () => Object.values(soft(tf.tensor2d([0, 0, 1, 1, 0, 0.5, 1, 1.5, NaN_, 0, 1, 1,
      0, 0.25, 1, 1.25], [4, 4]), tf.tensor1d([Inf, 0.9, 0.8, 0.7]), 4, 1.0, -Inf, 0.5)),
    'with_score/hard_default_sigma': () => Object.values(soft(clusters(), clusterScores(), 6, 0.5, 0)),
    'with_score/int32': () => Object.values(soft(tf.tensor2d([0, 0, 4, 4, 1, 1, 5, 5, 2, 2, 6, 6, 8, 8, 9, 9], [4, 4], 'int32'),
        tf.tensor1d([5, 4, 3, 2], 'int32'), 4, 1.0, 0, 0.5)),
    'with_score/empty': () => Object.values(soft(tf.zeros([0, 4]), tf.zeros([0]), 3, 0.5, 0, 0.5)),
    'with_score/bad_sigma_above': () => soft(clusters(), clusterScores(), 6, 0.5, 0, 1.5),
    'with_score/bad_sigma_below': () => soft(clusters(), clusterScores(), 6, 0.5, 0, -0.5),
    'with_score/bad_iou': () => soft(clusters(), clusterScores(), 6, 2, 0, 0.5),
    'with_score/complex_boxes': () => soft(tf.complex(tf.zeros([2, 4]), tf.zeros([2, 4])), tf.tensor1d([1, 2]), 2),
    'padded/pad_five': () => Object.values(padded(clusters(), clusterScores(), 5, 0.5, 0, true)),
    'padded/pad_score_threshold': () => Object.values(padded(clusters(), clusterScores(), 6, 0.5, 0.4, true)),
    'padded/no_pad': () => Object.values(padded(clusters(), clusterScores(), 5, 0.5, 0, false)),
    'padded/default_no_pad': () => Object.values(padded(clusters(), clusterScores(), 5)),
    'padded/pad_beyond_boxes': () => Object.values(padded(clusters(), clusterScores(), 20, 0.5, 0, true)),
    'padded/pad_zero': () => Object.values(padded(clusters(), clusterScores(), 0, 0.5, 0, true)),
    'padded/pad_empty': () => Object.values(padded(tf.zeros([0, 4]), tf.zeros([0]), 4, 0.5, 0, true)),
    'padded/int32': () => Object.values(padded(tf.tensor2d([0, 0, 4, 4, 1, 1, 5, 5], [2, 4], 'int32'),
        tf.tensor1d([1, 2], 'int32'), 2, 0.1, 0, true)),
    'padded/bad_columns': () => padded(tf.zeros([2, 5]), tf.tensor1d([1, 2]), 2),
    'padded/complex_boxes': () => padded(tf.complex(tf.zeros([2, 4]), tf.zeros([2, 4])), tf.tensor1d([1, 2]), 2),
    'nms_async/three_clusters': async () => tf.image.nonMaxSuppressionAsync(clusters(), clusterScores(), 3, 0.5, 0),
    'nms_async/int32': async () => tf.image.nonMaxSuppressionAsync(
        tf.tensor2d([0, 0, 4, 4, 1, 1, 5, 5, 6, 6, 7, 7], [3, 4], 'int32'), tf.tensor1d([1, 3, 2], 'int32'), 3, 0.1),
    'nms_async/nan_boxes_negative_scores': async () => tf.image.nonMaxSuppressionAsync(
        tf.tensor2d([0, 0, 1, 1, 3, 3, 4, 4, NaN_, 0, 1, 1, 7, 7, 8, 8], [4, 4]), tf.tensor1d([1, -0.5, -1, -0.25]), 4),
    'nms_async/empty': async () => tf.image.nonMaxSuppressionAsync(tf.zeros([0, 4]), tf.zeros([0]), 3),
    'nms_async/scores_mismatch': async () => tf.image.nonMaxSuppressionAsync(clusters(), tf.zeros([5]), 3),
    'with_score_async/soft': async () => Object.values(await tf.image.nonMaxSuppressionWithScoreAsync(
        chain(), chainScores(), 8, 1.0, 0, 0.5)),
    'with_score_async/bad_sigma': async () => tf.image.nonMaxSuppressionWithScoreAsync(
        clusters(), clusterScores(), 6, 0.5, 0, 2),
    'padded_async/pad_five': async () => Object.values(await tf.image.nonMaxSuppressionPaddedAsync(
        clusters(), clusterScores(), 5, 0.5, 0, true)),
    'padded_async/no_pad': async () => Object.values(await tf.image.nonMaxSuppressionPaddedAsync(
        clusters(), clusterScores(), 5, 0.5, 0)),
    'padded_async/bad_iou': async () => tf.image.nonMaxSuppressionPaddedAsync(clusters(), clusterScores(), 5, 1.5),
  };
};
