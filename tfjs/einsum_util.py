"""einsum's equations: parsed and checked (by the op, before any kernel runs) and turned
into TF.js's order of computation (by the backends' kernels), as tfjs-core's
backends/einsum_util.ts does."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

ARROW = "->"
ELLIPSIS = "..."


class EinsumPlan(NamedTuple):
    """An equation resolved against its inputs' shapes.

    `all_dims` are the labels, the output's first (in its order), then the summed ones
    in order of appearance; `id_dims[t]` are the indices into `all_dims` of input t's
    axes; `sizes[d]` is dimension d's size; `path[i]` is the dimension summed after step
    i (-1: nothing is summed) and `steps[i]` the inputs multiplied in before it.
    """

    all_dims: tuple[str, ...]
    id_dims: tuple[tuple[int, ...], ...]
    sizes: tuple[int, ...]
    num_out_dims: int
    path: tuple[int, ...]
    steps: tuple[tuple[int, ...], ...]

    @property
    def out_shape(self) -> tuple[int, ...]:
        return self.sizes[: self.num_out_dims]


def _fail(message: str) -> None:
    raise ValueError(f"einsum: {message}")


def decode_einsum_equation(
    equation: str, num_tensors: int
) -> tuple[tuple[str, ...], tuple[tuple[int, ...], ...], int]:
    """The labels (output's first), each input's axes as label indices, and the number
    of output axes; raises TF.js's errors for the equations its kernels do not support."""
    if not isinstance(equation, str):
        raise TypeError(f"einsum: equation must be a string, got {type(equation).__name__}")
    equation = "".join(equation.split())
    arrows = equation.count(ARROW)
    if arrows < 1:
        _fail("Equations without an arrow are not supported.")
    if arrows > 1:
        _fail(f'Equation must contain exactly one arrow ("{ARROW}").')
    input_string, output_string = equation.split(ARROW)
    if ELLIPSIS in input_string:
        _fail(f'The ellipsis notation ("{ELLIPSIS}") is not supported yet.')
    terms = input_string.split(",")
    if num_tensors != len(terms):
        _fail(f"Expected {len(terms)} input tensors, received {num_tensors}")
    if len(terms) > 2:
        _fail("Support for more than 2 input tensors is not implemented yet.")
    all_dims: list[str] = []
    for label in output_string:
        if not any(label in term for term in terms):
            _fail(f"Output subscripts contain the label {label} not present in the input subscripts.")
        if label in all_dims:
            # TF.js 4.22 gives a result of the wrong shape here; TensorFlow refuses it.
            _fail(f"Output subscripts contain the label {label} more than once.")
        all_dims.append(label)
    for label in input_string.replace(",", ""):
        if label not in all_dims:
            all_dims.append(label)
    for term in terms:
        if len(set(term)) != len(term):
            _fail(
                f"Found duplicate axes in input component {term}. "
                "Support for duplicate axes in input is not implemented yet."
            )
    id_dims = tuple(tuple(all_dims.index(label) for label in term) for term in terms)
    return tuple(all_dims), id_dims, len(output_string)


def einsum_plan(equation: str, shapes: Sequence[Sequence[int]]) -> EinsumPlan:
    """The equation checked against the inputs' shapes, and TF.js's computation path."""
    all_dims, id_dims, num_out_dims = decode_einsum_equation(equation, len(shapes))
    sizes: list[int | None] = [None] * len(all_dims)
    for t, (dims, shape) in enumerate(zip(id_dims, shapes, strict=True)):
        if len(dims) != len(shape):
            # TF.js 4.22 does not check this and computes with the wrong axes.
            term = "".join(all_dims[d] for d in dims)
            _fail(
                f"input {t} has {len(dims)} subscripts ({term!r}) but its shape "
                f"{_shape_text(shape)} has rank {len(shape)}"
            )
        for j, d in enumerate(dims):
            if sizes[d] is None:
                sizes[d] = int(shape[j])
            elif sizes[d] != shape[j]:
                _fail(
                    f"Expected dimension {sizes[d]} at axis {j} of input shaped "
                    f"{_shape_text(shape)}, but got dimension {shape[j]}"
                )
    path, steps = _compute_path(list(range(num_out_dims, len(all_dims))), id_dims)
    return EinsumPlan(all_dims, id_dims, tuple(s or 0 for s in sizes), num_out_dims, path, steps)


def _compute_path(
    summed_dims: list[int], id_dims: tuple[tuple[int, ...], ...]
) -> tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]:
    """TF.js's getEinsumComputePath: sum the summed dimensions in order, multiplying in
    each input just before the first sum over one of its axes (inputs without axes
    first). An input none of whose axes is summed joins the last step (TF.js 4.22 drops
    it when anything is summed)."""
    path = summed_dims or [-1]
    steps: list[list[int]] = [[] for _ in range(len(path) + 1 if summed_dims else 1)]
    used: list[int] = []
    for i, dim in enumerate(path):
        for t, dims in enumerate(id_dims):
            if t not in used and (not dims or dim in dims or dim == -1):
                steps[i].append(t)
                used.append(t)
    steps[-1].extend(t for t in range(len(id_dims)) if t not in used)
    return tuple(path), tuple(tuple(s) for s in steps)


def _shape_text(shape: Sequence[int]) -> str:
    return "[" + ",".join(str(d) for d in shape) + "]"
