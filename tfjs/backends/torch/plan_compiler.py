"""A graph model's whole plan as one TorchScript graph (TorchBackend.compile_plan).

The plan's kernels are traced once on the call's feeds (the weights, and what kernels
derived from them, become constants) and frozen: constant computations are folded, and
the graph runs in TorchScript's interpreter, in C++, with no Python between kernels. The
plain graph runs without TorchScript's profiling optimisations, which measured slower and erratic
here (a model 18 times slower, recompiling for seconds), and without `optimize_for_inference`
(oneDNN layouts: up to 3 times slower on these models). Float arithmetic may be folded here,
as the torch backend's kernels may fold it; the compiled outputs are compared with the
kernels' (run eagerly on the paths they take while traced) before the graph is used.

oneDNN Graph (onednn_graph.py) is offered the graph in two forms: as traced, and traced
again with torch's one-op convolutions whose elementwise chains are rewired channels-first
(layout_sinking.py). Of the forms that give the same outputs, the fastest runs where it
measures about as fast as the plain graph, timed in the calling thread; the plan then
times the graph against its kernel loop. oneDNN's fused relu and clip turn a NaN into 0
(TF.js's keep it): a call whose float feeds are not all finite runs the kernels one by
one instead, and weights that are not keep it plain (onednn_graph.Fused.needs_finite_feeds).

A plan is not compiled (its kernels keep running one by one) when tracing it cannot be
right for other inputs of the same shapes: a kernel reads on the host a value computed
from the feeds (a size computed from values, a branch on values), or on a GPU, where CUDA
graphs would be the better form. The kernels' value checks (indices in range) are traced
as values the graph returns: a call where one fails runs the kernels again one by one,
which raise its error.
"""

from __future__ import annotations

import contextvars
import threading
import warnings
from collections.abc import Callable, Iterator, Sequence
from typing import Any, NamedTuple

import torch
from torch.overrides import TorchFunctionMode

from tfjs.backends.backend import DataId, TensorInfo
from tfjs.backends.torch.onednn_graph import Fused, all_finite, fastest, with_onednn_graph
from tfjs.backends.torch.tracing import as_one_op_convolutions, as_traced

# Tensor methods that bring values to Python: a trace through one holds this call's values.
_VALUE_READS = frozenset(
    {"__bool__", "__int__", "__float__", "__index__", "__array__", "item", "tolist", "numpy"}
)
# Of max(1, |eager output|): half the conformance harness's 2e-3. oneDNN Graph's fused
# convolutions sum in other orders than the measured algorithms, and deep models move
# further, by how much depending on the CPU's kernels: BlazePose-lite's segmentation by
# 1.1e-4 on one host and 6.8e-4 on another (AVX-512 with BF16), where its fused form
# (7.0 -> 4.8 ms) is 0.12 of the harness's allowance from TF.js's outputs.
_TOLERANCE = 1e-3


# Their results are shapes (tensors while traced), not values computed from the feeds.
_SHAPE_READS = frozenset(
    {
        torch.Tensor.shape.__get__,
        torch.Tensor.ndim.__get__,
        torch.Tensor.size,
        torch.Tensor.dim,
        torch.Tensor.numel,
    }
)


class _ReadsValues(Exception):
    """A kernel read tensor values on the host while the plan was traced."""


class _RefuseValueReads(TorchFunctionMode):
    """Stops a trace at the first value read on the host (a value check, a size
    computed from values, a branch on values) of a tensor computed from the feeds.
    Constants' values (the weights') may be read: they are the same on every call; the
    shapes the tracer keeps as tensors are not computed from values."""

    def __init__(self) -> None:
        super().__init__()
        self.from_feeds: set[int] = set()
        self.alive: list[torch.Tensor] = []  # so no id in from_feeds is reused meanwhile

    def mark(self, tensors: Any) -> None:
        for tensor in _tensors_in(tensors):
            self.from_feeds.add(id(tensor))
            self.alive.append(tensor)

    def __torch_function__(self, func: Any, types: Any, args: Any = (), kwargs: Any = None) -> Any:
        kwargs = kwargs or {}
        from_feeds = any(id(value) in self.from_feeds for value in _tensors_in((args, kwargs)))
        if from_feeds and getattr(func, "__name__", "") in _VALUE_READS:
            raise _ReadsValues(func.__name__)
        result = func(*args, **kwargs)
        if from_feeds and func not in _SHAPE_READS:
            self.mark(result)
        return result


