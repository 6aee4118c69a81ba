"""Checks of a tensor's values, which kernels make (an op never downloads a tensor to
validate it): indices in range, non-negative counts, shapes that broadcast. Each backend
finds the first bad value in its own arrays; the error is made here from it, in TF.js's
words, so that every backend says the same. The NumPy finders serve the `cpu` backend."""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar

import numpy as np

from tfjs.backend_util.gather_indices import flat_slice_indices
from tfjs.tensor_format import js_list

# (op name, argument) that a composite op's inner kernel names in its value errors.
_NAMING: ContextVar[tuple[str, str] | None] = ContextVar("value_check_naming", default=None)


@contextmanager
def value_checks_named(op_name: str, arg: str) -> Iterator[None]:
    """Within it, a count check of a kernel names `op_name` and `arg` instead of its own
    op and `x`: a composite op (threshold's otsu histogram) names what its caller gave."""
    token = _NAMING.set((op_name, arg))
    try:
        yield
    finally:
        _NAMING.reset(token)


def gather_index_error(op_name: str, value: int, size: int) -> IndexError:
    """TF.js's GatherV2 message for an index outside [0, size - 1]."""
    return IndexError(f"{op_name}: GatherV2: the index value {value} is not in [0, {size - 1}]")


def index_vector_error(op_name: str, vector: Sequence[int], shape: Sequence[int]) -> IndexError:
    """TF.js's message for an index vector whose slice is outside `shape`."""
    return IndexError(f"{op_name}: Invalid indices: {js_list(vector)} does not index into {js_list(shape)}")


def box_index_error(op_name: str, position: int, value: int, batch: int) -> IndexError:
    """crop_and_resize's message for a box index outside the image batch."""
    return IndexError(f"{op_name}: boxInd[{position}] = {value} is not in [0, {batch}) (the image batch)")


def negative_count_error(op_name: str, value: int) -> ValueError:
    """TF.js's bincount message for a negative value (named as `value_checks_named` says)."""
    naming = _NAMING.get()
    op, arg = naming if naming is not None else (op_name, "x")
    return ValueError(f"{op}: Input x must be non-negative! Got {value} in {arg}.")


def broadcast_error(op_name: str, a: Sequence[int], b: Sequence[int]) -> ValueError:
    """TF.js's message for two shapes that do not broadcast."""
    return ValueError(
        f"{op_name}: Operands could not be broadcast together with shapes "
        f"{','.join(map(str, a))} and {','.join(map(str, b))}."
    )


def index_vector_rank(index_shape: Sequence[int], one_dim_is_one_vector: bool = False) -> int:
    """The length of each index vector: the last axis of `index`; a 1-D (or scalar) index
    holds one-number vectors, or is one vector with `one_dim_is_one_vector` (gather_nd)."""
    if len(index_shape) > 1 or (one_dim_is_one_vector and len(index_shape) == 1):
        return index_shape[-1]
    return 1


def first_bad_index_vector(
    index: np.ndarray, shape: Sequence[int], one_dim_is_one_vector: bool = False
) -> list[int] | None:
    """The first index vector of `index` whose slice is outside `shape`, or None. As in
    TF.js, only the slice's flat number is checked: [0, 5] names the last row of [3, 2].

    >>> first_bad_index_vector(np.array([[0, 5], [3, 0]]), (3, 2))
    [3, 0]
    """
    if index.size == 0:
        return None
    rank = index_vector_rank(index.shape, one_dim_is_one_vector)
    if rank == 0 or (index.min() >= 0 and index.max() < min(shape[:rank])):
        return None  # every component in every axis' range: every flat number is in range
    vectors = index.reshape(-1, rank)
    flat = flat_slice_indices(vectors, shape)
    bad = np.flatnonzero((flat < 0) | (flat >= math.prod(shape[:rank])))
    return vectors[bad[0]].tolist() if bad.size else None


def check_index_vectors(
    index: np.ndarray, shape: Sequence[int], op_name: str, one_dim_is_one_vector: bool = False
) -> None:
    """An IndexError naming the first index vector of `index` outside `shape`."""
    bad = first_bad_index_vector(index, shape, one_dim_is_one_vector)
    if bad is not None:
        raise index_vector_error(op_name, bad, shape)


def check_scatter_indices(index: np.ndarray, shape: Sequence[int], op_name: str) -> None:
    """The index check of TF.js's Scatter kernels (none when the output is empty)."""
    if math.prod(shape):
        check_index_vectors(index, shape, op_name)


def first_outside(values: np.ndarray, size: int) -> int | None:
    """The flat position of the first value outside [0, size), or None.

    >>> first_outside(np.array([0, 2, -1, 3], np.int32), 3)
    2
    """
    # As unsigned numbers, negative values are above 2**31: one pass checks both ends.
    if values.size == 0 or values.astype(np.int32, copy=False).view(np.uint32).max() < size:
        return None
    return int(np.flatnonzero((values < 0) | (values >= size))[0])


def broadcast_shape_of(a: Sequence[int], b: Sequence[int]) -> list[int] | None:
    """The shape `a` and `b` broadcast to, or None where they do not.

    >>> broadcast_shape_of([2, 1], [3]), broadcast_shape_of([2, 3], [4])
    ([2, 3], None)
    """
    rank = max(len(a), len(b))
    padded_a = [1] * (rank - len(a)) + list(a)
    padded_b = [1] * (rank - len(b)) + list(b)
    result = []
    for dim_a, dim_b in zip(padded_a, padded_b, strict=True):
        if dim_a != dim_b and dim_a != 1 and dim_b != 1:
            return None
        result.append(dim_b if dim_a == 1 else dim_a)
    return result
