from __future__ import annotations

from typing import NamedTuple

from tfjs.engine import ENGINE
from tfjs.kernel_names import SPARSE_FILL_EMPTY_ROWS
from tfjs.ops.operation import op
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike, convert_to_tensor


class SparseFillEmptyRowsResult(NamedTuple):
    output_indices: Tensor
    output_values: Tensor
    empty_row_indicator: Tensor
    reverse_index_map: Tensor


@op
def sparse_fill_empty_rows(
    indices: TensorLike, values: TensorLike, dense_shape: TensorLike, default_value: TensorLike
) -> SparseFillEmptyRowsResult:
    """Fills the empty rows of a sparse tensor (`indices`, `values`, `dense_shape`): each
    row with no value gets one, `default_value` at `[row, 0, ..., 0]`. Returns the new
    `output_indices` and `output_values` (row-major), `empty_row_indicator` (which rows
    were empty) and `reverse_index_map` (where each input value went).

    >>> r = tf.sparse.sparse_fill_empty_rows([[0, 0], [1, 0], [1, 3], [3, 2]], [0, 10, 13, 32], [5, 6], -1)
    >>> r.output_indices.array_sync()
    [[0, 0], [1, 0], [1, 3], [2, 0], [3, 2], [4, 0]]
    >>> r.output_values.array_sync(), r.empty_row_indicator.array_sync(), r.reverse_index_map.array_sync()
    ([0.0, 10.0, 13.0, -1.0, 32.0, -1.0], [False, False, True, False, True], [0, 1, 2, 4])
    """
    name = "sparse_fill_empty_rows"
    indices_t = convert_to_tensor(indices, "indices", name, "int32")
    values_t = convert_to_tensor(values, "values", name)
    shape_t = convert_to_tensor(dense_shape, "denseShape", name, "int32")
    default_t = convert_to_tensor(default_value, "defaultValue", name, values_t.dtype)
    if indices_t.rank != 2:
        raise ValueError(
            f"{name}: Indices should be Tensor2D but received shape\n        {_text(indices_t.shape)}"
        )
    if values_t.rank != 1:
        raise ValueError(f"{name}: Values should be Tensor1D but received shape {_text(values_t.shape)}")
    if shape_t.rank != 1:
        raise ValueError(f"{name}: Dense shape should be Tensor1D but received shape {_text(shape_t.shape)}")
    if default_t.rank != 0:
        raise ValueError(
            f"{name}: Default value should be a scalar but received shape {_text(default_t.shape)}"
        )
    if values_t.shape[0] != indices_t.shape[0]:
        raise ValueError(
            f"{name}: indices and values must have as many entries, got indices of shape "
            f"{list(indices_t.shape)} and values of shape {list(values_t.shape)}"
        )
    if shape_t.shape[0] == 0:
        raise ValueError(f"{name}: denseShape must name at least one dimension, got shape []")
    if indices_t.shape[1] != shape_t.shape[0]:
        raise ValueError(
            f"{name}: indices must have one column per dimension of denseShape, got indices of shape "
            f"{list(indices_t.shape)} for a denseShape of {shape_t.shape[0]} dimensions"
        )
    inputs = {"indices": indices_t, "values": values_t, "dense_shape": shape_t, "default_value": default_t}
    return SparseFillEmptyRowsResult(*ENGINE.run_kernel(SPARSE_FILL_EMPTY_ROWS, inputs))


def _text(shape: tuple[int, ...]) -> str:
    """A shape as TF.js's messages print it: `2,3`."""
    return ",".join(str(d) for d in shape)
