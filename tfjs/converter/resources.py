"""The stateful resources of a running graph: hash tables (shared by a model and its
initializer graph through the ResourceManager) and TensorArrays (TF.js's
executor/hash_table.ts, resource_manager.ts and tensor_array.ts)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tfjs import ops
from tfjs.engine import ENGINE
from tfjs.tensor import Tensor


def _handle() -> Tensor:
    """A kept scalar whose tensor id names a resource, as TF.js does."""
    return ENGINE.keep(ops.scalar(0))


def _key(value: Any) -> Any:
    return value.decode() if isinstance(value, bytes) else (value.item() if hasattr(value, "item") else value)


class HashTable:
    """A key -> value table filled by LookupTableImport/InitializeTable."""

    def __init__(self, key_dtype: str, value_dtype: str) -> None:
        self.key_dtype = key_dtype
        self.value_dtype = value_dtype
        self.handle = _handle()
        self._map: dict[Any, Tensor] = {}

    @property
    def id(self) -> int:
        return self.handle.id

    def size(self) -> int:
        return len(self._map)

    def clear_and_close(self) -> None:
        for value in self._map.values():
            value.dispose()
        self._map.clear()
        self.handle.dispose()

    def _check(self, keys: Tensor, values: Tensor) -> None:
        if keys.dtype != self.key_dtype:
            raise ValueError(f"Expect key dtype {self.key_dtype}, but got {keys.dtype}")
        if values.dtype != self.value_dtype:
            raise ValueError(f"Expect value dtype {self.value_dtype}, but got {values.dtype}")

    def import_(self, keys: Tensor, values: Tensor) -> Tensor:
        """Replaces the table's entries: key i maps to `values[i]`. The counts are checked
        from the shapes, before the keys are downloaded or the table changes."""
        self._check(keys, values)
        if values.rank and keys.size != values.shape[0]:
            raise ValueError(
                f"The number of elements doesn't match, keys has {keys.size} elements, "
                f"the values has {values.shape[0]} elements."
            )
        flat_keys = [_key(k) for k in keys.numpy().reshape(-1)]
        items = ops.unstack(values)  # a scalar `values` is rejected here, the table intact
        for value in self._map.values():
            value.dispose()
        self._map.clear()
        for key, item in zip(flat_keys, items, strict=True):
            self._map[key] = ENGINE.keep(item)
        return self.handle

    def find(self, keys: Tensor, default_value: Tensor) -> Tensor:
        self._check(keys, default_value)
        found = [self._map.get(_key(k), default_value) for k in keys.numpy().reshape(-1)]
        if not found:  # no keys: no values (TF.js fails stacking none)
            return ops.tensor([], [0, *default_value.shape], self.value_dtype)
        return ops.stack(found)


class ResourceManager:
    """The hash tables of a model, by id and by the name of the node that made them."""

    def __init__(self) -> None:
        self.handles_by_name: dict[str, Tensor] = {}
        self.tables: dict[int, HashTable] = {}

    def add_hash_table(self, name: str, table: HashTable) -> None:
        self.handles_by_name[name] = table.handle
        self.tables[table.id] = table

    def get_hash_table(self, handle: Tensor) -> HashTable:
        table = self.tables.get(handle.id)
        if table is None:
            raise ValueError(f"Tensor {handle.id} is not the handle of a hash table of this model")
        return table

    def dispose(self) -> None:
        for table in self.tables.values():
            table.clear_and_close()
        self.tables.clear()
        for handle in self.handles_by_name.values():
            handle.dispose()
        self.handles_by_name.clear()


def initializer_outputs(initializer_signature: Any) -> dict[str, Any]:
    """The `outputs` of a model's initializerSignature ({key: TensorInfo}), checked to
    be JSON of the right kinds; empty when there is none."""
    if initializer_signature is None:
        return {}
    outputs = initializer_signature.get("outputs") if isinstance(initializer_signature, dict) else None
    if not isinstance(outputs or {}, dict) or not isinstance(initializer_signature, dict):
        raise ValueError(
            f"The model's initializerSignature must be an object whose 'outputs' is an object, "
            f"got {initializer_signature!r:.80}"
        )
    for key, entry in (outputs or {}).items():
        resource_id = entry.get("resourceId") if isinstance(entry, dict) else None
        if not isinstance(entry, dict) or not _is_resource_id(resource_id):
            raise ValueError(
                f"The initializerSignature output '{key}' must be an object with an integer resourceId"
            )
    return outputs or {}


def resource_inputs(
    signature: Mapping[str, Any], initializer_signature: Any, init_graph: Any
) -> dict[str, Any]:
    """{signature key: resourceId} of the signature's inputs that carry a resourceId: the
    model feeds each the `initializerSignature` output of the same resourceId (TF.js's
    resourceIdToCapturedInput). Raises a ValueError naming the input when no initializer
    output has its resourceId."""
    entries = signature.get("inputs") or {}
    wanted = {
        key: entry["resourceId"]
        for key, entry in entries.items()
        if isinstance(entry, dict) and entry.get("resourceId") is not None
    }
    provided = {entry["resourceId"] for entry in initializer_outputs(initializer_signature).values()}
    for key, resource_id in wanted.items():
        if not _is_resource_id(resource_id):
            raise ValueError(
                f"The signature input '{key}' has resourceId {resource_id!r:.40}, not an integer"
            )
        if init_graph is None or resource_id not in provided:
            raise ValueError(
                f"The signature input '{key}' is a resource (resourceId {resource_id!r}) that no output "
                "of the model's initializerSignature provides: the model cannot feed it"
            )
    return wanted


def _is_resource_id(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def assert_shapes_match(
    a: Sequence[int] | int | None, b: Sequence[int] | int | None, prefix: str = ""
) -> None:
    """Shapes agree where both are known (-1 matches anything; a number or None is an unknown rank)."""
    if a is None or b is None or isinstance(a, int) or isinstance(b, int):
        return
    if len(a) != len(b) or any(x >= 0 and y >= 0 and x != y for x, y in zip(a, b, strict=False)):
        raise ValueError(f"{prefix} Shapes {list(a)} and {list(b)} must match")


class TensorArray:
    """TensorArrayV3's state: written tensors, each read at most once when `clear_after_read`."""

    def __init__(
        self,
        name: str,
        dtype: str,
        max_size: int,
        element_shape: list[int] | None,
        identical_element_shapes: bool,
        dynamic_size: bool,
        clear_after_read: bool,
    ) -> None:
        self.name = name
        self.dtype = dtype
        self.max_size = max_size
        self.element_shape = element_shape
        self.identical_element_shapes = identical_element_shapes
        self.dynamic_size = dynamic_size
        self.clear_after_read = clear_after_read
        self.tensors: list[dict[str, Any]] = []
        self.closed = False
        self.id_tensor = _handle()

    @property
    def id(self) -> int:
        return self.id_tensor.id

    def clear_and_close(self, keep_ids: set[int] | None = None) -> None:
        for state in self.tensors:
            tensor = state.get("tensor")
            if tensor is not None and (keep_ids is None or tensor.id not in keep_ids):
                tensor.dispose()
        self.tensors = []
        self.closed = True
        self.id_tensor.dispose()

    def size(self) -> int:
        return len(self.tensors)

    def read(self, index: int) -> Tensor:
        if self.closed:
            raise ValueError(f"TensorArray {self.name} has already been closed.")
        if index < 0 or index >= self.size():
            raise ValueError(f"Tried to read from index {index}, but array size is: {self.size()}")
        state = self.tensors[index]
        if state.get("cleared"):
            raise ValueError(
                f"TensorArray {self.name}: Could not read index {index} twice because it was cleared after "
                "a previous read (perhaps try setting clear_after_read = false?)."
            )
        if self.clear_after_read:
            state["cleared"] = True
        state["read"] = True
        return state["tensor"]

    def write(self, index: int, tensor: Tensor) -> None:
        if self.closed:
            raise ValueError(f"TensorArray {self.name} has already been closed.")
        if index < 0 or (not self.dynamic_size and index >= self.max_size):
            raise ValueError(
                f"Tried to write to index {index}, but array is not resizeable and size is: {self.max_size}"
            )
        if tensor.dtype != self.dtype:
            raise ValueError(
                f"TensorArray {self.name}: Could not write to TensorArray index {index}, because the "
                f"value dtype is {tensor.dtype}, but TensorArray dtype is {self.dtype}."
            )
        if self.size() == 0 and not self.element_shape:
            self.element_shape = list(tensor.shape)
        assert_shapes_match(
            self.element_shape,
            list(tensor.shape),
            f"TensorArray {self.name}: Could not write to TensorArray index {index}.",
        )
        while len(self.tensors) <= index:
            self.tensors.append({})
        state = self.tensors[index]
        if state.get("read"):
            raise ValueError(
                f"TensorArray {self.name}: Could not write to TensorArray index {index}, "
                "because it has already been read."
            )
        if state.get("written"):
            raise ValueError(
                f"TensorArray {self.name}: Could not write to TensorArray index {index}, "
                "because it has already been written."
            )
        state["tensor"] = ENGINE.keep(tensor)
        state["written"] = True

    def gather(self, indices: list[int] | None = None, dtype: str | None = None) -> Tensor:
        if dtype and dtype != self.dtype:
            raise ValueError(f"TensorArray dtype is {self.dtype} but gather requested dtype {dtype}")
        indices = list(range(self.size())) if indices is None else list(indices)[: self.size()]
        if not indices:
            return ops.tensor([], [0, *(self.element_shape or [])])
        tensors = [self.read(i) for i in indices]
        assert_shapes_match(self.element_shape, list(tensors[0].shape), "TensorArray shape mismatch: ")
        return ops.stack(tensors, 0)

    def concat(self, dtype: str | None = None) -> Tensor:
        if dtype and dtype != self.dtype:
            raise ValueError(f"TensorArray dtype is {self.dtype} but concat requested dtype {dtype}")
        if self.size() == 0:
            return ops.tensor([], [0, *(self.element_shape or [])])
        tensors = [self.read(i) for i in range(self.size())]
        assert_shapes_match(self.element_shape, list(tensors[0].shape), "TensorArray shape mismatch: ")
        return ops.concat(tensors, 0)

    def scatter(self, indices: list[int], tensor: Tensor) -> None:
        if tensor.dtype != self.dtype:
            raise ValueError(f"TensorArray dtype is {self.dtype} but tensor has dtype {tensor.dtype}")
        if len(indices) != tensor.shape[0]:
            raise ValueError(
                f"Expected len(indices) == tensor.shape[0], but saw: {len(indices)} vs. {tensor.shape[0]}"
            )
        if indices and not self.dynamic_size and max(indices) >= self.max_size:
            raise ValueError(f"Max index must be < array size ({max(indices)}  vs. {self.max_size})")
        for index, item in zip(indices, ops.unstack(tensor, 0), strict=False):
            self.write(index, item)

    def split(self, lengths: list[int], tensor: Tensor) -> None:
        if tensor.dtype != self.dtype:
            raise ValueError(f"TensorArray dtype is {self.dtype} but tensor has dtype {tensor.dtype}")
        total = sum(lengths)
        if total != tensor.shape[0]:
            raise ValueError(
                f"Expected sum of lengths to be equal to tensor.shape[0], but sum of lengths is {total}, "
                f"and tensor's shape is: {list(tensor.shape)}"
            )
        if not self.dynamic_size and len(lengths) != self.max_size:
            raise ValueError(
                "TensorArray's size is not equal to the size of lengths "
                f"({self.max_size} vs. {len(lengths)}), "
                "and the TensorArray is not marked as dynamically resizeable"
            )
        per_row = 0 if total == 0 else tensor.size // total

        def pieces() -> list[Tensor]:
            flat = ops.reshape(tensor, [1, total, per_row])
            out, start = [], 0
            for length in lengths:
                out.append(
                    ops.reshape(ops.slice(flat, [0, start, 0], [1, length, per_row]), self.element_shape)
                )
                start += length
            return out

        for index, item in enumerate(ENGINE.tidy(pieces)):
            self.write(index, item)
