"""tf.image non-max suppression: non_max_suppression, non_max_suppression_with_score
(soft-NMS), non_max_suppression_padded, and their async versions."""

from __future__ import annotations

import tfjs as tf
from tests.conformance.values import i32, inf, nan

nms = tf.image.non_max_suppression
soft = tf.image.non_max_suppression_with_score
padded = tf.image.non_max_suppression_padded
nms_async = tf.image.non_max_suppression_async
soft_async = tf.image.non_max_suppression_with_score_async
padded_async = tf.image.non_max_suppression_padded_async
# fmt: off
CLUSTERS = [0, 0, 1, 1, 0, 0.1, 1, 1.1, 0, -0.1, 1, 0.9, 0, 10, 1, 11, 0, 10.1, 1, 11.1, 0, 100, 1, 101]
FLIPPED = [1, 1, 0, 0, 0, 0.1, 1, 1.1, 0, 0.9, 1, -0.1, 0, 10, 1, 11, 1, 10.1, 0, 11.1, 1, 101, 0, 100]
# Overlapping boxes along a line: each overlaps its neighbours by a different amount.
CHAIN = [0, 0, 2, 2, 0, 0.5, 2, 2.5, 0, 1, 2, 3, 0, 1.7, 2, 3.7, 0, 2.2, 2, 4.2,
         0.3, 0, 2.3, 2, 5, 5, 6, 6, 0, 0.25, 2, 2.25]
ZERO_AREA = [0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 1, 1, 1, 1, 1, 1]
NAN_BOX = [0, 0, 1, 1, 3, 3, 4, 4, nan, 0, 1, 1, 7, 7, 8, 8]
HUGE_TINY = [0, 0, 1e38, 3e38, 0, 0, 2e38, 3e38, 0, 0, 1e-30, 1e-30, 0, 0, 2e-30, 1e-30, 0, 0, 1e-45, 1e-45]
# fmt: on


def clusters():
    return tf.tensor2d(CLUSTERS, [6, 4])


def cluster_scores():
    return tf.tensor1d([0.9, 0.75, 0.6, 0.95, 0.5, 0.3])


def chain():
    return tf.tensor2d(CHAIN, [8, 4])


def chain_scores():
    return tf.tensor1d([0.6, 0.9, 0.8, 0.85, 0.7, 0.95, 0.1, 0.9])


def complex_boxes():
    return tf.complex(tf.zeros([2, 4]), tf.zeros([2, 4]))


async def listed(coroutine):
    return list(await coroutine)


