"""tf.image non-max suppression: the three ops and their async versions against a literal
port of TF.js's algorithm on random boxes (NaN, Inf, ties, soft-NMS included), what the
recorded cases cannot say (keywords, results' fields, memory), and bad input."""

from __future__ import annotations

import asyncio

import numpy as np
import pytest

import tfjs as tf
from tests.helpers import i32, raises_with, scope
from tests.ops.specs.nms import reference_nms

CLUSTERS = [
    [0, 0, 1, 1],
    [0, 0.1, 1, 1.1],
    [0, -0.1, 1, 0.9],
    [0, 10, 1, 11],
    [0, 10.1, 1, 11.1],
    [0, 100, 1, 101],
]
SCORES = [0.9, 0.75, 0.6, 0.95, 0.5, 0.3]


def _random_case(rng: np.random.Generator) -> tuple:
    n = int(rng.integers(0, 30))
    centers, sizes = rng.uniform(0, 8, (n, 2)), rng.uniform(0.2, 4, (n, 2))
    boxes = np.concatenate([centers - sizes / 2, centers + sizes / 2], axis=1)
    if rng.random() < 0.5:
        boxes = np.round(boxes)  # equal boxes and touching edges
    if rng.random() < 0.3:
        odd = rng.random(boxes.shape) < 0.1
        boxes[odd] = rng.choice([np.nan, np.inf, -np.inf, -0.0], odd.sum())
    scores = rng.uniform(-1, 1, n)
    if rng.random() < 0.5:
        scores = np.round(scores * 3) / 3  # ties, broken by index
    iou = float(rng.choice([0.0, 0.3, 0.5, 1.0, rng.uniform()]))
    score = float(rng.choice([-np.inf, 0.0, -0.5, rng.uniform(-1, 1)]))
    sigma = float(rng.choice([0.0, 0.5, 1.0, rng.uniform()]))
    return boxes.astype(np.float32), scores.astype(np.float32), int(rng.integers(0, n + 2)), iou, score, sigma


@pytest.mark.parametrize("seed", range(6))
def test_every_variant_matches_tfjs_algorithm_on_random_boxes(seed: int, backend: str):
    rng = np.random.default_rng(seed)
    for _ in range(25):
        boxes, scores, max_output, iou, score, sigma = _random_case(rng)
        indices, selected_scores, valid = reference_nms(boxes, scores, max_output, iou, score, sigma)
        with scope():
            result = tf.image.non_max_suppression_with_score(boxes, scores, max_output, iou, score, sigma)
            assert result.selected_indices.array_sync() == indices.tolist()
            np.testing.assert_array_equal(result.selected_scores.numpy(), selected_scores.astype(np.float32))
            plain = reference_nms(boxes, scores, max_output, iou, score)[0]
            assert (
                tf.image.non_max_suppression(boxes, scores, max_output, iou, score).array_sync()
                == plain.tolist()
            )
            padded_indices, _, padded_valid = reference_nms(boxes, scores, max_output, iou, score, pad=True)
            padded = tf.image.non_max_suppression_padded(boxes, scores, max_output, iou, score, True)
            assert padded.selected_indices.array_sync() == padded_indices.tolist()
            assert padded.valid_outputs.array_sync() == padded_valid
        assert valid == len(indices)


class _tidy:
    def __enter__(self):
        tf.engine().start_scope("test")

    def __exit__(self, *exc):
        tf.engine().end_scope()


def test_async_versions_match_the_sync_ones(backend: str):
    rng = np.random.default_rng(7)
    for _ in range(10):
        boxes, scores, max_output, iou, score, sigma = _random_case(rng)
        with scope():
            got = asyncio.run(tf.image.non_max_suppression_async(boxes, scores, max_output, iou, score))
            want = tf.image.non_max_suppression(boxes, scores, max_output, iou, score)
            assert got.dtype == "int32" and got.array_sync() == want.array_sync()
            soft = asyncio.run(
                tf.image.non_max_suppression_with_score_async(boxes, scores, max_output, iou, score, sigma)
            )
            soft_want = tf.image.non_max_suppression_with_score(boxes, scores, max_output, iou, score, sigma)
            assert soft.selected_scores.dtype == "float32"
            assert soft.selected_indices.array_sync() == soft_want.selected_indices.array_sync()
            assert soft.selected_scores.array_sync() == soft_want.selected_scores.array_sync()
            padded = asyncio.run(
                tf.image.non_max_suppression_padded_async(boxes, scores, max_output, iou, score, True)
            )
            padded_want = tf.image.non_max_suppression_padded(boxes, scores, max_output, iou, score, True)
            assert padded.valid_outputs.shape == () and padded.valid_outputs.dtype == "int32"
            assert padded.selected_indices.array_sync() == padded_want.selected_indices.array_sync()
            assert padded.valid_outputs.array_sync() == padded_want.valid_outputs.array_sync()


