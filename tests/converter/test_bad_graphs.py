"""What the model-file fuzz (tests/fuzz/test_model_files.py) found in the converter: a
graph whose JSON has the wrong kinds, structure or wiring is one clear ValueError naming
the node, attribute or entry (at load, or for what only a run can see, before the op
runs), and leaves no tensor behind."""

from __future__ import annotations

import base64

import pytest

import tfjs as tf
from tests.graph_fixtures import b64, placeholder

F32 = {"T": {"type": "DT_FLOAT"}}


def load(nodes, **extra):
    handler = tf.io.from_memory(
        {"modelTopology": {"node": nodes}, "weightSpecs": [], "weightData": b"", **extra}
    )
    return tf.load_graph_model(handler)


def const(name, proto):
    return {"name": name, "op": "Const", "attr": {"dtype": {"type": "DT_FLOAT"}, "value": {"tensor": proto}}}


def neg(name, source="x", **attr):
    return {"name": name, "op": "Neg", "input": [source], "attr": {**F32, **attr}}


LOAD_ERRORS = [
    (
        [placeholder("x", [2]), neg("y", i={"i": "1.5"})],
        r"Node 'y' \(Neg\) attribute 'i': 'i' must be an integer",
    ),
    (
        [placeholder("x", [2]), neg("y", s={"s": "!!!x"})],
        r"Node 'y' \(Neg\) attribute 's': '!!!x' is not base64",
    ),
    ([placeholder("x", [2]), neg("y", T={"type": [1]})], r"attribute 'T': Unsupported TF dtype \[1\]"),
    ([placeholder("x", [2]), {**neg("y"), "attr": 3}], r"Node 'y' \(Neg\): 'attr' must be an object"),
    ([placeholder("x", [2]), {"name": "y", "op": 7}], r"needs a string 'name' and 'op'"),
    ([placeholder("x", [2]), {**neg("y"), "input": "x"}], r"Node 'y' \(Neg\): 'input' must be a list"),
    ([placeholder("x", [2]), neg("y", "x:abc")], r"'x:abc' is not a tensor name"),
    ([placeholder("x", [2]), neg("y", "x:-1")], r"'x:-1' is not a tensor name"),
    (
        [{"name": "x", "op": "Placeholder", "attr": {"shape": {"s": b64("2,3")}}}],
        r"Placeholder 'x': attribute 'shape' must be a shape",
    ),
    (
        [
            placeholder("x", [1, 4, 4, 1]),
            placeholder("f", [1, 1, 1, 1]),
            {
                "name": "c",
                "op": "Conv2D",
                "input": ["x", "f"],
                "attr": {
                    **F32,
                    "strides": {"list": {"i": ["1", "1", "1", "1"]}},
                    "padding": {"s": b64("SAME")},
                    "dilations": {"list": {"s": [b64("1")]}},
                },
            },
        ],
        r"Node 'c' \(Conv2D\): attribute 'dilations' must be a list of integers, got \['1'\]",
    ),
    (
        [
            placeholder("x", [1, 4, 4, 1]),
            placeholder("f", [1, 1, 1, 1]),
            {
                "name": "c",
                "op": "Conv2D",
                "input": ["x", "f"],
                "attr": {**F32, "strides": {}, "padding": {"f": 1.0}},
            },
        ],
        r"Node 'c' \(Conv2D\): attribute 'strides' must be a list of integers, got None",
    ),
    ([neg("a", "b"), neg("b", "a")], r"The graph has a cycle that no NextIteration closes .* \['a', 'b'\]"),
    (
        [const("c", {"dtype": "DT_FLOAT", "tensorContent": "!!!x"})],
        r"Const node 'c': tensorContent is not base64",
    ),
    (
        [const("c", {"dtype": "DT_FLOAT", "tensorContent": base64.b64encode(b"abc").decode()})],
        r"Const node 'c': tensorContent holds 3 bytes, not a whole number of DT_FLOAT values",
    ),
    ([const("c", {"dtype": "DT_FLOAT", "floatVal": [None]})], r"Const node 'c': floatVal must hold numbers"),
    ([const("c", {"stringVal": [b64("a")]})], r"Const node 'c': a float32 constant cannot hold stringVal"),
    (
        [const("c", {"dtype": "DT_FLOAT", "tensorShape": {"dim": [{"size": "3"}]}, "floatVal": [1, 2]})],
        r"Const node 'c': a constant of shape \[3\] holds 2 values",
    ),
    (
        [
            const(
                "c",
                {"dtype": "DT_FLOAT", "tensorShape": {"dim": [{"size": str(2**40)}] * 2}, "floatVal": [1]},
            )
        ],
        r"Const node 'c': a constant of shape \[1099511627776, 1099511627776\] is too large to hold",
    ),
]