def _tensors_in(value: Any) -> Iterator[torch.Tensor]:
    """The tensors in `value` and in the lists, tuples and dicts it nests (a torch
    function's arguments): tree_leaves' result, at a quarter of its cost per op traced."""
    if isinstance(value, torch.Tensor):
        yield value
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from _tensors_in(item)
    elif isinstance(value, dict):
        for item in value.values():
            yield from _tensors_in(item)


class _TracedPlan(torch.nn.Module):
    """The plan's kernels as a module over the feeds' torch tensors: their outputs, then
    whether any value check failed (the kernels' checks report instead of raising, and
    their kernels read clamped indices, as on a GPU)."""

    def __init__(self, backend: Any, run: Callable[[Any], Any], feeds: Sequence[Any]) -> None:
        super().__init__()
        self.backend = backend
        self.run = run
        self.feed_types = [(tuple(feed.shape), feed.dtype) for feed in feeds]
        self.output_dtypes: list[str] = []
        self.guard: _RefuseValueReads | None = None  # while it is traced

    def forward(self, *values: torch.Tensor) -> tuple[torch.Tensor, ...]:
        backend = self.backend
        if self.guard is not None:
            self.guard.mark(values)
        held = set(backend.data)  # weights and other live buffers: an output may share one
        feeds = []
        for value, (shape, dtype) in zip(values, self.feed_types, strict=True):
            data_id = DataId()
            backend.data[data_id] = value
            feeds.append(TensorInfo(data_id, shape, dtype))
        made: set[Any] = {feed.data_id for feed in feeds}
        backend.checks.start_tracing()
        try:
            outputs = self.run(feeds)
            made.update(info.data_id for info in outputs if info.data_id not in held)
            self.output_dtypes = [info.dtype for info in outputs]
            failed = backend.checks.traced_failure()
            return (*(backend.tensor(info) for info in outputs), failed)
        finally:
            backend.checks.stop_tracing()
            for data_id in made:
                if data_id in backend.data:
                    backend.dispose_data(data_id)


def compile_plan(backend: Any, run: Callable[[Any], Any], feeds: list[Any]) -> Callable[[Any], Any] | None:
    """`run` (a plan's kernels) as a frozen TorchScript graph, run with oneDNN Graph's
    partitions where that gives the same outputs and measures about as fast, else plainly;
    None where it cannot be traced (see the module's docstring)."""
    if backend.device.type != "cpu" or any(feed.dtype in ("string", "complex64") for feed in feeds):
        return None
    compiled = _in_own_thread(lambda: _compile(backend, run, feeds))
    if compiled is None:
        return None
    # Timed in the calling thread, which runs the model: in the compile thread the forms
    # measured 2-3 times slower and in another order (selfie's channels-first form slowest
    # there, fastest here), likely as the calling thread's idle OpenMP workers spin.
    fused = fastest(compiled.forms, compiled.plain, compiled.example)
    graph, optimized = (compiled.plain, False) if fused is None else (fused.function, True)
    needs_finite_feeds = fused is not None and fused.needs_finite_feeds
    dtypes = compiled.dtypes

    def run_compiled(inputs: Sequence[Any]) -> list[TensorInfo]:
        feeds = [backend.tensor(feed) for feed in inputs]
        if needs_finite_feeds and not all_finite(feeds):  # oneDNN's fused relu and clip drop NaN
            return run(inputs)
        with torch.no_grad(), torch.jit.optimized_execution(optimized):
            *values, failed = graph(*feeds)
        if bool(failed):  # the kernels one by one raise the failed check's error
            return run(inputs)
        return [backend.make_output(value, dtype) for value, dtype in zip(values, dtypes, strict=True)]

    run_compiled.form = "TorchScript + oneDNN Graph" if optimized else "TorchScript"  # type: ignore[attr-defined]
    return run_compiled


