"""Training callbacks (tfjs-layers' base_callbacks.ts and callbacks.ts): the `tf.callbacks`
namespace (`early_stopping`), `Callback`, `History`, and the list fit drives.

A callback is a `Callback` subclass overriding any of `on_train_begin(logs)`,
`on_epoch_begin(epoch, logs)`, `on_batch_begin(batch, logs)`, `on_batch_end(batch, logs)`,
`on_epoch_end(epoch, logs)`, `on_train_end(logs)`; or a dict of such functions (TF.js's
`{onEpochEnd: ...}`, camelCase or snake_case keys); or a plain function, called at each
epoch's end with `(epoch, logs)`.

>>> cb = tf.callbacks.early_stopping(monitor="loss", patience=1)
>>> cb.monitor, cb.patience
('loss', 1)
"""

from __future__ import annotations

import inspect
import math
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from tfjs.layers.config_objects import check_not_config_object
from tfjs.layers.serialization import to_snake_case

Logs = dict[str, float]
_HOOKS = (
    "on_train_begin",
    "on_train_end",
    "on_epoch_begin",
    "on_epoch_end",
    "on_batch_begin",
    "on_batch_end",
)


class Callback:
    """The base of training callbacks; `self.model` and `self.params` are set by fit."""

    def __init__(self) -> None:
        self.model: Any = None
        self.params: dict[str, Any] = {}

    def set_model(self, model: Any) -> None:
        self.model = model

    def set_params(self, params: dict[str, Any]) -> None:
        self.params = params

    def on_train_begin(self, logs: Logs | None = None) -> None:
        """Called once before the first epoch."""

    def on_train_end(self, logs: Logs | None = None) -> None:
        """Called once after the last epoch."""

    def on_epoch_begin(self, epoch: int, logs: Logs | None = None) -> None:
        """Called at the start of each epoch."""

    def on_epoch_end(self, epoch: int, logs: Logs | None = None) -> None:
        """Called at the end of each epoch with its loss and metrics (validation too)."""

    def on_batch_begin(self, batch: int, logs: Logs | None = None) -> None:
        """Called before each batch."""

    def on_batch_end(self, batch: int, logs: Logs | None = None) -> None:
        """Called after each batch with its size, loss and metrics."""


class CustomCallback(Callback):
    """A callback made of functions (TF.js's CustomCallback): `on_epoch_end=fn`, ...;
    TF.js's camelCase names (`onEpochEnd`) are accepted too."""

    def __init__(self, **functions: Callable[..., Any]) -> None:
        super().__init__()
        self.functions: dict[str, Callable[..., Any]] = {}
        for key, fn in functions.items():
            name = to_snake_case(key)
            if name not in _HOOKS:
                raise ValueError(f"Unknown callback hook {key!r}; expected some of {list(_HOOKS)}")
            if not callable(fn):
                raise TypeError(f"Callback hook {key} must be a function, got {type(fn).__name__}")
            self.functions[name] = fn

    def _call(self, name: str, *args: Any) -> Any:
        fn = self.functions.get(name)
        return fn(*args) if fn is not None else None

    def on_train_begin(self, logs: Logs | None = None) -> Any:
        return self._call("on_train_begin", logs)

    def on_train_end(self, logs: Logs | None = None) -> Any:
        return self._call("on_train_end", logs)

    def on_epoch_begin(self, epoch: int, logs: Logs | None = None) -> Any:
        return self._call("on_epoch_begin", epoch, logs)

    def on_epoch_end(self, epoch: int, logs: Logs | None = None) -> Any:
        return self._call("on_epoch_end", epoch, logs)

    def on_batch_begin(self, batch: int, logs: Logs | None = None) -> Any:
        return self._call("on_batch_begin", batch, logs)

    def on_batch_end(self, batch: int, logs: Logs | None = None) -> Any:
        return self._call("on_batch_end", batch, logs)


def as_callback(value: Any) -> Callback:
    """A Callback from a Callback, a dict of hook functions, or a plain function (called
    at each epoch's end)."""
    if isinstance(value, Callback):
        return value
    if isinstance(value, Mapping):
        return CustomCallback(**value)
    if callable(value):
        return CustomCallback(on_epoch_end=value)
    raise TypeError(
        f"A callback must be a tf.callbacks.Callback, a dict of hook functions or a function; got {value!r}"
    )


class History(Callback):
    """Records each epoch's logs: `history` maps each name (`loss`, `acc`, `val_loss`...)
    to its list of per-epoch values; `epoch` lists the epoch numbers."""

    def __init__(self) -> None:
        super().__init__()
        self.epoch: list[int] = []
        self.history: dict[str, list[float]] = {}

    def on_train_begin(self, logs: Logs | None = None) -> None:
        self.epoch = []
        self.history = {}

    def on_epoch_end(self, epoch: int, logs: Logs | None = None) -> None:
        self.epoch.append(epoch)
        for key, value in (logs or {}).items():
            self.history.setdefault(key, []).append(value)

    def __repr__(self) -> str:
        return f"History(epochs={self.epoch}, history={self.history})"


