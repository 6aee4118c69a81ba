"""How an op package's import lines become its export list."""

from __future__ import annotations

from typing import Any


def exported_ops(namespace: dict[str, Any], package: str) -> list[str]:
    """The names of the ops imported into `package`'s namespace, each from its own file
    (op `x` lives in a file `x.py` of the ops, usually `package.x`; `tf.spectral.fft` is
    `tf.fft`)."""
    return sorted(
        name
        for name, value in list(namespace.items())
        if callable(value)
        and str(getattr(value, "__module__", "")).startswith("tfjs.ops.")
        and value.__module__.rsplit(".", 1)[-1] == name
    )
