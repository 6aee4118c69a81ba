"""A row of the op spec table (tests/ops/specs/): how to call an op and what NumPy says it
gives. test_op_specs.py sweeps every row on every backend."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

import tfjs as tf


def wrap_int32(values: np.ndarray) -> np.ndarray:
    """Exact integer results wrapped to 32 bits, as an Int32Array stores them."""
    return values.astype(np.int64).astype(np.int32)


@dataclass(frozen=True)
class OpSpec:
    """How to call an op and what NumPy says it must give.

    `inputs` are (shape, dtype) pairs, filled with seeded values in [low, high) (int32:
    their floor; bool: whether they are positive); `reference` takes those values as
    float64 (int64 for integer and bool inputs) and returns the expected values;
    `dtype` is the expected result dtype. A `differentiable` row with float32 inputs and
    result also has its gradient checked against central differences of `reference`.
    """

    name: str
    op: Callable[..., tf.Tensor]
    reference: Callable[..., Any]
    inputs: tuple[tuple[tuple[int, ...], str], ...]
    dtype: str
    low: float = -5.0
    high: float = 5.0
    rtol: float = 1e-6
    id_suffix: str = field(default="")
    differentiable: bool = True

    @property
    def id(self) -> str:
        return self.name + (f"-{self.id_suffix}" if self.id_suffix else "")


def make_inputs(spec: OpSpec) -> list[np.ndarray]:
    """The row's input values, seeded by its id."""
    rng = np.random.default_rng(sum(map(ord, spec.id)))
    arrays = []
    for shape, dtype in spec.inputs:
        values = rng.uniform(spec.low, spec.high, size=shape)
        if dtype == "int32":
            arrays.append(np.floor(values).astype(np.int32))
        elif dtype == "bool":
            arrays.append(values > 0)
        else:
            arrays.append(values.astype(np.float32))
    return arrays


F32, I32, BOOL = "float32", "int32", "bool"
M23, V3, C41, R15 = ((2, 3), F32), ((3,), F32), ((4, 1), F32), ((1, 5), F32)
I23, IV3 = ((2, 3), I32), ((3,), I32)


def binary_rows(name: str, fn: Callable, ref: Callable, **kw: Any) -> list[OpSpec]:
    return [
        OpSpec(name, fn, ref, (M23, V3), kw.get("f_dtype", F32), id_suffix="float32-broadcast", **_range(kw)),
        OpSpec(name, fn, ref, (C41, R15), kw.get("f_dtype", F32), id_suffix="float32-outer", **_range(kw)),
        OpSpec(
            name,
            fn,
            kw.get("int_ref", ref),
            (I23, IV3),
            kw.get("i_dtype", I32),
            id_suffix="int32",
            **_range(kw),
        ),
    ]


def _range(kw: dict[str, Any]) -> dict[str, Any]:
    return {k: kw[k] for k in ("low", "high") if k in kw}
