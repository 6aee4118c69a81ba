"""The gradient tape: what the engine records of the kernels it runs while a gradient is
being computed, and the backward pass over it (TF.js's tape.ts and Engine.gradients).

Nothing is recorded outside `gradients()`: plain inference pays one integer test per
kernel. A recorded node keeps the kernel's inputs and outputs (for their ids and shapes)
and the tensors its gradient needs (`save_inputs`/`save_outputs` of its registered
gradient), which share their buffers and are freed when the outermost gradient ends.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from tfjs import kernel_registry
from tfjs.kernel_names import ADD, FILL, IDENTITY
from tfjs.tensor import Tensor

if TYPE_CHECKING:
    from tfjs.engine import Engine

# A node's gradient: the gradients of its outputs (one tensor, or a list for a kernel of
# several outputs) -> the gradient of each input, by input name (a list for list inputs).
NodeGradient = Callable[[Any], Mapping[str, Any]]


@dataclass
class TapeNode:
    id: int
    kernel_name: str
    inputs: dict[str, Tensor | list[Tensor]]
    outputs: list[Tensor]
    gradient: NodeGradient | None
    saved: list[Tensor] = field(default_factory=list)


def flat_inputs(inputs: Mapping[str, Any]) -> Iterator[tuple[str, int | None, Tensor]]:
    """(name, index in a list input or None, tensor) for every input tensor."""
    for name, value in inputs.items():
        if isinstance(value, (list, tuple)):
            for index, item in enumerate(value):
                if item is not None:
                    yield name, index, item
        elif value is not None:
            yield name, None, value


def record_kernel(
    engine: Engine, kernel_name: str, inputs: Mapping[str, Any], attrs: Mapping[str, Any], outputs: Any
) -> None:
    """Adds a node for a kernel just run, saving what its registered gradient needs."""
    output_list = list(outputs) if isinstance(outputs, (list, tuple)) else [outputs]
    config = kernel_registry.get_gradient(kernel_name)
    if config is None:
        add_node(engine, kernel_name, inputs, output_list, None)
        return
    saved: dict[str, Any] = {}
    for name in config.save_inputs:
        value = inputs.get(name)
        if value is None:  # an optional input the op did not pass (a fused op's bias)
            continue
        saved[name] = (
            [save_for_backward(engine, t) for t in value]
            if isinstance(value, (list, tuple))
            else save_for_backward(engine, value)
        )
    call = _caller(config.grad_func)

    def gradient(dy: Any) -> Mapping[str, Any]:
        return call(dy, {**saved, **attrs})

    node = add_node(engine, kernel_name, inputs, output_list, gradient, _tensors_of(saved))
    if config.save_outputs:
        # Saved after the kernel's node, so that a gradient of a gradient reaches the
        # inputs through them (TF.js saves them before: exp(x)'s second derivative
        # through its saved output is then missing or wrong there).
        kept = [save_for_backward(engine, t) for t in output_list]
        saved["y" if len(kept) == 1 else "outputs"] = kept[0] if len(kept) == 1 else kept
        node.saved.extend(kept)


def add_node(
    engine: Engine,
    kernel_name: str,
    inputs: Mapping[str, Any],
    outputs: list[Tensor],
    gradient: NodeGradient | None,
    saved: Sequence[Tensor] = (),
) -> TapeNode:
    tape = engine.active_tape
    assert tape is not None, "no gradient is being computed"
    node = TapeNode(engine.next_tape_node_id(), kernel_name, dict(inputs), outputs, gradient, list(saved))
    tape.append(node)
    return node


def save_for_backward(engine: Engine, tensor: Tensor) -> Tensor:
    """A kept tensor sharing `tensor`'s buffer, for the backward pass; on the tape as an
    identity, so that gradients of gradients reach back through it."""
    saved = engine.share(tensor)
    engine.keep(saved)
    add_node(engine, IDENTITY, {"x": tensor}, [saved], lambda dy: {"x": dy})
    return saved


def _tensors_of(saved: Mapping[str, Any]) -> list[Tensor]:
    return [t for value in saved.values() for t in (value if isinstance(value, list) else [value])]


def _caller(grad_func: Callable[..., Any]) -> Callable[[Any, Mapping[str, Any]], Mapping[str, Any]]:
    """Calls a gradient with `dy` and the keywords it declares of the saved tensors and the
    kernel's attributes (all of them when it takes **kwargs)."""
    parameters = list(inspect.signature(grad_func).parameters.values())[1:]
    if any(p.kind is inspect.Parameter.VAR_KEYWORD for p in parameters):
        return lambda dy, available: grad_func(dy, **available)
    names = [p.name for p in parameters]
    return lambda dy, available: grad_func(dy, **{n: available[n] for n in names if n in available})


