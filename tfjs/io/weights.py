"""Weight bytes to tensors and back, as TF.js's io_utils decodeWeights/encodeWeights do.

Plain weights are NumPy views onto the buffer they are read from (no copy); quantized
weights are dequantised exactly as TF.js does it: `v * scale + min` in double precision
rounded to float32 (or `Math.round`ed into int32), float16 through TF.js's lookup tables
(NaN payloads kept bit for bit)."""

from __future__ import annotations

import bisect
import functools
import math
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from tfjs import dtypes
from tfjs.engine import ENGINE
from tfjs.io.model_json import check_weight_specs, fixed_byte_length
from tfjs.io.types import NUM_BYTES_STRING_LENGTH, WeightData, WeightsManifestEntry
from tfjs.tensor import Tensor

# How each plain weight dtype lies in its shard: little-endian, as TF.js's typed arrays
# on every platform it runs on.
_STORED = {"float32": "<f4", "int32": "<i4", "bool": "u1", "complex64": "<c8"}


class CompositeBuffer:
    """Several buffers read as one (TF.js's CompositeArrayBuffer): a slice inside one
    buffer is a view, a slice across buffers a copy of just that slice."""

    def __init__(self, data: WeightData) -> None:
        items = data if isinstance(data, (list, tuple)) else [data]
        self.buffers = [as_byte_array(item) for item in items]
        self.starts = [0]
        for buffer in self.buffers:
            self.starts.append(self.starts[-1] + buffer.size)
        self.byte_length = self.starts[-1]

    def slice(self, start: int, end: int) -> np.ndarray:
        """Bytes [start, end) as a uint8 array (both within the buffers)."""
        if end <= start:
            return np.zeros(0, np.uint8)
        index = bisect.bisect_right(self.starts, start) - 1
        offset = start - self.starts[index]
        if end <= self.starts[index + 1]:
            return self.buffers[index][offset : offset + end - start]
        pieces, position = [], start
        while position < end:
            index = bisect.bisect_right(self.starts, position) - 1
            stop = min(end, self.starts[index + 1])
            pieces.append(self.buffers[index][position - self.starts[index] : stop - self.starts[index]])
            position = stop
        return np.concatenate(pieces)

    def read_uint32(self, start: int) -> int:
        return int(self.slice(start, start + 4).view("<u4")[0])


def weight_data_chunks(data: Any) -> list[np.ndarray]:
    """A ModelArtifacts' weight data (one buffer, a list of them, or None) as flat uint8
    arrays, in order."""
    items = data if isinstance(data, (list, tuple)) else [data] if data is not None else []
    return [as_byte_array(item) for item in items]


def as_byte_array(data: Any) -> np.ndarray:
    """A buffer (bytes, bytearray, memoryview, NumPy array) as a flat uint8 array
    sharing its memory."""
    if isinstance(data, np.ndarray):
        if not data.flags.c_contiguous:
            raise ValueError("weight data arrays must be C-contiguous")
        return data.reshape(-1).view(np.uint8)
    try:
        return np.frombuffer(data, dtype=np.uint8)
    except TypeError:
        raise TypeError(
            f"weight data must be bytes, bytearray, memoryview, a NumPy array or a list of them, "
            f"got {type(data).__name__}"
        ) from None


def weight_ranges(data: CompositeBuffer, specs: Sequence[WeightsManifestEntry], where: str) -> list[int]:
    """The offsets at which each weight starts in `data`, and where the last ends;
    a ValueError naming the weight that runs past the end of the data."""
    offsets = [0]
    for spec in specs:
        start = offsets[-1]
        length = fixed_byte_length(spec)
        if length is None:  # a string weight: each string's length is in the data
            length = 0
            for _ in range(math.prod(spec["shape"])):
                if start + length + NUM_BYTES_STRING_LENGTH > data.byte_length:
                    length = data.byte_length + 1 - start  # runs past the end
                    break
                length += NUM_BYTES_STRING_LENGTH + data.read_uint32(start + length)
        if start + length > data.byte_length:
            raise ValueError(
                f"{where}: weight '{spec['name']}' ({spec['dtype']} {spec['shape']}) needs bytes "
                f"{start} to {start + length} but the weight data holds only {data.byte_length} bytes"
            )
        offsets.append(start + length)
    return offsets


def decode_weights(weight_data: WeightData, specs: Sequence[WeightsManifestEntry]) -> dict[str, Tensor]:
    """Tensors from weight bytes: `weight_data` (one buffer, or a list read as one) holds
    the weights of `specs` one after the other (TF.js's `tf.io.decodeWeights`).

    >>> import numpy as np
    >>> data = np.array([1.5, -2], np.float32).tobytes()
    >>> weights = tf.io.decode_weights(data, [{"name": "w", "shape": [2], "dtype": "float32"}])
    >>> weights["w"].array_sync()
    [1.5, -2.0]
    >>> tf.dispose(weights)
    """
    check_weight_specs(specs)
    data = CompositeBuffer(weight_data)
    offsets = weight_ranges(data, specs, "decode_weights")
    arrays = [
        decode_weight(spec, data.slice(start, end))
        for spec, start, end in zip(specs, offsets, offsets[1:], strict=False)
    ]
    return {spec["name"]: make_weight_tensor(spec, array) for spec, array in zip(specs, arrays, strict=True)}