def test_many_boxes_match_the_literal_algorithm(backend: str):
    rng = np.random.default_rng(11)
    n = 400
    centers, sizes = rng.uniform(0, 30, (n, 2)), rng.uniform(0.5, 6, (n, 2))
    boxes = np.concatenate([centers - sizes / 2, centers + sizes / 2], axis=1).astype(np.float32)
    scores = rng.uniform(0, 1, n).astype(np.float32)
    for sigma in (0.0, 0.3):
        indices, selected_scores, _ = reference_nms(boxes, scores, 150, 0.45, 0.05, sigma)
        with scope():
            result = tf.image.non_max_suppression_with_score(boxes, scores, 150, 0.45, 0.05, sigma)
            assert result.selected_indices.array_sync() == indices.tolist()
            np.testing.assert_array_equal(result.selected_scores.numpy(), selected_scores.astype(np.float32))


def test_keyword_arguments_and_result_fields(backend: str):
    with scope():
        indices = tf.image.non_max_suppression(
            CLUSTERS, SCORES, max_output_size=3, iou_threshold=0.5, score_threshold=0.0
        )
        assert (indices.dtype, indices.array_sync()) == ("int32", [3, 0, 5])
        soft = tf.image.non_max_suppression_with_score(
            CLUSTERS, SCORES, max_output_size=6, iou_threshold=1.0, score_threshold=0.0, soft_nms_sigma=0.5
        )
        assert soft._fields == ("selected_indices", "selected_scores")
        assert soft.selected_indices.array_sync() == [3, 0, 1, 5, 4, 2]
        np.testing.assert_allclose(
            soft.selected_scores.array_sync(), [0.95, 0.9, 0.384, 0.3, 0.256, 0.197], atol=1e-3
        )
        padded = tf.image.non_max_suppression_padded(
            CLUSTERS, SCORES, max_output_size=5, score_threshold=0.0, pad_to_max_output_size=True
        )
        assert padded._fields == ("selected_indices", "valid_outputs")
        assert padded.selected_indices.array_sync() == [3, 0, 5, 0, 0]
        assert padded.valid_outputs.array_sync() == 3
        # None means the default, as TF.js's null does
        assert tf.image.non_max_suppression(CLUSTERS, SCORES, 6, None, None).array_sync() == [3, 0, 5]


def test_scores_computed_by_other_ops(backend: str):
    """TF.js's "inputs not explicitly initialized on the CPU" case."""
    with scope():
        scores = tf.div(tf.tensor1d([0, 1, -2, -4, 4, -4]), tf.tensor1d([0.15, 0.2, 0.25, 0.5, 0.7, 1.2]))
        assert tf.image.non_max_suppression(CLUSTERS, scores, 2, 0.5, 0).array_sync() == [4, 1]


def test_padded_makes_exactly_its_two_tensors(backend: str):
    boxes, scores = tf.tensor2d(CLUSTERS), tf.tensor1d(SCORES)
    before = tf.memory()["num_tensors"]
    result = tf.image.non_max_suppression_padded(boxes, scores, 5, 0.5, 0, True)
    assert tf.memory()["num_tensors"] == before + 2
    tf.dispose([result, boxes, scores])


def test_async_versions_free_what_they_convert(backend: str):
    before = tf.memory()["num_tensors"]
    result = asyncio.run(tf.image.non_max_suppression_with_score_async(CLUSTERS, SCORES, 6, 1.0, 0, 0.5))
    assert tf.memory()["num_tensors"] == before + 2
    tf.dispose(result)
    with raises_with(ValueError, "non_max_suppression_padded_async", "iouThreshold", "'1.5'"):
        asyncio.run(tf.image.non_max_suppression_padded_async(CLUSTERS, SCORES, 5, 1.5))
    assert tf.memory()["num_tensors"] == before


def test_async_versions_take_int32_tensors(backend: str):
    boxes = i32([0, 0, 4, 4, 1, 1, 5, 5, 6, 6, 7, 7], [3, 4])
    scores = i32([1, 3, 2])
    result = asyncio.run(tf.image.non_max_suppression_async(boxes, scores, 3, 0.1))
    assert result.array_sync() == [1, 2]
    assert not boxes.is_disposed and not scores.is_disposed
    tf.dispose([result, boxes, scores])


