"""TensorList*'s state (TF.js's executor/tensor_list.ts): a list of kept tensors whose
id tensor is the handle the graph passes around."""

from __future__ import annotations

from typing import Any

from tfjs import ops
from tfjs.converter.resources import _handle, assert_shapes_match
from tfjs.engine import ENGINE
from tfjs.tensor import Tensor

Shape = Any  # a list of ints (-1 unknown), or an int / None for an unknown rank


def _full(shape: Shape) -> bool:
    return isinstance(shape, (list, tuple)) and all(d >= 0 for d in shape)


def merge_element_shape(a: Shape, b: Shape) -> Shape:
    if not isinstance(a, (list, tuple)):
        return b
    if not isinstance(b, (list, tuple)):
        return a
    if len(a) != len(b):
        raise ValueError(f"Incompatible ranks during merge: {list(a)} vs. {list(b)}")
    result = []
    for x, y in zip(a, b, strict=False):
        if x >= 0 and y >= 0 and x != y:
            raise ValueError(f"Incompatible shape during merge: {list(a)} vs. {list(b)}")
        result.append(x if x >= 0 else y)
    return result


def infer_element_shape(list_shape: Shape, tensors: list[Tensor | None], element_shape: Shape) -> list[int]:
    partial = merge_element_shape(list_shape, element_shape)
    if not _full(partial):
        if not tensors:
            raise ValueError(
                f"Tried to calculate elements of an empty list with non-fully-defined elementShape: {partial}"
            )
        for tensor in tensors:
            if tensor is not None:
                partial = merge_element_shape(list(tensor.shape), partial)
    if not _full(partial):
        raise ValueError(f"Non-fully-defined elementShape: {partial}")
    return list(partial)


class TensorList:
    def __init__(
        self,
        tensors: list[Tensor | None],
        element_shape: Shape,
        element_dtype: str,
        max_num_elements: int = -1,
    ) -> None:
        for tensor in tensors:
            if tensor is None:
                continue
            if tensor.dtype != element_dtype:
                raise ValueError(
                    f"Invalid data types; op elements {element_dtype}, but list elements {tensor.dtype}"
                )
            assert_shapes_match(element_shape, list(tensor.shape), "TensorList shape mismatch: ")
            ENGINE.keep(tensor)
        self.tensors = tensors
        self.element_shape = element_shape
        self.element_dtype = element_dtype
        self.max_num_elements = max_num_elements
        self.id_tensor = _handle()

    @property
    def id(self) -> int:
        return self.id_tensor.id

    def size(self) -> int:
        return len(self.tensors)

    def clear_and_close(self, keep_ids: set[int] | None = None) -> None:
        for tensor in self.tensors:
            if tensor is not None and (keep_ids is None or tensor.id not in keep_ids):
                tensor.dispose()
        self.tensors = []
        self.id_tensor.dispose()

    def _check_dtype(self, dtype: str) -> None:
        if dtype != self.element_dtype:
            raise ValueError(
                f"Invalid data types; op elements {dtype}, but list elements {self.element_dtype}"
            )

    def stack(self, element_shape: Shape, element_dtype: str, num_elements: int = -1) -> Tensor:
        self._check_dtype(element_dtype)
        if num_elements != -1 and len(self.tensors) != num_elements:
            raise ValueError(
                f"Operation expected a list with {num_elements} elements but got a list with "
                f"{len(self.tensors)} elements."
            )
        assert_shapes_match(element_shape, self.element_shape, "TensorList shape mismatch: ")
        shape = infer_element_shape(self.element_shape, self.tensors, element_shape)
        if not self.tensors:
            return ops.tensor([], [0, *shape], element_dtype)
        return ENGINE.tidy(lambda: ops.stack([ops.reshape(t, shape) for t in self.tensors], 0))

    def pop_back(self, element_shape: Shape, element_dtype: str) -> Tensor:
        self._check_dtype(element_dtype)
        if not self.tensors:
            raise ValueError("Trying to pop from an empty list.")
        shape = infer_element_shape(self.element_shape, self.tensors, element_shape)
        tensor = self.tensors.pop()
        tensor.kept = False
        assert_shapes_match(list(tensor.shape), element_shape, "TensorList shape mismatch: ")
        return ops.reshape(tensor, shape)

    def push_back(self, tensor: Tensor) -> None:
        self._check_dtype(tensor.dtype)
        assert_shapes_match(list(tensor.shape), self.element_shape, "TensorList shape mismatch: ")
        if self.max_num_elements == self.size():
            raise ValueError("Trying to push element into a full list.")
        self.tensors.append(ENGINE.keep(tensor))

    def resize(self, size: int) -> TensorList:
        if size < 0:
            raise ValueError(f"TensorListResize expects size to be non-negative. Got: {size}")
        if self.max_num_elements != -1 and size > self.max_num_elements:
            raise ValueError(
                f"TensorListResize input size {size} is greater maxNumElement {self.max_num_elements}."
            )
        result = TensorList([], self.element_shape, self.element_dtype, self.max_num_elements)
        result.tensors = [self.tensors[i] if i < len(self.tensors) else None for i in range(size)]
        return result

    def get_item(self, index: int, element_shape: Shape, element_dtype: str) -> Tensor:
        self._check_dtype(element_dtype)
        if index < 0 or index > len(self.tensors):
            raise ValueError(f"Trying to access element {index} in a list with {len(self.tensors)} elements.")
        if index >= len(self.tensors) or self.tensors[index] is None:
            raise ValueError(f"element at index {index} is null.")
        assert_shapes_match(list(self.tensors[index].shape), element_shape, "TensorList shape mismatch: ")
        shape = infer_element_shape(self.element_shape, self.tensors, element_shape)
        return ops.reshape(self.tensors[index], shape)

    def set_item(self, index: int, tensor: Tensor) -> None:
        self._check_dtype(tensor.dtype)
        if index < 0 or (self.max_num_elements != -1 and index >= self.max_num_elements):
            raise ValueError(
                f"Trying to set element {index} in a list with max {self.max_num_elements} elements."
            )
        assert_shapes_match(self.element_shape, list(tensor.shape), "TensorList shape mismatch: ")
        ENGINE.keep(tensor)
        while len(self.tensors) <= index:
            self.tensors.append(None)
        if self.tensors[index] is not None:
            self.tensors[index].kept = False
        self.tensors[index] = tensor

    def gather(self, indices: list[int], element_dtype: str, element_shape: Shape) -> Tensor:
        self._check_dtype(element_dtype)
        assert_shapes_match(self.element_shape, element_shape, "TensorList shape mismatch: ")
        indices = list(indices)[: self.size()]
        shape = infer_element_shape(self.element_shape, self.tensors, element_shape)
        if not indices:
            return ops.tensor([], [0, *shape], element_dtype)
        return ENGINE.tidy(lambda: ops.stack([ops.reshape(self.tensors[i], shape) for i in indices], 0))

    def concat(self, element_dtype: str | None, element_shape: Shape) -> Tensor:
        if element_dtype and element_dtype != self.element_dtype:
            raise ValueError(
                f"TensorList dtype is {self.element_dtype} but concat requested dtype {element_dtype}"
            )
        assert_shapes_match(self.element_shape, element_shape, "TensorList shape mismatch: ")
        shape = infer_element_shape(self.element_shape, self.tensors, element_shape)
        if self.size() == 0:
            return ops.tensor([], [0, *shape], self.element_dtype)
        return ENGINE.tidy(lambda: ops.concat([ops.reshape(t, shape) for t in self.tensors], 0))


