"""Pooling layers (tfjs-layers' layers/pooling.ts): max and average pooling in 1, 2 and 3
dimensions, and their global variants."""

from __future__ import annotations

from typing import Any

from tfjs import ops
from tfjs.layers.core.common import data_format as check_format
from tfjs.layers.core.common import int_tuple
from tfjs.layers.core.common import padding as check_padding
from tfjs.layers.core.convolutional import conv_output_length, from_channels_last, to_channels_last
from tfjs.layers.engine.base_layer import InputSpec, Layer
from tfjs.layers.serialization import register_class
from tfjs.tensor import Tensor


class Pooling(Layer):
    """Pooling over `rank` spatial axes with `pool_size`, `strides` (default: pool_size)
    and `padding`."""

    rank = 2
    mode = "max"

    def __init__(
        self,
        pool_size: Any = 2,
        strides: Any = None,
        padding: str = "valid",
        data_format: str | None = None,
        **base: Any,
    ) -> None:
        super().__init__(**base)
        where = self.class_name
        if self.rank == 1 and isinstance(pool_size, (list, tuple)) and len(pool_size) == 1:
            pool_size = pool_size[0]
        self.pool_size = int_tuple(pool_size, self.rank, "pool_size", where)
        self.strides = self.pool_size if strides is None else int_tuple(strides, self.rank, "strides", where)
        self.padding = check_padding(padding, where, ("valid", "same"))
        self.data_format = check_format(data_format, where)
        self.input_spec = [InputSpec(ndim=self.rank + 2)]

    def compute_output_shape(self, input_shape: Any) -> Any:
        first = self.data_format == "channelsFirst"
        spatial = input_shape[2:] if first else input_shape[1:-1]
        sizes = [
            conv_output_length(s, k, self.padding, st)
            for s, k, st in zip(spatial, self.pool_size, self.strides, strict=True)
        ]
        if first:
            return (input_shape[0], input_shape[1], *sizes)
        return (input_shape[0], *sizes, input_shape[-1])

    def call(self, inputs: Tensor, **kwargs: Any) -> Tensor:
        x = to_channels_last(inputs, self.data_format)
        if self.rank == 1:
            x = ops.expand_dims(x, 2)
            pool = ops.max_pool if self.mode == "max" else ops.avg_pool
            y = ops.squeeze(pool(x, [self.pool_size[0], 1], [self.strides[0], 1], self.padding), [2])
        elif self.rank == 2:
            pool = ops.max_pool if self.mode == "max" else ops.avg_pool
            y = pool(x, self.pool_size, self.strides, self.padding)
        else:
            pool = ops.max_pool3d if self.mode == "max" else ops.avg_pool3d
            y = pool(x, self.pool_size, self.strides, self.padding)
        return from_channels_last(y, self.data_format)

    def get_config(self) -> dict[str, Any]:
        size = list(self.pool_size)
        strides = list(self.strides)
        config: dict[str, Any] = {"poolSize": size, "padding": self.padding, "strides": strides}
        if self.rank > 1:
            config["dataFormat"] = self.data_format
        return {**config, **super().get_config()}


def _pooling(name: str, rank: int, mode: str) -> type[Pooling]:
    cls = type(
        name,
        (Pooling,),
        {"class_name": name, "rank": rank, "mode": mode, "__doc__": f"{mode} pooling, {rank}-D."},
    )
    return register_class(cls)


MaxPooling1D = _pooling("MaxPooling1D", 1, "max")
MaxPooling2D = _pooling("MaxPooling2D", 2, "max")
MaxPooling3D = _pooling("MaxPooling3D", 3, "max")
AveragePooling1D = _pooling("AveragePooling1D", 1, "avg")
AveragePooling2D = _pooling("AveragePooling2D", 2, "avg")
AveragePooling3D = _pooling("AveragePooling3D", 3, "avg")


class GlobalPooling(Layer):
    """Max or mean over all spatial axes: [batch, channels] out."""

    rank = 2
    mode = "max"

    def __init__(self, data_format: str | None = None, keep_dims: bool = False, **base: Any) -> None:
        super().__init__(**base)
        self.data_format = check_format(data_format, self.class_name)
        self.keep_dims = bool(keep_dims)
        self.input_spec = [InputSpec(ndim=self.rank + 2)]

    def _axes(self) -> list[int]:
        return (
            list(range(2, self.rank + 2))
            if self.data_format == "channelsFirst"
            else list(range(1, self.rank + 1))
        )

    def compute_output_shape(self, input_shape: Any) -> Any:
        axes = self._axes()
        if self.keep_dims:
            return tuple(1 if i in axes else d for i, d in enumerate(input_shape))
        return tuple(d for i, d in enumerate(input_shape) if i not in axes)

    def call(self, inputs: Tensor, **kwargs: Any) -> Tensor:
        reduce = ops.max if self.mode == "max" else ops.mean
        return reduce(inputs, self._axes(), self.keep_dims)

    def get_config(self) -> dict[str, Any]:
        config = {"dataFormat": self.data_format} if self.rank > 1 else {}
        return {**config, **super().get_config()}


def _global(name: str, rank: int, mode: str) -> type[GlobalPooling]:
    doc = f"Global {mode} pooling over {rank} spatial axes."
    return register_class(
        type(name, (GlobalPooling,), {"class_name": name, "rank": rank, "mode": mode, "__doc__": doc})
    )


GlobalMaxPooling1D = _global("GlobalMaxPooling1D", 1, "max")
GlobalMaxPooling2D = _global("GlobalMaxPooling2D", 2, "max")
GlobalAveragePooling1D = _global("GlobalAveragePooling1D", 1, "avg")
GlobalAveragePooling2D = _global("GlobalAveragePooling2D", 2, "avg")
