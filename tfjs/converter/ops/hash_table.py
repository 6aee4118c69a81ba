"""Mappers of TF.js's `hash_table` category (hash_table_executor.ts): tables live in the
model's ResourceManager, shared with the modelInitializer graph that fills them."""

from __future__ import annotations

from typing import Any

from tfjs import ops
from tfjs.converter.op_registry import tf_op
from tfjs.converter.resources import HashTable
from tfjs.tensor import Tensor


@tf_op("HashTable", "HashTableV2")
def hash_table(*, key_dtype: str | None = None, value_dtype: str | None = None, context: Any) -> Tensor:
    """The table named after this node: the initializer's when it made one already."""
    name = context.node.name
    existing = context.resources.handles_by_name.get(name)
    if existing is not None:
        return existing
    table = HashTable(key_dtype, value_dtype)
    context.resources.add_hash_table(name, table)
    return table.handle


@tf_op("InitializeTable", "InitializeTableV2", "LookupTableImport", "LookupTableImportV2")
def lookup_table_import(handle: Tensor, keys: Tensor, values: Tensor, *, context: Any) -> Tensor:
    return context.resources.get_hash_table(handle).import_(keys, values)


@tf_op("LookupTableFind", "LookupTableFindV2")
def lookup_table_find(handle: Tensor, keys: Tensor, default_value: Tensor, *, context: Any) -> Tensor:
    return context.resources.get_hash_table(handle).find(keys, default_value)


@tf_op("LookupTableSize", "LookupTableSizeV2")
def lookup_table_size(handle: Tensor, *, context: Any) -> Tensor:
    return ops.scalar(context.resources.get_hash_table(handle).size(), "int32")