@pytest.mark.parametrize(("nodes", "message"), LOAD_ERRORS)
def test_malformed_graphs_are_load_errors(nodes, message):
    with pytest.raises(ValueError, match=message):
        load(nodes)


def test_a_failed_load_frees_the_constants_it_decoded():
    good = const("a", {"dtype": "DT_FLOAT", "floatVal": [1.0]})
    bad = const("b", {"dtype": "DT_FLOAT", "floatVal": ["x"]})
    before = tf.memory()["num_tensors"]
    with pytest.raises(ValueError, match="Const node 'b'"):
        load([good, bad])
    assert tf.memory()["num_tensors"] == before


def test_malformed_signatures_and_library_functions():
    nodes = [placeholder("x", [2]), neg("y")]
    with pytest.raises(ValueError, match=r"signature outputs 'o': a dimension's size must be -1"):
        load(nodes, signature={"outputs": {"o": {"name": "y:0", "tensorShape": {"dim": [{"size": "-7"}]}}}})
    with pytest.raises(ValueError, match=r"signature inputs must be an object"):
        load(nodes, signature={"inputs": [1]})
    with pytest.raises(ValueError, match=r"signature inputs 't' needs a tensor 'name'"):
        load(nodes, signature={"inputs": {"t": {"dtype": "DT_FLOAT"}}})
    with pytest.raises(ValueError, match=r"signature input 't' names 'x:7': a placeholder has one output"):
        load(nodes, signature={"inputs": {"t": {"name": "x:7"}}})
    function = {"signature": {"name": "f", "outputArg": [{"name": "r"}]}, "ret": {}}
    with pytest.raises(ValueError, match=r"Function 'f' has no 'ret' entry for its result 'r'"):
        tf.load_graph_model(
            tf.io.from_memory(
                {"modelTopology": {"node": nodes, "library": {"function": [function]}}, "weightSpecs": []}
            )
        )
    with pytest.raises(
        ValueError, match=r"initializerSignature must be an object whose 'outputs' is an object"
    ):
        load(
            nodes,
            signature={"inputs": {"t": {"name": "x:0", "resourceId": 1}}},
            initializerSignature={"outputs": [1]},
        )


def test_run_errors_name_the_node_before_the_op_runs():
    x = tf.tensor([1.0, 2.0])
    model = load(
        [
            placeholder("x", [2]),
            {"name": "s", "op": "Split", "input": ["x"], "attr": {"num_split": {"i": "2"}}},
        ]
    )
    with pytest.raises(ValueError, match=r"Node 's' \(Split\) has 1 data input\(s\); the op takes 2"):
        model.execute(x)
    model.dispose()
    model = load([placeholder("x", [2]), {"name": "w", "op": "StatelessWhile", "input": ["x"], "attr": {}}])
    with pytest.raises(
        ValueError, match=r"Node 'w' \(StatelessWhile\) lacks the attribute\(s\) \['body', 'cond'\]"
    ):
        model.execute(x)
    model.dispose()
    model = load([placeholder("x", [2]), neg("y")], signature={"outputs": {"o": {"name": "y:7"}}})
    with pytest.raises(
        ValueError, match=r"The output 'y:7' is not found in the graph: node 'y' has 1 outputs"
    ):
        model.execute(x)
    model.dispose()
    x.dispose()


def test_an_empty_switch_condition_is_an_error():
    nodes = [
        placeholder("x", [2]),
        {
            "name": "p",
            "op": "Placeholder",
            "attr": {"dtype": {"type": "DT_BOOL"}, "shape": {"shape": {"dim": [{"size": "0"}]}}},
        },
        {"name": "s", "op": "Switch", "input": ["x", "p"], "attr": F32},
        {"name": "m", "op": "Merge", "input": ["s", "s:1"], "attr": {**F32, "N": {"i": "2"}}},
    ]
    model = load(nodes)
    x, p = tf.tensor([1.0, 2.0]), tf.tensor([], [0], "bool")
    with pytest.raises(ValueError, match=r"Switch: the condition is empty \(shape \[0\]\)"):
        model.execute({"x": x, "p": p}, "m")
    tf.dispose([x, p])
    model.dispose()


def test_concat_without_its_inputs_is_an_error():
    x = tf.tensor([1.0])
    model = load(
        [placeholder("x", [1]), {"name": "c", "op": "ConcatV2", "input": ["x"], "attr": {"N": {"i": "1"}}}]
    )
    with pytest.raises(ValueError, match=r"ConcatV2 takes tensors and an axis: at least 2 inputs, got 1"):
        model.execute(x)
    model.dispose()
    x.dispose()


def test_initializer_outputs_no_input_takes_are_freed():
    one = const("one", {"dtype": "DT_FLOAT", "floatVal": [1.0]})
    model = load([placeholder("x", [1]), neg("y")], modelInitializer={"node": [one, neg("minus_one", "one")]})
    x = tf.tensor([2.0])
    y = model.execute(x)
    assert y.array_sync() == [-2.0]
    tf.dispose([x, y])
    model.dispose()  # the autouse fixture checks that the initializer's -1 did not stay


