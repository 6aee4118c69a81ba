from __future__ import annotations

from tfjs.ops.add import add
from tfjs.ops.binary_util import assert_not_complex
from tfjs.ops.broadcast_util import assert_and_get_broadcast_shape
from tfjs.ops.concat import concat
from tfjs.ops.mat_mul import mat_mul
from tfjs.ops.mul import mul
from tfjs.ops.operation import op
from tfjs.ops.sigmoid import sigmoid
from tfjs.ops.slice import slice  # noqa: A004
from tfjs.ops.tanh import tanh
from tfjs.tensor import Tensor
from tfjs.tensor_format import js_list
from tfjs.tensor_util import TensorLike, convert_to_tensor

_NAME = "basic_lstm_cell"


@op
def basic_lstm_cell(
    forget_bias: TensorLike,
    lstm_kernel: TensorLike,
    lstm_bias: TensorLike,
    data: TensorLike,
    c: TensorLike,
    h: TensorLike,
) -> list[Tensor]:
    """Computes the next state and output of a BasicLSTMCell; returns `[new_c, new_h]`.

    Derived from tf.contrib.rnn.BasicLSTMCell. `forget_bias`: the forget bias (a scalar);
    `lstm_kernel`: the weights, [input_size + units, 4 * units]; `lstm_bias`: the bias,
    [4 * units]; `data`: the input, [batch, input_size]; `c`, `h`: the previous cell state
    and output, [batch, units]. The kernel's columns are the input gate, the new input,
    the forget gate and the output gate, in that order.

    >>> new_c, new_h = tf.basic_lstm_cell(1, tf.ones([3, 4]), tf.zeros([4]), [[1, 1]], [[0]], [[0]])
    >>> new_c.array_sync(), new_h.array_sync()
    ([[0.8491126894950867]], [[0.6082834601402283]])
    """
    forget_bias_tensor = convert_to_tensor(forget_bias, "forget_bias", _NAME)
    kernel = convert_to_tensor(lstm_kernel, "lstm_kernel", _NAME)
    bias = convert_to_tensor(lstm_bias, "lstm_bias", _NAME)
    data_tensor = convert_to_tensor(data, "data", _NAME)
    c_tensor = convert_to_tensor(c, "c", _NAME)
    h_tensor = convert_to_tensor(h, "h", _NAME)
    arguments = {"forget_bias": forget_bias_tensor, "lstm_kernel": kernel, "lstm_bias": bias}
    arguments.update({"data": data_tensor, "c": c_tensor, "h": h_tensor})
    for arg, tensor in arguments.items():
        assert_not_complex(tensor, _NAME, arg)
    batch, units = _check_shapes(forget_bias_tensor, kernel, bias, data_tensor, c_tensor, h_tensor)

    res = add(mat_mul(concat([data_tensor, h_tensor], 1), kernel), bias)
    size = [batch, units]
    i = slice(res, [0, 0], size)
    j = slice(res, [0, units], size)
    f = slice(res, [0, units * 2], size)
    o = slice(res, [0, units * 3], size)
    new_c = add(mul(sigmoid(i), tanh(j)), mul(c_tensor, sigmoid(add(forget_bias_tensor, f))))
    new_h = mul(tanh(new_c), sigmoid(o))
    return [new_c, new_h]


def _check_shapes(
    forget_bias: Tensor, kernel: Tensor, bias: Tensor, data: Tensor, c: Tensor, h: Tensor
) -> tuple[int, int]:
    """What concat, matMul, the broadcasts and the four-way split would refuse, said
    before any kernel runs; returns the batch size and the number of units."""
    if data.rank != 2 or h.rank != 2 or kernel.rank != 2:
        raise ValueError(
            f"{_NAME}: data, h and lstm_kernel must be rank 2, got shapes [{js_list(data.shape)}], "
            f"[{js_list(h.shape)}] and [{js_list(kernel.shape)}]"
        )
    if data.shape[0] != h.shape[0]:
        raise ValueError(
            f"{_NAME}: data and h must have the same batch size: Error in concat2D: Shape of "
            f"tensors[1] ({js_list(h.shape)}) does not match the shape of the rest "
            f"({js_list(data.shape)}) along the non-concatenated axis 1."
        )
    combined = (data.shape[0], data.shape[1] + h.shape[1])
    if combined[1] != kernel.shape[0]:
        raise ValueError(
            f"{_NAME}: lstm_kernel must have data's plus h's columns as rows: Error in matMul: "
            f"inner shapes ({combined[1]}) and ({kernel.shape[0]}) of Tensors with shapes "
            f"{js_list(combined)} and {js_list(kernel.shape)} and transposeA=false and "
            "transposeB=false must match."
        )
    res_shape = assert_and_get_broadcast_shape((combined[0], kernel.shape[1]), bias.shape, _NAME)
    if len(res_shape) != 2 or res_shape[1] % 4 != 0:
        raise ValueError(
            f"{_NAME}: the kernel's output (data and h times lstm_kernel, plus lstm_bias) must be "
            f"[batch, 4 * units] with four gates, got shape [{js_list(res_shape)}]"
        )
    batch, units = res_shape[0], res_shape[1] // 4
    gate = (batch, units)
    forget_shape = assert_and_get_broadcast_shape(forget_bias.shape, gate, _NAME)
    c_shape = assert_and_get_broadcast_shape(c.shape, forget_shape, _NAME)
    new_c_shape = assert_and_get_broadcast_shape(gate, c_shape, _NAME)
    assert_and_get_broadcast_shape(new_c_shape, gate, _NAME)
    return batch, units
