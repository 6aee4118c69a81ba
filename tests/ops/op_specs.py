"""The op spec table: one row per op (and dtype case), swept on every backend by
test_op_specs.py against a NumPy reference. Adding an op adds a row here."""

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

    `inputs` are (shape, dtype) pairs, filled with seeded values in [low, high);
    `reference` takes those values as float64 (int64 for integer inputs) and returns
    the expected values; `dtype` is the expected result dtype.
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

    @property
    def id(self) -> str:
        return self.name + (f"-{self.id_suffix}" if self.id_suffix else "")


F32, I32, BOOL = "float32", "int32", "bool"
M23, V3, C41, R15 = ((2, 3), F32), ((3,), F32), ((4, 1), F32), ((1, 5), F32)
I23, IV3 = ((2, 3), I32), ((3,), I32)


def _binary(name: str, fn: Callable, ref: Callable, **kw: Any) -> list[OpSpec]:
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


def _floor_div_ref(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    with np.errstate(all="ignore"):
        return np.nan_to_num(np.floor(a / b), nan=0, posinf=0, neginf=0)


def _mod_ref(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    with np.errstate(all="ignore"):
        return np.where(b == 0, np.nan, np.mod(a, b))


SPECS: list[OpSpec] = [
    *_binary("add", tf.add, np.add),
    *_binary("sub", tf.sub, np.subtract),
    *_binary("mul", tf.mul, np.multiply, int_ref=lambda a, b: wrap_int32(a * b)),
    *_binary("div", tf.div, np.divide, int_ref=_floor_div_ref, low=1, high=9),
    *_binary("floor_div", tf.floor_div, _floor_div_ref, f_dtype=I32, low=1, high=9),
    *_binary("mod", tf.mod, _mod_ref, low=1, high=9),
    *_binary("pow", tf.pow, np.power, low=0.5, high=3),
    *_binary("greater", tf.greater, np.greater, f_dtype=BOOL, i_dtype=BOOL),
    *_binary("greater_equal", tf.greater_equal, np.greater_equal, f_dtype=BOOL, i_dtype=BOOL),
    *_binary("less", tf.less, np.less, f_dtype=BOOL, i_dtype=BOOL),
    *_binary("less_equal", tf.less_equal, np.less_equal, f_dtype=BOOL, i_dtype=BOOL),
    OpSpec("neg", tf.neg, np.negative, (M23,), F32),
    OpSpec("neg", tf.neg, np.negative, (I23,), I32, id_suffix="int32"),
    OpSpec("abs", tf.abs, np.abs, (M23,), F32),
    OpSpec("abs", tf.abs, np.abs, (I23,), I32, id_suffix="int32"),
    OpSpec("square", tf.square, np.square, (M23,), F32),
    OpSpec("square", tf.square, np.square, (I23,), I32, id_suffix="int32"),
    OpSpec("sqrt", tf.sqrt, np.sqrt, (M23,), F32, low=0, high=100),
    OpSpec("exp", tf.exp, np.exp, (M23,), F32),
    OpSpec("exp", tf.exp, np.exp, (I23,), F32, id_suffix="int32"),
    OpSpec("log", tf.log, np.log, (M23,), F32, low=0.01, high=100),
    OpSpec("relu", tf.relu, lambda x: np.maximum(x, 0), (M23,), F32),
    OpSpec("relu", tf.relu, lambda x: np.maximum(x, 0), (I23,), I32, id_suffix="int32"),
    OpSpec("sum", tf.sum, np.sum, (((3, 4, 5), F32),), F32, id_suffix="all"),
    OpSpec(
        "sum", lambda x: tf.sum(x, 1), lambda x: np.sum(x, 1), (((3, 4, 5), F32),), F32, id_suffix="axis1"
    ),
    OpSpec(
        "sum",
        lambda x: tf.sum(x, [0, -1], True),
        lambda x: np.sum(x, (0, 2), keepdims=True),
        (((3, 4, 5), F32),),
        F32,
        id_suffix="keep_dims",
    ),
    OpSpec("sum", lambda x: tf.sum(x, 0), lambda x: np.sum(x, 0), (I23,), I32, id_suffix="int32"),
    OpSpec("mean", tf.mean, np.mean, (((3, 4, 5), F32),), F32, id_suffix="all"),
    OpSpec("mean", lambda x: tf.mean(x, -1), lambda x: np.mean(x, -1), (I23,), F32, id_suffix="int32"),
    OpSpec("mat_mul", tf.mat_mul, np.matmul, (((2, 3), F32), ((3, 4), F32)), F32, rtol=1e-5),
    OpSpec(
        "mat_mul",
        lambda a, b: tf.mat_mul(a, b, True, True),
        lambda a, b: a.T @ b.T,
        (((3, 2), F32), ((4, 3), F32)),
        F32,
        rtol=1e-5,
        id_suffix="transposed",
    ),
    OpSpec(
        "mat_mul", tf.mat_mul, np.matmul, (((2, 2, 3), F32), ((3, 2), F32)), F32, rtol=1e-5, id_suffix="batch"
    ),
    OpSpec("mat_mul", tf.mat_mul, np.matmul, (((2, 3), I32), ((3, 2), I32)), I32, id_suffix="int32"),
    OpSpec("reshape", lambda x: tf.reshape(x, [3, -1]), lambda x: x.reshape(3, -1), (((2, 6), F32),), F32),
    OpSpec("cast", lambda x: tf.cast(x, "int32"), np.trunc, (M23,), I32),
    OpSpec(
        "cast", lambda x: tf.cast(x, "bool"), lambda x: x != 0, (I23,), BOOL, low=-1, high=2, id_suffix="bool"
    ),
    OpSpec("clone", tf.clone, lambda x: x, (M23,), F32),
    OpSpec(
        "strided_slice",
        lambda x: tf.strided_slice(x, [0, 3], [2, 0], [1, -2]),
        lambda x: x[0:2, 3:0:-2],
        (((3, 5), F32),),
        F32,
    ),
    OpSpec("zeros_like", tf.zeros_like, np.zeros_like, (I23,), I32),
    OpSpec("ones_like", tf.ones_like, np.ones_like, (M23,), F32),
]
