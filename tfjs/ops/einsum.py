from __future__ import annotations

from tfjs.einsum_util import einsum_plan
from tfjs.engine import ENGINE
from tfjs.kernel_names import EINSUM
from tfjs.kernel_registry import register_gradient
from tfjs.ops.operation import op
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike, convert_to_tensor


@op
def einsum(equation: str, *tensors: TensorLike) -> Tensor:
    """Tensor contraction over specified indices and outer product (Einstein summation).

    The subset TF.js supports: an equation with an explicit output (`"ij,jk->ik"`), one
    or two inputs, no ellipsis, no label repeated within an input; labels absent from
    the output are summed. Products are computed in the inputs' upcast dtype; sums of
    int32 and bool are int32.

    >>> tf.einsum("ij,jk->ik", tf.tensor2d([[1, 2], [3, 4]]), tf.tensor2d([[5], [6]])).array_sync()
    [[17.0], [39.0]]
    >>> tf.einsum("ij->ji", tf.tensor2d([[1, 2, 3]])).array_sync()
    [[1.0], [2.0], [3.0]]
    """
    inputs = [convert_to_tensor(t, f"tensors{i}", "einsum") for i, t in enumerate(tensors)]
    plan = einsum_plan(equation, [t.shape for t in inputs])
    num_sums = len(plan.path) if plan.path[0] >= 0 else 0
    if any(inputs[t].dtype == "complex64" for step in plan.steps[:num_sums] for t in step):
        raise TypeError("einsum: sum does not support complex64 tensors in the CPU backend.")
    return ENGINE.run_kernel(EINSUM, {"tensors": inputs}, {"equation": equation})


@register_gradient(EINSUM, save_inputs=("tensors",))
def _einsum_grad(dy: Tensor, tensors: list[Tensor], equation: str) -> dict[str, list[Tensor]]:
    """TF.js has none; derived as TensorFlow's (special_math_ops.py): the gradient of an
    input is the einsum of `dy` with the other input down to the input's labels; labels
    only that input has (summed over in the forward pass) are broadcast back."""
    terms, output = "".join(equation.split()).split("->")
    terms = terms.split(",")
    grads = []
    for i, (term, x) in enumerate(zip(terms, tensors, strict=True)):
        others = [(t, tensors[j]) for j, t in enumerate(terms) if j != i]
        known = output + "".join(t for t, _ in others)
        kept = "".join(label for label in term if label in known)
        if others:
            [(other_term, other)] = others
            grad = einsum(f"{output},{other_term}->{kept}", dy, other)
        else:
            grad = _permute(dy, output, kept)
        grads.append(_broadcast_labels(grad, kept, term, x.shape))
    return {"tensors": grads}


def _permute(x: Tensor, labels: str, order: str) -> Tensor:
    from tfjs.ops.transpose import transpose

    perm = [labels.index(label) for label in order]
    return x if perm == sorted(perm) else transpose(x, perm)


def _broadcast_labels(grad: Tensor, kept: str, term: str, shape: tuple[int, ...]) -> Tensor:
    """`grad` (over the labels `kept`, in `term`'s order) repeated along `term`'s other labels."""
    if kept == term:
        return grad
    from tfjs.ops.mul import mul
    from tfjs.ops.ones import ones
    from tfjs.ops.reshape import reshape

    kept_shape = [d if label in kept else 1 for label, d in zip(term, shape, strict=True)]
    return mul(reshape(grad, kept_shape), ones(list(shape)))