def test_sync_nms_wants_float32(backend: str):
    boxes, scores = i32([0, 0, 1, 1, 0, 1, 1, 2], [2, 4]), i32([1, 2])
    with raises_with(TypeError, "'boxes'", "'non_max_suppression'", "must be float32", "int32"):
        tf.image.non_max_suppression(boxes, [1, 2], 10)
    with raises_with(TypeError, "'scores'", "'non_max_suppression'", "must be float32", "int32"):
        tf.image.non_max_suppression([[0, 0, 1, 1], [0, 1, 1, 2]], scores, 10)
    with raises_with(TypeError, "'boxes'", "non_max_suppression_with_score"):
        tf.image.non_max_suppression_with_score([["a", "b", "c", "d"]], [1], 1)
    tf.dispose([boxes, scores])


@pytest.mark.parametrize(
    "op",
    [
        tf.image.non_max_suppression,
        tf.image.non_max_suppression_with_score,
        tf.image.non_max_suppression_padded,
    ],
)
def test_bad_shapes(op, backend: str):
    name = op.__name__
    with scope(), raises_with(ValueError, name, "boxes must be a 2D tensor", "rank '3'", "[1, 2, 4]"):
        op(tf.zeros([1, 2, 4]), [1], 3)
    with scope(), raises_with(ValueError, name, "boxes must have 4 columns", "2nd dimension was 3", "[2, 3]"):
        op(tf.zeros([2, 3]), [1, 2], 3)
    with scope(), raises_with(ValueError, name, "scores must be a 1D tensor", "rank 2", "[6, 1]"):
        op(CLUSTERS, tf.zeros([6, 1]), 3)
    with raises_with(ValueError, name, "scores has incompatible shape with boxes. Expected 6, but was 5"):
        op(CLUSTERS, SCORES[:5], 3)


@pytest.mark.parametrize("iou", [1.2, -0.1, float("nan")])
def test_iou_threshold_out_of_range(iou: float, backend: str):
    with raises_with(ValueError, "non_max_suppression", "iouThreshold must be in [0, 1]"):
        tf.image.non_max_suppression(CLUSTERS, SCORES, 3, iou)


def test_soft_nms_sigma_out_of_range(backend: str):
    with raises_with(
        ValueError, "non_max_suppression_with_score", "softNmsSigma must be in [0, 1], but was '1.5'"
    ):
        tf.image.non_max_suppression_with_score(CLUSTERS, SCORES, 3, 0.5, 0, 1.5)
    with raises_with(ValueError, "non_max_suppression_with_score_async", "softNmsSigma", "'-1'"):
        asyncio.run(tf.image.non_max_suppression_with_score_async(CLUSTERS, SCORES, 3, 0.5, 0, -1))


def test_argument_types(backend: str):
    with raises_with(TypeError, "non_max_suppression", "maxOutputSize must be an integer", "2.5"):
        tf.image.non_max_suppression(CLUSTERS, SCORES, 2.5)
    with raises_with(TypeError, "non_max_suppression", "maxOutputSize", "'3'"):
        tf.image.non_max_suppression(CLUSTERS, SCORES, "3")
    with raises_with(TypeError, "non_max_suppression_padded", "iouThreshold must be a number", "'0.5'"):
        tf.image.non_max_suppression_padded(CLUSTERS, SCORES, 3, "0.5")
    with raises_with(TypeError, "non_max_suppression_with_score", "softNmsSigma must be a number", "True"):
        tf.image.non_max_suppression_with_score(CLUSTERS, SCORES, 3, 0.5, 0, True)
    with scope():  # whole floats and Infinity are accepted, as TF.js's numbers
        assert tf.image.non_max_suppression(CLUSTERS, SCORES, 3.0, 0.5, 0).array_sync() == [3, 0, 5]
        assert tf.image.non_max_suppression(CLUSTERS, SCORES, float("inf"), 0.5, 0).array_sync() == [3, 0, 5]


def test_complex_inputs(backend: str):
    boxes = tf.tidy(lambda: tf.complex(tf.zeros([2, 4]), tf.zeros([2, 4])))
    scores = tf.complex([1, 2], [0, 0])
    with raises_with(TypeError, "'boxes'", "NonMaxSuppressionWithScore does not support complex64"):
        tf.image.non_max_suppression_with_score(boxes, [1, 2], 2)
    with raises_with(TypeError, "'scores'", "NonMaxSuppressionPadded does not support complex64"):
        tf.image.non_max_suppression_padded(CLUSTERS[:2], scores, 2)
    with raises_with(TypeError, "'scores'", "non_max_suppression_async"):
        asyncio.run(tf.image.non_max_suppression_async(CLUSTERS[:2], scores, 2))
    tf.dispose([boxes, scores])