def filtered_nodes(tape: list[TapeNode], xs: Sequence[Tensor], y: Tensor) -> list[TapeNode]:
    """The nodes on a path from any of `xs` to `y`, each keeping only its inputs that
    come from `xs` (TF.js's getFilteredNodesXToY)."""
    from_x = {x.id for x in xs}
    nodes_from_x = set()
    for node in tape:
        if any(t.id in from_x for _, _, t in flat_inputs(node.inputs)):
            from_x.update(o.id for o in node.outputs)
            nodes_from_x.add(node.id)
    lead_to_y = {y.id}
    nodes_to_y = set()
    for node in reversed(tape):
        if any(o.id in lead_to_y for o in node.outputs):
            lead_to_y.update(t.id for _, _, t in flat_inputs(node.inputs))
            nodes_to_y.add(node.id)
    filtered = []
    for node in tape:
        if node.id in nodes_from_x and node.id in nodes_to_y:
            pruned: dict[str, Any] = {}
            for name, value in node.inputs.items():
                if isinstance(value, (list, tuple)):
                    pruned[name] = [t if t is not None and t.id in from_x else None for t in value]
                elif value is not None and value.id in from_x:
                    pruned[name] = value
            filtered.append(
                TapeNode(node.id, node.kernel_name, pruned, node.outputs, node.gradient, node.saved)
            )
    return filtered


def backpropagate(engine: Engine, gradients: dict[int, Tensor], tape: list[TapeNode]) -> None:
    """Runs the nodes' gradients from last to first, summing into `gradients` (tensor id ->
    gradient) the gradient of every input that comes from the xs."""
    for node in reversed(tape):
        if node.gradient is None:
            raise NotImplementedError(
                f"Cannot compute gradient: gradient function not found for {node.kernel_name}."
            )
        dys = [gradients.get(o.id) for o in node.outputs]
        dys = [
            dy if dy is not None else filled(engine, o.shape, 0, o.dtype)
            for dy, o in zip(dys, node.outputs, strict=True)
        ]
        gradient = node.gradient
        input_grads = engine.tidy(lambda: dict(gradient(dys[0] if len(dys) == 1 else dys)))  # noqa: B023
        for name, index, x in flat_inputs(node.inputs):
            if name not in input_grads:
                raise ValueError(
                    f"Cannot backprop through input {name}. "
                    f"Available gradients found: {','.join(input_grads)}."
                )
            dx = input_grads[name] if index is None else input_grads[name][index]
            _check_gradient(node.kernel_name, name, dx, x)
            current = gradients.get(x.id)
            if current is None:
                gradients[x.id] = dx
            else:
                gradients[x.id] = engine.run_kernel(ADD, {"a": current, "b": dx})
                current.dispose()


def filled(engine: Engine, shape: Sequence[int], value: int, dtype: str) -> Tensor:
    """A tensor of `shape` holding `value`, made by the backend's Fill kernel (the engine
    makes its tensors through kernels, as TF.js's does, never through ops)."""
    return engine.run_kernel(FILL, {}, {"shape": tuple(shape), "value": value, "dtype": dtype})


def _check_gradient(kernel_name: str, name: str, dx: Any, x: Tensor) -> None:
    if not isinstance(dx, Tensor):
        raise TypeError(
            f"Error in gradient for op {kernel_name}. The gradient of input '{name}' must be a "
            f"tensor, but is {type(dx).__name__}"
        )
    if dx.dtype != "float32" and not (dx.dtype == "complex64" and x.dtype == "complex64"):
        raise TypeError(
            f"Error in gradient for op {kernel_name}. The gradient of input {name} must have "
            f"'float32' dtype (complex64 for a complex64 input), but has '{dx.dtype}'"
        )
    if tuple(dx.shape) != tuple(x.shape):
        raise ValueError(
            f"Error in gradient for op {kernel_name}. The gradient of input '{name}' has shape "
            f"'{','.join(map(str, dx.shape))}', which does not match the shape of the input "
            f"'{','.join(map(str, x.shape))}'"
        )
