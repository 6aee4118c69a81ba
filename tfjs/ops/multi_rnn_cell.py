from __future__ import annotations

from collections.abc import Callable, Sequence

from tfjs.ops.operation import op
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike, convert_to_tensor, convert_to_tensor_list

LSTMCellFunc = Callable[[Tensor, Tensor, Tensor], Sequence[Tensor]]


@op
def multi_rnn_cell(
    lstm_cells: Sequence[LSTMCellFunc],
    data: TensorLike,
    c: Sequence[TensorLike],
    h: Sequence[TensorLike],
) -> list[list[Tensor]]:
    """Computes the next states and outputs of a stack of LSTM cells; each cell's output
    is the next cell's input. Returns `[cell_states, cell_outputs]` (two lists).

    Derived from tf.contrib.rnn.MultiRNNCell. `lstm_cells`: functions
    `(data, c, h) -> [new_c, new_h]` (e.g. `tf.basic_lstm_cell` with its weights bound);
    `c`, `h`: the previous states and outputs, one per cell.

    >>> cell = lambda data, c, h: tf.basic_lstm_cell(1, tf.ones([3, 4]), tf.zeros([4]), data, c, h)
    >>> new_c, new_h = tf.multi_rnn_cell([cell], [[1, 1]], [[[0]]], [[[0]]])
    >>> new_c[0].array_sync(), new_h[0].array_sync()
    ([[0.8491126894950867]], [[0.6082834601402283]])
    """
    if not isinstance(lstm_cells, (list, tuple)) or not all(callable(cell) for cell in lstm_cells):
        raise TypeError(
            "multi_rnn_cell: lstm_cells must be a list of functions (data, c, h) -> [c, h], "
            f"got {lstm_cells!r}"
        )
    data_tensor = convert_to_tensor(data, "data", "multi_rnn_cell")
    c_tensors = convert_to_tensor_list(c, "c", "multi_rnn_cell")
    h_tensors = convert_to_tensor_list(h, "h", "multi_rnn_cell")
    if len(c_tensors) < len(lstm_cells) or len(h_tensors) < len(lstm_cells):
        raise ValueError(
            f"multi_rnn_cell: c and h need a state for each of the {len(lstm_cells)} cells, "
            f"got {len(c_tensors)} and {len(h_tensors)}"
        )
    new_c: list[Tensor] = []
    new_h: list[Tensor] = []
    layer_input = data_tensor
    for cell, cell_c, cell_h in zip(lstm_cells, c_tensors, h_tensors, strict=False):
        state, output = cell(layer_input, cell_c, cell_h)
        new_c.append(state)
        new_h.append(output)
        layer_input = output
    return [new_c, new_h]