def test_plain_nms_shortcut_selects_what_the_queue_replay_selects():
    # Plain NMS over finite boxes takes a blocked greedy pass (_select_greedy); the queue
    # replay (_select_queue, which soft-NMS needs) is TF.js's algorithm step for step. Both on
    # random boxes with ties, degenerate boxes, padding and every threshold kind.
    from tfjs.backends.cpu.kernels import nms

    rng = np.random.default_rng(1)
    for trial in range(120):
        n = int(rng.integers(1, 300))
        boxes = rng.random((n, 4)) * 10
        boxes[:, 2:] = boxes[:, :2] + rng.random((n, 2)) * rng.choice([0.5, 3.0, 8.0])
        if trial % 3 == 0:
            boxes = np.round(boxes)  # equal boxes, zero-area boxes
        scores = rng.random(n)
        if trial % 4 == 0:
            scores = np.round(scores * 5) / 5  # equal scores: the smaller index first
        max_output = min(int(rng.integers(0, n + 5)), n)
        iou = float(rng.choice([0.0, 0.3, 0.5, 1.0]))
        score = float(rng.choice([-np.inf, 0.2]))
        pad = bool(trial % 2)
        with np.errstate(all="ignore"):
            greedy = nms._select_greedy(boxes, scores, max_output, iou, score, pad)
            queue = nms._select_queue(nms._Boxes(boxes), scores, max_output, iou, score, 0.0, pad)
        np.testing.assert_array_equal(greedy.selected_indices, queue.selected_indices)
        np.testing.assert_array_equal(greedy.selected_scores, queue.selected_scores)
        assert greedy.valid_outputs == queue.valid_outputs


def test_candidates_come_in_pop_order_a_sorted_part_at_a_time():
    # Plain NMS sorts its best candidates first and the rest only if it gets to them; the
    # parts, joined, are the full order (greater score first, ties by smaller index), also
    # where a part's last score is tied with many of the next.
    from tfjs.backends.cpu.kernels import nms

    rng = np.random.default_rng(3)
    for n, first, split in ((5000, 7, True), (5000, 1024, True), (3000, 2999, False), (10, 64, False)):
        scores = np.round(rng.random(n) * 20) / 20  # groups of about n / 20 equal scores
        scores[rng.random(n) < 0.05] = -0.0
        candidates = np.flatnonzero(scores > -1.0)
        parts = list(nms._in_pop_order(scores, candidates, first))
        full = candidates[np.lexsort((candidates, -scores[candidates]))]
        np.testing.assert_array_equal(np.concatenate(parts), full)
        assert (len(parts) > 1) == split  # 2999 best: the 3000th ties with them


def test_plain_nms_over_thousands_of_boxes_selects_what_the_queue_replay_selects():
    # Enough boxes that the greedy pass sorts them a part at a time: ties across the
    # first part's end, and thresholds that keep it going through every part.
    from tfjs.backends.cpu.kernels import nms

    rng = np.random.default_rng(5)
    n = 6000
    corners = rng.random((n, 2)) * rng.choice([3.0, 40.0], (n, 1))
    boxes = np.concatenate([corners, corners + 0.5 + rng.random((n, 2)) * 4], axis=1)
    scores = np.round(rng.random(n) * 30) / 30
    for max_output, iou, score in ((20, 0.5, -np.inf), (2000, 0.3, 0.1), (6000, 0.05, -np.inf)):
        with np.errstate(all="ignore"):
            greedy = nms._select_greedy(boxes, scores, max_output, iou, score, False)
            queue = nms._select_queue(nms._Boxes(boxes), scores, max_output, iou, score, 0.0, False)
        np.testing.assert_array_equal(greedy.selected_indices, queue.selected_indices)
        assert greedy.valid_outputs == queue.valid_outputs


def test_a_non_finite_box_no_candidate_leaves_plain_nms_on_its_short_road(monkeypatch):
    # Only candidates (scores above the threshold) are ever compared: a NaN box below it
    # neither changes the selection nor sends plain NMS to the queue replay.
    from tfjs.backends.cpu.kernels import nms

    rng = np.random.default_rng(9)
    corners = rng.random((40, 2)) * 6
    boxes = np.concatenate([corners, corners + 1 + rng.random((40, 2))], axis=1).astype(np.float32)
    scores = rng.random(40).astype(np.float32)
    boxes[7], scores[7] = np.nan, 0.05
    expected = reference_nms(boxes, scores, 10, 0.3, 0.1)[0]
    monkeypatch.setattr(nms, "_select_queue", lambda *a: pytest.fail("the queue replay ran"))
    result = nms.non_max_suppression_impl(boxes, scores, 10, 0.3, 0.1)
    np.testing.assert_array_equal(result.selected_indices, expected)
