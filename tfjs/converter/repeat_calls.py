"""A graph model called again as it was last called: the same feed names, shapes and
dtypes, the same requested outputs, on the same backend. The first such call checked the
feeds and outputs, found the plan and its program (executor.run_steps); a repeat goes
straight to that program, which checks its feeds are live (plan_program.run_program).
After a model has run, each Python object the usual path touches is a cache miss: the
checks and lookups it skips took about 0.1 ms a call."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tfjs.converter.feed_checks import in_feed_order
from tfjs.converter.kernel_program import can_replay
from tfjs.engine import ENGINE
from tfjs.environment import ENV
from tfjs.tensor import Tensor

if TYPE_CHECKING:
    from tfjs.converter.executor import GraphExecutor

Signature = tuple[Any, ...]


def call_signature(inputs: dict[str, Tensor], outputs: list[str] | None) -> Signature | None:
    """What a repeat must match of a call's `inputs` (as given to `execute`) and
    `outputs`; None where a feed is not a live tensor (the usual path says which)."""
    feeds = []
    for name, tensor in inputs.items():
        if not isinstance(tensor, Tensor) or tensor.is_disposed:
            return None
        feeds.append((name, tensor.shape, tensor.dtype))
    return (tuple(feeds), None if outputs is None else tuple(outputs), ENGINE.backend)


class RepeatCall:
    """An executor's last call whose plan program ran: its signature, the program's key,
    and the names the feeds were given under, in the program's feed order."""

    def __init__(self) -> None:
        self.last: tuple[Signature, tuple[Any, ...], list[str]] | None = None

    def run(
        self, executor: GraphExecutor, inputs: dict[str, Tensor], outputs: list[str] | None
    ) -> tuple[Signature | None, list[Tensor] | None]:
        """The call's signature (None where a call cannot repeat: a function's or a frame
        graph's executor, debug mode, a profile, a tape, kept intermediates, a feed not a
        live tensor), and its results where it repeats the last call and ran as it did."""
        if executor.parent is not None or executor.graph.has_frames or not can_replay():
            return None, None
        if ENV.get_bool("KEEP_INTERMEDIATE_TENSORS"):
            return None, None
        signature = call_signature(inputs, outputs)
        last = self.last
        if signature is None or last is None or last[0] != signature:
            return signature, None
        lowered = executor.plan_programs.find(last[1])
        if lowered is None:  # dropped, or the model's plans cleared
            return signature, None
        executor.dispose_intermediate_tensors()  # those of the previous run, as TF.js
        return signature, lowered.run([inputs[name] for name in last[2]])

    def remember(
        self, signature: Signature, key: tuple[Any, ...], given: list[str], inputs: dict[str, Tensor]
    ) -> None:
        """Keeps the call with `signature` whose program `key` ran on `inputs` (the feeds
        by node name; `given`: the names they were given under, in the same order)."""
        if len(given) != len(inputs):  # two names for one node: not a call to repeat
            self.last = None
            return
        by_name = dict(zip(inputs, given, strict=True))
        self.last = (signature, key, [by_name[name] for name in in_feed_order(inputs)])
