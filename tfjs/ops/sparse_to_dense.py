from __future__ import annotations

from collections.abc import Sequence

from tfjs.engine import ENGINE
from tfjs.kernel_names import SPARSE_TO_DENSE
from tfjs.kernel_registry import register_gradient
from tfjs.ops.operation import op
from tfjs.ops.slicing_util import is_int
from tfjs.tensor import Tensor
from tfjs.tensor_format import js_list, js_text
from tfjs.tensor_size import check_tensor_size
from tfjs.tensor_util import TensorLike, convert_to_tensor


@op
def sparse_to_dense(
    sparse_indices: TensorLike,
    sparse_values: TensorLike,
    output_shape: Sequence[int],
    default_value: TensorLike = 0,
) -> Tensor:
    """A dense tensor of `output_shape`: `default_value` everywhere except at
    `sparse_indices` (int32: a scalar or vector of indices into a 1-D output, or a matrix
    of index rows), which get `sparse_values` (a scalar for all, or one value per index;
    of repeated indices the last wins).

    >>> tf.sparse_to_dense(tf.tensor1d([0, 2], "int32"), tf.tensor1d([5, 6]), [4]).array_sync()
    [5.0, 0.0, 6.0, 0.0]
    """
    name = "sparse_to_dense"
    shape_ok = isinstance(output_shape, (list, tuple)) and all(is_int(d) and d >= 0 for d in output_shape)
    if not shape_ok:
        shown = js_list(output_shape) if isinstance(output_shape, (list, tuple)) else js_text(output_shape)
        raise ValueError(
            f"{name}: Tensor must have a shape comprised of positive integers but got shape [{shown}]."
        )
    shape = tuple(int(d) for d in output_shape)
    indices = convert_to_tensor(sparse_indices, "sparse_indices", name, "int32")
    values = convert_to_tensor(sparse_values, "sparse_values", name, "string_or_numeric")
    default = convert_to_tensor(default_value, "default_value", name, values.dtype)
    _validate(indices, values, shape, default)
    check_tensor_size(shape, values.dtype, name)
    return ENGINE.run_kernel(
        SPARSE_TO_DENSE,
        {"sparse_indices": indices, "sparse_values": values, "default_value": default},
        {"output_shape": shape},
    )


def _validate(indices: Tensor, values: Tensor, shape: tuple[int, ...], default: Tensor) -> None:
    """TF.js's sparse_to_dense_util.validateInput, and a default value to fill with."""
    name = "sparse_to_dense"
    if indices.rank > 2:
        raise ValueError(
            f"{name}: sparseIndices should be a scalar, vector, or matrix, but got shape "
            f"{js_list(indices.shape)}."
        )
    num_elems = indices.shape[0] if indices.rank > 0 else 1
    num_dims = indices.shape[1] if indices.rank > 1 else 1
    if len(shape) != num_dims:
        raise ValueError(
            f"{name}: outputShape has incorrect number of elements:, {len(shape)}, should be: {num_dims}."
        )
    if not (values.rank == 0 or (values.rank == 1 and values.size == num_elems)):
        raise ValueError(
            f"{name}: sparseValues has incorrect shape {js_list(values.shape)}, should be [] or [{num_elems}]"
        )
    if values.dtype != default.dtype:
        raise TypeError(f"{name}: sparseValues.dtype must match defaultValues.dtype")
    if default.size == 0:  # TF.js fills with its first value, which does not exist
        raise ValueError(f"{name}: default_value must hold a value, but got shape [{js_list(default.shape)}]")
    if values.dtype == "complex64":
        raise TypeError(f"{name}: Unsupported type complex64")


@register_gradient(SPARSE_TO_DENSE, save_inputs=("sparse_indices", "sparse_values", "default_value"))
def _sparse_to_dense_grad(
    dy: Tensor, sparse_indices: Tensor, sparse_values: Tensor, default_value: Tensor
) -> dict[str, Tensor]:
    """TF.js has none; TensorFlow's (_SparseToDenseGrad): each value gets dy at its index
    (a scalar value, their sum; of a repeated index only the last, which the kernel
    writes, gets it) and the default value the sum of dy everywhere else (TensorFlow:
    sum(dy) - sum(the values' gradients), the same sum)."""
    from tfjs.ops.broadcast_util import sum_to_shape
    from tfjs.ops.cast import cast
    from tfjs.ops.equal import equal
    from tfjs.ops.gather_nd import gather_nd
    from tfjs.ops.mul import mul
    from tfjs.ops.pad import pad
    from tfjs.ops.range import range as range_
    from tfjs.ops.reshape import reshape
    from tfjs.ops.sum import sum  # noqa: A004
    from tfjs.ops.zeros import zeros

    shape = list(dy.shape)
    count = sparse_indices.size // len(shape)
    vectors = reshape(sparse_indices, [count, len(shape)])
    # Each index's number written where it writes (the last wins, as in the kernel): the
    # writes that stay and the places left to the default value, found on the device.
    numbers = range_(0, count, 1, "int32")
    writers = sparse_to_dense(vectors, numbers, shape, -1)
    if count and dy.size:
        last = cast(equal(gather_nd(writers, vectors), numbers), "float32")
        picked = mul(gather_nd(dy, vectors), last)
    else:
        picked = zeros([count])
    rest = reshape(sum(mul(dy, cast(equal(writers, -1), "float32"))), [1])
    # Only the default value's first element is read.
    rest = pad(rest, [[0, default_value.size - 1]]) if default_value.size > 1 else rest
    return {
        "sparse_values": sum_to_shape(picked, sparse_values.shape),
        "default_value": reshape(rest, list(default_value.shape)),
    }
