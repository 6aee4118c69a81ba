"""Mappers of the control, graph, dynamic and hash_table categories, run one node at a
time with `call_mapper` and an execution context, on every backend."""

from __future__ import annotations

import numpy as np
import pytest

import tfjs as tf
from tfjs.converter.attrs import decode_attrs
from tfjs.converter.execution_context import ExecutionContext
from tfjs.converter.op_registry import call_mapper, get_mapper
from tfjs.converter.resources import ResourceManager


def run(op, inputs, attrs=None, context=None):
    return call_mapper(get_mapper(op), inputs, attrs or {}, context)


@pytest.fixture
def context():
    ctx = ExecutionContext(resources=ResourceManager())
    yield ctx
    ctx.dispose(set())
    ctx.resources.dispose()


def i32(values):
    return tf.tensor(values, dtype="int32")


# ---- graph ----------------------------------------------------------------------------


def test_identity_clones_but_passes_kept_handles(backend):
    x = tf.tensor([1.0, 2.0])
    y = run("Identity", [x])
    assert y is not x and y.array_sync() == [1.0, 2.0]
    tf.keep(x)
    assert run("StopGradient", [x]) is x
    tf.dispose([x, y])


def test_control_flow_passes_a_tensor_on_without_a_kernel_unless_calls_are_recorded(
    backend, context, monkeypatch
):
    """LoopCond, Enter, Exit, NextIteration, Switch and Merge: a new tensor on the input's
    buffer, with no kernel call, unless each call is recorded (here: a profile, which
    then lists the Identity kernel as TF.js's does). Identity itself runs its kernel: a
    plan joins it (a plan's output that is its feed would keep the plan node by node)."""
    from tfjs.engine import Engine

    kernels = []
    run_kernel = Engine.run_kernel

    def spy(self, name, *args, **kwargs):
        kernels.append(name)
        return run_kernel(self, name, *args, **kwargs)

    monkeypatch.setattr(Engine, "run_kernel", spy)
    x = tf.tensor([True, False], dtype="bool")
    y = run("LoopCond", [x], context=context)
    assert y is not x and y.data_id == x.data_id and y.array_sync() == [True, False]
    assert kernels == []
    info = tf.profile(lambda: run("LoopCond", [x], context=context))
    assert [kernel.name for kernel in info.kernels] == ["Identity"] and kernels == ["Identity"]
    z = run("Identity", [x])
    assert kernels == ["Identity", "Identity"]
    tf.dispose([x, y, z, info.result])


def test_shape_size_rank(backend):
    x = tf.zeros([2, 3, 4])
    shape, size, rank = run("Shape", [x]), run("Size", [x]), run("Rank", [x])
    assert shape.dtype == "int32" and shape.array_sync() == [2, 3, 4]
    assert size.array_sync() == 24 and size.dtype == "int32" and rank.array_sync() == 3
    z = tf.zeros([5])
    shapes = run("ShapeN", [x, z])
    assert [s.array_sync() for s in shapes] == [[2.0, 3.0, 4.0], [5.0]]
    assert shapes[0].dtype == "float32"  # as TF.js's tensor1d default
    tf.dispose([x, z, shape, size, rank, shapes])


def test_identity_n_and_placeholder_with_default(backend):
    a, b = tf.tensor([1.0]), tf.tensor([2.0])
    outs = run("IdentityN", [a, b])
    default = run("PlaceholderWithDefault", [a], decode_attrs({"dtype": {"type": "DT_FLOAT"}}))
    assert [o.array_sync() for o in outs] == [[1.0], [2.0]] and default.array_sync() == [1.0]
    tf.dispose([a, b, outs, default])


def test_no_op_and_print(backend, capsys):
    one = run("NoOp", [])
    x = tf.tensor([1.0, 2.0, 3.0, 4.0])
    with pytest.warns(RuntimeWarning, match="tf.print"):
        y = run("Print", [x, x], {"message": "values:", "summarize": 2})
    assert y is x and one.array_sync() == 1.0
    assert capsys.readouterr().out.splitlines() == ["values:", "[1.0, 2.0]"]
    tf.dispose([one, x])


# ---- frames -------------------------------------------------------------------------------


def test_switch_routes_data_by_pred(backend, context):
    data = tf.tensor([1.0, 2.0])
    yes, no = tf.scalar(True, "bool"), tf.scalar(False, "bool")
    dead, live = run("Switch", [data, yes], context=context)
    assert dead is None and live.array_sync() == [1.0, 2.0]
    live2, dead2 = run("Switch", [data, no], context=context)
    assert dead2 is None and live2.array_sync() == [1.0, 2.0]
    tf.dispose([data, yes, no, live, live2])


