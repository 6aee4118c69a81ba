"""`tfjs batch`: the model over every record of a dataset, in this process or on Ray.

tfjs batch MODEL SOURCE --out SINK [--batch-size N] [--workers N] [--backend B]
           [--ray | --address A] [--column NAME] [--shape NAME=...]
           [--overwrite | --resume] [--threads N] [--json]
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from typing import Any

from tfjs.cli import _at_least, parse_backends


def add_batch_command(add: Callable[..., argparse.ArgumentParser]) -> None:
    """Adds `batch` through the `tfjs` parser's `add(name, func, summary)` (which gives it
    MODEL and --shape)."""
    sub = add("batch", cmd_batch, "run the model on every record of a dataset, results keyed by record id")
    sub.add_argument(
        "source",
        metavar="SOURCE",
        help="a folder or glob of images and .npy files, or a Parquet file (see --column)",
    )
    sub.add_argument(
        "--out",
        required=True,
        metavar="SINK",
        help="a folder (PNG for image outputs, .npy otherwise) or a .parquet file",
    )
    sub.add_argument(
        "--batch-size", type=_at_least(1), default=1, metavar="N", help="records per model call (default 1)"
    )
    sub.add_argument(
        "--workers", type=_at_least(1), metavar="N", help="Ray actors (default one per CPU, or per GPU)"
    )
    sub.add_argument(
        "--threads",
        type=_at_least(1),
        default=1,
        metavar="N",
        help="compute threads per Ray actor (default 1)",
    )
    sub.add_argument("--backend", type=parse_backends, metavar="NAME", help="the backend (default cpu)")
    where = sub.add_mutually_exclusive_group()
    where.add_argument("--ray", action="store_true", help="run on a local Ray instance")
    where.add_argument(
        "--address", metavar="A", help="run on the Ray cluster at A: auto, HOST:PORT, ray://HOST:PORT"
    )
    sub.add_argument("--column", metavar="NAME", help="the Parquet column that holds the records")
    again = sub.add_mutually_exclusive_group()
    again.add_argument("--overwrite", action="store_true", help="clear an existing sink first")
    again.add_argument("--resume", action="store_true", help="skip the records an existing sink holds")
    sub.add_argument("--json", action="store_true", help="print the summary as one JSON object")


def cmd_batch(args: argparse.Namespace) -> int:
    """Runs `tfjs batch`; prints the summary (records, errors, seconds, records/s)."""
    from tfjs.batch import run

    backend = args.backend
    if backend is not None and len(backend) != 1:
        raise ValueError(f"batch runs on one backend, got --backend {','.join(backend)}")
    summary = run(
        args.model,
        args.source,
        args.out,
        batch_size=args.batch_size,
        workers=args.workers,
        backend=backend[0] if backend else None,
        ray=args.ray,
        address=args.address,
        column=args.column,
        shapes=dict(args.shape) if args.shape else None,
        overwrite=args.overwrite,
        resume=args.resume,
        threads_per_worker=args.threads,
        progress=not args.json,
    )
    if args.json:
        print(json.dumps(summary.to_dict()))
    else:
        print(_summary_line(summary))
    return 0


def _summary_line(summary: Any) -> str:
    errors = f"{summary.errors} error(s), listed in {summary.errors_path}" if summary.errors else "no errors"
    skipped = f", {summary.skipped} already there" if summary.skipped else ""
    return (
        f"wrote {summary.records} records to {summary.out} ({errors}{skipped}) in {summary.seconds:.2f} s: "
        f"{summary.records_per_s:.1f} records/s ({summary.engine}, {summary.workers} worker(s))"
    )
