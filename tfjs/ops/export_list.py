"""How an op package's import lines become its export list."""

from __future__ import annotations

from typing import Any


def exported_ops(namespace: dict[str, Any], package: str) -> list[str]:
    """The names of the ops imported into `package`'s namespace, each from its own file
    (op `x` lives in `package.x`)."""
    return sorted(
        name
        for name, value in list(namespace.items())
        if callable(value) and getattr(value, "__module__", None) == f"{package}.{name}"
    )