def test_merge_takes_the_first_live_input(backend, context):
    x = tf.tensor([3.0])
    merged = run("Merge", [None, x], context=context)
    assert merged.array_sync() == [3.0]
    assert run("Merge", [None, None], context=context) is None
    tf.dispose([x, merged])


def test_enter_exit_next_iteration_move_frames(backend, context):
    x = tf.scalar(1.0)
    outs = [run("Enter", [x], decode_attrs({"frame_name": {"s": "bG9vcA=="}}), context)]
    assert context.context_id == "/loop-0"
    outs.append(run("NextIteration", [x], context=context))
    assert context.context_id == "/loop-1" and context.context_ids[-1] == ""
    outs.append(run("LoopCond", [x], context=context))
    outs.append(run("Exit", [x], context=context))
    assert context.context_id == ""
    with pytest.raises(ValueError, match="Cannot exit frame"):
        run("Exit", [x], context=context)
    tf.dispose([x, outs])


# ---- TensorArray --------------------------------------------------------------------------


def test_tensor_array_write_read_gather_concat_size(backend, context):
    size = tf.scalar(3, "int32")
    handle, flow = run("TensorArrayV3", [size], {"dtype": "float32", "element_shape": [2]}, context)
    values = [tf.tensor([1.0, 2.0]), tf.tensor([3.0, 4.0]), tf.tensor([5.0, 6.0])]
    indices = [tf.scalar(i, "int32") for i in range(3)]
    for index, value in zip(indices, values, strict=False):
        assert run("TensorArrayWriteV3", [handle, index, value, flow], context=context) is handle
    with pytest.raises(ValueError, match="already been written"):
        run("TensorArrayWriteV3", [handle, indices[0], values[0], flow], context=context)
    count = run("TensorArraySizeV3", [handle, flow], context=context)
    read = run("TensorArrayReadV3", [handle, indices[1], flow], context=context)
    which = i32([2, 0])
    gathered = run("TensorArrayGatherV3", [handle, which, flow], {"dtype": "float32"}, context)
    concat = run("TensorArrayConcatV3", [handle, flow], {"dtype": "float32"}, context)
    assert count.array_sync() == 3 and read.array_sync() == [3.0, 4.0]
    assert gathered.array_sync() == [[5.0, 6.0], [1.0, 2.0]]
    assert concat.array_sync() == [1.0, 2.0, 3.0, 4.0, 5.0, 6.0]
    with pytest.raises(ValueError, match="already been read"):
        run("TensorArrayWriteV3", [handle, indices[0], values[0], flow], context=context)
    with pytest.raises(ValueError, match="dtype is int32, but TensorArray dtype is float32"):
        run("TensorArrayWriteV3", [handle, indices[0], which, flow], context=context)
    tf.dispose([size, flow, indices, which, count, gathered, concat])


def test_tensor_array_scatter_split(backend, context):
    size = tf.scalar(2, "int32")
    handle, flow = run("TensorArrayV3", [size], {"dtype": "float32", "element_shape": [2]}, context)
    x = tf.tensor([[1.0, 2.0], [3.0, 4.0]])
    which = i32([1, 0])
    run("TensorArrayScatterV3", [handle, which, x, flow], context=context)
    order = i32([0, 1])
    stacked = run("TensorArrayGatherV3", [handle, order, flow], {"dtype": "float32"}, context)
    assert stacked.array_sync() == [[3.0, 4.0], [1.0, 2.0]]
    handle2, flow2 = run("TensorArrayV3", [size], {"dtype": "float32", "element_shape": [2]}, context)
    lengths = i32([1, 1])
    run("TensorArraySplitV3", [handle2, x, lengths, flow2], context=context)
    zero = tf.scalar(0, "int32")
    first = run("TensorArrayReadV3", [handle2, zero, flow2], context=context)
    assert first.array_sync() == [1.0, 2.0]
    tf.dispose([size, flow, flow2, x, which, order, stacked, lengths, zero])


# ---- TensorList -----------------------------------------------------------------------------


def test_tensor_list_reserve_set_get_stack(backend, context):
    shape, count = i32([2]), tf.scalar(2, "int32")
    handle = run("TensorListReserve", [shape, count], {"element_dtype": "float32"}, context)
    a, b = tf.tensor([1.0, 2.0]), tf.tensor([3.0, 4.0])
    zero, one = tf.scalar(0, "int32"), tf.scalar(1, "int32")
    run("TensorListSetItem", [handle, zero, a], {"element_dtype": "float32"}, context)
    run("TensorListSetItem", [handle, one, b], {"element_dtype": "float32"}, context)
    item = run("TensorListGetItem", [handle, one, shape], {"element_dtype": "float32"}, context)
    stacked = run("TensorListStack", [handle, shape], {"element_dtype": "float32"}, context)
    length = run("TensorListLength", [handle], context=context)
    assert item.array_sync() == [3.0, 4.0] and stacked.array_sync() == [[1.0, 2.0], [3.0, 4.0]]
    assert length.array_sync() == 2
    with pytest.raises(ValueError, match="Invalid data types"):
        run("TensorListStack", [handle, shape], {"element_dtype": "int32"}, context)
    tf.dispose([shape, count, zero, one, item, stacked, length])


