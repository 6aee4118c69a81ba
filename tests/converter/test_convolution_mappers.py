"""The `convolution` TF op mappers (TF.js's convolution_executor): NHWC attribute vectors,
SAME/VALID/EXPLICIT padding, fused ops and pools, on every backend."""

from __future__ import annotations

import base64

import numpy as np
import pytest

import tfjs as tf
import tfjs.converter.ops
from tests.helpers import raises_with, scope
from tfjs.converter.attrs import decode_attrs
from tfjs.converter.op_registry import call_mapper, get_mapper

RNG = np.random.default_rng(7)
X = RNG.uniform(-1, 1, (2, 6, 5, 3)).astype(np.float32)
W = RNG.uniform(-1, 1, (3, 2, 3, 4)).astype(np.float32)
DW = RNG.uniform(-1, 1, (3, 2, 3, 2)).astype(np.float32)  # depthwise: multiplier 2
BIAS = np.array([0.5, -0.25, 0.0, -1.0], np.float32)


def s(text: str) -> dict:
    """An AttrValue string, base64 as in model.json."""
    return {"s": base64.b64encode(text.encode()).decode()}


def ints(*values: int) -> dict:
    return {"list": {"i": [str(v) for v in values]}}


def run(op, inputs, attrs=None):
    """Runs TF op `op`'s mapper on `inputs` (arrays made tensors, float or int32), its
    result (or results) as NumPy."""
    with scope():
        tensors = [tf.tensor(x) if isinstance(x, np.ndarray) else x for x in inputs]
        result = call_mapper(get_mapper(op), tensors, attrs or {})
        if isinstance(result, list):
            return [r.numpy() for r in result]
        return result.numpy()


def reference(fn, *args, **kwargs):
    with scope():
        result = fn(*args, **kwargs)
        return [r.numpy() for r in result] if isinstance(result, tuple) else result.numpy()


def numpy_conv2d(x, w, stride=(1, 1), dilation=(1, 1)):
    """A VALID NHWC convolution in NumPy."""
    kh, kw = (w.shape[0] - 1) * dilation[0] + 1, (w.shape[1] - 1) * dilation[1] + 1
    out_h = (x.shape[1] - kh) // stride[0] + 1
    out_w = (x.shape[2] - kw) // stride[1] + 1
    out = np.zeros((x.shape[0], out_h, out_w, w.shape[3]), np.float64)
    for i in range(out_h):
        for j in range(out_w):
            patch = x[
                :,
                i * stride[0] : i * stride[0] + kh : dilation[0],
                j * stride[1] : j * stride[1] + kw : dilation[1],
                :,
            ]
            out[:, i, j, :] = np.tensordot(patch, w, axes=([1, 2, 3], [0, 1, 2]))
    return out


def test_conv2d_valid_strides_and_dilations_from_nhwc_vectors(backend):
    attrs = decode_attrs(
        {
            "T": {"type": "DT_FLOAT"},
            "strides": ints(1, 2, 1, 1),
            "padding": s("VALID"),
            "data_format": s("NHWC"),
            "dilations": ints(1, 1, 1, 1),
            "use_cudnn_on_gpu": {"b": True},
        }
    )
    got = run("Conv2D", [X, W], attrs)
    np.testing.assert_allclose(got, numpy_conv2d(X, W, (2, 1)), rtol=1e-5, atol=1e-5)
    attrs = {**attrs, "strides": [1, 1, 1, 1], "dilations": [1, 1, 2, 1]}
    got = run("Conv2D", [X, W], attrs)
    np.testing.assert_allclose(got, numpy_conv2d(X, W, dilation=(1, 2)), rtol=1e-5, atol=1e-5)