def _in_own_thread(work: Callable[[], Any]) -> Any:
    """`work()` in a short-lived thread (in the caller's context and intra-op thread
    count), the caller waiting for it; None if it raised. Tracing and freezing a plan
    leave the thread that ran them slower at every later kernel, by 15-25% on these
    models (measured; in a state PyTorch keeps per thread), so the caller's thread,
    which runs the model, does neither."""
    results: list[Any] = []
    context = contextvars.copy_context()
    threads = torch.get_num_threads()

    def target() -> None:
        if threads != torch.get_num_threads():
            torch.set_num_threads(threads)
        results.append(context.run(work))

    thread = threading.Thread(target=target, name="tfjs-plan-compiler", daemon=True)
    thread.start()
    thread.join()
    return results[0] if results else None


class _Compiled(NamedTuple):
    """A plan's frozen graph (as a function), its oneDNN Graph forms that give the same
    outputs, the example feeds they were traced on, and the outputs' dtypes."""

    plain: Callable[..., Any]
    forms: list[Fused]
    example: list[torch.Tensor]
    dtypes: list[str]


def _compile(backend: Any, run: Callable[[Any], Any], feeds: list[Any]) -> _Compiled | None:
    module = _TracedPlan(backend, run, feeds)
    example = [backend.tensor(feed) for feed in feeds]
    try:
        frozen = _frozen(module, example)
        compiled = _as_function(frozen)
        with torch.no_grad(), as_traced():  # the kernels' paths the graph holds
            expected = module(*example)
        with torch.no_grad(), torch.jit.optimized_execution(False):
            got = compiled(*example)
    except Exception:  # a value read, or anything torch cannot trace or freeze: the kernel loop
        return None
    if not _same(expected, got):
        return None
    forms = _fused_forms(module, frozen, example) if backend.onednn_graph else []
    same = [form for form in forms if _same(expected, form.outputs)]
    return _Compiled(compiled, same, example, list(module.output_dtypes))


def _frozen(module: _TracedPlan, example: list[torch.Tensor], guarded: bool = True) -> torch._C.Graph:
    """The graph of `module` traced on `example` and frozen; if `guarded`, raising
    _ReadsValues at a value read (the guard adds about a quarter to the time a trace
    takes). A copy: the traced and frozen modules' own graphs are emptied (`_emptied`)."""
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", category=torch.jit.TracerWarning)
        warnings.filterwarnings("ignore", category=DeprecationWarning)
        with torch.no_grad(), torch.jit.optimized_execution(False):
            if guarded:
                with _RefuseValueReads() as module.guard:
                    traced = torch.jit.trace(module, tuple(example), check_trace=False)
                module.guard = None
            else:
                traced = torch.jit.trace(module, tuple(example), check_trace=False)
            try:
                _constant_shapes(traced.graph)
                frozen = torch.jit.freeze(traced.eval())
                try:
                    return frozen.graph.copy()
                finally:
                    _emptied(frozen.graph)
            finally:
                _emptied(traced.graph)


def _emptied(graph: torch._C.Graph) -> None:
    """Removes every node of a module's graph. TorchScript keeps each traced module's type,
    with its methods' graphs, in its global compilation unit for the life of the process:
    their constants (the weights, and what the kernels made of them) stayed in memory
    after the plan went (handdetect: 15 MB each time a plan compiled). Only the module's
    graph goes; its copies run."""
    for index in reversed(range(len(list(graph.outputs())))):
        graph.eraseOutput(index)
    for node in reversed(list(graph.nodes())):
        node.destroy()


def _as_function(frozen: torch._C.Graph) -> Callable[..., Any]:
    """`frozen` (a frozen module's graph) as a function of the feeds."""
    graph = frozen.copy()
    graph.eraseInput(0)  # the module, which nothing reads once frozen
    return torch._C._create_function_from_graph("tfjs_plan", graph)


