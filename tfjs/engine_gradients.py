"""The engine's gradient tape: `gradients` records the kernels `f` runs and walks them
back; `run_custom_grad` records one node whose gradient a user function gives. A part of
`Engine` (its mixin), kept apart by concern."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Mapping
from typing import Any

from tfjs import tape
from tfjs.tensor import Tensor


class GradientsMixin:
    """Engine's gradient methods; the engine holds the tape's state."""

    gradient_depth: int
    kernel_depth: int
    active_tape: list[tape.TapeNode] | None
    _tape_node_ids: itertools.count

    def next_tape_node_id(self) -> int:
        return next(self._tape_node_ids)

    def gradients(
        self,
        f: Callable[[], Tensor],
        xs: list[Tensor],
        dy: Tensor | None = None,
        allow_no_gradients: bool = False,
        check_value: Callable[[Tensor], None] | None = None,
    ) -> tuple[Tensor, list[Tensor | None]]:
        """`f()` and the gradients of it with respect to each of `xs` (None where `f` does
        not depend on one, when `allow_no_gradients`), scaled by `dy` (default ones).
        `check_value(y)` may refuse the value before the backward pass runs."""
        if not xs:
            raise ValueError("gradients() received an empty list of xs.")
        if dy is not None and dy.dtype != "float32":
            raise TypeError(f"dy must have 'float32' dtype, but has '{dy.dtype}'")
        if self.gradient_depth == 0:
            self.active_tape = []
        self.gradient_depth += 1
        try:
            y = self.tidy("forward", f)
        except BaseException:
            self.gradient_depth -= 1
            self._end_tape_if_outermost()
            raise
        self.gradient_depth -= 1
        try:
            if not isinstance(y, Tensor):
                raise TypeError(f"The result y returned by f() must be a tensor, but got {type(y).__name__}")
            if check_value is not None:
                check_value(y)
            filtered = tape.filtered_nodes(self.active_tape or [], xs, y)
            if not allow_no_gradients and not filtered:
                raise ValueError(
                    "Cannot compute gradient of y=f(x) with respect to x. Make sure that the f you "
                    "passed encloses all operations that lead from x to y."
                )

            def backward() -> tuple[Tensor, list[Tensor | None]]:
                accumulated = {y.id: tape.filled(self, y.shape, 1, "float32") if dy is None else dy}
                tape.backpropagate(self, accumulated, filtered)
                return y, [accumulated.get(x.id) for x in xs]

            return self.tidy("backward", backward)
        except BaseException:
            if isinstance(y, Tensor):
                self.dispose_tensor(y)
            raise
        finally:
            self._end_tape_if_outermost()

    def _end_tape_if_outermost(self) -> None:
        if self.gradient_depth == 0 and self.active_tape is not None:
            for node in self.active_tape:
                for saved in node.saved:
                    self.dispose_tensor(saved)
            self.active_tape = None

    def run_custom_grad(self, f: Callable[..., Any], inputs: list[Tensor]) -> Tensor:
        """Runs `f(*inputs, save)` (which returns the value and its gradient function)
        without recording its kernels, and records one node whose gradient is `f`'s."""
        recording = self.gradient_depth > 0 and self.kernel_depth == 0
        saved: list[Tensor] = []

        def save(tensors: list[Tensor]) -> None:
            if recording:
                saved[:] = [tape.save_for_backward(self, t) for t in tensors]

        self.kernel_depth += 1
        try:
            value, grad_func = self.tidy(lambda: _value_and_grad_func(f(*inputs, save)))
        finally:
            self.kernel_depth -= 1
        if recording:

            def gradient(dy: Tensor) -> dict[str, Tensor]:
                result = grad_func(dy, saved)
                grads = list(result) if isinstance(result, (list, tuple)) else [result]
                if len(grads) != len(inputs):
                    raise ValueError(
                        "The function f passed in custom_grad(f) must return an object where "
                        "`obj.grad_func` is a function that returns the same number of tensors as "
                        "inputs passed to f(...)."
                    )
                if not all(isinstance(g, Tensor) for g in grads):
                    raise TypeError(
                        "The function f passed in custom_grad(f) must return an object where "
                        "`obj.grad_func` is a function that returns a list of only tensors."
                    )
                return {str(i): g for i, g in enumerate(grads)}

            tape.add_node(
                self, "CustomGradient", {str(i): x for i, x in enumerate(inputs)}, [value], gradient, saved
            )
        return value


def _value_and_grad_func(result: Any) -> tuple[Tensor, Callable[..., Any]]:
    """A custom gradient's `{"value": ..., "grad_func": ...}` (or a pair), checked."""
    if isinstance(result, Mapping):
        value, grad_func = result.get("value"), result.get("grad_func", result.get("gradFunc"))
    elif isinstance(result, (list, tuple)) and len(result) == 2:
        value, grad_func = result
    else:
        value = grad_func = None
    if not isinstance(value, Tensor):
        raise TypeError(
            "The function f passed in custom_grad(f) must return an object where `obj.value` is a tensor"
        )
    if not callable(grad_func):
        raise TypeError(
            "The function f passed in custom_grad(f) must return an object where `obj.grad_func` "
            "is a function."
        )
    return value, grad_func