def test_conv2d_same_and_nchw(backend):
    attrs = {"strides": [1, 2, 2, 1], "padding": "SAME", "dilations": [1, 1, 1, 1]}
    want = reference(tf.conv2d, X, W, [2, 2], "same")
    np.testing.assert_allclose(run("Conv2D", [X, W], attrs), want, rtol=1e-6)
    nchw = {"strides": [1, 1, 2, 2], "padding": "SAME", "data_format": "NCHW", "dilations": [1, 1, 1, 1]}
    # TF.js reads strides[1] and strides[2] whatever the data format: [1, 2] here.
    got = run("Conv2D", [X.transpose(0, 3, 1, 2).copy(), W], nchw)
    want = reference(tf.conv2d, X, W, [1, 2], "same").transpose(0, 3, 1, 2)
    np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-6)


def test_conv2d_explicit_paddings_are_pairs(backend):
    attrs = {"strides": [1, 1, 1, 1], "padding": "EXPLICIT", "explicit_paddings": [0, 0, 1, 2, 2, 0, 0, 0]}
    got = run("Conv2D", [X, W], attrs)
    padded = np.pad(X, [(0, 0), (1, 2), (2, 0), (0, 0)])
    np.testing.assert_allclose(got, numpy_conv2d(padded, W), rtol=1e-5, atol=1e-5)


def test_bad_padding_attributes_are_refused():
    with raises_with(ValueError, "explicit_paddings"):
        run("Conv2D", [X, W], {"strides": [1, 1, 1, 1], "padding": "EXPLICIT", "explicit_paddings": [1, 1]})
    with raises_with(ValueError, "strides"):
        run("Conv2D", [X, W], {"strides": [1], "padding": "VALID"})
    with pytest.raises(TypeError, match="padding"):
        run("Conv2D", [X, W], {"strides": [1, 1, 1, 1]})


FUSED = {
    ("BiasAdd",): lambda y: y,
    ("BiasAdd", "Relu"): lambda y: np.maximum(y, 0),
    ("BiasAdd", "Relu6"): lambda y: np.clip(y, 0, 6),
    ("BiasAdd", "Elu"): lambda y: np.where(y > 0, y, np.expm1(y)),
    ("BiasAdd", "Sigmoid"): lambda y: 1 / (1 + np.exp(-y)),
    ("BiasAdd", "LeakyRelu"): lambda y: np.where(y > 0, y, 0.1 * y),
}


@pytest.mark.parametrize("fused_ops", sorted(FUSED), ids="-".join)
def test_fused_conv2d_bias_and_activation(fused_ops, backend):
    attrs = decode_attrs(
        {
            "strides": ints(1, 1, 1, 1),
            "padding": s("VALID"),
            "fused_ops": {"list": {"s": [s(name)["s"] for name in fused_ops]}},
            "num_args": {"i": "1"},
            "leakyrelu_alpha": {"f": 0.1},
            "epsilon": {"f": 0.0},
        }
    )
    got = run("_FusedConv2D", [X, W, BIAS], attrs)
    want = FUSED[fused_ops](numpy_conv2d(X, W) + BIAS)
    np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-5)


def test_fused_conv2d_prelu(backend):
    alpha = np.array([0.1, 0.2, 0.3, 0.4], np.float32)
    attrs = {"strides": [1, 1, 1, 1], "padding": "VALID", "fused_ops": ["BiasAdd", "Prelu"], "num_args": 2}
    y = numpy_conv2d(X, W) + BIAS
    np.testing.assert_allclose(
        run("_FusedConv2D", [X, W, BIAS, alpha], attrs), np.where(y > 0, y, alpha * y), rtol=1e-5, atol=1e-5
    )
    # Without BiasAdd, TF.js takes the first extra input as the PReLU weights.
    attrs = {"strides": [1, 1, 1, 1], "padding": "VALID", "fused_ops": ["Identity", "Prelu"], "num_args": 1}
    y = numpy_conv2d(X, W)
    np.testing.assert_allclose(
        run("_FusedConv2D", [X, W, alpha], attrs), np.where(y > 0, y, alpha * y), rtol=1e-5, atol=1e-5
    )


