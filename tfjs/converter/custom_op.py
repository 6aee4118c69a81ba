"""Custom ops for graph models: TF.js's `tf.registerOp`, `tf.getRegisteredOp` and
`tf.deregisterOp`.

A registered op runs TensorFlow ops this library does not know, or overrides a built-in
one. As in TF.js, which op a node runs is decided when the model is loaded: a model
loaded before `register_op` keeps the built-in op, one loaded after runs the custom op;
a node loaded as custom calls whatever function is registered under its op when it runs
(TF.js's executor looks it up each time), and fails if none is any more.

>>> tf.register_op("MyAdd", lambda node: tf.add(node.inputs[0], node.inputs[1]))
>>> tf.get_registered_op("MyAdd").category
'custom'
>>> tf.deregister_op("MyAdd")
>>> tf.get_registered_op("MyAdd") is None
True
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from tfjs.converter import op_registry
from tfjs.converter.attrs import decode_dtype, decode_shape, decode_string
from tfjs.converter.op_registry import OpMapper
from tfjs.engine import ENGINE
from tfjs.tensor import Tensor


class NodeValue:
    """What a custom op function receives (TF.js's NodeValueImpl): the node's `inputs`
    (its data input tensors, in order) and `attrs` ({attribute name as in the graph:
    value}, decoded as TF.js's NodeValueImpl.getAttr decodes them), with its `name` and `op`."""

    __slots__ = ("attrs", "inputs", "name", "op")

    def __init__(self, name: str, op: str, inputs: list[Tensor], attrs: dict[str, Any]) -> None:
        self.name = name
        self.op = op
        self.inputs = inputs
        self.attrs = attrs

    def __repr__(self) -> str:
        inputs = len(self.inputs)
        return f"NodeValue(name={self.name!r}, op={self.op!r}, inputs={inputs}, attrs={self.attrs!r})"


OpFunc = Callable[[NodeValue], Any]


@dataclass(frozen=True)
class CustomOpMapper(OpMapper):
    """A registered op (TF.js's OpMapper of category 'custom'): `custom_executor` is the
    function given to `register_op`."""

    custom_executor: OpFunc | None = None


def register_op(name: str, op_func: OpFunc) -> None:
    """Register an Op for graph model executor. This allows you to register TensorFlow
    custom op or override existing op.

    `op_func(node)` is called with the current graph node during execution (`node.inputs`:
    a list of input tensors; `node.attrs`: a map from attribute name to its value) and
    needs to return a tensor or a list of tensors. The tensors it makes and does not
    return are freed after the call.
    """
    if not isinstance(name, str) or not name:
        raise TypeError(f"register_op() takes a TF op name (a non-empty str) first, got {name!r}")
    if not callable(op_func):
        raise TypeError(
            f"register_op('{name}', op_func): op_func must be callable (a function of the node), "
            f"got {type(op_func).__name__} {op_func!r:.80}"
        )
    op_registry._custom_mappers[name] = CustomOpMapper(
        op=name,
        fn=_run_custom_op,
        category="custom",
        positional=0,
        variadic=True,
        attrs=frozenset({"attrs"}),
        takes_context=True,
        custom_executor=op_func,
    )


def get_registered_op(name: str) -> CustomOpMapper | None:
    """Retrieve the OpMapper object for the registered op (None when `name` is not registered)."""
    mapper = op_registry._custom_mappers.get(name)
    return mapper if isinstance(mapper, CustomOpMapper) else None


def deregister_op(name: str) -> None:
    """Deregister the Op for graph model executor. Models loaded afterwards run the
    built-in op of that name again, if there is one."""
    op_registry._custom_mappers.pop(name, None)


def is_custom(mapper: OpMapper | None) -> bool:
    return isinstance(mapper, CustomOpMapper)


def _run_custom_op(*inputs: Any, context: Any, attrs: Mapping[str, Any]) -> list[Tensor]:
    """The mapper of every custom node: calls the registered function inside a scope."""
    node = context.node
    mapper = get_registered_op(node.op)
    if mapper is None or mapper.custom_executor is None:
        raise TypeError(f"Custom op {node.op} is not registered (node '{node.name}').")
    ENGINE.start_scope(node.op)
    try:
        result = mapper.custom_executor(NodeValue(node.name, node.op, list(inputs), dict(attrs)))
        result = _checked_result(result, node.op, node.name)
    except BaseException:
        ENGINE.end_scope(None)
        raise
    ENGINE.end_scope(result)
    return result


def _checked_result(result: Any, op: str, node_name: str) -> list[Tensor]:
    where = f"The custom op '{op}' (node '{node_name}')"
    if inspect.isawaitable(result):
        if inspect.iscoroutine(result):
            result.close()
        raise TypeError(f"{where} returned an awaitable: a custom op function must be synchronous")
    items = list(result) if isinstance(result, (list, tuple)) else [result]
    if not items:
        raise TypeError(f"{where} returned no tensors: it must return a Tensor or a list of Tensors")
    for item in items:
        if not isinstance(item, Tensor):
            raise TypeError(
                f"{where} must return a Tensor or a list of Tensors, got {type(item).__name__} {item!r:.80}"
            )
        if item.is_disposed:
            raise ValueError(f"{where} returned a disposed tensor")
    return items


# ---- attributes, as TF.js's NodeValueImpl.getAttr decodes them --------------------------


def node_attrs(raw: Mapping[str, Any] | None) -> dict[str, Any]:
    """A node's raw `attr` map ({name: AttrValue JSON}) as TF.js gives it to a custom op:
    numbers (`i`, `f`), strings lower-cased (TF.js's getStringParam), bools, shapes (a list
    of dims, -1 unknown; None for an unknown rank), dtypes, and lists of these. Tensor and
    function attributes are None: TF.js's getAttr finds no value for them."""
    return {name: _attr_value(value) for name, value in (raw or {}).items()}


def _attr_value(value: Any) -> Any:
    if not isinstance(value, Mapping):
        return None
    if value.get("tensor") is not None:
        return None
    if value.get("i") is not None:
        return int(value["i"])
    if value.get("f") is not None:
        return float(value["f"])
    if value.get("s") is not None:
        return decode_string(value["s"]).lower()
    if value.get("b") is not None:
        return bool(value["b"])
    if value.get("shape") is not None:
        return decode_shape(value["shape"])
    if value.get("type") is not None:
        return _dtype(value["type"])
    items = value.get("list")
    if isinstance(items, Mapping):
        if items.get("i") is not None or items.get("f") is not None:
            numbers = items.get("f") or items.get("i") or []
            return [float(v) if items.get("f") else int(v) for v in numbers]
        if items.get("s") is not None:
            return [decode_string(v).lower() for v in items["s"]]
        if items.get("shape") is not None:
            return [decode_shape(v) for v in items["shape"]]
        if items.get("b") is not None:
            return [bool(v) for v in items["b"]]
        if items.get("type") is not None:
            return [_dtype(v) for v in items["type"]]
    return None


def _dtype(value: Any) -> str | None:
    try:
        return decode_dtype(value)
    except ValueError:
        return None  # TF.js's parseDtypeParam gives undefined for the types it lacks
