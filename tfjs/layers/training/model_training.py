"""Training a LayersModel as TF.js trains (tfjs-layers' training.ts): `compile`, `fit`,
`evaluate`, `train_on_batch`, `fit_dataset`; and the training config model.json holds.

Each batch runs in a tidy: the forward pass with `training=True`, the per-sample losses
(times any sample weights) summed over outputs and averaged, plus the layers'
regularization losses, minimized by the optimizer over the trainable weights; the batch's
loss and metrics are read back as numbers, so nothing but weights and optimizer state
outlives a batch. Epoch values are the batch values averaged by batch size.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from tfjs import ops
from tfjs.globals import dispose, keep, tidy
from tfjs.layers import losses as layer_losses
from tfjs.layers.config_objects import check_not_config_object
from tfjs.layers.engine.model_calls import one_call_at_a_time
from tfjs.layers.training import data
from tfjs.layers.training.callbacks import CallbackList, History, ProgressLogger, as_callback
from tfjs.layers.training.compile import MetricSpec, per_output, resolve_metrics, resolve_optimizer
from tfjs.layers.training.training_config import class_sample_weights
from tfjs.tensor import Tensor


class TrainingMixin:
    """compile / fit / evaluate for LayersModel."""

    optimizer: Any = None
    stop_training = False
    history: History | None = None

    # -- compile ----------------------------------------------------------------------
    def compile(self, optimizer: Any, loss: Any = None, metrics: Any = None) -> None:
        """Configures training: `optimizer` (a tf.train optimizer or TF.js's name, e.g.
        'adam'), `loss` (a name, a function, or one per output as a list or a dict by
        output name), `metrics` (names or functions, or a dict by output name)."""
        check_not_config_object("compile", optimizer)
        if loss is None:
            raise ValueError("compile: a loss is required")
        names = self.output_names
        loss_fns = [
            layer_losses.get_loss(item) if item is not None else None
            for item in per_output(loss, names, "loss")
        ]
        if any(fn is None for fn in loss_fns):
            missing = [n for n, fn in zip(names, loss_fns, strict=True) if fn is None]
            raise ValueError(f"compile: no loss given for output(s) {missing}")
        shapes = [x.shape for x in self.outputs]
        metric_specs = resolve_metrics(metrics, names, shapes, loss_fns)
        resolved = resolve_optimizer(optimizer)
        if (
            self.optimizer is not None
            and getattr(self, "is_optimizer_owned", False)
            and self.optimizer is not resolved
        ):
            self.optimizer.dispose()  # the one an earlier compile made from a name
        self.optimizer = resolved
        self.is_optimizer_owned = isinstance(optimizer, str)
        self.loss = loss
        self.loss_functions = loss_fns
        self.compiled_metrics = metrics
        self.metric_specs: list[MetricSpec] = metric_specs
        self.metrics_names = ["loss", *(spec.name for spec in metric_specs)]

    def dispose(self) -> dict[str, int]:
        """Disposes the model (see Container.dispose) and the optimizer compile made from
        a name."""
        result = super().dispose()  # type: ignore[misc]
        if (
            result["refCountAfterDispose"] == 0
            and self.optimizer is not None
            and getattr(self, "is_optimizer_owned", False)
        ):
            from tfjs.globals import memory

            before = memory()["num_tensors"]
            self.optimizer.dispose()
            result["numDisposedVariables"] += before - memory()["num_tensors"]
        return result

    def _check_compiled(self, where: str) -> None:
        if self.optimizer is None or not hasattr(self, "loss_functions"):
            raise ValueError(
                f"You must compile a model before {where}. Use LayersModel.compile(modelCompileArgs)."
            )

    # -- one batch --------------------------------------------------------------------
    def _batch_losses(
        self, xs: list[Tensor], ys: list[Tensor], weights: list[Any], training: bool
    ) -> tuple[list[Tensor], list[Tensor]]:
        """The running sums of the outputs' mean losses (the last is the total loss) and
        the metrics' means, for one batch."""
        outputs = self.run_internal_graph(xs, training=training)
        sums: list[Tensor] = []
        for i, fn in enumerate(self.loss_functions):
            loss = fn(ys[i], outputs[i])
            if weights[i] is not None:
                loss = ops.mul(loss, weights[i])
            loss = ops.mean(loss)
            sums.append(loss if not sums else ops.add(sums[-1], loss))
        values = [ops.mean(spec.fn(ys[spec.output], outputs[spec.output])) for spec in self.metric_specs]
        return sums, values

    def _train_batch(self, xs: list[Tensor], ys: list[Tensor], weights: list[Any]) -> list[float]:
        metric_values: list[Tensor] = []

        def total_loss() -> Tensor:
            sums, values = self._batch_losses(xs, ys, weights, True)
            loss = sums[-1]
            for value in values:
                metric_values.append(keep(value))
            for regularization in self.losses:
                loss = ops.add(loss, regularization)
            return loss

        variables = [w.read() for w in self.trainable_weights]
        cost = self.optimizer.minimize(total_loss, True, variables)
        results = [float(t.data_sync()[0]) for t in [cost, *metric_values]]
        dispose([cost, *metric_values])
        return results

    def _test_batch(self, xs: list[Tensor], ys: list[Tensor], weights: list[Any]) -> list[float]:
        """TF.js's test outputs: the running loss sums (one per output), then the metrics."""

        def run() -> list[Tensor]:
            sums, values = self._batch_losses(xs, ys, weights, False)
            return [*sums, *values]

        outs = tidy(run)
        results = [float(t.data_sync()[0]) for t in outs]
        dispose(outs)
        return results

    # -- data -------------------------------------------------------------------------
    def _standardize(self, x: Any, y: Any, where: str) -> tuple[list[Tensor], list[Tensor], list[Tensor]]:
        xs, made_x = data.as_tensors(x, self.input_names, "input", where)
        try:
            ys, made_y = data.as_tensors(y, self.output_names, "target", where)
        except BaseException:
            dispose(made_x)
            raise
        made = made_x + made_y
        try:
            xs, made_columns_x = data.rank_2_or_higher(xs)
            ys, made_columns_y = data.rank_2_or_higher(ys)
            made += made_columns_x + made_columns_y
            data.check_shapes(xs, self.input_names, self.feed_input_shapes, "input", where)
            output_shapes = [x.shape for x in self.outputs]
            data.check_targets(ys, self.output_names, output_shapes, self.loss_functions)
            data.check_same_length(xs, ys, where)
        except BaseException:
            dispose(made)
            raise
        return xs, ys, made

    def _sample_weights(self, ys: list[Tensor], class_weight: Any, sample_weight: Any) -> list[Tensor | None]:
        weights: list[Tensor | None] = [None] * len(ys)
        if sample_weight is not None:
            given = (
                per_output(sample_weight, self.output_names, "sample_weight")
                if len(ys) > 1
                else [sample_weight]
            )
            weights = [None if w is None else w if isinstance(w, Tensor) else ops.tensor(w) for w in given]
        if class_weight is not None:
            given = class_weight if isinstance(class_weight, (list, tuple)) else [class_weight] * len(ys)
            if (
                isinstance(class_weight, Mapping)
                and set(class_weight) <= set(self.output_names)
                and class_weight
            ):
                given = per_output(class_weight, self.output_names, "class_weight")
            weights = [
                w if cw is None else class_sample_weights(y, cw)
                for w, y, cw in zip(weights, ys, given, strict=True)
            ]
        return weights

    # -- fit --------------------------------------------------------------------------
    @one_call_at_a_time
    def fit(
        self,
        x: Any,
        y: Any,
        batch_size: int = 32,
        epochs: int = 1,
        verbose: int | None = None,
        callbacks: Any = None,
        validation_split: float = 0.0,
        validation_data: Sequence[Any] | None = None,
        shuffle: bool = True,
        class_weight: Any = None,
        sample_weight: Any = None,
        initial_epoch: int = 0,
    ) -> History:
        """Trains the model for `epochs` epochs of `batch_size` batches; returns a History
        whose `history` holds each epoch's `loss`, metrics and (with validation) `val_*`."""
        self._check_compiled("fitting")
        data.check_batch_size(batch_size, "fit")
        if not 0 <= validation_split < 1:
            raise ValueError(f"fit: validation_split must be in [0, 1), got {validation_split}")
        xs, ys, made = self._standardize(x, y, "fit")
        try:
            weights = self._sample_weights(ys, class_weight, sample_weight)
            made += [w for w in weights if w is not None]
            val = None
            if validation_data is not None:
                if len(validation_data) not in (2, 3):
                    raise ValueError(
                        "When passing validation data, it must contain 2 (valX, valY) or 3 (valX, "
                        "valY, valSampleWeight) items"
                    )
                vx, vy, vmade = self._standardize(validation_data[0], validation_data[1], "fit validation")
                made += vmade
                vw = self._sample_weights(vy, None, validation_data[2] if len(validation_data) == 3 else None)
                made += [w for w in vw if w is not None]
                val = (vx, vy, vw)
            elif validation_split > 0:
                size = xs[0].shape[0]
                split = int(size * (1 - validation_split))
                parts = [t.slice([split], [size - split]) for t in xs + ys] + [
                    t.slice([0], [split]) for t in xs + ys
                ]
                made += parts
                n, m = len(xs), len(ys)
                vw = [None if w is None else w.slice([split], [size - split]) for w in weights]
                tw = [None if w is None else w.slice([0], [split]) for w in weights]
                made += [w for w in vw + tw if w is not None]
                val = (parts[:n], parts[n : n + m], vw)
                xs, ys, weights = parts[n + m : 2 * n + m], parts[2 * n + m :], tw
            batches = data.epoch_batches(xs, ys, weights, batch_size, shuffle)
            return self._fit_loop(
                batches, epochs, initial_epoch, verbose, callbacks, val, batch_size, xs[0].shape[0]
            )
        finally:
            dispose(made)

    def _fit_loop(
        self,
        epoch_batches: Any,
        epochs: int,
        initial_epoch: int,
        verbose: int | None,
        callbacks: Any,
        val: Any,
        batch_size: int,
        samples: int | None,
    ) -> History:
        if verbose is None:
            verbose = 1 if sys.stdout.isatty() else 0
        history = History()
        given = (
            callbacks if isinstance(callbacks, (list, tuple)) else [] if callbacks is None else [callbacks]
        )
        items = [history, *(as_callback(c) for c in given)]
        if verbose:
            items.insert(0, ProgressLogger(verbose))
        cbs = CallbackList(items)
        cbs.set_model(self)
        cbs.set_params(
            {
                "epochs": epochs,
                "initialEpoch": initial_epoch,
                "samples": samples,
                "batchSize": batch_size,
                "verbose": verbose,
            }
        )
        self.stop_training = False
        cbs.on_train_begin({})
        for epoch in range(initial_epoch, epochs):
            cbs.on_epoch_begin(epoch, {})
            totals: dict[str, float] = {}
            seen = 0
            for index, (bx, by, bw) in enumerate(epoch_batches()):
                cbs.on_batch_begin(index, {"batch": index, "size": bx[0].shape[0]})
                values = self._train_batch(bx, by, bw)
                size = bx[0].shape[0]
                logs = {"batch": index, "size": size, **dict(zip(self.metrics_names, values, strict=True))}
                seen += size
                for key, value in zip(self.metrics_names, values, strict=True):
                    totals[key] = totals.get(key, 0.0) + value * size
                cbs.on_batch_end(index, logs)
                if self.stop_training:
                    break
            epoch_logs = {key: total / max(seen, 1) for key, total in totals.items()}
            if val is not None:
                outs = val() if callable(val) else self._test_loop(*val, batch_size)
                # The total loss, then the metrics (the running sums before it are partial).
                outs = outs[len(self.loss_functions) - 1 :]
                for key, value in zip(self.metrics_names, outs, strict=True):
                    epoch_logs[f"val_{key}"] = value
            cbs.on_epoch_end(epoch, epoch_logs)
            if self.stop_training:
                break
        cbs.on_train_end({})
        self.history = history
        return history

    def _test_loop(
        self, xs: list[Tensor], ys: list[Tensor], weights: list[Any], batch_size: int
    ) -> list[float]:
        size = xs[0].shape[0]
        totals = [0.0] * (len(self.loss_functions) + len(self.metric_specs))
        for start, end in data.batch_ranges(size, batch_size):
            batch = tidy(lambda s=start, e=end: data.sliced_batch(xs, ys, weights, s, e))
            try:
                values = self._test_batch(*batch)
            finally:
                dispose(batch)
            totals = [t + v * (end - start) for t, v in zip(totals, values, strict=True)]
        return [t / max(size, 1) for t in totals]

    # -- evaluate / single batches ----------------------------------------------------
    @one_call_at_a_time
    def evaluate(
        self, x: Any, y: Any, batch_size: int = 32, verbose: int = 0, sample_weight: Any = None
    ) -> Any:
        """The loss and metrics on (x, y), averaged over all samples: a scalar tensor, or a
        list of them (loss first) when there are metrics."""
        self._check_compiled("evaluating")
        data.check_batch_size(batch_size, "evaluate")
        xs, ys, made = self._standardize(x, y, "evaluate")
        try:
            weights = self._sample_weights(ys, None, sample_weight)
            made += [w for w in weights if w is not None]
            values = self._test_loop(xs, ys, weights, batch_size)
        finally:
            dispose(made)
        scalars = [ops.scalar(v) for v in values]
        return scalars[0] if len(scalars) == 1 else scalars

    @one_call_at_a_time
    def train_on_batch(self, x: Any, y: Any) -> float | list[float]:
        """One optimizer step on one batch; returns the loss (and metrics) as numbers."""
        self._check_compiled("training")
        xs, ys, made = self._standardize(x, y, "train_on_batch")
        try:
            values = self._train_batch(xs, ys, [None] * len(ys))
        finally:
            dispose(made)
        return values[0] if len(values) == 1 else values

    @one_call_at_a_time
    def fit_dataset(self, dataset: Iterable[Any], *args: Any, **kwargs: Any) -> History:
        """Trains on an iterable of batches (TF.js `fitDataset`): see
        `tfjs.layers.training.dataset_training.fit_dataset` for the arguments."""
        from tfjs.layers.training.dataset_training import fit_dataset

        if args:
            check_not_config_object("fit_dataset(dataset, ...)", args[0])
            raise TypeError(f"fit_dataset(dataset, ...) takes keyword arguments, got {len(args)} positional")
        return fit_dataset(self, dataset, **kwargs)

    @one_call_at_a_time
    def evaluate_dataset(self, dataset: Iterable[Any], batches: int | None = None) -> Any:
        """The loss and metrics over an iterable of batches (TF.js `evaluateDataset`)."""
        from tfjs.layers.training.dataset_training import evaluate_dataset

        check_not_config_object("evaluate_dataset(dataset, ...)", batches)
        return evaluate_dataset(self, dataset, batches)
