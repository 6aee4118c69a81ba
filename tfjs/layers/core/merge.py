"""Merge layers (tfjs-layers' layers/merge.ts): Add, Subtract, Multiply, Average, Maximum,
Minimum, Concatenate, Dot. Element-wise merges broadcast like TF.js's (shapes must agree
apart from 1s and unknown sizes)."""

from __future__ import annotations

import math
from functools import reduce
from typing import Any

from tfjs import ops
from tfjs.globals import tidy
from tfjs.layers.engine.base_layer import Layer, shape_str
from tfjs.layers.serialization import register_class
from tfjs.tensor import Tensor


def _broadcast(a: tuple[Any, ...], b: tuple[Any, ...], where: str) -> tuple[Any, ...]:
    if len(a) < len(b):
        a, b = b, a
    out = list(a)
    offset = len(a) - len(b)
    for i, d in enumerate(b):
        j = i + offset
        if out[j] is None or d is None:
            out[j] = None
        elif out[j] == 1:
            out[j] = d
        elif d != 1 and d != out[j]:
            raise ValueError(
                f"Operands could not be broadcast together with shapes {shape_str(a)} "
                f"{shape_str(b)} ({where})"
            )
    return tuple(out)


class Merge(Layer):
    """An element-wise merge of two or more inputs of compatible shapes."""

    supports_masking = True

    def _check_inputs(self, input_shape: Any) -> list[tuple[Any, ...]]:
        if (
            not isinstance(input_shape, list)
            or not input_shape
            or not isinstance(input_shape[0], (list, tuple))
        ):
            raise ValueError(
                f"A merge layer ({self.name}) should be called on a list of inputs, got one input "
                f"of shape {input_shape}"
            )
        if len(input_shape) < 2:
            raise ValueError(
                f"A merge layer ({self.name}) should be called on a list of at least 2 inputs. Got "
                f"{len(input_shape)} input(s)."
            )
        return [tuple(s) for s in input_shape]

    def build(self, input_shape: Any) -> None:
        self.compute_output_shape(input_shape)
        self.built = True

    def compute_output_shape(self, input_shape: Any) -> Any:
        shapes = self._check_inputs(input_shape)
        out = shapes[0][1:]
        for s in shapes[1:]:
            out = _broadcast(out, s[1:], f"layer {self.name}")
        batch = {s[0] for s in shapes} - {None}
        return (batch.pop() if len(batch) == 1 else None, *out)

    def compute_mask(self, inputs: Any, mask: Any = None) -> Any:
        if mask is None or all(m is None for m in mask):
            return None
        present = [m for m in mask if m is not None]
        return tidy(lambda: ops.all(ops.concat([ops.expand_dims(m, 0) for m in present], 0), 0))

    def merge(self, inputs: list[Tensor]) -> Tensor:
        raise NotImplementedError

    def call(self, inputs: Any, **kwargs: Any) -> Tensor:
        return self.merge(list(inputs))


def _merge_class(name: str, fn: Any, doc: str) -> type[Merge]:
    cls = type(name, (Merge,), {"class_name": name, "merge": lambda self, xs: fn(xs), "__doc__": doc})
    return register_class(cls)


Add = _merge_class("Add", lambda xs: reduce(ops.add, xs), "Sums its inputs.")
Multiply = _merge_class("Multiply", lambda xs: reduce(ops.mul, xs), "Multiplies its inputs.")
Average = _merge_class(
    "Average", lambda xs: ops.mul(reduce(ops.add, xs), 1 / len(xs)), "Averages its inputs."
)
Maximum = _merge_class("Maximum", lambda xs: reduce(ops.maximum, xs), "Element-wise maximum of its inputs.")
Minimum = _merge_class("Minimum", lambda xs: reduce(ops.minimum, xs), "Element-wise minimum of its inputs.")


class Subtract(Merge):
    """The first input minus the second."""

    class_name = "Subtract"

    def _check_inputs(self, input_shape: Any) -> list[tuple[Any, ...]]:
        shapes = super()._check_inputs(input_shape)
        if len(shapes) != 2:
            raise ValueError(
                f"A Subtract layer ({self.name}) should be called on exactly 2 inputs, got {len(shapes)}"
            )
        return shapes

    def merge(self, inputs: list[Tensor]) -> Tensor:
        return ops.sub(inputs[0], inputs[1])


