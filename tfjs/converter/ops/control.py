"""Mappers of TF.js's `control` category (control_executor.ts): frames of TF1 loops and
conds (Switch/Merge/Enter/Exit/NextIteration/LoopCond), functional If/While running
library functions, TensorArrays and TensorLists. Each takes the execution context."""

from __future__ import annotations

from typing import Any

from tfjs import ops
from tfjs.converter import tensor_list as tl
from tfjs.converter.op_registry import tf_op
from tfjs.converter.ops._values import HostInput, first_truth, number, numbers, shape_value
from tfjs.converter.ops.graph import pass_on
from tfjs.converter.resources import TensorArray
from tfjs.tensor import Tensor


def _truthy(t: HostInput, op: str) -> bool:
    """The condition's first value, as TF.js reads it; an empty condition is an error."""
    truth = first_truth(t)
    if truth is None:
        raise ValueError(f"{op}: the condition is empty (shape {list(t.shape)}); it must hold a value")
    return truth


# ---- frames ---------------------------------------------------------------------------


@tf_op("LoopCond")
def loop_cond(pred: Tensor, *, context: Any) -> Tensor:
    return pass_on(pred)


@tf_op("Switch")
def switch(data: Tensor, pred: HostInput, *, context: Any) -> list[Tensor | None]:
    """Output 0 carries `data` when `pred` is false, output 1 when it is true; the other is dead."""
    taken = _truthy(pred, "Switch")
    data = pass_on(data)
    return [None, data] if taken else [data, None]


@tf_op("Merge")
def merge(*xs: Tensor | None, context: Any) -> Tensor | None:
    """The first input that has a value (the executor runs Merge as soon as one has)."""
    for x in xs:
        if x is not None:
            return pass_on(x)
    return None


@tf_op("Enter")
def enter(tensor: Tensor, *, frame_name: str = "", is_constant: bool = False, context: Any) -> Tensor:
    context.enter_frame(frame_name)
    return pass_on(tensor)


@tf_op("Exit")
def exit_(tensor: Tensor, *, context: Any) -> Tensor:
    context.exit_frame()
    return pass_on(tensor)


@tf_op("NextIteration")
def next_iteration(tensor: Tensor, *, context: Any) -> Tensor:
    context.next_iteration()
    return pass_on(tensor)


# ---- functional control flow ------------------------------------------------------------


@tf_op("If", "StatelessIf")
def if_(cond: Tensor, *args: Tensor, then_branch: str, else_branch: str, context: Any) -> list[Tensor]:
    return context.call_function(then_branch if _truthy(cond, "If") else else_branch, list(args))


@tf_op("While", "StatelessWhile")
def while_(*args: Tensor, cond: str, body: str, context: Any) -> list[Tensor]:
    """Runs `body` while `cond` holds, disposing each iteration's superseded loop values."""
    arg_ids = {t.id for t in args}

    def check(values: list[Tensor], keep: set[int]) -> bool:
        outcome = context.call_function(cond, values)
        if not outcome:
            raise ValueError(f"While: its condition function '{cond}' returns no value")
        value = _truthy(outcome[0], "While")
        for tensor in outcome:
            if not tensor.kept and tensor.id not in keep:
                tensor.dispose()
        return value

    result = list(args)
    go = check(result, arg_ids)
    while go:
        previous = result
        result = context.call_function(body, result)
        result_ids = {t.id for t in result}
        for tensor in previous:
            if not tensor.kept and tensor.id not in arg_ids and tensor.id not in result_ids:
                tensor.dispose()
        go = check(result, arg_ids | result_ids)
    return result


# ---- TensorArrays -------------------------------------------------------------------------


@tf_op("TensorArrayV3")
def tensor_array(
    size: HostInput,
    *,
    dtype: str | None = None,
    element_shape: list[int] | None = None,
    dynamic_size: bool = False,
    clear_after_read: bool = False,
    identical_element_shapes: bool = False,
    tensor_array_name: str = "",
    context: Any,
) -> list[Tensor]:
    array = TensorArray(
        tensor_array_name,
        dtype,
        number(size),
        element_shape,
        identical_element_shapes,
        dynamic_size,
        clear_after_read,
    )
    context.add_tensor_array(array)
    return [array.id_tensor, ops.scalar(1.0)]


@tf_op("TensorArrayWriteV3")
def tensor_array_write(
    handle: Tensor, index: HostInput, tensor: Tensor, flow: Tensor = None, *, context: Any
) -> Tensor:
    array = context.get_tensor_array(handle)
    array.write(number(index), tensor)
    return array.id_tensor


@tf_op("TensorArrayReadV3")
def tensor_array_read(handle: Tensor, index: HostInput, flow: Tensor = None, *, context: Any) -> Tensor:
    return context.get_tensor_array(handle).read(number(index))


@tf_op("TensorArrayGatherV3")
def tensor_array_gather(
    handle: Tensor, indices: HostInput, flow: Tensor = None, *, dtype: str | None = None, context: Any
) -> Tensor:
    return context.get_tensor_array(handle).gather(numbers(indices), dtype)


@tf_op("TensorArrayScatterV3")
def tensor_array_scatter(
    handle: Tensor, indices: HostInput, tensor: Tensor, flow: Tensor = None, *, context: Any
) -> Tensor:
    array = context.get_tensor_array(handle)
    array.scatter(numbers(indices), tensor)
    return array.id_tensor


@tf_op("TensorArrayConcatV3")
def tensor_array_concat(
    handle: Tensor, flow: Tensor = None, *, dtype: str | None = None, context: Any
) -> Tensor:
    return context.get_tensor_array(handle).concat(dtype)


