"""tf.io.decode_weights / encode_weights: every dtype, TF.js's dequantisation formulas,
views instead of copies, and clear errors before any tensor is made."""

from __future__ import annotations

import numpy as np
import pytest

import tfjs as tf
from tests.io.model_files import spec, strings_bytes
from tfjs.io.weights import CompositeBuffer, float16_table


def decoded(data, specs):
    weights = tf.io.decode_weights(data, specs)
    try:
        return {name: (t.dtype, list(t.shape), t.array_sync()) for name, t in weights.items()}
    finally:
        tf.dispose(weights)


def test_plain_dtypes_in_one_buffer(backend):
    data = (
        np.array([1.5, -0.0, 3], "<f4").tobytes()
        + np.array([2**31 - 1, -(2**31)], "<i4").tobytes()
        + bytes([1, 0, 1])
        + np.array([1, 2, -3, 4], "<f4").tobytes()
        + strings_bytes(["", "héllo"])
    )
    specs = [
        spec("f", "float32", [3]),
        spec("i", "int32", [2, 1]),
        spec("b", "bool", [3]),
        spec("c", "complex64", [2]),
        spec("s", "string", [2]),
    ]
    got = decoded(data, specs)
    assert got["f"] == ("float32", [3], [1.5, -0.0, 3.0])
    assert got["i"] == ("int32", [2, 1], [[2**31 - 1], [-(2**31)]])
    assert got["b"] == ("bool", [3], [True, False, True])
    assert got["c"][:2] == ("complex64", [2])
    assert got["s"] == ("string", [2], ["", "héllo"])


def test_weights_are_views_of_the_buffer():
    buffer = np.arange(8, dtype="<f4").view(np.uint8)
    weights = tf.io.decode_weights(buffer, [spec("a", "float32", [4]), spec("b", "int32", [4])])
    try:
        stored = tf.backend().read_sync(weights["a"].data_id)
        assert np.shares_memory(stored, buffer)
        assert np.shares_memory(tf.backend().read_sync(weights["b"].data_id), buffer)
        assert not stored.flags.writeable
    finally:
        tf.dispose(weights)


def test_misaligned_weight_after_odd_bytes_is_copied_and_right():
    data = bytes([1, 0, 1]) + np.array([2.5, -1], "<f4").tobytes()
    got = decoded(data, [spec("b", "bool", [3]), spec("f", "float32", [2])])
    assert got["f"] == ("float32", [2], [2.5, -1.0])


def test_a_list_of_buffers_reads_as_one_and_weights_may_straddle_them():
    whole = np.array([1, 2, 3], "<f4").tobytes() + np.array([9], "<i4").tobytes()
    got = decoded([whole[:5], whole[5:13], whole[13:]], [spec("a", "float32", [3]), spec("b", "int32", [1])])
    assert got == {"a": ("float32", [3], [1.0, 2.0, 3.0]), "b": ("int32", [1], [9])}
    composite = CompositeBuffer([whole[:5], whole[5:]])
    assert composite.slice(0, 4).tobytes() == whole[:4]
    assert composite.slice(3, 9).tobytes() == whole[3:9]


@pytest.mark.parametrize("qdtype", ["uint8", "uint16"])
def test_affine_dequantisation_is_double_precision_then_float32(qdtype):
    quantized = np.arange(0, 256 if qdtype == "uint8" else 65536, 7).astype(qdtype)
    scale, low = 0.003921568859368563, -0.51234567
    q = {"dtype": qdtype, "scale": scale, "min": low}
    data = quantized.astype(quantized.dtype.newbyteorder("<")).tobytes()
    got = tf.io.decode_weights(data, [spec("w", "float32", [quantized.size], q)])
    try:
        want = (quantized.astype(np.float64) * scale + low).astype(np.float32)
        np.testing.assert_array_equal(got["w"].data_sync(), want)
    finally:
        tf.dispose(got)


def test_int32_dequantisation_rounds_halves_up_as_math_round():
    q = {"dtype": "uint8", "scale": 0.5, "min": -3.5}
    got = decoded(bytes(range(10)), [spec("w", "int32", [10], q)])
    # -3.5 -3 -2.5 -2 -1.5 -1 -0.5 0 0.5 1 -> Math.round
    assert got["w"][2] == [-3, -3, -2, -2, -1, -1, 0, 0, 1, 1]