class Concatenate(Merge):
    """Concatenates its inputs along `axis` (default the last)."""

    class_name = "Concatenate"

    def __init__(self, axis: int = -1, **base: Any) -> None:
        super().__init__(**base)
        self.axis = int(axis)

    def compute_output_shape(self, input_shape: Any) -> Any:
        shapes = self._check_inputs(input_shape)
        rank = len(shapes[0])
        axis = self.axis + rank if self.axis < 0 else self.axis
        for s in shapes:
            if len(s) != rank or any(
                a is not None and b is not None and a != b
                for i, (a, b) in enumerate(zip(s, shapes[0], strict=True))
                if i != axis
            ):
                raise ValueError(
                    f"A `Concatenate` layer ({self.name}) requires inputs with matching shapes "
                    "except for the concat "
                    f"axis. Got input shapes: {', '.join(shape_str(x) for x in shapes)}"
                )
        sizes = [s[axis] for s in shapes]
        out = list(shapes[0])
        out[axis] = None if any(d is None for d in sizes) else sum(sizes)
        return tuple(out)

    def merge(self, inputs: list[Tensor]) -> Tensor:
        return ops.concat(inputs, self.axis)

    def compute_mask(self, inputs: Any, mask: Any = None) -> Any:
        if mask is None or all(m is None for m in mask):
            return None

        def combined() -> Tensor:
            full = [ops.ones_like(x, "bool") if m is None else m for x, m in zip(inputs, mask, strict=True)]
            return ops.all(ops.stack(full, 0), 0)

        return tidy(combined)

    def get_config(self) -> dict[str, Any]:
        return {"axis": self.axis, **super().get_config()}


class Dot(Merge):
    """Dot product of two inputs along `axes` (optionally L2-normalized first)."""

    class_name = "Dot"

    def __init__(self, axes: Any, normalize: bool = False, **base: Any) -> None:
        super().__init__(**base)
        self.axes = [int(a) for a in axes] if isinstance(axes, (list, tuple)) else int(axes)
        self.normalize = bool(normalize)

    def _pair(self, ranks: tuple[int, int]) -> list[int]:
        axes = self.axes if isinstance(self.axes, list) else [self.axes, self.axes]
        return [a % r if a < 0 else a for a, r in zip(axes, ranks, strict=True)]

    def compute_output_shape(self, input_shape: Any) -> Any:
        a, b = self._check_inputs(input_shape)[:2]
        i, j = self._pair((len(a), len(b)))
        if a[i] is not None and b[j] is not None and a[i] != b[j]:
            raise ValueError(
                f"Dimension incompatibility in Dot layer {self.name}: {a[i]} != {b[j]} "
                f"({shape_str(a)}, {shape_str(b)})"
            )
        out = [d for k, d in enumerate(a) if k != i] + [d for k, d in enumerate(b) if k not in (0, j)]
        return tuple(out) if len(out) > 1 else (out[0], 1)

    def merge(self, inputs: list[Tensor]) -> Tensor:
        x, y = inputs
        i, j = self._pair((x.rank, y.rank))
        if self.normalize:
            x = _l2_normalize(x, i)
            y = _l2_normalize(y, j)
        x_moved = ops.transpose(x, [k for k in range(x.rank) if k != i] + [i])
        y_moved = ops.transpose(y, [0, j] + [k for k in range(1, y.rank) if k != j])
        xs, ys = x_moved.shape, y_moved.shape
        x2 = ops.reshape(x_moved, [xs[0], math.prod(xs[1:-1]), xs[-1]])  # (no -1: a batch of 0 rows)
        y2 = ops.reshape(y_moved, [ys[0], ys[1], math.prod(ys[2:])])
        out = ops.mat_mul(x2, y2)
        shape = [xs[0], *xs[1:-1], *ys[2:]]
        return ops.reshape(out, shape if len(shape) > 1 else [xs[0], 1])

    def get_config(self) -> dict[str, Any]:
        return {"axes": self.axes, "normalize": self.normalize, **super().get_config()}


def _l2_normalize(x: Tensor, axis: int) -> Tensor:
    square_sum = ops.sum(ops.square(x), axis, True)
    return ops.mul(x, ops.rsqrt(ops.maximum(square_sum, 1e-12)))


register_class(Subtract)
register_class(Concatenate)
register_class(Dot)
