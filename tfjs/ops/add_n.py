from __future__ import annotations

from collections.abc import Sequence

from tfjs.engine import ENGINE
from tfjs.kernel_names import ADD_N
from tfjs.kernel_registry import register_gradient
from tfjs.ops.operation import op
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike, convert_to_tensor_list


@op
def add_n(tensors: Sequence[TensorLike]) -> Tensor:
    """Adds a list of tensors element-wise; they must all have the same shape and dtype.

    >>> tf.add_n([tf.tensor1d([1, 2]), tf.tensor1d([3, 4]), tf.tensor1d([5, 6])]).array_sync()
    [9.0, 12.0]
    """
    if not isinstance(tensors, (list, tuple)):
        raise TypeError(
            f"add_n: the argument 'tensors' must be a list of tensors, got {type(tensors).__name__}"
        )
    if len(tensors) < 1:
        raise ValueError(f"add_n: Must pass at least one tensor to tf.add_n(), but got {len(tensors)}")
    converted = convert_to_tensor_list(tensors, "tensors", "add_n")
    first = converted[0]
    for i, tensor in enumerate(converted):
        if tensor.dtype != first.dtype:
            raise TypeError(
                "add_n: All tensors passed to tf.add_n() must have the same dtype, but "
                f"tensors[{i}] is {tensor.dtype} and tensors[0] is {first.dtype}"
            )
    for i, tensor in enumerate(converted):
        if tensor.shape != first.shape:
            raise ValueError(
                "add_n: All tensors passed to tf.add_n() must have the same shape, but "
                f"tensors[{i}] has shape {list(tensor.shape)} and tensors[0] has {list(first.shape)}"
            )
    if first.dtype == "complex64":
        raise TypeError("add_n: argument 'tensors' can not be complex64 tensors")
    return ENGINE.run_kernel(ADD_N, {"tensors": converted})


@register_gradient(ADD_N, save_inputs=("tensors",))
def _add_n_grad(dy: Tensor, tensors: list[Tensor]) -> dict[str, list[Tensor]]:
    from tfjs.ops.clone import clone

    return {"tensors": [clone(dy) for _ in tensors]}