def test_fused_conv2d_without_fused_ops_is_a_conv(backend):
    attrs = {"strides": [1, 2, 2, 1], "padding": "SAME", "dilations": [1, 1, 1, 1]}
    np.testing.assert_allclose(
        run("_FusedConv2D", [X, W], attrs), reference(tf.conv2d, X, W, 2, "same"), rtol=1e-6
    )


def test_fused_conv_argument_counts_and_batch_norm_are_refused():
    base = {"strides": [1, 1, 1, 1], "padding": "VALID"}
    with raises_with(ValueError, "must have one extra argument: bias"):
        run("_FusedConv2D", [X, W, BIAS], {**base, "fused_ops": ["BiasAdd", "Relu"], "num_args": 2})
    with raises_with(ValueError, "two extra arguments: bias and alpha"):
        run("_FusedConv2D", [X, W, BIAS], {**base, "fused_ops": ["BiasAdd", "Prelu"], "num_args": 1})
    with raises_with(ValueError, "FusedBatchNorm is not supported"):
        run("_FusedConv2D", [X, W, BIAS], {**base, "fused_ops": ["FusedBatchNorm", "Relu"], "num_args": 4})
    with raises_with(ValueError, "FusedBatchNorm is not supported"):
        run(
            "FusedDepthwiseConv2dNative",
            [X, DW, BIAS],
            {**base, "fused_ops": ["FusedBatchNorm"], "num_args": 4},
        )


def test_depthwise_conv2d(backend):
    attrs = {"strides": [1, 2, 2, 1], "padding": "SAME", "dilations": [1, 1, 1, 1], "data_format": "NHWC"}
    want = reference(tf.depthwise_conv2d, X, DW, [2, 2], "same")
    for op in ("DepthwiseConv2dNative", "DepthwiseConv2d"):
        np.testing.assert_allclose(run(op, [X, DW], attrs), want, rtol=1e-6)
    explicit = {"strides": [1, 1, 1, 1], "padding": "EXPLICIT", "explicit_paddings": [0, 0, 1, 1, 0, 1, 0, 0]}
    want = reference(tf.depthwise_conv2d, X, DW, 1, [[0, 0], [1, 1], [0, 1], [0, 0]])
    np.testing.assert_allclose(run("DepthwiseConv2dNative", [X, DW], explicit), want, rtol=1e-6)


def test_fused_depthwise_conv2d_ignores_leakyrelu_alpha(backend):
    bias = np.linspace(-1, 1, 6).astype(np.float32)
    attrs = {
        "strides": [1, 1, 1, 1],
        "padding": "VALID",
        "fused_ops": ["BiasAdd", "LeakyRelu"],
        "num_args": 1,
        "leakyrelu_alpha": 0.5,
    }
    y = reference(tf.depthwise_conv2d, X, DW, 1, "valid") + bias
    np.testing.assert_allclose(
        run("FusedDepthwiseConv2dNative", [X, DW, bias], attrs),
        np.where(y > 0, y, 0.2 * y),
        rtol=1e-5,
        atol=1e-6,
    )


def test_conv2d_backprop_input_reads_the_output_shape_input(backend):
    dy = RNG.uniform(-1, 1, (2, 3, 3, 4)).astype(np.float32)
    sizes = np.array([2, 6, 5, 3], np.int32)
    attrs = {"strides": [1, 2, 2, 1], "padding": "SAME", "data_format": "NHWC", "dilations": [1, 1, 1, 1]}
    got = run("Conv2DBackpropInput", [sizes, W, dy], attrs)
    want = reference(tf.conv2d_transpose, dy, W, [2, 6, 5, 3], [2, 2], "same")
    assert got.shape == (2, 6, 5, 3)
    np.testing.assert_allclose(got, want, rtol=1e-6)


