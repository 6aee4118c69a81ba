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

SPECS: list[OpSpec] = [
    OpSpec(
        "basic_lstm_cell",
        lambda *a: tf.basic_lstm_cell(0.5, *a)[0],
        lambda *a: _lstm(0.5, *a)[0],
        CELL,
        F32,
        low=-1,
        high=1,
        rtol=1e-5,
        id_suffix="new_c",
    ),
    OpSpec(
        "basic_lstm_cell",
        lambda *a: tf.basic_lstm_cell(1, *a)[1],
        lambda *a: _lstm(1, *a)[1],
        CELL,
        F32,
        low=-1,
        high=1,
        rtol=1e-5,
        id_suffix="new_h",
    ),
    OpSpec(
        "multi_rnn_cell",
        lambda *a: _two_cells(*a, pick=0),
        lambda *a: _two_cells_reference(*a, pick=0),
        TWO,
        F32,
        low=-1,
        high=1,
        rtol=1e-5,
        id_suffix="states",
    ),
    OpSpec(
        "multi_rnn_cell",
        lambda *a: _two_cells(*a, pick=1),
        lambda *a: _two_cells_reference(*a, pick=1),
        TWO,
        F32,
        low=-1,
        high=1,
        rtol=1e-5,
        id_suffix="outputs",
    ),
]