def _fused_forms(module: _TracedPlan, frozen: torch._C.Graph, example: list[torch.Tensor]) -> list[Fused]:
    """The plan run with oneDNN Graph in the forms it takes: traced again with torch's
    one-op convolutions, their elementwise chains channels-first (oneDNN Graph fuses them
    and keeps its own layout between convolutions), and `frozen` itself (the measured
    algorithms); which is faster depends on the model."""
    forms = []
    try:
        with as_one_op_convolutions():  # the same kernels, which read no value the first time
            one_op = _frozen(module, example, guarded=False)
    except Exception:  # a trace that fails here leaves the other form
        one_op = None
    if one_op is not None:
        forms.append(with_onednn_graph(one_op, example, chains=True))
    forms.append(with_onednn_graph(frozen, example))
    return [form for form in forms if form is not None]


def _constant_shapes(graph: torch._C.Graph) -> None:
    """Replaces the traced graph's shape reads with the traced shapes (a plan is only
    run on feeds of the shapes it was traced with), then folds the arithmetic on them:
    the graph keeps no scalar bookkeeping between kernels."""
    for node in list(graph.findAllNodes("aten::size")):
        tensor, *dim = node.inputs()
        sizes = tensor.type().sizes() if isinstance(tensor.type(), torch._C.TensorType) else None
        if sizes is None or None in sizes:
            continue
        if dim:
            index = dim[0].toIValue()
            if index is None:
                continue
            value: Any = sizes[index]
        else:
            value = list(sizes)
        with graph.insert_point_guard(node):
            constant = graph.insertConstant(value)
        node.output().replaceAllUsesWith(constant)
        node.destroy()
    torch._C._jit_pass_constant_propagation(graph)
    _drop_identity_views(graph)
    torch._C._jit_pass_dce(graph)


# Ops that give their input itself where the traced shapes show they change nothing.
# Not permutations: the layout passes (layout_sinking.py) read them, and handdetect's
# channels-first form, losing one, measured slower and was not kept (+7-10%).
_VIEWS = frozenset({"aten::reshape", "aten::view", "aten::slice", "aten::narrow", "aten::expand"})


def _drop_identity_views(graph: torch._C.Graph) -> None:
    """Removes the views whose traced output has their input's sizes and strides (a slice
    of a whole axis, a reshape to the same shape): the same elements in the same places,
    which the graph would otherwise make again on every call."""
    for node in list(graph.nodes()):
        if node.kind() not in _VIEWS:
            continue
        before, after = node.inputsAt(0).type(), node.outputsAt(0).type()
        if not isinstance(before, torch._C.TensorType) or not isinstance(after, torch._C.TensorType):
            continue
        sizes, strides = before.sizes(), before.strides()
        if sizes is None or strides is None or None in sizes or None in strides:
            continue
        if after.sizes() == sizes and after.strides() == strides:
            node.outputsAt(0).replaceAllUsesWith(node.inputsAt(0))
            node.destroy()


def _same(expected: Sequence[torch.Tensor], got: Sequence[torch.Tensor]) -> bool:
    """The compiled graph's outputs match the traced kernels': same shapes and dtypes,
    the same non-finite places, floats within _TOLERANCE, everything else exact."""
    if len(expected) != len(got):
        return False
    for want, have in zip(expected, got, strict=True):
        if want.shape != have.shape or want.dtype != have.dtype:
            return False
        if not want.is_floating_point():
            if not torch.equal(want, have):
                return False
            continue
        finite, nan = torch.isfinite(want), torch.isnan(want)
        if not torch.equal(finite, torch.isfinite(have)) or not torch.equal(nan, torch.isnan(have)):
            return False
        infinite = ~finite & ~nan
        if not torch.equal(want[infinite], have[infinite]):
            return False
        if finite.any():
            scale = max(1.0, float(want[finite].abs().max()))
            if float((want[finite] - have[finite]).abs().max()) > _TOLERANCE * scale:
                return False
    return True
