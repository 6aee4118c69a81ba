"""tf.io.decode_weights: weight bytes to tensors, plain and quantized (uint8/uint16 with
scale and min, float16), as model.json's weight shards hold them."""

from __future__ import annotations

import numpy as np

import tfjs as tf
from tests.conformance.values import inf, nan

F16_SPECIAL = [0x0000, 0x8000, 0x0001, 0x8001, 0x03FF, 0x0400, 0x3555, 0x3C00, 0xBC00, 0x3C01]
F16_SPECIAL += [0x7BFF, 0xFBFF, 0x7C00, 0xFC00, 0x7E00, 0x0200, 0x1000, 0x4248]


def spec(dtype, shape, quantization=None, name="w"):
    extra = {"quantization": quantization} if quantization else {}
    return {"name": name, "shape": shape, "dtype": dtype, **extra}


def q8(scale, low):
    return {"dtype": "uint8", "scale": scale, "min": low}


def q16(scale, low):
    return {"dtype": "uint16", "scale": scale, "min": low}


F16 = {"dtype": "float16"}


def _signalling(bits):
    return bits & 0x7C00 == 0x7C00 and bits & 0x3FF and not bits & 0x200


# Every 13th bit pattern, less signalling NaNs (their payloads are kept, and the harness
# cannot compare them: converting one to float64 raises 'invalid').
F16_SAMPLED = [i * 13 for i in range(5042) if not _signalling(i * 13)]


def one(data, s):
    return tf.io.decode_weights(data, [s])["w"]


def every(data, specs):
    return list(tf.io.decode_weights(data, specs).values())


def u8(values):
    return np.array(values, np.uint8).tobytes()


def u16(values):
    return np.array(values, "<u2").tobytes()


def f32(values):
    return np.array(values, "<f4").tobytes()


def i32(values):
    return np.array(values, "<i4").tobytes()


def strings(values):
    return b"".join(len(s.encode()).to_bytes(4, "little") + s.encode() for s in values)


PACKED = [spec("float32", [2], name="a"), spec("bool", [3], name="b"), spec("string", [2], name="c")]
PACKED += [spec("int32", [1], name="d")]
F16_U8 = [spec("float32", [3], F16, "a"), spec("float32", [3], q8(0.25, -1), "b")]
r = range

CASES = {
    "plain/float32": lambda: one(f32([1.5, -0.0, nan, inf, 3.4e38, 1e-45]), spec("float32", [2, 3])),
    "plain/int32": lambda: one(i32([2147483647, -2147483648, 0, -1]), spec("int32", [4])),
    "plain/bool": lambda: one(u8([1, 0, 0, 1]), spec("bool", [2, 2])),
    "plain/complex64": lambda: one(f32([1, 2, -3, 4.5]), spec("complex64", [2])),
    "plain/string": lambda: one(strings(["", "ab", "héllo", "\U0001f600"]), spec("string", [2, 2])),
    "plain/scalar": lambda: one(f32([7.25]), spec("float32", [])),
    "plain/empty": lambda: one(b"", spec("float32", [0, 3])),
    "plain/packed": lambda: every(f32([1, 2]) + u8([1, 0, 1]) + strings(["x", "yz"]) + i32([-5]), PACKED),
    "plain/buffer_list": lambda: every(
        [f32([1, 2, 3])[:6], f32([1, 2, 3])[6:], i32([9, 8])],
        [spec("float32", [3], name="a"), spec("int32", [2], name="b")],
    ),
    "uint8/float32": lambda: one(u8(r(256)), spec("float32", [256], q8(0.003921568859368563, -0.51234567))),
    "uint8/float32_negative_scale": lambda: one(u8(r(256)), spec("float32", [16, 16], q8(-0.1, 1e-7))),
    "uint8/float32_tiny": lambda: one(u8(r(256)), spec("float32", [256], q8(1e-40, 0))),
    "uint8/int32_halves": lambda: one(u8(r(24)), spec("int32", [24], q8(0.5, -5.5))),
    "uint8/int32_scaled": lambda: one(u8(r(256)), spec("int32", [256], q8(0.1, -12.35))),
    "uint16/float32": lambda: one(
        u16([i * 16 + i % 16 for i in r(4096)]),
        spec("float32", [4096], q16(1.5259021896696422e-05, -0.3)),
    ),
    "uint16/float32_large": lambda: one(
        u16([i * 128 for i in r(512)]), spec("float32", [512], q16(1e35, -3e38))
    ),
    "uint16/int32": lambda: one(u16([i * 128 + 1 for i in r(512)]), spec("int32", [512], q16(0.75, -100.25))),
    "uint16/int32_wraps": lambda: one(u16([i * 1024 for i in r(64)]), spec("int32", [64], q16(1e6, 0.5))),
    "float16/sampled": lambda: one(u16(F16_SAMPLED), spec("float32", [len(F16_SAMPLED)], F16)),
    "float16/special": lambda: one(u16(F16_SPECIAL), spec("float32", [len(F16_SPECIAL)], F16)),
    "float16/packed_with_uint8": lambda: every(u16([0x3C00, 0xC000, 0x3555]) + u8([0, 255, 128]), F16_U8),
    "error/unknown_quantization": lambda: one(
        u8(r(4)), spec("float32", [4], {"dtype": "int4", "scale": 1, "min": 0})
    ),
    "error/missing_scale": lambda: one(u8(r(4)), spec("float32", [4], {"dtype": "uint8", "min": 0})),
    "error/float16_int32": lambda: one(u16(r(4)), spec("int32", [4], F16)),
    "error/quantized_bool": lambda: one(u8(r(4)), spec("bool", [4], q8(1, 0))),
    "error/unknown_dtype": lambda: one(u16(r(4)), spec("float16", [4])),
}
