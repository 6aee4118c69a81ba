"""The load option `warm_up` (`tf.load_graph_model(path, {"warm_up": True})`): a few runs
of the model on zeros at load, so that the one-time work of the first calls (recording
each node's kernel program, folding constants, joining the plan and compiling it where
the backend can, the backend's weight layouts, its first allocations) is done before the
caller's first call.

TF.js does not warm a model up at load (its users run it once on `tf.zeros`), so it is an
option, off by default. It needs every input's shape: the model's, an unknown batch size
(a leading -1) being 1, or the caller's (`{"warm_up": {"x": [1, 224, 224, 3]}}`), and a
model that draws no random numbers (a warm-up would draw them too). Each run is one
`execute`: it reads the outputs back (so that an asynchronous backend has finished, and a
failing value check is raised here, not at the caller's next download), then frees
everything it made; the model's results are what they would be without it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from tfjs.engine import ENGINE

if TYPE_CHECKING:
    from tfjs.converter.graph_model import GraphModel
    from tfjs.tensor import Tensor

# The first call records each node's kernel program, joins them into the plan program, has
# the backend compile it and times that against the kernel loop (LoweredPlan.settle); the
# second runs the form kept, so that the caller's first call is a steady one.
WARM_UP_CALLS = 2
RANDOM_OPS = frozenset(
    {"Multinomial", "RandomStandardNormal", "RandomUniform", "RandomUniformInt", "TruncatedNormal"}
)
WARM_UP_DTYPES = {"float32": np.float32, "int32": np.int32, "bool": np.bool_}
FAILED_NOTE = (
    "(raised by the warm-up run on zeros at load: load option warm_up; load the model without "
    "it to run it on your own inputs)"
)


def check_warm_up_option(options: dict[str, object]) -> bool | dict[str, list[int]]:
    """Takes the `warm_up` key out of load `options`: False (the default), True, or
    {input name: shape} giving the shapes of inputs whose dimensions the model leaves
    unknown.

    >>> options = {"warm_up": True, "weight_path_prefix": "x/"}
    >>> check_warm_up_option(options), options
    (True, {'weight_path_prefix': 'x/'})
    """
    warm = options.pop("warm_up", False)
    if isinstance(warm, bool):
        return warm
    if not isinstance(warm, dict) or not all(
        isinstance(name, str)
        and isinstance(shape, (list, tuple))
        and all(isinstance(d, int) and not isinstance(d, bool) and d >= 0 for d in shape)
        for name, shape in warm.items()
    ):
        raise TypeError(
            "load_graph_model(): the option warm_up must be True, False or {input name: shape} "
            f"(shapes as lists of ints >= 0), got {warm!r:.80}"
        )
    return {name: list(shape) for name, shape in warm.items()}


def warm_up_shapes(
    model: GraphModel, given: dict[str, list[int]] | None = None
) -> dict[str, tuple[list[int], str]]:
    """{input name: (shape, dtype)} of the zeros a warm-up feeds `model`: each input's
    shape from `given`, else the model's with an unknown batch size (a leading -1) of 1;
    a ValueError naming the input (or the random op) where the model cannot be warmed up.

    >>> model = tf.load_graph_model("tests/analysis/fixtures/conv/model.json")
    >>> warm_up_shapes(model)
    {'x': ([1, 8, 8, 3], 'float32')}
    >>> model.dispose()
    """
    given = dict(given or {})
    executor = model.executor
    for graph in [executor.graph, *(f.graph for f in executor.functions.values())]:
        for node in graph.nodes.values():
            if node.op in RANDOM_OPS:
                raise ValueError(
                    f"load_graph_model(): cannot warm the model up: node '{node.name}' ({node.op}) "
                    "draws random numbers, and a warm-up run would draw them too; load it without warm_up"
                )
    shapes = {}
    for info in model.inputs:
        if info.dtype is None:  # a resource the model feeds itself
            continue
        shape = given.pop(info.name, None)
        if shape is None and info.shape is not None:
            shape = [1 if d < 0 and i == 0 else d for i, d in enumerate(info.shape)]
        if shape is None or any(d < 0 for d in shape):
            raise ValueError(
                f"load_graph_model(): cannot warm the model up: input '{info.name}' has shape "
                f"{info.shape if info.shape is not None else 'unknown (unknown rank)'}; give its "
                f"shape as {{'warm_up': {{'{info.name}': [...]}}}}, or load it without warm_up"
            )
        if info.dtype not in WARM_UP_DTYPES:
            raise ValueError(
                f"load_graph_model(): cannot warm the model up: input '{info.name}' is {info.dtype}; "
                f"a warm-up feeds zeros of {', '.join(WARM_UP_DTYPES)} only"
            )
        shapes[info.name] = (list(shape), info.dtype)
    if given:
        raise ValueError(
            f"load_graph_model(): warm_up names {sorted(given)}, which are not inputs of the model "
            f"(its inputs: {[info.name for info in model.inputs if info.dtype is not None]})"
        )
    return shapes


def _dispose(tensors: list[Tensor]) -> None:
    for tensor in tensors:
        if not tensor.is_disposed:
            tensor.dispose()


def warm_up(model: GraphModel, shapes: dict[str, list[int]] | None = None) -> None:
    """Runs `model` WARM_UP_CALLS times on zeros of its inputs' shapes (`shapes` gives those the model
    leaves unknown; see `warm_up_shapes`, which checks them first) and dtypes, reads its
    outputs back and frees every tensor the run made. An error of the run propagates
    with a note saying that it came from the warm-up.

    >>> model = tf.load_graph_model("tests/analysis/fixtures/image/model.json")
    >>> before = tf.memory()["num_tensors"]
    >>> warm_up(model)
    >>> tf.memory()["num_tensors"] == before
    True
    >>> model.dispose()
    """
    feeds: dict[str, Tensor] = {}
    outputs: list[Tensor] = []
    try:
        for name, (shape, dtype) in warm_up_shapes(model, shapes).items():
            feeds[name] = ENGINE.make_tensor(np.zeros(shape, WARM_UP_DTYPES[dtype]), dtype, "warm_up")
        try:
            for _ in range(WARM_UP_CALLS):
                _dispose(outputs)
                result = model.execute(feeds)
                outputs = result if isinstance(result, list) else [result]
                for tensor in outputs:
                    tensor.data_sync()
        except Exception as error:
            error.add_note(FAILED_NOTE)
            raise
    finally:
        _dispose([*feeds.values(), *outputs])
        model.dispose_intermediate_tensors()