def make_weight_tensor(spec: Mapping[str, Any], values: np.ndarray) -> Tensor:
    return ENGINE.make_tensor(values, spec["dtype"], "decode_weights")


def decode_weight(spec: Mapping[str, Any], raw: np.ndarray) -> np.ndarray:
    """One (checked) weight's values, in its shape and dtype's storage, from its bytes."""
    shape, dtype = tuple(spec["shape"]), spec["dtype"]
    quantization = spec.get("quantization")
    if quantization is not None:
        return dequantize(raw, quantization, dtype).reshape(shape)
    if dtype == "string":
        return _decode_strings(raw, math.prod(shape)).reshape(shape)
    values = raw.view(_STORED[dtype])
    if dtype == "bool":
        values = values.view(np.bool_) if not values.size or values.max() <= 1 else values != 0
    values = values.astype(dtypes.NUMPY_DTYPES[dtype], copy=False)  # a copy only on big-endian hosts
    if not values.flags.aligned:  # after a weight of an odd number of bytes
        values = values.copy()
    return values.reshape(shape)


def dequantize(raw: np.ndarray, quantization: Mapping[str, Any], dtype: str) -> np.ndarray:
    """Quantized values as TF.js's decodeWeight computes them."""
    qdtype = quantization["dtype"]
    quantized = raw if qdtype == "uint8" else raw.view("<u2")
    if qdtype == "float16":
        return float16_table()[quantized].view(np.float32)
    # JavaScript multiplies and adds in doubles, then stores into the typed array.
    with np.errstate(all="ignore"):
        values = quantized * float(quantization["scale"]) + float(quantization["min"])
        if dtype == "float32":
            return values.astype(np.float32)  # beyond float32's range: ±Infinity
    return dtypes.to_int32(_js_round(values))


def _js_round(values: np.ndarray) -> np.ndarray:
    """JavaScript's Math.round: halves round up, toward +Infinity."""
    floor = np.floor(values)
    with np.errstate(invalid="ignore"):
        return floor + ((values - floor) >= 0.5)


def _decode_strings(raw: np.ndarray, count: int) -> np.ndarray:
    values = np.empty(count, dtype=object)
    offset = 0
    for i in range(count):
        length = int(raw[offset : offset + NUM_BYTES_STRING_LENGTH].view("<u4")[0])
        offset += NUM_BYTES_STRING_LENGTH
        values[i] = raw[offset : offset + length].tobytes()
        offset += length
    return values


@functools.cache
def float16_table() -> np.ndarray:
    """float32 bits of every float16 bit pattern, from TF.js's mantissa, exponent and
    offset tables (fox-toolkit's fast half-float conversion), as a uint32 array."""
    mantissa = np.zeros(2048, np.uint32)
    for i in range(1, 1024):
        m, e = i << 13, 0
        while not m & 0x00800000:
            e -= 0x00800000
            m <<= 1
        mantissa[i] = ((m & ~0x00800000) | (e + 0x38800000)) & 0xFFFFFFFF
    mantissa[1024:] = 0x38000000 + (np.arange(1024, dtype=np.uint32) << 13)
    exponent = np.zeros(64, np.uint32)
    exponent[1:31] = np.arange(1, 31, dtype=np.uint32) << 23
    exponent[31], exponent[32], exponent[63] = 0x47800000, 0x80000000, 0xC7800000
    exponent[33:63] = 0x80000000 + (np.arange(1, 31, dtype=np.uint32) << 23)
    offset = np.full(64, 1024, np.uint32)
    offset[0] = offset[32] = 0
    bits = np.arange(65536, dtype=np.uint32)
    table = mantissa[offset[bits >> 10] + (bits & 0x3FF)] + exponent[bits >> 10]
    table.flags.writeable = False
    return table


def encode_weights(
    tensors: Mapping[str, Tensor] | Sequence[Mapping[str, Any]], group: str | None = None
) -> tuple[bytes, list[WeightsManifestEntry]]:
    """The bytes of `tensors` concatenated, with a manifest entry for each (TF.js's
    `tf.io.encodeWeights`; the reverse of `decode_weights`). `tensors` is a dict of
    name to tensor, or a list of `{"name", "tensor"}`."""
    if isinstance(tensors, Mapping):
        items = list(tensors.items())
    else:
        items = [(item["name"], item["tensor"]) for item in tensors]
    specs: list[WeightsManifestEntry] = []
    chunks: list[bytes] = []
    for name, tensor in items:
        if tensor.dtype not in _STORED and tensor.dtype != "string":
            raise ValueError(f"Unsupported dtype in weight '{name}': {tensor.dtype}")
        spec: WeightsManifestEntry = {"name": name, "shape": list(tensor.shape), "dtype": tensor.dtype}
        if tensor.dtype == "string":
            for value in tensor.bytes():
                chunks.append(np.array([len(value)], "<u4").tobytes() + bytes(value))
        else:
            flat = np.asarray(tensor.data_sync())  # complex64 interleaved, bool as uint8
            chunks.append(flat.astype(flat.dtype.newbyteorder("<"), copy=False).tobytes())
        if group is not None:
            spec["group"] = group
        specs.append(spec)
    return b"".join(chunks), specs