def test_int32_dequantisation_wraps_as_an_int32array():
    q = {"dtype": "uint16", "scale": 1e6, "min": 0.0}
    got = decoded(np.array([0, 2148, 65535], "<u2").tobytes(), [spec("w", "int32", [3], q)])
    want = [((v * 10**6 + 2**31) % 2**32) - 2**31 for v in (0, 2148, 65535)]
    assert got["w"][2] == want


def test_float16_table_matches_numpy_for_every_pattern_but_nan_payloads():
    bits = np.arange(65536, dtype=np.uint16)
    table = float16_table().view(np.float32)
    want = bits.view(np.float16).astype(np.float32)
    numbers = ~np.isnan(want)
    np.testing.assert_array_equal(table[numbers], want[numbers])
    assert np.isnan(table[~numbers]).all()
    # TF.js keeps a NaN's payload bits: 0x7c01 -> 0x7f802000 (numpy may quiet it).
    assert float16_table()[0x7C01] == 0x7F802000
    assert float16_table()[0xFE00] == 0xFFC00000


def test_float16_weight():
    data = np.array([1.5, -2, 65504, 6e-8], "<f2").tobytes()
    got = decoded(data, [spec("h", "float32", [2, 2], {"dtype": "float16"})])
    assert got["h"] == ("float32", [2, 2], [[1.5, -2.0], [65504.0, np.float32(np.float16(6e-8)).item()]])


def test_encode_then_decode_round_trips(backend):
    tensors = {
        "f": tf.tensor([[1.5, 2], [3, 4]]),
        "i": tf.tensor([1, -2], dtype="int32"),
        "b": tf.tensor([True, False]),
        "c": tf.complex([1, 2], [3, 4]),
        "s": tf.tensor(["a", "bcd"]),
    }
    data, specs = tf.io.encode_weights(tensors, group="model")
    assert [s["name"] for s in specs] == list(tensors)
    assert specs[0] == {"name": "f", "shape": [2, 2], "dtype": "float32", "group": "model"}
    back = tf.io.decode_weights(data, specs)
    try:
        for name, tensor in tensors.items():
            assert back[name].dtype == tensor.dtype
            assert back[name].array_sync() == tensor.array_sync()
    finally:
        tf.dispose(list(back.values()) + list(tensors.values()))


@pytest.mark.parametrize(
    ("entry", "message"),
    [
        (spec("w", "float32", [2], {"dtype": "int4"}), "unknown quantization dtype int4"),
        (spec("w", "float32", [2], {"dtype": "uint8", "min": 0}), "doesn't have corresponding metadata"),
        (spec("w", "int32", [2], {"dtype": "float16"}), "only supports weights of type float32 not int32"),
        (spec("w", "bool", [2], {"dtype": "uint8", "scale": 1, "min": 0}), "dtype in weight 'w': bool"),
        (spec("w", "float64", [2]), "Unsupported dtype in weight 'w': float64"),
        (spec("w", "float32", [2, -1]), "non-negative ints"),
        (spec("w", "float32", [2.5]), "non-negative ints"),
        ({"shape": [1], "dtype": "float32"}, "string 'name'"),
    ],
)
def test_bad_specs_are_named_before_any_tensor_is_made(entry, message):
    before = tf.memory()["num_tensors"]
    with pytest.raises(ValueError, match=message.replace("(", r"\(")):
        tf.io.decode_weights(bytes(64), [spec("ok", "float32", [1]), entry])
    assert tf.memory()["num_tensors"] == before


def test_too_few_bytes_names_the_weight():
    with pytest.raises(ValueError, match=r"'b' \(int32 \[3\]\) needs bytes 8 to 20 but .* holds only 16"):
        tf.io.decode_weights(bytes(16), [spec("a", "float32", [2]), spec("b", "int32", [3])])
    with pytest.raises(ValueError, match="weight 's'"):
        tf.io.decode_weights(strings_bytes(["abc"])[:-1], [spec("s", "string", [1])])
    with pytest.raises(ValueError, match="weight 's'"):
        tf.io.decode_weights(strings_bytes(["abc"]), [spec("s", "string", [2])])


def test_bad_buffer_type():
    with pytest.raises(TypeError, match="weight data must be bytes"):
        tf.io.decode_weights(12, [spec("a", "float32", [1])])
