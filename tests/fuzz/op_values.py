"""Random and hostile argument values for the op fuzz: tensors of every dtype and of
rank 0-5 with 0-sized dimensions, holding NaN, ±Inf, -0 and extreme integers; numbers,
shapes and strings, plausible or not; None, wrong types, nested and ragged lists, a
disposed tensor. Everything is drawn from one `random.Random`, so a seed replays it."""

from __future__ import annotations

import math
import random
import re
from typing import Any

import numpy as np

import tfjs as tf

DTYPES = ("float32", "float32", "float32", "int32", "int32", "bool", "complex64", "string")
FLOATS = (0.0, -0.0, 1.0, -1.0, 0.5, 2.5, math.nan, math.inf, -math.inf, 3.4e38, -3.4e38, 1e-45, 7.0)
INTS = (0, 1, 2, 3, 4, -1, -2, 2**31 - 1, -(2**31), 2**31, 2**53 + 1, 10**30, -(10**30), 2**63)
STRINGS = ("", "a", "hello world", "é∂", "a b  c", "1.5", "\x00", "ab" * 20)
WORDS = (
    "same",
    "valid",
    "NHWC",
    "NCHW",
    "NWC",
    "float32",
    "int32",
    "bool",
    "complex64",
    "string",
    "reflect",
    "symmetric",
    "bilinear",
    "nearest",
    "constant",
    "wrap",
    "xy",
    "ij",
    "floor",
    "round",
    "ceil",
    "max",
    "avg",
    "euclidean",
    "fro",
    "ab,bc->ac",
    "i,i->",
    "ii",
    "",
    "bogus",
)
# NumPy dtypes a tensor-like may come in, and the values to fill each with.
NUMPY_KINDS = (
    (np.float32, "float32"),
    (np.float64, "float32"),
    (np.float16, "float32"),
    (np.int64, "int32"),
    (np.int8, "bool"),
    (np.uint8, "bool"),
    (np.bool_, "bool"),
    (np.complex128, "float32"),
    (np.str_, "string"),
    (object, "string"),
)
# Plain hostile values, any argument; the builders below add tensors, lists and functions.
ODDITIES: tuple[Any, ...] = (
    None,
    True,
    False,
    *INTS[:8],
    math.nan,
    math.inf,
    -0.0,
    0.5,
    "",
    "abc",
    "float32",
    b"bytes",
    1 + 2j,
    {"a": 1},
    object(),
    (),
    [],
    [[]],
    [1, [2, 3]],
    [[1, 2], [3]],
    [[1, 2], [3, 4]],
    [1.5, "a"],
    [None, 1],
    np.float32("nan"),
    np.int64(3),
    np.zeros((2, 0)),
    np.array(["a", "b"]),
)


