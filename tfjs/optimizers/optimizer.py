"""The optimizers' base class (tfjs-core/src/optimizers/optimizer.ts) and what the
optimizers share: their hyperparameters and configs, their state variables (slots), how
gradients are named and visited, argument checks. An optimizer's own module holds its
update formula and the state that is its alone."""

from __future__ import annotations

import inspect
import math
import numbers
import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any, ClassVar, Literal, TypeVar, overload

from tfjs.engine import ENGINE
from tfjs.globals import dispose
from tfjs.gradients import variable_grads
from tfjs.ops.scalar import scalar
from tfjs.ops.variable import variable
from tfjs.ops.zeros_like import zeros_like
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

    hyperparameters: ClassVar[tuple[tuple[str, Hyperparameter], ...]] = ()
    """The constructor's arguments in its order, each with its check: `get_config` writes
    them (the attributes of the same names) under their camelCase names."""

    def __init__(self, **hyperparameters: Any) -> None:
        """Checks the given hyperparameters, all before any is kept, and keeps each as the
        attribute of its name."""
        self._iterations: int | None = None
        self._slots: Slots | None = None
        checks = dict(self.hyperparameters)
        for name, value in hyperparameters.items():
            checks[name].check(type(self).__name__, name, value)
        for name, value in hyperparameters.items():
            setattr(self, name, checks[name].keep(value))

    @overload
    def minimize(
        self, f: Callable[[], Tensor], return_cost: Literal[True], var_list: Sequence[Variable] | None = None
    ) -> Tensor: ...

    @overload
    def minimize(
        self,
        f: Callable[[], Tensor],
        return_cost: Literal[False] = False,
        var_list: Sequence[Variable] | None = None,
    ) -> None: ...

    @overload
    def minimize(
        self, f: Callable[[], Tensor], return_cost: bool, var_list: Sequence[Variable] | None = None
    ) -> Tensor | None: ...

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

    def _each_gradient(
        self, variable_gradients: VariableGradients
    ) -> Iterator[tuple[Variable, Tensor, tuple[Variable, ...]]]:
        """(variable, gradient, its slot variables) for each gradient to apply, in TF.js's
        order. A variable gets its slots when first visited, even for a gradient of None,
        which is then skipped (as in TF.js). The gradients are named at once, the rest as
        the caller iterates."""
        where = f"{type(self).__name__}.apply_gradients"
        pairs = named_gradients(variable_gradients, where)
        slots = self._slots
        assert slots is not None, f"{type(self).__name__} has no slots"

        def visit() -> Iterator[tuple[Variable, Tensor, tuple[Variable, ...]]]:
            for i, (name, gradient) in enumerate(pairs):
                value = registered_variable(name, where)
                state = slots.at(i, name, value)
                if gradient is None:
                    continue
                check_gradient(name, gradient, value, where)
                yield value, gradient, state

        return visit()

    def _apply_each(self, variable_gradients: VariableGradients, update: Callable[..., None]) -> None:
        """`apply_gradients` of an optimizer that updates each variable on its own:
        `update(value, gradient, *slot_variables)`, each in a tidy of its own."""
        for value, gradient, state in self._each_gradient(variable_gradients):
            ENGINE.tidy(partial(update, value, gradient, *state))
        self._increment_iterations()

    def dispose(self) -> None:
        """Disposes the tensors and variables this optimizer owns."""
        if self._slots is not None:
            self._slots.dispose()

    async def save_iterations(self) -> NamedTensor:
        """The iteration count as TF.js saves it: `{"name": "iter", "tensor": int32 scalar}`."""
        return {"name": "iter", "tensor": scalar(self.iterations, "int32")}

    async def get_weights(self) -> list[NamedTensor]:
        """The optimizer's state: the iteration count (`iter`, a new int32 scalar the caller
        disposes) and then its state variables themselves (not copies), named after their
        model variables as TF.js names them (e.g. `w/m`, `w/v` for Adam)."""
        if self._slots is None:
            raise NotImplementedError("getWeights() is not implemented for this optimizer yet.")
        return [await self.save_iterations(), *self._slots.weights()]

    async def set_weights(self, weight_values: Sequence[NamedTensor]) -> None:
        """Restores the state `get_weights` gave. The optimizer makes variables that share
        the given tensors' buffers (the caller may dispose its tensors) and disposes the
        state variables they replace."""
        if self._slots is None:
            raise NotImplementedError(
                f"setWeights() is not implemented for this optimizer class {self.get_class_name()}"
            )
        weight_values = await self.extract_iterations(weight_values, max(len(self._slots), 1))
        if not len(self._slots) and weight_values:
            raise ValueError(f"{self.get_class_name()} optimizer does not have settable weights.")
        self._restore_counters()
        self._slots.restore(weight_values)

    def _restore_counters(self) -> None:
        """Sets the state that follows the iteration count, which set_weights restored."""

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
        if not self.hyperparameters:
            raise NotImplementedError(f"{type(self).__name__} does not implement get_config")
        return {_camel_case(name): getattr(self, name) for name, _ in self.hyperparameters}

    @classmethod
    def from_config(cls: type[OptimizerT], config: Mapping[str, Any]) -> OptimizerT:
        """A new optimizer from what `get_config` gave (snake_case keys also accepted); a
        missing key takes the constructor's default, or None where it has none."""
        if not cls.hyperparameters:
            raise NotImplementedError(f"{cls.__name__} does not implement from_config")
        defaults = {
            name: None if p.default is inspect.Parameter.empty else p.default
            for name, p in inspect.signature(cls).parameters.items()
        }
        return cls(
            **{
                name: config_value(config, _camel_case(name), defaults[name])
                for name, _ in cls.hyperparameters
            }
        )

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


