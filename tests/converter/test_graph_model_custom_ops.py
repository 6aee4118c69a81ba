"""Custom ops in graph models: `tf.register_op`, `tf.get_registered_op`,
`tf.deregister_op`, as TF.js's."""

from __future__ import annotations

import asyncio

import numpy as np
import pytest

import tfjs as tf
from tests.converter.graph_api_fixtures import CONV, CUSTOM, reference, run
from tfjs.converter.plan_runner import FUSED_OPS


@pytest.fixture(autouse=True)
def _no_custom_ops():
    yield
    for name in ("MyAdd", "Relu", "Conv2D"):
        tf.deregister_op(name)


def _my_add(seen=None):
    def my_add(node):
        if seen is not None:
            seen.append(node)
        x, y = node.inputs
        return tf.add(x, tf.mul(y, node.attrs["alpha"]))  # the product is an intermediate

    return my_add


def test_unknown_op_is_listed_at_load():
    with pytest.raises(ValueError, match=r"'MyAdd' \(node 'sum'\).*tf.register_op"):
        tf.load_graph_model(str(CUSTOM))


def test_registered_op_runs(conv_input):
    seen = []
    fn = _my_add(seen)
    assert tf.register_op("MyAdd", fn) is None
    mapper = tf.get_registered_op("MyAdd")
    assert mapper.op == "MyAdd" and mapper.category == "custom" and mapper.custom_executor is fn
    model = tf.load_graph_model(str(CUSTOM))
    x, y = tf.tensor([1.0, 2.0]), tf.tensor([4.0, -6.0])
    before = tf.memory()["num_tensors"]
    out = model.execute({"x": x, "y": y})
    assert out.array_sync() == [3.0, -1.0]
    assert tf.memory()["num_tensors"] == before + 1  # the product inside MyAdd was freed
    (node,) = seen
    assert node.name == "sum" and node.op == "MyAdd"
    assert node.attrs == {
        "alpha": 0.5,
        "count": 3,
        "mode": "nhwc",  # lower-cased, as TF.js's getStringParam
        "flag": True,
        "out_shape": [-1, 2],
        "T": "float32",
        "sizes": [1, 2],
        "scales": [0.25, 4.0],
        "names": ["foo", "bar"],
        "flags": [True, False],
        "types": ["int32", "bool"],
        "shapes": [[1], None],
        "value": None,
    }
    result = asyncio.run(model.execute_async([x, y]))
    assert result.array_sync() == [3.0, -1.0]
    tf.dispose([x, y, out, result])
    model.dispose()


def test_custom_op_with_several_outputs():
    tf.register_op("MyAdd", lambda node: [tf.add(*node.inputs), tf.sub(*node.inputs)])
    model = tf.load_graph_model(str(CUSTOM))
    x, y = tf.tensor([1.0]), tf.tensor([3.0])
    total, difference = model.execute({"x": x, "y": y}, ["sum", "sum:1"])
    assert (total.array_sync(), difference.array_sync()) == ([4.0], [-2.0])
    tf.dispose([x, y, total, difference])
    model.dispose()


def test_override_builtin_op_and_deregister(conv_input):
    builtin_before = tf.load_graph_model(str(CONV))
    expected = reference(conv_input)
    tf.register_op("Relu", lambda node: tf.neg(node.inputs[0]))
    overridden = tf.load_graph_model(str(CONV))  # resolved at load: this one runs the custom op
    assert "Relu" in FUSED_OPS  # the custom Relu must not be fused away
    np.testing.assert_allclose(run(overridden, conv_input), -_biased(conv_input), rtol=1e-6, atol=1e-6)
    np.testing.assert_allclose(run(builtin_before, conv_input), expected, rtol=1e-6, atol=1e-6)
    tf.deregister_op("Relu")
    assert tf.get_registered_op("Relu") is None
    restored = tf.load_graph_model(str(CONV))
    np.testing.assert_allclose(run(restored, conv_input), expected, rtol=1e-6, atol=1e-6)
    with pytest.raises(TypeError, match=r"Custom op Relu is not registered \(node 'conv/Relu'\)"):
        overridden.execute(conv_input)  # as TF.js: a node loaded as custom looks its function up
    for model in (builtin_before, overridden, restored):
        model.dispose()


def _biased(x: tf.Tensor) -> np.ndarray:
    model = tf.load_graph_model(str(CONV))
    y = model.execute(x, "conv/BiasAdd")
    values = y.numpy()
    tf.dispose(y)
    model.dispose()
    return values


def test_register_op_bad_arguments():
    with pytest.raises(TypeError, match=r"register_op\('MyAdd', op_func\).*callable.*got int"):
        tf.register_op("MyAdd", 3)
    with pytest.raises(TypeError, match="TF op name"):
        tf.register_op("", lambda node: node.inputs[0])
    with pytest.raises(TypeError, match="TF op name"):
        tf.register_op(None, lambda node: node.inputs[0])
    assert tf.get_registered_op("MyAdd") is None
    tf.deregister_op("NeverRegistered")  # as TF.js: nothing to do


@pytest.mark.parametrize(
    ("returned", "message"),
    [
        (lambda node: 3.0, r"'MyAdd' \(node 'sum'\) must return a Tensor or a list of Tensors, got float"),
        (lambda node: np.ones(2), r"'MyAdd' \(node 'sum'\) must return a Tensor.*got ndarray"),
        (lambda node: [tf.mul(node.inputs[0], 2), "x"], r"'MyAdd' \(node 'sum'\).*got str"),
        (lambda node: [], r"'MyAdd' \(node 'sum'\) returned no tensors"),
    ],
)
def test_custom_op_returning_a_non_tensor(returned, message):
    tf.register_op("MyAdd", returned)
    model = tf.load_graph_model(str(CUSTOM))
    x, y = tf.tensor([1.0]), tf.tensor([3.0])
    before = tf.memory()["num_tensors"]
    with pytest.raises(TypeError, match=message):
        model.execute({"x": x, "y": y})
    assert tf.memory()["num_tensors"] == before  # what it made before failing is freed
    tf.dispose([x, y])
    model.dispose()


def test_custom_op_raising_frees_its_tensors():
    def failing(node):
        tf.mul(node.inputs[0], 2)
        raise RuntimeError("custom failure")

    tf.register_op("MyAdd", failing)
    model = tf.load_graph_model(str(CUSTOM))
    x, y = tf.tensor([1.0]), tf.tensor([3.0])
    before = tf.memory()["num_tensors"]
    with pytest.raises(RuntimeError, match="custom failure"):
        model.execute({"x": x, "y": y})
    assert tf.memory()["num_tensors"] == before
    tf.dispose([x, y])
    model.dispose()


def test_custom_op_with_intermediate_tensors_kept(keep_intermediates):
    tf.register_op("MyAdd", _my_add())
    model = tf.load_graph_model(str(CUSTOM))
    x, y = tf.tensor([1.0]), tf.tensor([2.0])
    out = model.execute({"x": x, "y": y})
    assert model.get_intermediate_tensors()["sum"][0].array_sync() == [2.0]
    tf.dispose([x, y, out])
    model.dispose()
