"""TF.js's gradient functions: `grad`, `grads`, `value_and_grad`, `value_and_grads`,
`variable_grads` and `custom_grad` (tfjs-core/src/gradients.ts)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

from tfjs.engine import ENGINE
from tfjs.tensor import Tensor, Variable
from tfjs.tensor_util import TensorLike, convert_to_tensor


class ValueAndGrad(NamedTuple):
    value: Tensor
    grad: Tensor


class ValueAndGrads(NamedTuple):
    value: Tensor
    grads: list[Tensor]


class VariableGrads(NamedTuple):
    value: Tensor
    grads: dict[str, Tensor | None]


def grad(f: Callable[[Tensor], Tensor]) -> Callable[..., Tensor]:
    """Provided `f(x)`, returns another function `g(x, dy=None)` which gives the gradient of
    `f(x)` with respect to `x` (scaled by `dy`, default ones).

    >>> g = tf.grad(lambda x: x.square())
    >>> g(tf.tensor1d([2, 3])).array_sync()
    [4.0, 6.0]
    """
    _check_function(f, "grad(f)")

    def gradient(x: TensorLike, dy: TensorLike | None = None) -> Tensor:
        if isinstance(x, Variable):
            raise TypeError("grad(f)(x): x cannot be a Variable; use variable_grads(f) instead")
        x_tensor = _differentiable(convert_to_tensor(x, "x", "tf.grad", "string_or_numeric"), "grad(f)(x)")
        dy_tensor = None if dy is None else convert_to_tensor(dy, "dy", "tf.grad")

        def run() -> Tensor:
            check = _dy_shape_check(dy_tensor, "grad(f)(x, dy)", "f(x)")
            _, grads = ENGINE.gradients(lambda: f(x_tensor), [x_tensor], dy_tensor, check_value=check)
            _check_grads(grads)
            return grads[0]  # type: ignore[return-value]

        return ENGINE.tidy(run)

    return gradient


def grads(f: Callable[..., Tensor]) -> Callable[..., list[Tensor]]:
    """Provided `f(x1, x2, ...)`, returns another function `g([x1, x2, ...], dy=None)` which
    gives the gradients of `f` with respect to each argument.

    >>> g = tf.grads(lambda a, b: a.mul(b))
    >>> [t.array_sync() for t in g([tf.tensor1d([2.0]), tf.tensor1d([5.0])])]
    [[5.0], [2.0]]
    """
    _check_function(f, "grads(f)")

    def gradients(args: Sequence[TensorLike], dy: TensorLike | None = None) -> list[Tensor]:
        if not isinstance(args, (list, tuple)):
            raise TypeError(
                "The args passed in grads(f)(args) must be an array of `Tensor`s or `TensorLike`s"
            )
        tensors = [
            _differentiable(
                convert_to_tensor(a, f"args[{i}]", "tf.grads", "string_or_numeric"), "grads(f)(args)"
            )
            for i, a in enumerate(args)
        ]
        dy_tensor = None if dy is None else convert_to_tensor(dy, "dy", "tf.grads")

        def run() -> list[Tensor]:
            check = _dy_shape_check(dy_tensor, "grads(f)([x1,...], dy)", "f([x1,...])")
            _, result = ENGINE.gradients(lambda: f(*tensors), tensors, dy_tensor, check_value=check)
            _check_grads(result)
            return result  # type: ignore[return-value]

        return ENGINE.tidy(run)

    return gradients


def value_and_grad(f: Callable[[Tensor], Tensor]) -> Callable[..., ValueAndGrad]:
    """Like `grad`, but also returns the value of `f(x)`: `(value, grad)`.

    >>> value, grad = tf.value_and_grad(lambda x: x.square())(tf.tensor1d([3.0]))
    >>> value.array_sync(), grad.array_sync()
    ([9.0], [6.0])
    """
    _check_function(f, "value_and_grad(f)")

    def value_and_gradient(x: Tensor, dy: Tensor | None = None) -> ValueAndGrad:
        if not isinstance(x, Tensor):
            raise TypeError("The x passed in value_and_grad(f)(x) must be a tensor")
        if dy is not None and not isinstance(dy, Tensor):
            raise TypeError("The dy passed in value_and_grad(f)(x, dy) must be a tensor")
        _differentiable(x, "value_and_grad(f)(x)")
        check = _dy_shape_check(dy, "value_and_grad(f)(x, dy)", "f(x)")
        value, result = ENGINE.gradients(lambda: f(x), [x], dy, check_value=check)
        _check_grads(result, [value])
        return ValueAndGrad(value, result[0])  # type: ignore[arg-type]

    return value_and_gradient


def value_and_grads(f: Callable[..., Tensor]) -> Callable[..., ValueAndGrads]:
    """Like `grads`, but also returns the value of `f`: `(value, grads)`.

    >>> value, grads = tf.value_and_grads(lambda a, b: a.mul(b))([tf.scalar(2.0), tf.scalar(5.0)])
    >>> value.array_sync(), [g.array_sync() for g in grads]
    (10.0, [5.0, 2.0])
    """
    _check_function(f, "value_and_grads(f)")

    def value_and_gradients(args: Sequence[Tensor], dy: Tensor | None = None) -> ValueAndGrads:
        if not isinstance(args, (list, tuple)) or not all(isinstance(a, Tensor) for a in args):
            raise TypeError("The args passed in value_and_grads(f)(args) must be array of tensors")
        if dy is not None and not isinstance(dy, Tensor):
            raise TypeError("The dy passed in value_and_grads(f)(args, dy) must be a tensor")
        for arg in args:
            _differentiable(arg, "value_and_grads(f)(args)")
        check = _dy_shape_check(dy, "value_and_grads(f)([x1,...], dy)", "f([x1,...])")
        value, result = ENGINE.gradients(lambda: f(*args), list(args), dy, check_value=check)
        _check_grads(result, [value])
        return ValueAndGrads(value, result)  # type: ignore[arg-type]

    return value_and_gradients


def variable_grads(f: Callable[[], Tensor], var_list: Sequence[Variable] | None = None) -> VariableGrads:
    """Computes the gradient of `f()` (a scalar) with respect to the trainable variables in
    `var_list` (default: all of them): `(value, grads)`, `grads` a dict by variable name.

    >>> v = tf.variable(tf.tensor1d([1.0, 2.0]), name="v_doc")
    >>> value, grads = tf.variable_grads(lambda: v.square().sum(), [v])
    >>> value.array_sync(), grads["v_doc"].array_sync()
    (5.0, [2.0, 4.0])
    """
    _check_function(f, "variable_grads(f)")
    if var_list is not None and (
        not isinstance(var_list, (list, tuple)) or not all(isinstance(v, Variable) for v in var_list)
    ):
        raise TypeError("The var_list passed in variable_grads(f, var_list) must be an array of variables")
    specified = var_list is not None
    variables = list(var_list) if specified else list(ENGINE.registered_variables.values())  # type: ignore[arg-type]
    trainable = [v for v in variables if v.trainable]
    if not trainable:
        raise ValueError(
            "variable_grads() expects at least one of the input variables to be trainable, but none "
            f"of the {len(variables)} variables is trainable."
        )

    def check_scalar(value: Tensor) -> None:
        if value.rank != 0:
            raise ValueError(
                f"The f passed in variable_grads(f) must return a scalar, but it returned a "
                f"rank-{value.rank} tensor"
            )

    value, result = ENGINE.gradients(f, trainable, None, allow_no_gradients=True, check_value=check_scalar)  # type: ignore[arg-type]
    problem = None
    if all(g is None for g in result):
        problem = (
            "Cannot find a connection between any variable and the result of the loss function "
            "y=f(x). Please make sure the operations that use variables are inside the function f "
            "passed to minimize()."
        )
    if problem is not None:
        ENGINE.dispose_tensor(value)
        for g in result:
            if g is not None:
                g.dispose()
        raise ValueError(problem)
    named: dict[str, Tensor | None] = {
        v.name: g for v, g in zip(trainable, result, strict=True) if g is not None
    }
    if specified:
        named.update({v.name: None for v in variables if not v.trainable})
    return VariableGrads(value, named)


def custom_grad(f: Callable[..., Any]) -> Callable[..., Tensor]:
    """Overrides the gradient computation of a function `f(*inputs, save)`, which returns
    `{"value": y, "grad_func": lambda dy, saved: [...]}` (the gradients of the inputs).
    `save(tensors)` keeps tensors for `grad_func` as `saved`.

    >>> def forward(x, save):
    ...     save([x])
    ...     return {"value": x.square(), "grad_func": lambda dy, saved: [dy.mul(saved[0]).mul(3)]}
    >>> custom_square = tf.custom_grad(forward)
    >>> tf.grad(custom_square)(tf.tensor1d([2.0])).array_sync()
    [6.0]
    """
    _check_function(f, "custom_grad(f)")

    def run(*inputs: Tensor) -> Tensor:
        if not all(isinstance(x, Tensor) for x in inputs):
            raise TypeError("The args passed in custom_grad(f)(x1, x2,...) must all be tensors")
        return ENGINE.run_custom_grad(f, list(inputs))

    return run


def _check_function(f: Any, where: str) -> None:
    if not callable(f):
        raise TypeError(f"The f passed in {where} must be a function")


def _differentiable(x: Tensor, where: str) -> Tensor:
    if x.dtype != "float32":
        raise TypeError(
            f"{where}: can only take gradients with respect to float32 tensors, but got {x.dtype}"
        )
    return x


def _dy_shape_check(dy: Tensor | None, where: str, returned: str) -> Callable[[Tensor], None] | None:
    """A check that `dy` has the shape of the value (run before the backward pass)."""
    if dy is None:
        return None

    def check(value: Tensor) -> None:
        if tuple(value.shape) != tuple(dy.shape):
            raise ValueError(
                f"The shape of dy passed in {where} must match the shape returned by {returned}: "
                f"{list(dy.shape)} vs {list(value.shape)}"
            )

    return check


def _check_grads(grads: Sequence[Tensor | None], to_dispose: Sequence[Tensor] = ()) -> None:
    if any(g is None for g in grads):
        for tensor in [*to_dispose, *(g for g in grads if g is not None)]:
            tensor.dispose()
        raise ValueError(
            "Cannot compute gradient of y=f(x) with respect to x. Make sure that the f you passed "
            "encloses all operations that lead from x to y."
        )
