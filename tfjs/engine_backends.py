"""The engine's backend registry: the factories registered by name and priority, their
instances, and the active backend (chosen on first use: `TFJS_BACKEND`'s first, then the
highest priority that starts). A part of `Engine` (its mixin), kept apart by concern."""

from __future__ import annotations

import logging
from collections.abc import Callable

from tfjs.backends.backend import KernelBackend
from tfjs.environment import preferred_backend

_log = logging.getLogger("tfjs")


class _BackendEntry:
    __slots__ = ("factory", "priority")

    def __init__(self, factory: Callable[[], KernelBackend], priority: int) -> None:
        self.factory = factory
        self.priority = priority


class BackendsMixin:
    """Engine's backend registry methods; the engine holds the factories and instances."""

    _factories: dict[str, _BackendEntry]
    _instances: dict[str, KernelBackend]
    _backend: KernelBackend | None
    backend_name: str | None

    def register_backend(self, name: str, factory: Callable[[], KernelBackend], priority: int = 1) -> bool:
        """Registers a backend factory; returns False (and warns) if `name` is taken."""
        if not isinstance(name, str) or not name:
            raise ValueError(f"register_backend: name must be a non-empty string, got {name!r}")
        if not callable(factory):
            raise TypeError(f"register_backend: factory for '{name}' must be callable")
        if name in self._factories:
            _log.warning("%s backend was already registered. Reusing existing backend factory.", name)
            return False
        self._factories[name] = _BackendEntry(factory, priority)
        return True

    def registered_backends(self) -> list[str]:
        """Names of the registered backends, highest priority first."""
        return sorted(self._factories, key=lambda n: -self._factories[n].priority)

    def find_backend(self, name: str) -> KernelBackend | None:
        """The backend registered as `name`, initialised if needed; None if unknown or broken
        (a backend whose package is not installed is logged at INFO only: asking is no
        request to use it)."""
        if name not in self._instances and name in self._factories:
            self._initialize_backend(name, probing=True)
        return self._instances.get(name)

    def set_backend(self, name: str) -> bool:
        """Makes `name` the active backend; False if its initialisation failed."""
        if name not in self._factories:
            known = ", ".join(self.registered_backends()) or "none"
            raise ValueError(f"Backend name '{name}' not found in registry (registered: {known})")
        if name not in self._instances and not self._initialize_backend(name):
            return False
        self._backend = self._instances[name]
        self.backend_name = name
        return True

    def remove_backend(self, name: str) -> None:
        """Unregisters `name`, disposing its instance; tensors it held become unusable."""
        if name not in self._factories:
            raise ValueError(f"{name} backend not found in registry")
        instance = self._instances.pop(name, None)
        if instance is not None:
            instance.dispose()
        del self._factories[name]
        if self.backend_name == name:
            self._backend = None
            self.backend_name = None

    @property
    def backend(self) -> KernelBackend:
        """The active backend, choosing the highest-priority one that starts if none is set."""
        if self._backend is None:
            for name in self._default_candidates():  # one that does not start is skipped quietly
                if self.find_backend(name) is not None and self.set_backend(name):
                    break
            else:
                raise RuntimeError("No backend could be initialized: none is registered or all failed")
        return self._backend  # type: ignore[return-value]

    def _default_candidates(self) -> list[str]:
        """The backends to try as the default: `TFJS_BACKEND`'s first, then by priority."""
        names = self.registered_backends()
        preferred = preferred_backend()
        if preferred is None:
            return names
        if preferred not in names:
            _log.warning(
                "TFJS_BACKEND names backend '%s', which is not registered (registered: %s)",
                preferred,
                ", ".join(names),
            )
            return names
        return [preferred, *(name for name in names if name != preferred)]

    def get_backend(self) -> str:
        """The name of the active backend."""
        self.backend  # noqa: B018 - chooses one when none is set
        return self.backend_name  # type: ignore[return-value]

    def _initialize_backend(self, name: str, probing: bool = False) -> bool:
        try:
            instance = self._factories[name].factory()
        except Exception as error:  # a backend whose runtime is missing or broken
            not_installed = probing and isinstance(error, ModuleNotFoundError)
            level = logging.INFO if not_installed else logging.WARNING
            _log.log(level, "Initialization of backend %s failed: %s", name, error)
            return False
        if not isinstance(instance, KernelBackend):
            _log.warning("Factory of backend %s returned %r, not a KernelBackend", name, instance)
            return False
        instance.name = name
        self._instances[name] = instance
        return True
