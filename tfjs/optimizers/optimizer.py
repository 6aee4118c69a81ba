"""The optimizers' base class (tfjs-core/src/optimizers/optimizer.ts) and what the
optimizers share: their state variables, how gradients are named, argument checks."""

from __future__ import annotations

import math
import numbers
import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, TypeVar

from tfjs.engine import ENGINE
from tfjs.globals import dispose
from tfjs.gradients import variable_grads
from tfjs.ops.scalar import scalar
from tfjs.ops.variable import variable
from tfjs.tensor import Tensor, Variable

OptimizerT = TypeVar("OptimizerT", bound="Optimizer")

NamedTensor = dict[str, Any]
"""TF.js's NamedTensor: `{"name": str, "tensor": Tensor}`."""

VariableGradients = Mapping[str, Tensor | None] | Sequence[NamedTensor]
"""What `apply_gradients` takes: variable name -> gradient, or a list of named tensors."""


@dataclass
class OptimizerVariable:
    """A variable an optimizer owns for one model variable (TF.js's OptimizerVariable):
    `original_name` is the model variable's name plus a suffix, e.g. `w/momentum`."""

    original_name: str
    variable: Variable


class Optimizer:
    """The base class of the optimizers in `tf.train` (TF.js's `tf.Optimizer`).

    A subclass implements `apply_gradients`; `minimize` computes the gradients of a
    scalar loss with respect to the trainable variables and applies them.
    """

    class_name: ClassVar[str] = "Optimizer"
    """The name TF.js serializes the class under (Keras's name, e.g. "Adam")."""

    def __init__(self) -> None:
        self._iterations: int | None = None

    def minimize(
        self, f: Callable[[], Tensor], return_cost: bool = False, var_list: Sequence[Variable] | None = None
    ) -> Tensor | None:
        """Executes `f()` and minimizes its scalar output by computing the gradients with
        respect to the trainable variables in `var_list` (default: all of them) and
        applying them. Returns the cost when `return_cost` is true (the caller disposes
        it), else None.

        >>> x = tf.variable(3.0, name="x_minimize_doc")
        >>> optimizer = tf.train.sgd(0.25)
        >>> optimizer.minimize(lambda: x.square(), return_cost=True).array_sync()
        9.0
        >>> x.array_sync()
        1.5
        >>> optimizer.dispose(); x.dispose()
        """
        value, grads = self.compute_gradients(f, var_list)
        if var_list is not None:
            self.apply_gradients([{"name": v.name, "tensor": grads.get(v.name)} for v in var_list])
        else:
            self.apply_gradients(grads)
        dispose(grads)
        if return_cost:
            return value
        value.dispose()
        return None

    @property
    def iterations(self) -> int:
        """How many times `apply_gradients` ran."""
        if self._iterations is None:
            self._iterations = 0
        return self._iterations

    def _increment_iterations(self) -> None:
        self._iterations = self.iterations + 1

    def compute_gradients(self, f: Callable[[], Tensor], var_list: Sequence[Variable] | None = None) -> Any:
        """Executes `f()` and computes the gradient of its scalar output with respect to
        the trainable variables in `var_list` (default: all of them): what
        `tf.variable_grads(f, var_list)` gives, the value and {variable name: gradient}."""
        return variable_grads(f, var_list)

    def apply_gradients(self, variable_gradients: VariableGradients) -> None:
        """Updates the variables by the gradients: a dict variable name -> gradient, or a
        list of `{"name": ..., "tensor": ...}`. A gradient of None leaves its variable."""
        raise NotImplementedError(f"{type(self).__name__} does not implement apply_gradients")

    def dispose(self) -> None:
        """Disposes the tensors and variables this optimizer owns."""

    async def save_iterations(self) -> NamedTensor:
        """The iteration count as TF.js saves it: `{"name": "iter", "tensor": int32 scalar}`."""
        return {"name": "iter", "tensor": scalar(self.iterations, "int32")}

    async def get_weights(self) -> list[NamedTensor]:
        """The optimizer's state: the iteration count (`iter`, a new int32 scalar the caller
        disposes) and then its state variables themselves (not copies), named after their
        model variables as TF.js names them (e.g. `w/m`, `w/v` for Adam)."""
        raise NotImplementedError("getWeights() is not implemented for this optimizer yet.")

    async def set_weights(self, weight_values: Sequence[NamedTensor]) -> None:
        """Restores the state `get_weights` gave. The optimizer makes variables that share
        the given tensors' buffers (the caller may dispose its tensors) and disposes the
        state variables they replace."""
        raise NotImplementedError(
            f"setWeights() is not implemented for this optimizer class {self.get_class_name()}"
        )

    async def extract_iterations(
        self, weight_values: Sequence[NamedTensor], parts: int = 1
    ) -> list[NamedTensor]:
        """Takes the iteration count from the first weight; returns the others, which must
        be `parts` equal groups (one group of slots per kind of state)."""
        if not weight_values:
            raise ValueError(f"{type(self).__name__}.set_weights: expected the 'iter' weight first, got none")
        for weight in weight_values:  # all checked before any state changes
            if not isinstance(weight, Mapping) or not isinstance(weight.get("tensor"), Tensor):
                raise TypeError(
                    f"{type(self).__name__}.set_weights: each weight must be "
                    f"{{'name': ..., 'tensor': Tensor}}, got {weight!r}"
                )
        if (len(weight_values) - 1) % parts:
            raise ValueError(
                f"{type(self).__name__}.set_weights: expected {parts} state weights per variable after "
                f"'iter', got {len(weight_values) - 1} weights"
            )
        self._iterations = int((await weight_values[0]["tensor"].data())[0])
        return list(weight_values[1:])

    def get_config(self) -> dict[str, Any]:
        """The constructor's arguments under TF.js's config keys (camelCase, as TF.js
        writes them into model files)."""
        raise NotImplementedError(f"{type(self).__name__} does not implement get_config")

    @classmethod
    def from_config(cls: type[OptimizerT], config: Mapping[str, Any]) -> OptimizerT:
        """A new optimizer from what `get_config` gave (snake_case keys also accepted)."""
        raise NotImplementedError(f"{cls.__name__} does not implement from_config")

    def get_class_name(self) -> str:
        return type(self).class_name