class ProgressLogger(Callback):
    """Keras's per-epoch progress: verbose 1 draws a bar of samples done with the running
    loss and metrics, verbose 2 prints one line per epoch."""

    def __init__(self, verbose: int, stream: Any = None) -> None:
        super().__init__()
        self.verbose = verbose
        self.stream = stream or sys.stdout

    def on_epoch_begin(self, epoch: int, logs: Logs | None = None) -> None:
        self.seen = 0
        self.start = time.perf_counter()
        self.totals: dict[str, float] = {}
        if self.verbose:
            self.stream.write(f"Epoch {epoch + 1} / {self.params.get('epochs')}\n")

    def _metrics_text(self, values: Mapping[str, float]) -> str:
        return " ".join(f"{k}={v:.3g}" for k, v in values.items())

    def on_batch_end(self, batch: int, logs: Logs | None = None) -> None:
        logs = logs or {}
        size = int(logs.get("size", 0))
        self.seen += size
        for key, value in logs.items():
            if key not in ("batch", "size"):
                self.totals[key] = self.totals.get(key, 0.0) + value * size
        if self.verbose == 1:
            total = self.params.get("samples") or self.seen
            width = 30
            done = min(width, width * self.seen // max(total, 1))
            running = {k: v / max(self.seen, 1) for k, v in self.totals.items()}
            bar = "=" * done + "." * (width - done)
            self.stream.write(f"\r{self.seen}/{total} [{bar}] {self._metrics_text(running)}")
            self.stream.flush()

    def on_epoch_end(self, epoch: int, logs: Logs | None = None) -> None:
        if not self.verbose:
            return
        ms = (time.perf_counter() - self.start) * 1000
        prefix = "\n" if self.verbose == 1 else ""
        self.stream.write(
            f"{prefix}{ms:.0f}ms {ms / max(self.seen, 1) * 1000:.0f}us/step - "
            f"{self._metrics_text(logs or {})}\n"
        )
        self.stream.flush()


class EarlyStopping(Callback):
    """Stops training when `monitor` has stopped improving by more than `min_delta` for
    `patience` epochs (TF.js `tf.callbacks.earlyStopping`)."""

    def __init__(
        self,
        monitor: str = "val_loss",
        min_delta: float = 0,
        patience: int = 0,
        verbose: int = 0,
        mode: str = "auto",
        baseline: float | None = None,
        restore_best_weights: bool = False,
    ) -> None:
        super().__init__()
        check_not_config_object("tf.callbacks.early_stopping", monitor)
        if not isinstance(monitor, str):
            raise TypeError(f"early_stopping: monitor must be a metric's name, got {type(monitor).__name__}")
        if restore_best_weights:
            raise NotImplementedError("restoreBestWeights is not implemented in TensorFlow.js yet.")
        if mode not in ("auto", "min", "max"):
            raise ValueError(f"early_stopping: mode must be 'auto', 'min' or 'max', got {mode!r}")
        self.monitor, self.min_delta, self.patience = monitor, abs(min_delta), int(patience)
        self.verbose, self.mode, self.baseline = verbose, mode, baseline
        if mode == "min" or (mode == "auto" and "acc" not in monitor):
            self.better = lambda a, b: a < b
            self.min_delta *= -1
        else:
            self.better = lambda a, b: a > b

    def on_train_begin(self, logs: Logs | None = None) -> None:
        self.wait = 0
        self.stopped_epoch = 0
        lower_is_better = self.better(0, 1)
        self.best = (
            self.baseline if self.baseline is not None else (math.inf if lower_is_better else -math.inf)
        )

    def on_epoch_end(self, epoch: int, logs: Logs | None = None) -> None:
        current = (logs or {}).get(self.monitor)
        if current is None:
            sys.stderr.write(
                f"Missing metric {self.monitor} for early stopping (available: {sorted(logs or {})})\n"
            )
            return
        if self.better(current - self.min_delta, self.best):
            self.best = current
            self.wait = 0
            return
        self.wait += 1
        if self.wait >= self.patience:
            self.stopped_epoch = epoch
            self.model.stop_training = True

    def on_train_end(self, logs: Logs | None = None) -> None:
        if self.stopped_epoch > 0 and self.verbose:
            print(f"Epoch {self.stopped_epoch}: early stopping.")


def early_stopping(
    monitor: str = "val_loss",
    min_delta: float = 0,
    patience: int = 0,
    verbose: int = 0,
    mode: str = "auto",
    baseline: float | None = None,
    restore_best_weights: bool = False,
) -> EarlyStopping:
    """A callback that stops training when `monitor` stops improving (TF.js
    `tf.callbacks.earlyStopping`)."""
    return EarlyStopping(monitor, min_delta, patience, verbose, mode, baseline, restore_best_weights)


class CallbackList:
    """Calls each hook on every callback, in order; a hook that is a coroutine function
    runs to its end before the next (TF.js awaits its callbacks)."""

    def __init__(self, callbacks: Sequence[Callback]) -> None:
        self.callbacks = list(callbacks)

    def __getattr__(self, name: str) -> Callable[..., None]:
        if name not in (*_HOOKS, "set_model", "set_params"):
            raise AttributeError(name)

        def call(*args: Any) -> None:
            for callback in self.callbacks:
                _run_to_end(getattr(callback, name)(*args), name)

        return call


def _run_to_end(result: Any, hook: str) -> None:
    """Awaits what an async hook returned: in an event loop of its own where this thread
    runs none; inside the running loop that called `fit` (which is synchronous), by
    stepping it, which works as long as it only yields to the loop (`tf.next_frame()`,
    `asyncio.sleep(0)`)."""
    from tfjs.io.handlers import awaited_outside_loop

    result = awaited_outside_loop(result)
    if not inspect.isawaitable(result):
        return
    steps = result.__await__()
    try:
        while True:
            waited = steps.send(None)
            if waited is not None:
                steps.close()
                raise RuntimeError(
                    f"The callback's {hook} awaited {waited!r}, which needs the event loop that is "
                    "running fit; fit is synchronous, so inside async code a callback may await "
                    "only tf.next_frame() (or run fit in a thread: await asyncio.to_thread(model.fit, ...))"
                )
    except StopIteration:
        return


__all__ = ["Callback", "CustomCallback", "EarlyStopping", "History", "early_stopping"]
