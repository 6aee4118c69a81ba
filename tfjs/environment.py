"""The environment: TF.js's registered flags, their defaults and their overrides.

Every flag the package reads is registered here, with a function that gives its
default. A flag is evaluated on first read; `TFJS_FLAGS="DEBUG:true,PROD:false"` in
the process environment overrides defaults, as TF.js's `?tfjsflags=` query does.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Callable
from typing import Any

FlagValue = bool | int | float | str
FLAGS_VARIABLE = "TFJS_FLAGS"
BACKEND_VARIABLE = "TFJS_BACKEND"

_log = logging.getLogger("tfjs")


class Environment:
    """Holds the registered flags and their current values (TF.js's `tf.env()`)."""

    def __init__(self) -> None:
        self._defaults: dict[str, Callable[[], FlagValue]] = {}
        self._on_set: dict[str, Callable[[FlagValue], None]] = {}
        self._flags: dict[str, FlagValue] = {}
        self._overrides: dict[str, str] | None = None

    def register_flag(
        self,
        name: str,
        default: Callable[[], FlagValue],
        on_set: Callable[[FlagValue], None] | None = None,
    ) -> None:
        """Registers flag `name` whose default is `default()`; `on_set` runs on each set."""
        if name in self._defaults:
            _log.warning("Flag %s is being registered again", name)
        self._defaults[name] = default
        if on_set is not None:
            self._on_set[name] = on_set
        overrides = self._url_overrides()
        if name in overrides:
            self._flags[name] = self._parse(name, overrides[name])

    def get(self, name: str) -> FlagValue:
        """The value of flag `name`, evaluating its default on first read."""
        if name in self._flags:
            return self._flags[name]
        self._flags[name] = self._evaluate(name)
        return self._flags[name]

    def get_bool(self, name: str) -> bool:
        return bool(self.get(name))

    def get_number(self, name: str) -> float:
        return self.get(name)  # type: ignore[return-value]

    def get_string(self, name: str) -> str:
        return str(self.get(name))

    def set(self, name: str, value: FlagValue) -> None:
        """Sets flag `name` to `value`; its type must match the flag's default."""
        self._check_known(name)
        default = self._evaluate(name)
        if not _same_kind(default, value):
            raise TypeError(
                f"Flag {name} takes a {type(default).__name__} value, got {value!r} ({type(value).__name__})"
            )
        self._flags[name] = value
        if name in self._on_set:
            self._on_set[name](value)

    def get_flags(self) -> dict[str, FlagValue]:
        """The flags that have been read or set, with their values."""
        return dict(self._flags)

    def set_flags(self, flags: dict[str, FlagValue]) -> None:
        """Sets several flags at once; checks them all before setting any."""
        for name, value in flags.items():
            self._check_known(name)
            default = self._evaluate(name)
            if not _same_kind(default, value):
                raise TypeError(f"Flag {name} takes a {type(default).__name__} value, got {value!r}")
        for name, value in flags.items():
            self.set(name, value)

    def reset(self) -> None:
        """Forgets every set value, so each flag is evaluated anew (overrides included)."""
        self._flags = {}
        self._overrides = None
        for name, text in self._url_overrides().items():
            if name in self._defaults:
                self._flags[name] = self._parse(name, text)

    def registered_flags(self) -> tuple[str, ...]:
        return tuple(self._defaults)

    def _check_known(self, name: str) -> None:
        if name not in self._defaults:
            known = ", ".join(sorted(self._defaults))
            raise ValueError(f"Unknown flag {name!r}: registered flags are {known}")

    def _evaluate(self, name: str) -> FlagValue:
        self._check_known(name)
        overrides = self._url_overrides()
        if name in overrides:
            return self._parse(name, overrides[name])
        return self._defaults[name]()

    def _url_overrides(self) -> dict[str, str]:
        if self._overrides is None:
            self._overrides = parse_flags_text(os.environ.get(FLAGS_VARIABLE, ""))
        return self._overrides

    def _parse(self, name: str, text: str) -> FlagValue:
        default = self._defaults[name]()
        return parse_flag_value(name, text, default)


def parse_flags_text(text: str) -> dict[str, str]:
    """Parses `"DEBUG:true,PROD:false"` into `{"DEBUG": "true", "PROD": "false"}`."""
    pairs: dict[str, str] = {}
    for item in filter(None, (part.strip() for part in text.split(","))):
        name, sep, value = item.partition(":")
        if not sep or not name.strip():
            raise ValueError(f"{FLAGS_VARIABLE} entry {item!r} is not of the form NAME:VALUE")
        pairs[name.strip()] = value.strip()
    return pairs


def parse_flag_value(name: str, text: str, default: FlagValue) -> FlagValue:
    lowered = text.lower()
    if isinstance(default, bool):
        if lowered not in ("true", "false"):
            raise ValueError(f"{FLAGS_VARIABLE}: flag {name} takes true or false, got {text!r}")
        return lowered == "true"
    if isinstance(default, (int, float)):
        try:
            number = float(text)
        except ValueError:
            raise ValueError(f"{FLAGS_VARIABLE}: flag {name} takes a number, got {text!r}") from None
        return int(number) if isinstance(default, int) and number.is_integer() else number
    return text


def _same_kind(default: Any, value: Any) -> bool:
    if isinstance(default, bool) or isinstance(value, bool):
        return isinstance(default, bool) and isinstance(value, bool)
    if isinstance(default, (int, float)):
        return isinstance(value, (int, float))
    return isinstance(value, type(default))


ENV = Environment()


def env() -> Environment:
    """The global environment holding TF.js's flags (`tf.env()`).

    >>> tf.env().get("DEBUG")
    False
    """
    return ENV


def _warn_debug_on(value: FlagValue) -> None:
    if value:
        _log.warning(
            "Debugging mode is ON. The output of every math call will be downloaded to "
            "the CPU and checked for NaNs. This significantly impacts performance."
        )


ENV.register_flag("DEBUG", lambda: False, _warn_debug_on)
ENV.register_flag("PROD", lambda: False)
ENV.register_flag("IS_TEST", lambda: False)
ENV.register_flag("IS_BROWSER", lambda: False)
ENV.register_flag("IS_NODE", lambda: False)
ENV.register_flag("IS_PYTHON", lambda: True)
# As TF.js: true by default, and consulted only while debug mode is on.
ENV.register_flag("CHECK_COMPUTATION_FOR_ERRORS", lambda: True)
# Not in TF.js: turns the "Found NaN in the result of ..." warning into a FloatingPointError.
ENV.register_flag("COMPUTATION_ERRORS_RAISE", lambda: False)
ENV.register_flag("TENSORLIKE_CHECK_SHAPE_CONSISTENCY", lambda: True)
ENV.register_flag("DEPRECATION_WARNINGS_ENABLED", lambda: True)
ENV.register_flag("KEEP_INTERMEDIATE_TENSORS", lambda: False)
# Not in TF.js: the most bytes one tensor may take (0: what the backend can give).
ENV.register_flag("TENSOR_MAX_BYTES", lambda: 0)


def _default_torch_device() -> str:
    """'cuda' where PyTorch sees a GPU, else 'cpu' (PyTorch is imported only when read)."""
    try:
        import torch
    except ImportError:
        return "cpu"
    return "cuda" if torch.cuda.is_available() else "cpu"


# Not in TF.js: the torch backend's flags, read when it starts (its WEBGL_* analogues).
ENV.register_flag("TORCH_DEVICE", _default_torch_device)
ENV.register_flag("TORCH_NUM_THREADS", lambda: 0)  # 0: PyTorch's own thread count
ENV.register_flag("TORCH_ALLOW_TF32", lambda: False)
ENV.register_flag("TORCH_MAX_BYTES", lambda: 0)  # 0: no cap on the backend's device bytes
# false: float32 buffers hold float16 values, as WEBGL_RENDER_FLOAT32_ENABLED=false does.
ENV.register_flag("TORCH_RENDER_FLOAT32_ENABLED", lambda: True)
# false: every float32 convolution runs torch's own, the same in every process.
ENV.register_flag("TORCH_MEASURE_CONVOLUTIONS", lambda: True)
# false: compiled plans never run with oneDNN Graph's partitions (the plain frozen graph).
ENV.register_flag("TORCH_ONEDNN_GRAPH", lambda: True)
# false: PyTorch's CPU buffers of 2 MB or more stay in small pages (THP_MEM_ALLOC_ENABLE).
ENV.register_flag("TORCH_HUGE_PAGES", lambda: True)


def preferred_backend() -> str | None:
    """The backend `TFJS_BACKEND` names in the process environment (`TFJS_BACKEND=cpu`),
    which the engine makes the default in place of the highest-priority one; None when
    unset."""
    return os.environ.get(BACKEND_VARIABLE, "").strip() or None
