"""Operations / RNN: basic_lstm_cell, multi_rnn_cell."""

from __future__ import annotations

import tfjs as tf
from tests.conformance.values import inf, nan, r


def k1():
    return tf.tensor2d(
        [
            0.26242125034332275, -0.8787832260131836, 0.781475305557251, 1.337337851524353,
            0.6180247068405151, -0.2760246992111206, -0.11299663782119751, -0.46332040429115295,
            -0.1765323281288147, 0.6807947158813477, -0.8326982855796814, 0.6732975244522095,
        ],
        [3, 4],
    )  # fmt: skip


def b1():
    return tf.tensor1d([1.090713620185852, -0.8282332420349121, 0, 1.0889357328414917])


def k2():
    return tf.tensor2d(
        [
            -1.893059492111206, -1.0185645818710327, -0.6270437240600586, -2.1829540729522705,
            -0.4583775997161865, -0.5454602241516113, -0.3114445209503174, 0.8450229167938232,
        ],
        [2, 4],
    )  # fmt: skip


def b2():
    return tf.tensor1d([0.9906240105628967, 0.6248329877853394, 0, 1.0224634408950806])


def k8():
    return tf.div(tf.tensor2d(list(r(40)), [5, 8]), 20)


def cell1(d, c, h):
    return tf.basic_lstm_cell(1, k1(), b1(), d, c, h)


def cell2(d, c, h):
    return tf.basic_lstm_cell(tf.scalar(1), k2(), b2(), d, c, h)


def x23():
    return tf.tensor2d([[1, -2, 3], [0.5, 0, -1]])


CASES = {
    "basic_lstm_cell/doc": lambda: tf.basic_lstm_cell(
        1, tf.ones([3, 4]), tf.zeros([4]), [[1, 1]], [[0]], [[0]]
    ),
    "basic_lstm_cell/tfjs_test": lambda: tf.basic_lstm_cell(1, k1(), b1(), [[1, 0]], [[0]], [[0]]),
    "basic_lstm_cell/batch2_units2": lambda: tf.basic_lstm_cell(
        0.5,
        k8(),
        tf.tensor1d([0.1, -0.2, 0.3, -0.4, 0.5, -0.6, 0.7, -0.8]),
        x23(),
        tf.tensor2d([[0.1, -0.3], [2, 1]]),
        tf.tensor2d([[-1, 1], [0.25, 0.75]]),
    ),
    "basic_lstm_cell/broadcast_c": lambda: tf.basic_lstm_cell(
        1, k8(), tf.zeros([8]), x23(), tf.tensor2d([[0.5, -0.5]]), tf.ones([2, 2])
    ),
    "basic_lstm_cell/forget_bias_vector": lambda: tf.basic_lstm_cell(
        [0, 2], k8(), tf.zeros([8]), tf.ones([1, 3]), tf.ones([1, 2]), tf.ones([1, 2])
    ),
    "basic_lstm_cell/int32_kernel": lambda: tf.basic_lstm_cell(
        1, tf.tensor2d(list(r(12)), [3, 4], "int32"), tf.zeros([4]), [[0.1, -0.2]], [[0.3]], [[0.4]]
    ),
    "basic_lstm_cell/large": lambda: tf.basic_lstm_cell(1, k1(), b1(), [[1e30, -1e30]], [[3e38]], [[-1e30]]),
    "basic_lstm_cell/nan_inf": lambda: tf.basic_lstm_cell(1, k1(), b1(), [[nan, 0]], [[inf]], [[0]]),
    "basic_lstm_cell/empty_batch": lambda: tf.basic_lstm_cell(
        1, k1(), b1(), tf.zeros([0, 2]), tf.zeros([0, 1]), tf.zeros([0, 1])
    ),
    "basic_lstm_cell/bad_batch": lambda: tf.basic_lstm_cell(
        1, tf.ones([4, 8]), tf.ones([8]), tf.ones([1, 2]), tf.ones([1, 2]), tf.ones([2, 2])
    ),
    "basic_lstm_cell/bad_kernel_rows": lambda: tf.basic_lstm_cell(
        1, tf.ones([5, 8]), tf.ones([8]), tf.ones([1, 2]), tf.ones([1, 2]), tf.ones([1, 2])
    ),
    "basic_lstm_cell/bad_bias": lambda: tf.basic_lstm_cell(
        1, tf.ones([4, 8]), tf.ones([7]), tf.ones([1, 2]), tf.ones([1, 2]), tf.ones([1, 2])
    ),
    "basic_lstm_cell/bad_c": lambda: tf.basic_lstm_cell(
        1, tf.ones([4, 8]), tf.ones([8]), tf.ones([1, 2]), tf.ones([1, 3]), tf.ones([1, 2])
    ),
    "multi_rnn_cell/tfjs_test": lambda: tf.multi_rnn_cell(
        [cell1, cell2], [[1, 0]], [tf.zeros([1, 1]), tf.zeros([1, 1])], [tf.zeros([1, 1]), tf.zeros([1, 1])]
    ),
    "multi_rnn_cell/one_cell": lambda: tf.multi_rnn_cell(
        [cell1], [[0.5, -0.5], [2, 1]], [[[0.1], [0.2]]], [[[0.3], [-0.4]]]
    ),
    "multi_rnn_cell/three_cells": lambda: tf.multi_rnn_cell(
        [cell1, cell2, cell2], [[1, 2]], [[[0.5]], [[-0.5]], [[1]]], [[[0.1]], [[0.2]], [[0.3]]]
    ),
    "multi_rnn_cell/no_cells": lambda: tf.multi_rnn_cell([], [[1, 2]], [], []),
}