def test_a_weight_whose_manifest_dtype_differs_from_its_const_node():
    nodes = [{"name": "w", "op": "Const", "attr": {"dtype": {"type": "DT_INT32"}, "value": {"tensor": {}}}}]
    model_json = {"modelTopology": {"node": nodes}, "weightsManifest": [{"paths": ["w.bin"], "weights": []}]}
    model_json["weightsManifest"][0]["weights"] = [{"name": "w", "shape": [1], "dtype": "float32"}]
    with pytest.raises(
        ValueError, match=r"Const node 'w' is int32 in the graph, but its weight in the manifest is float32"
    ):
        tf.load_graph_model_sync((model_json, bytes(4)))
    model_json["weightsManifest"] = None
    with pytest.raises(ValueError, match=r"Model JSON is missing 'weightsManifest'"):
        tf.load_graph_model_sync((model_json, bytes(4)))


def _int_const(name, values):
    proto = {"dtype": "DT_INT32", "tensorShape": {"dim": [{"size": str(len(values))}]}, "intVal": values}
    return {"name": name, "op": "Const", "attr": {"dtype": {"type": "DT_INT32"}, "value": {"tensor": proto}}}


def _resource_model():
    """x -> a TensorArray written at 0 ('write', its flow), read back ('read'); a TensorList
    reserved beside it ('list')."""
    array_attrs = {"dtype": {"type": "DT_FLOAT"}, "element_shape": {"shape": {"dim": [{"size": "2"}]}}}
    list_attrs = {"element_dtype": {"type": "DT_FLOAT"}, "shape_type": {"type": "DT_INT32"}}
    return load(
        [
            placeholder("x", [2]),
            _int_const("size", [1]),
            _int_const("zero", [0]),
            _int_const("shape", [2]),
            {"name": "array", "op": "TensorArrayV3", "input": ["size"], "attr": array_attrs},
            {
                "name": "write",
                "op": "TensorArrayWriteV3",
                "input": ["array", "zero", "x", "array:1"],
                "attr": F32,
            },
            {
                "name": "read",
                "op": "TensorArrayReadV3",
                "input": ["array", "zero", "write"],
                "attr": {"dtype": F32["T"]},
            },
            {"name": "list", "op": "TensorListReserve", "input": ["shape", "size"], "attr": list_attrs},
        ]
    )


def test_a_tensor_array_runs_once_in_the_call_that_splits_its_plan(backend):
    """The call that finds the plan does not join (the TensorArray's nodes take the
    execution context) runs it once: settling its parts again wrote the array twice."""
    model, x = _resource_model(), tf.tensor([1.0, 2.0])
    for _ in range(2):
        read = model.execute(x, "read")
        assert read.array_sync() == [1.0, 2.0]
        read.dispose()
    model.dispose()
    x.dispose()


@pytest.mark.parametrize(
    ("outputs", "kind"),
    [(["write"], "TensorArray"), (["read", "array"], "TensorArray"), (["list"], "TensorList")],
)
def test_a_handle_that_lives_only_during_the_run_is_no_output(backend, outputs, kind):
    model, x = _resource_model(), tf.tensor([1.0, 2.0])
    before = tf.memory()["num_tensors"]
    with pytest.raises(
        ValueError, match=rf"The output '{outputs[-1]}(:0)?' is the handle of a {kind}, which"
    ):
        model.execute(x, outputs)
    assert tf.memory()["num_tensors"] == before
    flow = model.execute(x, "array:1")  # the flow TensorArrayV3 makes is a tensor of its own
    assert flow.array_sync() == 1.0
    tf.dispose([flow, x])
    model.dispose()


def test_disposing_outputs_leaves_the_weights_and_the_feeds_whole(backend):
    """An output that is a weight, a feed, or a feed read back from a TensorArray is a
    tensor of its own (TF.js hands back the tensor itself)."""
    weight = const(
        "w", {"dtype": "DT_FLOAT", "tensorShape": {"dim": [{"size": "2"}]}, "floatVal": [3.0, 4.0]}
    )
    model = load([weight, placeholder("x", [2]), neg("y")])
    x = tf.tensor([1.0, 2.0])
    for _ in range(3):  # node by node, then as a recorded program
        tf.dispose(model.execute(x, ["w", "x", "y"]))
    outputs = model.execute(x, ["w", "x", "y"])
    assert [t.array_sync() for t in outputs] == [[3.0, 4.0], [1.0, 2.0], [-1.0, -2.0]]
    tf.dispose(outputs)
    model.dispose()
    resources = _resource_model()
    for _ in range(2):
        resources.execute(x, "read").dispose()
    assert x.array_sync() == [1.0, 2.0]
    resources.dispose()
    x.dispose()
