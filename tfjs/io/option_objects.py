"""TF.js's option objects (LoadOptions, SaveConfig, ...) as this package takes them: their
keys in snake_case or TF.js's camelCase, renamed to the Python names; a key the object
does not have is a TypeError listing the ones it has."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def renamed_options(given: Mapping[str, Any], names: Mapping[str, str], what: str) -> dict[str, Any]:
    """`given` by the Python names `names` maps each accepted spelling to.

    >>> renamed_options({"trainableOnly": True}, {"trainable_only": "trainable_only",
    ...                 "trainableOnly": "trainable_only"}, "save")
    {'trainable_only': True}
    >>> renamed_options({"onProgress": print}, {"timeout": "timeout"}, "load")
    Traceback (most recent call last):
    TypeError: Unknown load option(s) ['onProgress']; supported: timeout
    """
    unknown = sorted(set(given) - set(names))
    if unknown:
        supported = ", ".join(dict.fromkeys(names.values()))
        raise TypeError(f"Unknown {what} option(s) {unknown}; supported: {supported}")
    return {names[key]: value for key, value in given.items()}
