"""Operations / RNN: basic_lstm_cell, multi_rnn_cell, against NumPy's LSTM step."""

from __future__ import annotations

import numpy as np

import tfjs as tf
from tests.ops.op_spec import F32, OpSpec


def _sigmoid(x):
    return 1 / (1 + np.exp(-x))


def _lstm(forget_bias, kernel, bias, data, c, h):
    res = np.concatenate([data, h], 1) @ kernel + bias
    i, j, f, o = np.split(res, 4, axis=1)
    new_c = _sigmoid(i) * np.tanh(j) + c * _sigmoid(forget_bias + f)
    return new_c, np.tanh(new_c) * _sigmoid(o)


CELL = (((5, 8), F32), ((8,), F32), ((2, 3), F32), ((2, 2), F32), ((2, 2), F32))


def _two_cells(k1, b1, k2, b2, data, c1, h1, c2, h2, pick):
    def cell(kernel, bias):
        return lambda d, c, h: tf.basic_lstm_cell(1.0, kernel, bias, d, c, h)

    states, outputs = tf.multi_rnn_cell([cell(k1, b1), cell(k2, b2)], data, [c1, c2], [h1, h2])
    return (states, outputs)[pick][1]


def _two_cells_reference(k1, b1, k2, b2, data, c1, h1, c2, h2, pick):
    h1_new = _lstm(1.0, k1, b1, data, c1, h1)[1]
    return _lstm(1.0, k2, b2, h1_new, c2, h2)[pick]


TWO = (((4, 8), F32), ((8,), F32), ((4, 8), F32), ((8,), F32), ((3, 2), F32)) + (((3, 2), F32),) * 4


def _row(name, op, reference, inputs, suffix) -> OpSpec:
    return OpSpec(name, op, reference, inputs, F32, low=-1, high=1, rtol=1e-5, id_suffix=suffix)


def _cell_row(forget_bias, pick, suffix) -> OpSpec:
    """basic_lstm_cell's output `pick` (0: new c, 1: new h)."""
    op = lambda *a: tf.basic_lstm_cell(forget_bias, *a)[pick]  # noqa: E731
    return _row("basic_lstm_cell", op, lambda *a: _lstm(forget_bias, *a)[pick], CELL, suffix)


def _two_cells_row(pick, suffix) -> OpSpec:
    """multi_rnn_cell's output `pick` (0: states, 1: outputs) of two stacked LSTM cells."""
    reference = lambda *a: _two_cells_reference(*a, pick=pick)  # noqa: E731
    return _row("multi_rnn_cell", lambda *a: _two_cells(*a, pick=pick), reference, TWO, suffix)


SPECS: list[OpSpec] = [
    _cell_row(0.5, 0, "new_c"),
    _cell_row(1, 1, "new_h"),
    _two_cells_row(0, "states"),
    _two_cells_row(1, "outputs"),
]