def from_tensor(tensor: Tensor, element_shape: Shape, element_dtype: str) -> TensorList:
    if tensor.rank < 1:
        raise ValueError(f"Tensor must be at least a vector, but saw shape: {list(tensor.shape)}")
    if tensor.dtype != element_dtype:
        raise ValueError(f"Invalid data types; op elements {tensor.dtype}, but list elements {element_dtype}")
    assert_shapes_match(list(tensor.shape[1:]), element_shape, "TensorList shape mismatch: ")
    return TensorList(ops.unstack(tensor), element_shape, tensor.dtype)


def reserve(element_shape: Shape, element_dtype: str, num_elements: int, max_num_elements: int) -> TensorList:
    return TensorList([], element_shape, element_dtype, max_num_elements)


def scatter(
    tensor: Tensor, indices: list[int], element_shape: Shape, num_elements: int | None = None
) -> TensorList:
    if len(indices) != tensor.shape[0]:
        raise ValueError(
            f"Expected len(indices) == tensor.shape[0], but saw: {len(indices)} vs. {tensor.shape[0]}"
        )
    if indices and num_elements is not None and num_elements != -1 and max(indices) >= num_elements:
        raise ValueError(f"Max index must be < array size ({max(indices)}  vs. {num_elements})")
    result = TensorList([], element_shape, tensor.dtype, -1 if num_elements is None else num_elements)
    for index, item in zip(indices, ops.unstack(tensor, 0), strict=False):
        result.set_item(index, item)
    return result


def split(tensor: Tensor, lengths: list[int], element_shape: Shape) -> TensorList:
    total = sum(lengths)
    if total != tensor.shape[0]:
        raise ValueError(
            f"Expected sum of lengths to be equal to tensor.shape[0], but sum of lengths is {total}, "
            f"and tensor's shape is: {list(tensor.shape)}"
        )
    out_shape = merge_element_shape(list(tensor.shape[1:]), element_shape)
    per_row = 0 if total == 0 else tensor.size // total

    def pieces() -> list[Tensor]:
        flat = ops.reshape(tensor, [1, total, per_row])
        out, start = [], 0
        for length in lengths:
            out.append(ops.reshape(ops.slice(flat, [0, start, 0], [1, length, per_row]), out_shape))
            start += length
        return out

    result = TensorList([], element_shape, tensor.dtype, len(lengths))
    for index, item in enumerate(ENGINE.tidy(pieces)):
        result.set_item(index, item)
    return result