@tf_op("TensorArraySplitV3")
def tensor_array_split(
    handle: Tensor, tensor: Tensor, lengths: HostInput, flow: Tensor = None, *, context: Any
) -> Tensor:
    array = context.get_tensor_array(handle)
    array.split([int(v) for v in numbers(lengths)], tensor)
    return array.id_tensor


@tf_op("TensorArraySizeV3")
def tensor_array_size(handle: Tensor, flow: Tensor = None, *, context: Any) -> Tensor:
    return ops.scalar(context.get_tensor_array(handle).size(), "int32")


@tf_op("TensorArrayCloseV3")
def tensor_array_close(handle: Tensor, *, context: Any) -> Tensor:
    array = context.get_tensor_array(handle)
    array.clear_and_close()
    return array.id_tensor


# ---- TensorLists ----------------------------------------------------------------------------


@tf_op("TensorListSetItem")
def tensor_list_set_item(handle: Tensor, index: HostInput, tensor: Tensor, *, context: Any) -> Tensor:
    tensor_list = context.get_tensor_list(handle)
    tensor_list.set_item(number(index), tensor)
    return tensor_list.id_tensor


@tf_op("TensorListGetItem")
def tensor_list_get_item(
    handle: Tensor,
    index: HostInput,
    element_shape: HostInput,
    *,
    element_dtype: str | None = None,
    context: Any,
) -> Tensor:
    return context.get_tensor_list(handle).get_item(number(index), shape_value(element_shape), element_dtype)


@tf_op("TensorListScatter", "TensorListScatterV2")
def tensor_list_scatter(
    tensor: Tensor,
    indices: HostInput,
    element_shape: HostInput,
    num_elements: HostInput | None = None,
    *,
    element_dtype: str | None = None,
    context: Any,
) -> Tensor:
    count = number(num_elements) if num_elements is not None else None
    tensor_list = tl.scatter(tensor, [int(v) for v in numbers(indices)], shape_value(element_shape), count)
    context.add_tensor_list(tensor_list)
    return tensor_list.id_tensor


@tf_op("TensorListReserve")
def tensor_list_reserve(
    element_shape: HostInput, num_elements: HostInput, *, element_dtype: str | None = None, context: Any
) -> Tensor:
    tensor_list = tl.reserve(shape_value(element_shape), element_dtype, number(num_elements), -1)
    context.add_tensor_list(tensor_list)
    return tensor_list.id_tensor


@tf_op("EmptyTensorList")
def empty_tensor_list(
    element_shape: HostInput, max_num_elements: HostInput, *, element_dtype: str | None = None, context: Any
) -> Tensor:
    count = number(max_num_elements)
    tensor_list = tl.reserve(shape_value(element_shape), element_dtype, count, count)
    context.add_tensor_list(tensor_list)
    return tensor_list.id_tensor


@tf_op("TensorListGather")
def tensor_list_gather(
    handle: Tensor,
    indices: HostInput,
    element_shape: HostInput,
    *,
    element_dtype: str | None = None,
    context: Any,
) -> Tensor:
    return context.get_tensor_list(handle).gather(
        [int(v) for v in numbers(indices)], element_dtype, shape_value(element_shape)
    )


@tf_op("TensorListStack")
def tensor_list_stack(
    handle: Tensor, element_shape: HostInput, *, element_dtype: str | None = None, context: Any
) -> Tensor:
    # TF.js reads num_elements as a dtype attribute, so it never checks it.
    return context.get_tensor_list(handle).stack(shape_value(element_shape), element_dtype)


@tf_op("TensorListFromTensor")
def tensor_list_from_tensor(
    tensor: Tensor, element_shape: HostInput, *, element_dtype: str | None = None, context: Any
) -> Tensor:
    tensor_list = tl.from_tensor(tensor, shape_value(element_shape), element_dtype)
    context.add_tensor_list(tensor_list)
    return tensor_list.id_tensor


@tf_op("TensorListConcat", "TensorListConcatV2")
def tensor_list_concat(handle: Tensor, *rest: Tensor, element_shape: Any = None, context: Any) -> Tensor:
    # TF.js reads a `dtype` attribute these ops do not have: the dtype is never checked.
    return context.get_tensor_list(handle).concat(None, element_shape)


@tf_op("TensorListPushBack")
def tensor_list_push_back(handle: Tensor, tensor: Tensor, *, context: Any) -> Tensor:
    tensor_list = context.get_tensor_list(handle)
    tensor_list.push_back(tensor)
    return tensor_list.id_tensor


@tf_op("TensorListPopBack")
def tensor_list_pop_back(
    handle: Tensor, element_shape: HostInput, *, element_dtype: str | None = None, context: Any
) -> Tensor:
    """Output 0 is the popped tensor (TF's output 1: TF.js returns only the tensor)."""
    return context.get_tensor_list(handle).pop_back(shape_value(element_shape), element_dtype)


@tf_op("TensorListSplit")
def tensor_list_split(
    tensor: Tensor, element_shape: HostInput, lengths: HostInput, *, context: Any
) -> Tensor:
    tensor_list = tl.split(tensor, [int(v) for v in numbers(lengths)], shape_value(element_shape))
    context.add_tensor_list(tensor_list)
    return tensor_list.id_tensor


@tf_op("TensorListLength")
def tensor_list_length(handle: Tensor, *, context: Any) -> Tensor:
    return ops.scalar(context.get_tensor_list(handle).size(), "int32")


@tf_op("TensorListResize")
def tensor_list_resize(handle: Tensor, size: HostInput, *, context: Any) -> Tensor:
    resized = context.get_tensor_list(handle).resize(number(size))
    context.add_tensor_list(resized)
    return resized.id_tensor