CASES = {
    "nms/three_clusters": lambda: nms(clusters(), cluster_scores(), 3, 0.5, 0),
    "nms/flipped_corners": lambda: nms(tf.tensor2d(FLIPPED, [6, 4]), cluster_scores(), 3, 0.5, 0),
    "nms/at_most_two": lambda: nms(clusters(), cluster_scores(), 2, 0.5, 0),
    "nms/at_most_thirty": lambda: nms(clusters(), cluster_scores(), 30, 0.5, 0),
    "nms/defaults": lambda: nms(clusters(), cluster_scores(), 6),
    "nms/score_threshold": lambda: nms(clusters(), cluster_scores(), 6, 0.5, 0.6),
    "nms/score_threshold_equal_float32": lambda: nms(clusters(), cluster_scores(), 6, 0.5, 0.75),
    "nms/iou_zero": lambda: nms(chain(), chain_scores(), 8, 0),
    "nms/iou_one": lambda: nms(chain(), chain_scores(), 8, 1),
    "nms/iou_between": lambda: nms(chain(), chain_scores(), 8, 0.35),
    "nms/single_box": lambda: nms(tf.tensor2d([0, 0, 1, 1], [1, 4]), tf.tensor1d([0.9]), 3, 0.5, 0),
    "nms/ten_identical": lambda: nms(
        tf.tensor2d([0, 0, 1, 1] * 10, [10, 4]), tf.tensor1d([0.9] * 10), 3, 0.5, 0
    ),
    "nms/ties_by_index": lambda: nms(
        tf.tensor2d([0, 0, 1, 1, 2, 2, 3, 3, 0, 0, 1, 1, 4, 4, 5, 5], [4, 4]), tf.tensor1d([0.5] * 4), 4
    ),
    "nms/empty": lambda: nms(tf.tensor2d([], [0, 4]), tf.tensor1d([]), 3, 0.5, 0),
    "nms/max_output_zero": lambda: nms(clusters(), cluster_scores(), 0),
    "nms/max_output_negative": lambda: nms(clusters(), cluster_scores(), -2),
    "nms/tensor_like": lambda: nms([[0, 0, 1, 1], [0, 1, 1, 2]], [1, 2], 10),
    "nms/negative_scores": lambda: nms(clusters(), tf.tensor1d([-0.9, -0.75, -0.6, -0.95, -0.5, -0.3]), 6),
    "nms/signed_zero_scores": lambda: nms(clusters(), tf.tensor1d([-0.0, 0, -0.0, 0, 0, -0.0]), 6, 0.5, -1),
    "nms/zero_not_above_zero_threshold": lambda: nms(
        clusters(), tf.tensor1d([0, 0.5, -0.0, 1, 2, 3]), 6, 0.5, 0
    ),
    "nms/nan_inf_scores": lambda: nms(clusters(), tf.tensor1d([nan, inf, -inf, 0.5, nan, inf]), 6),
    "nms/zero_area_boxes": lambda: nms(
        tf.tensor2d(ZERO_AREA, [4, 4]),
        tf.tensor1d([0.9, 0.8, 0.7, 0.6]),
        4,
        0,
    ),
    "nms/nan_boxes": lambda: nms(
        tf.tensor2d([0, 0, 1, 1, nan, 0, 1, 1, 0, 0, 1, 1, 0, nan, nan, 1, 5, 5, 6, 6], [5, 4]),
        tf.tensor1d([0.9, 0.8, 0.7, 0.6, 0.5]),
        5,
    ),
    "nms/nan_boxes_threshold": lambda: nms(
        tf.tensor2d([0, 0, 1, 1, nan, 0, 1, 1, 0, 0, 1, 1, 5, 5, 6, 6], [4, 4]),
        tf.tensor1d([0.9, 0.8, 0.7, 0.5]),
        4,
        0.5,
        0,
    ),
    "nms/nan_boxes_negative_scores": lambda: nms(
        tf.tensor2d(NAN_BOX, [4, 4]),
        tf.tensor1d([1, -0.5, -1, -0.25]),
        4,
    ),
    "nms/inf_boxes": lambda: nms(
        tf.tensor2d([0, 0, inf, inf, 0, 0, 1, 1, -inf, -inf, inf, inf, 0, 0, inf, inf], [4, 4]),
        tf.tensor1d([0.9, 0.8, 0.7, 0.6]),
        4,
    ),
    "nms/large_and_small_boxes": lambda: nms(
        tf.tensor2d(
            [0, 0, 1e38, 3e38, 0, 0, 2e38, 3e38, 0, 0, 1e-30, 1e-30, 0, 0, 2e-30, 1e-30, 0, 0, 1e-45, 1e-45],
            [5, 4],
        ),
        tf.tensor1d([0.9, 0.8, 0.7, 0.6, 0.5]),
        5,
        0.4,
    ),
    "nms/int_list_boxes": lambda: nms([[0, 0, 10, 10], [1, 1, 11, 11], [20, 20, 30, 30]], [3, 2, 1], 3, 0.6),
    "nms/bad_iou_above": lambda: nms(clusters(), cluster_scores(), 3, 1.2),
    "nms/bad_iou_below": lambda: nms(clusters(), cluster_scores(), 3, -0.1),
    "nms/bad_iou_nan": lambda: nms(clusters(), cluster_scores(), 3, nan),
    "nms/boxes_rank1": lambda: nms(tf.tensor1d([0, 0, 1, 1]), tf.tensor1d([1]), 3),
    "nms/boxes_rank3": lambda: nms(tf.zeros([1, 2, 4]), tf.tensor1d([1]), 3),
    "nms/boxes_three_columns": lambda: nms(tf.zeros([2, 3]), tf.tensor1d([1, 2]), 3),
    "nms/scores_rank2": lambda: nms(clusters(), tf.zeros([6, 1]), 3),
    "nms/scores_mismatch": lambda: nms(clusters(), tf.tensor1d([0.9, 0.75, 0.6, 0.95, 0.5]), 30, 0.5, 0),
    "with_score/soft_three_clusters": lambda: list(soft(clusters(), cluster_scores(), 6, 1.0, 0, 0.5)),
    "with_score/soft_sigma_one": lambda: list(soft(chain(), chain_scores(), 8, 1.0, 0, 1)),
    "with_score/soft_sigma_small": lambda: list(soft(chain(), chain_scores(), 8, 1.0, 0, 0.05)),
    "with_score/soft_iou_threshold": lambda: list(soft(chain(), chain_scores(), 8, 0.4, -inf, 0.3)),
    "with_score/soft_score_threshold": lambda: list(soft(chain(), chain_scores(), 8, 0.9, 0.5, 0.5)),
    "with_score/soft_max_output": lambda: list(soft(chain(), chain_scores(), 3, 1.0, 0, 0.5)),
    "with_score/soft_negative_scores": lambda: list(
        soft(chain(), tf.tensor1d([-0.6, -0.9, -0.8, -0.85, -0.7, -0.95, -0.1, -0.9]), 8, 1.0, -inf, 0.5)
    ),
    "with_score/soft_inf_nan": lambda: list(
        soft(
            tf.tensor2d([0, 0, 1, 1, 0, 0.5, 1, 1.5, nan, 0, 1, 1, 0, 0.25, 1, 1.25], [4, 4]),
            tf.tensor1d([inf, 0.9, 0.8, 0.7]),
            4,
            1.0,
            -inf,
            0.5,
        )
    ),
    "with_score/hard_default_sigma": lambda: list(soft(clusters(), cluster_scores(), 6, 0.5, 0)),
    "with_score/int32": lambda: list(
        soft(i32([0, 0, 4, 4, 1, 1, 5, 5, 2, 2, 6, 6, 8, 8, 9, 9], [4, 4]), i32([5, 4, 3, 2]), 4, 1.0, 0, 0.5)
    ),
    "with_score/empty": lambda: list(soft(tf.zeros([0, 4]), tf.zeros([0]), 3, 0.5, 0, 0.5)),
    "with_score/bad_sigma_above": lambda: soft(clusters(), cluster_scores(), 6, 0.5, 0, 1.5),
    "with_score/bad_sigma_below": lambda: soft(clusters(), cluster_scores(), 6, 0.5, 0, -0.5),
    "with_score/bad_iou": lambda: soft(clusters(), cluster_scores(), 6, 2, 0, 0.5),
    "with_score/complex_boxes": lambda: soft(complex_boxes(), tf.tensor1d([1, 2]), 2),
    "padded/pad_five": lambda: list(padded(clusters(), cluster_scores(), 5, 0.5, 0, True)),
    "padded/pad_score_threshold": lambda: list(padded(clusters(), cluster_scores(), 6, 0.5, 0.4, True)),
    "padded/no_pad": lambda: list(padded(clusters(), cluster_scores(), 5, 0.5, 0, False)),
    "padded/default_no_pad": lambda: list(padded(clusters(), cluster_scores(), 5)),
    "padded/pad_beyond_boxes": lambda: list(padded(clusters(), cluster_scores(), 20, 0.5, 0, True)),
    "padded/pad_zero": lambda: list(padded(clusters(), cluster_scores(), 0, 0.5, 0, True)),
    "padded/pad_empty": lambda: list(padded(tf.zeros([0, 4]), tf.zeros([0]), 4, 0.5, 0, True)),
    "padded/int32": lambda: list(padded(i32([0, 0, 4, 4, 1, 1, 5, 5], [2, 4]), i32([1, 2]), 2, 0.1, 0, True)),
    "padded/bad_columns": lambda: padded(tf.zeros([2, 5]), tf.tensor1d([1, 2]), 2),
    "padded/complex_boxes": lambda: padded(complex_boxes(), tf.tensor1d([1, 2]), 2),
    "nms_async/three_clusters": lambda: nms_async(clusters(), cluster_scores(), 3, 0.5, 0),
    "nms_async/int32": lambda: nms_async(
        i32([0, 0, 4, 4, 1, 1, 5, 5, 6, 6, 7, 7], [3, 4]), i32([1, 3, 2]), 3, 0.1
    ),
    "nms_async/nan_boxes_negative_scores": lambda: nms_async(
        tf.tensor2d(NAN_BOX, [4, 4]),
        tf.tensor1d([1, -0.5, -1, -0.25]),
        4,
    ),
    "nms_async/empty": lambda: nms_async(tf.zeros([0, 4]), tf.zeros([0]), 3),
    "nms_async/scores_mismatch": lambda: nms_async(clusters(), tf.zeros([5]), 3),
    "with_score_async/soft": lambda: listed(soft_async(chain(), chain_scores(), 8, 1.0, 0, 0.5)),
    "with_score_async/bad_sigma": lambda: soft_async(clusters(), cluster_scores(), 6, 0.5, 0, 2),
    "padded_async/pad_five": lambda: listed(padded_async(clusters(), cluster_scores(), 5, 0.5, 0, True)),
    "padded_async/no_pad": lambda: listed(padded_async(clusters(), cluster_scores(), 5, 0.5, 0)),
    "padded_async/bad_iou": lambda: padded_async(clusters(), cluster_scores(), 5, 1.5),
}
