"""TF.js passes a config object where this package takes keyword arguments (API.md):
`tf.layers.dense({units: 8, inputShape: [4]})` is `tf.layers.dense(units=8,
input_shape=[4])`. A dict given in the config's place is refused with that hint, before
it lands in the first parameter, where it failed far from the call (an int() of a key, an
unhashable monitor at fit time) or not at all."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def check_not_config_object(where: str, value: Any) -> None:
    """A TypeError naming `where` if `value`, given as its first argument, is a dict: a
    TF.js config object.

    >>> check_not_config_object("tf.input", {"shape": [4]})
    Traceback (most recent call last):
    TypeError: tf.input takes TF.js's config object as keyword arguments with snake_case keys, \
not a dict: tf.layers.dense({units: 8, inputShape: [4]}) is tf.layers.dense(units=8, \
input_shape=[4]) (or pass the dict as **config)
    """
    if isinstance(value, Mapping):
        raise TypeError(
            f"{where} takes TF.js's config object as keyword arguments with snake_case keys, not a "
            "dict: tf.layers.dense({units: 8, inputShape: [4]}) is tf.layers.dense(units=8, "
            "input_shape=[4]) (or pass the dict as **config)"
        )
