"""ConvLSTM2D (tfjs-layers' layers/convolutional_recurrent.ts): an LSTM whose input and
recurrent transforms are 2-D convolutions, over [batch, time, rows, cols, channels]."""

from __future__ import annotations

from typing import Any

from tfjs import ops
from tfjs.globals import tidy
from tfjs.layers.core.common import data_format as check_format
from tfjs.layers.core.common import int_tuple, positive_int
from tfjs.layers.core.common import padding as check_padding
from tfjs.layers.core.convolutional import conv_output_length
from tfjs.layers.core.recurrent import RNN
from tfjs.layers.core.recurrent_cells import LSTMCell
from tfjs.layers.serialization import register_class
from tfjs.tensor import Tensor


class ConvLSTM2DCell(LSTMCell):
    """One ConvLSTM2D step; states [h, c] of shape [batch, rows', cols', filters]."""

    class_name = "ConvLSTM2DCell"

    def __init__(
        self,
        filters: int,
        kernel_size: Any,
        strides: Any = 1,
        padding: str = "valid",
        data_format: str | None = None,
        dilation_rate: Any = 1,
        **kwargs: Any,
    ) -> None:
        kwargs.pop("units", None)
        super().__init__(positive_int(filters, "filters", "ConvLSTM2D"), **kwargs)
        self.filters = self.units
        self.kernel_size = int_tuple(kernel_size, 2, "kernel_size", "ConvLSTM2D")
        self.strides = int_tuple(strides, 2, "strides", "ConvLSTM2D")
        self.padding = check_padding(padding, "ConvLSTM2D", ("valid", "same"))
        self.data_format = check_format(data_format, "ConvLSTM2D")
        if self.data_format != "channelsLast":
            raise NotImplementedError("ConvLSTM2D with channelsFirst data is not supported yet")
        self.dilation_rate = int_tuple(dilation_rate, 2, "dilation_rate", "ConvLSTM2D")

    def build(self, input_shape: Any) -> None:
        channels = input_shape[-1]
        n = 4 * self.filters
        self.kernel = self.specs.add(self, "kernel", "kernel", [*self.kernel_size, channels, n])
        self.recurrent_kernel = self.specs.add(
            self, "recurrent_kernel", "recurrent", [*self.kernel_size, self.filters, n]
        )
        self.bias = self.specs.add(self, "bias", "bias", [n]) if self.use_bias else None
        if self.bias is not None and self.unit_forget_bias:
            f = self.filters
            init = self.specs.initializers["bias"]
            value = tidy(lambda: ops.concat([init([f]), ops.ones([f]), init([2 * f])], 0))
            self.bias.write(value)
            value.dispose()
        self.built = True

    def output_size(self, rows: int | None, cols: int | None) -> tuple[int | None, int | None]:
        """The rows and columns of the states for inputs of `rows` x `cols`."""
        return (
            conv_output_length(
                rows, self.kernel_size[0], self.padding, self.strides[0], self.dilation_rate[0]
            ),
            conv_output_length(
                cols, self.kernel_size[1], self.padding, self.strides[1], self.dilation_rate[1]
            ),
        )

    def call(self, inputs: list[Tensor], **kwargs: Any) -> list[Tensor]:
        if self.dropout_masks != (None, None):
            raise NotImplementedError("ConvLSTM2D dropout while training is not supported yet")
        x, h, c = inputs
        kernels = ops.split(self.kernel.read(), 4, 3)
        recurrent = ops.split(self.recurrent_kernel.read(), 4, 3)
        biases = ops.split(self.bias.read(), 4) if self.bias is not None else [None] * 4
        gates = []
        for kernel, rec, bias in zip(kernels, recurrent, biases, strict=True):
            xk = ops.conv2d(x, kernel, self.strides, self.padding, "NHWC", self.dilation_rate)
            if bias is not None:
                xk = ops.add(xk, bias)
            gates.append(ops.add(xk, ops.conv2d(h, rec, 1, "same", "NHWC")))
        i = self.recurrent_activation(gates[0])
        f = self.recurrent_activation(gates[1])
        c_new = ops.add(ops.mul(f, c), ops.mul(i, self.activation(gates[2])))
        h_new = ops.mul(self.recurrent_activation(gates[3]), self.activation(c_new))
        return [h_new, h_new, c_new]

    def get_config(self) -> dict[str, Any]:
        config = super().get_config()
        config.pop("units", None)
        config.update(
            filters=self.filters,
            kernelSize=list(self.kernel_size),
            padding=self.padding,
            dataFormat=self.data_format,
            dilationRate=list(self.dilation_rate),
            strides=list(self.strides),
        )
        return config


class ConvLSTM2D(RNN):
    """A convolutional LSTM over [batch, time, rows, cols, channels] inputs."""

    class_name = "ConvLSTM2D"
    cell_class = ConvLSTM2DCell
    input_ndim = 5

    def state_shapes(self, x: Tensor) -> list[list[int]]:
        rows, cols = self.cell.output_size(x.shape[2], x.shape[3])
        return [[x.shape[0], rows, cols, self.cell.filters]] * 2

    def output_shape_for(self, input_shape: Any) -> Any:
        rows, cols = self.cell.output_size(input_shape[2], input_shape[3])
        step = (input_shape[0], rows, cols, self.cell.filters)
        out = (input_shape[0], input_shape[1], *step[1:]) if self.return_sequences else step
        return [out, step, step] if self.return_state else out


register_class(ConvLSTM2DCell)
register_class(ConvLSTM2D)
