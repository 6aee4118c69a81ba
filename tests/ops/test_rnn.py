"""Operations / RNN: what basic_lstm_cell and multi_rnn_cell return, keyword arguments,
memory, and one test per kind of bad input."""

from __future__ import annotations

import numpy as np
import pytest

import tfjs as tf
from tests.helpers import ones, refuses


def test_basic_lstm_cell_returns_state_and_output(backend):
    """TF.js's test (a batch of two equal rows gives two equal rows), by keyword, checked
    against the LSTM step in NumPy."""
    kernel = np.random.default_rng(1).normal(size=(3, 4)).astype(np.float32)

    def run():
        return tf.basic_lstm_cell(
            forget_bias=1,
            lstm_kernel=kernel,
            lstm_bias=[0, 0, 0, 0],
            data=[[0.5, -1], [0.5, -1]],
            c=[[0.25], [0.25]],
            h=[[2], [2]],
        )

    result = tf.tidy(run)
    try:
        assert isinstance(result, list) and len(result) == 2
        new_c, new_h = (t.numpy() for t in result)
    finally:
        tf.dispose(result)
    assert new_c.shape == new_h.shape == (2, 1)
    assert new_c[0, 0] == new_c[1, 0] and new_h[0, 0] == new_h[1, 0]
    i, j, f, o = np.array([0.5, -1, 2]) @ kernel.astype(np.float64)
    sigmoid = lambda x: 1 / (1 + np.exp(-x))  # noqa: E731
    want_c = sigmoid(i) * np.tanh(j) + 0.25 * sigmoid(1 + f)
    np.testing.assert_allclose(new_c[0, 0], want_c, rtol=1e-5)
    np.testing.assert_allclose(new_h[0, 0], np.tanh(want_c) * sigmoid(o), rtol=1e-5)


def test_multi_rnn_cell_values_from_tfjs_test(backend):
    k1 = [0.26242125, -0.87878323, 0.78147531, 1.33733785, 0.61802471, -0.2760247]
    k1 += [-0.11299664, -0.4633204, -0.17653233, 0.68079472, -0.83269829, 0.67329752]
    b1 = [1.09071362, -0.82823324, 0, 1.08893573]
    k2 = [-1.89305949, -1.01856458, -0.62704372, -2.18295407, -0.4583776, -0.54546022]
    k2 += [-0.31144452, 0.84502292]
    b2 = [0.99062401, 0.62483299, 0, 1.02246344]

    def run():
        cells = [
            lambda d, c, h: tf.basic_lstm_cell(1, tf.tensor2d(k1, [3, 4]), b1, d, c, h),
            lambda d, c, h: tf.basic_lstm_cell(1, tf.tensor2d(k2, [2, 4]), b2, d, c, h),
        ]
        zeros = [tf.zeros([1, 1]), tf.zeros([1, 1])]
        return tf.multi_rnn_cell(lstm_cells=cells, data=[[1, 0]], c=zeros, h=zeros)

    before = tf.memory()["num_tensors"]
    states, outputs = tf.tidy(run)
    try:
        assert tf.memory()["num_tensors"] == before + 4  # the cells' weights are gone
        got = [t.data_sync()[0] for t in states + outputs]
        want = [-0.7440074682235718, 0.7460772395133972, -0.5802832245826721, 0.5745711922645569]
        np.testing.assert_allclose(got, want, rtol=1e-5)
    finally:
        tf.dispose([states, outputs])


def test_multi_rnn_cell_with_no_cells(backend):
    def run():
        return tf.multi_rnn_cell([], [[1, 2]], [], [])

    assert tf.tidy(run) == [[], []]


BAD_CELLS = [
    (
        "rank",
        ones(4, 8),
        ones(8),
        ones(2),
        ones(1, 2),
        ones(1, 2),
        ["must be rank 2", "[2], [1,2] and [4,8]"],
    ),
    ("batch", ones(4, 8), ones(8), ones(1, 2), ones(1, 2), ones(2, 2), ["same batch size", "(2,2)", "(1,2)"]),
    ("kernel_rows", ones(5, 8), ones(8), ones(1, 2), ones(1, 2), ones(1, 2), ["inner shapes (4) and (5)"]),
    ("bias", ones(4, 8), ones(7), ones(1, 2), ones(1, 2), ones(1, 2), ["shapes 1,8 and 7"]),
    ("gates", ones(4, 6), ones(6), ones(1, 2), ones(1, 2), ones(1, 2), ["4 * units", "[1,6]"]),
    ("c", ones(4, 8), ones(8), ones(1, 2), ones(1, 3), ones(1, 2), ["shapes 1,3 and 1,2"]),
]


@pytest.mark.parametrize("case", BAD_CELLS, ids=[case[0] for case in BAD_CELLS])
def test_basic_lstm_cell_bad_shapes(backend, case):
    _, *inputs, fragments = case
    call = lambda *a: tf.basic_lstm_cell(1, *a)  # noqa: E731
    refuses(ValueError, ["basic_lstm_cell", *fragments], call, *inputs)


def test_basic_lstm_cell_bad_forget_bias_and_dtype(backend):
    def call(forget_bias):
        return lambda *a: tf.basic_lstm_cell(forget_bias, *a)

    cell = (ones(4, 8), ones(8), ones(1, 2), ones(1, 2), ones(1, 2))
    refuses(ValueError, ["basic_lstm_cell", "shapes 3 and 1,2"], call([1, 2, 3]), *cell)
    refuses(TypeError, ["Argument 'forget_bias' passed to 'basic_lstm_cell'"], call("a"), *cell)
    refuses(TypeError, ["Argument 'lstm_kernel' passed to 'basic_lstm_cell'"], call(1), lambda: {}, *cell[1:])


def test_multi_rnn_cell_bad_arguments(backend):
    def cell(d, c, h):
        return tf.basic_lstm_cell(1, tf.ones([4, 8]), tf.ones([8]), d, c, h)

    def run(cells, c_count=1, h_count=1):
        return lambda d, s: tf.multi_rnn_cell(cells, d, [s] * c_count, [s] * h_count)

    fragments = ["multi_rnn_cell: lstm_cells must be a list of functions"]
    refuses(TypeError, fragments, run(cell), ones(1, 2), ones(1, 2))
    refuses(TypeError, fragments, run([1]), ones(1, 2), ones(1, 2))
    fragments = ["multi_rnn_cell: c and h need a state for each of the 2 cells, got 1 and 2"]
    refuses(ValueError, fragments, run([cell, cell], 1, 2), ones(1, 2), ones(1, 2))
    fragments = ["Argument c passed to multi_rnn_cell must be a list"]
    refuses(TypeError, fragments, lambda d, s: tf.multi_rnn_cell([cell], d, s, [s]), ones(1, 2), ones(1, 2))
