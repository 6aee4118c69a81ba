"""What one inference holds, as the engine counts bytes (TF.js's `tf.memory()`, not the
process's RSS): the largest set of activations alive at once, beside the weights and the
peak, for `bench`'s memory figures (issue: peak <= 1.5 x (weights + largest live set))."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tfjs.analysis.models import is_layers_model
from tfjs.engine import ENGINE
from tfjs.tensor import Tensor


def largest_live_set(model: Any, inputs: Mapping[str, Tensor]) -> int | None:
    """The bytes of the largest set of activations alive at once in one run of a graph
    model on `inputs`, the inputs included: for each node, the buffers alive before it
    (its inputs among them, freed only after it) together with those alive after it (its
    outputs), less what the engine held before the run other than `inputs` (weights,
    folded constants, anything else the caller holds). Kernel scratch made and freed
    inside one node is not an activation and is not counted. None for a layers model,
    whose `predict` has no node boundaries to look at.

    >>> import tfjs as tf
    >>> model = tf.load_graph_model("tests/analysis/fixtures/in_range/model.json")
    >>> x = tf.zeros([1, 4])
    >>> largest_live_set(model, {"x": x})  # x, x * 2, then x, x * 2 and x * 2 + 1: 3 x 16 bytes
    48
    >>> x.dispose(); model.dispose()
    """
    if is_layers_model(model):
        return None
    input_ids = {tensor.data_id for tensor in inputs.values()}
    before = ENGINE.held_buffers()
    outside = {data_id for data_id in before if data_id not in input_ids}
    steps = model.execute_steps(dict(inputs), each_node=True)
    previous = {data_id: size for data_id, size in before.items() if data_id not in outside}
    largest = sum(previous.values())
    while True:
        try:
            next(steps)
        except StopIteration as done:
            result = done.value
            break
        now = {data_id: size for data_id, size in ENGINE.held_buffers().items() if data_id not in outside}
        largest = max(largest, sum({**previous, **now}.values()))
        previous = now
    for tensor in result if isinstance(result, list) else [result]:
        tensor.dispose()
    return largest