def test_conv1d_and_conv3d(backend):
    x1, w1 = X[:, 0], W[0]
    attrs = {"stride": 2, "padding": "SAME", "data_format": "NWC", "dilation": 1}
    np.testing.assert_allclose(
        run("Conv1D", [x1, w1], attrs), reference(tf.conv1d, x1, w1, 2, "same"), rtol=1e-6
    )
    x3 = RNG.uniform(-1, 1, (1, 4, 4, 3, 2)).astype(np.float32)
    w3 = RNG.uniform(-1, 1, (2, 2, 2, 2, 3)).astype(np.float32)
    attrs = {
        "strides": [1, 1, 2, 1, 1],
        "padding": "VALID",
        "data_format": "NDHWC",
        "dilations": [1, 1, 1, 1, 1],
    }
    np.testing.assert_allclose(
        run("Conv3D", [x3, w3], attrs), reference(tf.conv3d, x3, w3, [1, 2, 1], "valid"), rtol=1e-6
    )


def test_conv3d_without_data_format_fails_as_in_tfjs():
    x3, w3 = np.ones((1, 2, 2, 2, 1), np.float32), np.ones((1, 1, 1, 1, 1), np.float32)
    with raises_with(ValueError, "NDHWC"):
        run("Conv3D", [x3, w3], {"strides": [1, 1, 1, 1, 1], "padding": "VALID"})


def test_pools_read_ksize_and_strides(backend):
    attrs = {"ksize": [1, 3, 2, 1], "strides": [1, 2, 1, 1], "padding": "SAME", "data_format": "NHWC"}
    np.testing.assert_allclose(run("AvgPool", [X], attrs), reference(tf.avg_pool, X, [3, 2], [2, 1], "same"))
    np.testing.assert_allclose(run("MaxPool", [X], attrs), reference(tf.max_pool, X, [3, 2], [2, 1], "same"))
    x5 = RNG.uniform(-1, 1, (1, 4, 4, 4, 2)).astype(np.float32)
    attrs = {"ksize": [1, 2, 2, 2, 1], "strides": [1, 2, 2, 1, 1], "padding": "VALID"}
    np.testing.assert_allclose(
        run("AvgPool3D", [x5], attrs), reference(tf.avg_pool3d, x5, 2, [2, 2, 1], "valid"), rtol=1e-6
    )
    np.testing.assert_allclose(
        run("MaxPool3D", [x5], attrs), reference(tf.max_pool3d, x5, 2, [2, 2, 1], "valid")
    )


def test_max_pool_with_argmax_has_two_outputs(backend):
    attrs = {
        "ksize": [1, 2, 2, 1],
        "strides": [1, 2, 2, 1],
        "padding": "VALID",
        "include_batch_in_index": True,
    }
    result, indexes = run("MaxPoolWithArgmax", [X], attrs)
    want = reference(tf.max_pool_with_argmax, X, 2, 2, "valid", True)
    np.testing.assert_allclose(result, want[0])
    np.testing.assert_array_equal(indexes, want[1])


def test_dilation2d_reads_rates(backend):
    f = RNG.uniform(-1, 1, (2, 2, 3)).astype(np.float32)
    attrs = {"strides": [1, 1, 2, 1], "rates": [1, 2, 1, 1], "padding": "SAME"}
    want = reference(tf.dilation2d, X, f, [1, 2], "same", [2, 1])
    np.testing.assert_allclose(run("Dilation2D", [X, f], attrs), want, rtol=1e-6)


def test_every_convolution_op_is_mapped():
    ops = [
        "AvgPool",
        "MaxPool",
        "MaxPoolWithArgmax",
        "AvgPool3D",
        "MaxPool3D",
        "Conv1D",
        "Conv2D",
        "_FusedConv2D",
        "Conv2DBackpropInput",
        "DepthwiseConv2d",
        "DepthwiseConv2dNative",
        "FusedDepthwiseConv2dNative",
        "Conv3D",
        "Dilation2D",
    ]
    assert {op: get_mapper(op) and get_mapper(op).category for op in ops} == dict.fromkeys(ops, "convolution")