class Draw:
    """The values of one call, all from `rng`; tensors it makes are in `tensors`."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.tensors: list[tf.Tensor] = []
        # One call's tensor arguments often agree, so that more calls get past the checks.
        self.theme_dtype = rng.choice(DTYPES)
        self.theme_shape = self.shape()

    # ---- by kind ------------------------------------------------------------------

    def oddity(self) -> Any:
        pick = self.rng.random()
        if pick < 0.1:
            return self.disposed_tensor()
        if pick < 0.2:
            return self.nested_list()
        return self.rng.choice(ODDITIES)

    def shape(self) -> list[int]:
        rank = self.rng.choice((0, 1, 1, 2, 2, 3, 3, 4, 5))
        return [self.rng.choice((0, 1, 1, 2, 2, 3, 4)) for _ in range(rank)]

    def tensor(self) -> tf.Tensor:
        themed = self.rng.random() < 0.6
        dtype = self.theme_dtype if themed else self.rng.choice(DTYPES)
        shape = self.theme_shape if themed else self.shape()
        size = math.prod(shape)
        if dtype == "complex64":
            real, imag = self.numbers(size, "float32"), self.numbers(size, "float32")
            parts = [tf.tensor(real, shape, "float32"), tf.tensor(imag, shape, "float32")]
            made = tf.complex(*parts)
            tf.dispose(parts)
        else:
            made = tf.tensor(self.numbers(size, dtype), shape, dtype)
        self.tensors.append(made)
        return made

    def disposed_tensor(self) -> tf.Tensor:
        made = tf.tensor([1.0, 2.0])
        made.dispose()
        return made

    def numbers(self, size: int, dtype: str) -> list[Any]:
        rng = self.rng
        if dtype == "string":
            return [rng.choice(STRINGS) for _ in range(size)]
        if dtype == "bool":
            return [rng.random() < 0.5 for _ in range(size)]
        if dtype == "int32":
            return [rng.choice((0, 1, 2, 3, -1, 5, 2**31 - 1, -(2**31))) for _ in range(size)]
        special = rng.random() < 0.3
        return [rng.choice(FLOATS) if special else round(rng.uniform(-3, 3), 2) for _ in range(size)]

    def numpy_array(self) -> np.ndarray:
        """A NumPy array, of a dtype TF.js has no name for as often as not."""
        shape = self.theme_shape if self.rng.random() < 0.6 else self.shape()
        kind = self.rng.choice(NUMPY_KINDS)
        values = self.numbers(math.prod(shape), kind[1])
        with np.errstate(all="ignore"):
            return np.array(values, dtype=object).astype(kind[0]).reshape(shape)

    def nested_list(self) -> Any:
        shape = self.shape()
        values = self.numbers(math.prod(shape), self.rng.choice(("float32", "int32", "bool", "string")))
        nested = np.array(values, dtype=object).reshape(shape).tolist() if shape else values[0]
        if isinstance(nested, list) and nested and self.rng.random() < 0.2:
            nested[-1] = [nested[-1], nested[-1]]  # ragged
        return nested

    def tensor_like(self) -> Any:
        pick = self.rng.random()
        if pick < 0.65:
            return self.tensor()
        if pick < 0.72:
            return self.numpy_array()
        if pick < 0.82:
            return self.nested_list()
        if pick < 0.9:
            return self.rng.choice(FLOATS + INTS[:6])
        return self.oddity()

    def integer(self) -> Any:
        pick = self.rng.random()
        if pick < 0.75:
            return self.rng.choice((0, 1, 1, 2, 2, 3, 4, -1, -2, 5))
        if pick < 0.9:
            return self.rng.choice(INTS)
        return self.oddity()

    def int_list(self) -> Any:
        if self.rng.random() < 0.85:
            return [
                self.integer() if self.rng.random() < 0.2 else self.rng.choice((0, 1, 2, 3, -1))
                for _ in range(self.rng.randint(0, 5))
            ]
        return self.oddity()

    def pairs(self) -> Any:
        if self.rng.random() < 0.85:
            return [
                [self.rng.choice((0, 1, 2)), self.rng.choice((0, 1, 2, -1))]
                for _ in range(self.rng.randint(0, 5))
            ]
        return self.oddity()

    def number(self) -> Any:
        pick = self.rng.random()
        if pick < 0.6:
            return self.rng.choice((0, 1, 2, 0.5, -1, 0.1, 3))
        if pick < 0.9:
            return self.rng.choice(FLOATS + INTS)
        return self.oddity()

    def word(self, choices: tuple[str, ...] = ()) -> Any:
        pick = self.rng.random()
        if choices and pick < 0.8:
            return self.rng.choice(choices)
        if pick < 0.9:
            return self.rng.choice(WORDS)
        return self.oddity()

    def function(self) -> Any:
        pick = self.rng.choice(("half", "none", "raise", "tensor", "odd"))
        if pick == "half":
            return lambda *args: 0.5
        if pick == "none":
            return lambda *args: None
        if pick == "raise":
            return _raising
        if pick == "tensor":
            return lambda *args: tf.ones([2])
        return self.oddity()

    def tensor_list(self) -> Any:
        if self.rng.random() < 0.85:
            return [self.tensor_like() for _ in range(self.rng.randint(0, 4))]
        return self.oddity()

    # ---- by parameter ---------------------------------------------------------------

    def for_param(self, name: str, annotation: str) -> Any:
        """A value for parameter `name`, by its annotation; now and then anything at all."""
        if self.rng.random() < 0.1:
            return self.oddity()
        if name == "dtype":
            return self.word(("float32", "int32", "bool", "complex64", "string"))
        if "Callable" in annotation or "Func" in annotation:
            return self.function()
        if "Tensor" in annotation and "Sequence[" in annotation:
            return self.tensor_list()
        if "Tensor" in annotation:
            return self.tensor_like()
        if "Sequence[Sequence" in annotation:
            return self.pairs()
        if "Literal" in annotation:
            return self.word(tuple(re.findall(r"'([^']*)'", annotation)))
        if "Sequence[int" in annotation or "tuple[int" in annotation:
            return self.int_list() if self.rng.random() < 0.7 or "int |" not in annotation else self.integer()
        if annotation.startswith("int") or annotation == "Ord":
            return self.integer()
        if annotation.startswith(("float", "Reduction")):
            return self.number()
        if annotation.startswith("bool"):
            return self.rng.random() < 0.5 if self.rng.random() < 0.9 else self.oddity()
        if annotation.startswith("str") or annotation == "Pad":
            return self.word()
        return self.rng.choice((self.tensor_like, self.number, self.word, self.int_list, self.oddity))()


class UserFunctionError(RuntimeError):
    """What a user's function passed to an op raises: the op lets it through."""


def _raising(*args: Any) -> Any:
    raise UserFunctionError("a user function that fails")