class Slots:
    """An optimizer's state variables: for each kind, named by its suffix (Adam's `m` and
    `v`), one variable per position in the list of gradients. Slots belong to positions,
    not to names, as in TF.js: pass the same variables in the same order."""

    def __init__(self, *suffixes: str, initial: Callable[[Variable], Tensor] = zeros_like) -> None:
        self.suffixes = suffixes
        self.initial = initial
        """What a new slot of a variable starts at (made inside a tidy)."""
        self.kinds: list[list[OptimizerVariable]] = [[] for _ in suffixes]

    def __len__(self) -> int:
        return len(self.suffixes)

    def at(self, i: int, name: str, value: Variable) -> tuple[Variable, ...]:
        """The slot variables at position `i` (of the variable `name`), one per kind, made
        (non-trainable) if they do not exist yet."""
        for suffix, slots in zip(self.suffixes, self.kinds, strict=True):
            if i >= len(slots):
                made = ENGINE.tidy(lambda: variable(self.initial(value), False))
                slots.append(OptimizerVariable(f"{name}/{suffix}", made))
        return tuple(slots[i].variable for slots in self.kinds)

    def weights(self) -> list[NamedTensor]:
        """The slot variables themselves, all of the first kind, then the second, ..."""
        return [{"name": s.original_name, "tensor": s.variable} for slots in self.kinds for s in slots]

    def restore(self, weights: list[NamedTensor]) -> None:
        """Replaces the slots by variables sharing the buffers of `weights`, the kinds in
        equal groups (TF.js's `tensor.variable(false)`; extract_iterations checked that
        they divide), and disposes the old ones."""
        count = len(weights) // len(self) if self.suffixes else 0
        kinds = [
            [
                OptimizerVariable(w["name"], variable(w["tensor"], False))
                for w in weights[k * count : (k + 1) * count]
            ]
            for k in range(len(self))
        ]
        self.dispose()
        self.kinds = kinds

    def dispose(self) -> None:
        for slots in self.kinds:
            for s in slots:
                s.variable.dispose()


def config_value(config: Mapping[str, Any], key: str, default: Any = None) -> Any:
    """`config[key]` for a camelCase key, or its snake_case spelling."""
    if key in config:
        return config[key]
    return config.get(re.sub(r"(?<!^)([A-Z])", r"_\1", key).lower(), default)


def _camel_case(name: str) -> str:
    return re.sub(r"_([a-z0-9])", lambda m: m.group(1).upper(), name)


@dataclass(frozen=True)
class Hyperparameter:
    """How an optimizer checks a constructor argument and keeps it: a real number in
    [0, high] (or [0, high)) kept as a float, as JavaScript's numbers are doubles; an
    "epsilon" may also be None, for the backend's epsilon; a "flag" is kept as a bool."""

    high: float = math.inf
    high_inclusive: bool = True
    kind: Literal["number", "epsilon", "flag"] = "number"

    def check(self, owner: str, name: str, value: Any) -> None:
        if self.kind == "flag" or (self.kind == "epsilon" and value is None):
            return
        check_number(owner, name, value, high=self.high, high_inclusive=self.high_inclusive)

    def keep(self, value: Any) -> Any:
        if self.kind == "flag":
            return bool(value)
        if self.kind == "epsilon" and value is None:
            return ENGINE.backend.epsilon()
        return float(value)


NUMBER = Hyperparameter()
"""A finite number >= 0."""
FRACTION = Hyperparameter(high=1.0)
"""A number in [0, 1]."""
BELOW_ONE = Hyperparameter(high=1.0, high_inclusive=False)
"""A number in [0, 1)."""
EPSILON = Hyperparameter(kind="epsilon")
"""A finite number >= 0, or None for the backend's epsilon (read when the optimizer is made)."""
FLAG = Hyperparameter(kind="flag")
"""Anything, kept as a bool."""


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
