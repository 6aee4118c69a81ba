"""A layer's weight (tfjs-layers' LayerVariable): a tf Variable with the name the weight is
saved under (`original_name`, e.g. "dense_Dense1/kernel") and an optional constraint."""

from __future__ import annotations

import contextvars
from typing import Any

from tfjs.layers.engine.naming import unique_tensor_name
from tfjs.tensor import Tensor, Variable

# While a model is rebuilt from a file, the weights made so far, to free if it fails.
created_variables: contextvars.ContextVar[list[LayerVariable] | None] = contextvars.ContextVar(
    "created_variables", default=None
)


class LayerVariable:
    """A layer weight: `read()` is its tf Variable, `write(value)` assigns (then applies
    the constraint); `original_name` is the name model.json's manifest holds."""

    def __init__(
        self,
        value: Tensor,
        dtype: str = "float32",
        name: str = "Variable",
        trainable: bool = True,
        constraint: Any = None,
    ) -> None:
        from tfjs.ops import variable

        self.dtype = dtype or "float32"
        self.shape = tuple(value.shape)
        self.original_name = name
        self.name = unique_tensor_name(name)
        self.constraint = constraint
        self._trainable = trainable
        self.val: Variable = variable(value, trainable, self.name, self.dtype)
        created = created_variables.get()
        if created is not None:
            created.append(self)

    @property
    def trainable(self) -> bool:
        """Whether the optimizer updates this weight."""
        return self._trainable

    @trainable.setter
    def trainable(self, value: bool) -> None:
        self._trainable = bool(value)
        self.val.trainable = bool(value)

    def read(self) -> Variable:
        """The weight's tf Variable."""
        self._check_not_disposed()
        return self.val

    def write(self, value: Tensor) -> LayerVariable:
        """Assigns `value` (same shape), then the constraint if any."""
        self._check_not_disposed()
        if tuple(value.shape) != self.shape:
            raise ValueError(
                f"Shape mismatch for weight {self.original_name}: {list(value.shape)} vs. {list(self.shape)}"
            )
        if value is not self.val:
            self.val.assign(value if value.dtype == self.dtype else value.cast(self.dtype))
            self.apply_constraint()
        return self

    def apply_constraint(self) -> None:
        """Projects the weight by its constraint (after an optimizer step)."""
        if self.constraint is not None:
            from tfjs.globals import tidy

            constraint = self.constraint
            tidy(lambda: self.val.assign(constraint(self.val)))

    def dispose(self) -> None:
        """Frees the variable."""
        self._check_not_disposed()
        self.val.dispose()

    @property
    def is_disposed(self) -> bool:
        return self.val.is_disposed

    def _check_not_disposed(self) -> None:
        if self.val.is_disposed:
            raise ValueError(f"LayersVariable {self.name} is already disposed.")

    def __repr__(self) -> str:
        return f"<LayerVariable {self.original_name} shape={list(self.shape)}>"