# ---- what the optimizers share ---------------------------------------------------------


def named_gradients(variable_gradients: VariableGradients, where: str) -> list[tuple[str, Any]]:
    """(name, gradient) pairs in the order TF.js visits them: a list in its order, a dict
    in JavaScript's key order (`Object.keys`: integer-like names ascending, then the others
    as inserted), which decides which state slot each variable gets."""
    if isinstance(variable_gradients, Mapping):
        return [(name, variable_gradients[name]) for name in _js_key_order(variable_gradients)]
    if isinstance(variable_gradients, (list, tuple)):
        pairs = []
        for item in variable_gradients:
            if not isinstance(item, Mapping) or "name" not in item:
                raise TypeError(
                    f"{where}: a list of gradients must hold {{'name': ..., 'tensor': ...}} dicts, "
                    f"got {item!r}"
                )
            pairs.append((item["name"], item.get("tensor")))
        return pairs
    raise TypeError(
        f"{where}: variable_gradients must be a dict of name -> gradient or a list of "
        f"{{'name': ..., 'tensor': ...}}, got {type(variable_gradients).__name__}"
    )


_ARRAY_INDEX = re.compile(r"0|[1-9][0-9]*")


def _js_key_order(keys: Mapping[str, Any]) -> list[str]:
    names = list(keys)
    indices = [n for n in names if _ARRAY_INDEX.fullmatch(n) and int(n) < 2**32 - 1]
    return sorted(indices, key=int) + [n for n in names if n not in set(indices)]


def registered_variable(name: str, where: str) -> Variable:
    """The registered variable a gradient is for."""
    found = ENGINE.registered_variables.get(name)
    if found is None:
        raise ValueError(f"{where}: no variable named {name!r} is registered (was it disposed?)")
    return found


def check_gradient(name: str, gradient: Any, value: Variable, where: str) -> None:
    """A gradient must have its variable's shape (TF.js would broadcast some, or fail in an op)."""
    if isinstance(gradient, Tensor) and tuple(gradient.shape) != tuple(value.shape):
        raise ValueError(
            f"{where}: the gradient of {name!r} has shape {list(gradient.shape)} but the variable "
            f"has shape {list(value.shape)}"
        )


def state_variable(original_name: str, make: Callable[[], Tensor]) -> OptimizerVariable:
    """A non-trainable state variable holding `make()`'s value (made inside a tidy)."""
    return OptimizerVariable(original_name, ENGINE.tidy(lambda: variable(make(), False)))


def slot(slots: list[OptimizerVariable], i: int, original_name: str, make: Callable[[], Tensor]) -> None:
    """Creates slot `i` if it does not exist yet. Slots belong to positions in the list of
    gradients, not to names, as in TF.js: pass the same variables in the same order."""
    if i >= len(slots):
        slots.append(state_variable(original_name, make))


def restore(weight_values: Sequence[NamedTensor]) -> list[OptimizerVariable]:
    """State variables sharing the buffers of `weight_values` (TF.js's `tensor.variable(false)`)."""
    return [OptimizerVariable(w["name"], variable(w["tensor"], False)) for w in weight_values]


def slot_weights(*slot_lists: list[OptimizerVariable]) -> list[NamedTensor]:
    return [{"name": s.original_name, "tensor": s.variable} for slots in slot_lists for s in slots]


def dispose_slots(*slot_lists: list[OptimizerVariable]) -> None:
    for slots in slot_lists:
        for s in slots:
            s.variable.dispose()


def split_evenly(weights: list[NamedTensor], parts: int) -> Iterator[list[NamedTensor]]:
    """`weights` in `parts` equal groups (extract_iterations checked that they divide)."""
    count = len(weights) // parts
    return (weights[k * count : (k + 1) * count] for k in range(parts))


def config_value(config: Mapping[str, Any], key: str, default: Any = None) -> Any:
    """`config[key]` for a camelCase key, or its snake_case spelling."""
    if key in config:
        return config[key]
    return config.get(re.sub(r"(?<!^)([A-Z])", r"_\1", key).lower(), default)


def check_number(
    owner: str,
    name: str,
    value: Any,
    *,
    low: float = 0.0,
    high: float = math.inf,
    high_inclusive: bool = True,
) -> None:
    """Checks a hyperparameter: a real number in [low, high] (or [low, high)), not NaN.
    The optimizers keep it as a Python float, as JavaScript's numbers are doubles."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(f"{owner}: {name} must be a number, got {value!r}")
    in_range = low <= value <= high if high_inclusive else low <= value < high
    if math.isnan(value) or math.isinf(value) or not in_range:
        bound = f"[{low:g}, {high:g}{']' if high_inclusive else ')'}"
        wanted = "a finite number >= 0" if high == math.inf else f"a number in {bound}"
        raise ValueError(f"{owner}: {name} must be {wanted}, got {value!r}")