def test_tensor_list_from_tensor_push_pop_gather_concat(backend, context):
    x = tf.tensor([[1.0, 2.0], [3.0, 4.0]])
    unknown = tf.scalar(-1, "int32")
    handle = run("TensorListFromTensor", [x, unknown], {"element_dtype": "float32"}, context)
    extra = tf.tensor([5.0, 6.0])
    run("TensorListPushBack", [handle, extra], {"element_dtype": "float32"}, context)
    order = i32([2, 0])
    gathered = run("TensorListGather", [handle, order, unknown], {"element_dtype": "float32"}, context)
    concat = run("TensorListConcatV2", [handle], {"element_dtype": "float32"}, context)
    popped = run("TensorListPopBack", [handle, unknown], {"element_dtype": "float32"}, context)
    assert gathered.array_sync() == [[5.0, 6.0], [1.0, 2.0]]
    assert concat.array_sync() == [1.0, 2.0, 3.0, 4.0, 5.0, 6.0] and popped.array_sync() == [5.0, 6.0]
    one = tf.scalar(1, "int32")
    resized = run("TensorListResize", [handle, one], context=context)
    length = run("TensorListLength", [resized], context=context)
    assert length.array_sync() == 1
    tf.dispose([x, unknown, extra, order, gathered, concat, popped, one, length])


# ---- dynamic ----------------------------------------------------------------------------------


def test_where_and_list_diff(backend):
    cond = tf.tensor([[0.0, 2.0], [1.0, 0.0]])
    coords = run("Where", [cond])
    assert coords.dtype == "int32" and coords.array_sync() == [[0, 1], [1, 0]]
    x, y = i32([1, 2, 3, 4]), i32([2, 4])
    out, idx = run("ListDiff", [x, y])
    assert out.array_sync() == [1, 3] and idx.array_sync() == [0, 2]
    tf.dispose([cond, coords, x, y, out, idx])


def test_non_max_suppression_versions(backend):
    boxes = tf.tensor([[0, 0, 1, 1], [0, 0.1, 1, 1.1], [0, 2, 1, 3]], dtype="float32")
    scores = tf.tensor([0.9, 0.8, 0.7])
    k, iou, thresh, sigma = tf.scalar(3, "int32"), tf.scalar(0.5), tf.scalar(0.0), tf.scalar(0.0)
    v3 = run("NonMaxSuppressionV3", [boxes, scores, k, iou, thresh])
    v2 = run("NonMaxSuppressionV2", [boxes, scores, k, iou])
    idx4, valid = run(
        "NonMaxSuppressionV4", [boxes, scores, k, iou, thresh], {"pad_to_max_output_size": True}
    )
    idx5, kept_scores = run("NonMaxSuppressionV5", [boxes, scores, k, iou, thresh, sigma])
    assert v3.array_sync() == v2.array_sync() == [0, 2]
    assert idx4.array_sync() == [0, 2, 0] and valid.array_sync() == 2
    assert idx5.array_sync() == [0, 2]
    np.testing.assert_allclose(kept_scores.numpy(), [0.9, 0.7], rtol=1e-6)
    tf.dispose([boxes, scores, k, iou, thresh, sigma, v3, v2, idx4, valid, idx5, kept_scores])


# ---- hash tables --------------------------------------------------------------------------------


class _Node:
    def __init__(self, name):
        self.name, self.op = name, "HashTableV2"


def test_hash_table_import_find_size(backend, context):
    context.node = _Node("table")
    handle = run("HashTableV2", [], {"key_dtype": "string", "value_dtype": "int32"}, context)
    assert run("HashTableV2", [], {"key_dtype": "string", "value_dtype": "int32"}, context) is handle
    keys, values = tf.tensor(["a", "b"]), i32([1, 2])
    run("LookupTableImportV2", [handle, keys, values], context=context)
    query, default = tf.tensor(["b", "z", "a"]), tf.scalar(-1, "int32")
    found = run("LookupTableFindV2", [handle, query, default], context=context)
    size = run("LookupTableSizeV2", [handle], context=context)
    assert found.array_sync() == [2, -1, 1] and size.array_sync() == 2
    with pytest.raises(ValueError, match="Expect key dtype string, but got int32"):
        run("LookupTableFindV2", [handle, values, default], context=context)
    tf.dispose([keys, values, query, default, found, size])
