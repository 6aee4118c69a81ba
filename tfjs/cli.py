"""The `tfjs` command: what a model is and how fast it runs, TF.js's model pages as a tool.

    tfjs analyse MODEL [--report FILE.html] [--runs N] [--backend cpu,...] [--image IN]
                       [--shape NAME=1,224,224,3 ...] [--check-fp16]
    tfjs info MODEL [--json]
    tfjs bench MODEL [--backend cpu,...] [--runs N] [--warmup N] [--warm-up] [--json]
    tfjs profile MODEL [--top N]
    tfjs run MODEL --image IN.png [--out OUT.png] [--top N]
    tfjs check-fp16 MODEL
    tfjs batch MODEL SOURCE --out SINK [--batch-size N] [--workers N] [--ray | --address A] ...

MODEL is a graph model or a layers model (Keras-style; `tfjs run` lists a classifier's
top labels when a metadata.json of labels, as Teachable Machine exports, lies beside it).
Bad input (not a model, no inputs, a bad image, an unknown backend, a bad --shape, a bad
metadata.json) is one line on stderr and exit status 2.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import re
import sys
from collections.abc import Callable, Sequence
from typing import Any

from tfjs.analysis.console import (
    print_bench,
    print_fp16,
    print_info,
    print_profile,
    print_run,
    progress,
)
from tfjs.analysis.report import write_report

PROG = "tfjs"


# ---- argument types ----------------------------------------------------------------------


def parse_shape(text: str) -> tuple[str, list[int]]:
    """One `--shape` value: `NAME=1,224,224,3` (or `1,224,224,3` for every input).

    >>> parse_shape("image=1,224,224,3"), parse_shape("1,8")
    (('image', [1, 224, 224, 3]), ('*', [1, 8]))
    """
    name, _, dims = text.rpartition("=")
    try:
        shape = [int(d) for d in dims.replace("x", ",").split(",")]
    except ValueError:
        shape = []
    if not shape or any(d < 0 for d in shape):
        raise argparse.ArgumentTypeError(
            f"bad --shape '{text}': expected NAME=D1,D2,... with dimensions >= 0, e.g. x=1,224,224,3"
        )
    return name or "*", shape


def parse_backends(text: str) -> list[str]:
    """`--backend cpu,torch`: the names, each checked against the registered backends.

    >>> parse_backends("cpu")
    ['cpu']
    """
    from tfjs.globals import engine

    names = [n.strip() for n in text.split(",") if n.strip()]
    known = engine().registered_backends()
    for name in names:
        if name not in known:
            raise argparse.ArgumentTypeError(
                f"unknown backend '{name}': the known backends are {', '.join(known)}"
            )
    if not names:
        raise argparse.ArgumentTypeError(f"no backend named: the known backends are {', '.join(known)}")
    return names


def _backends(args: argparse.Namespace) -> list[str]:
    """`--backend`'s names; by default every backend that starts, the default one first."""
    if args.backend:
        return args.backend
    from tfjs.globals import engine, get_backend

    default = get_backend()
    others = [n for n in engine().registered_backends() if n != default and engine().find_backend(n)]
    return [default, *others]


def _at_least(minimum: int) -> Callable[[str], int]:
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            value = minimum - 1
        if value < minimum:
            raise argparse.ArgumentTypeError(f"expected an integer >= {minimum}, got '{text}'")
        return value

    return parse


# ---- subcommands -------------------------------------------------------------------------


def _shapes(args: argparse.Namespace) -> dict[str, list[int]] | None:
    return dict(args.shape) if args.shape else None


def _check_image(args: argparse.Namespace) -> None:
    image = getattr(args, "image", None)
    if image is not None and not os.path.isfile(image):
        raise OSError(f"image not found: {image}")


def _check_writable(path: str | None, option: str) -> None:
    """The file an option names can be written where it says: its folder exists, and the
    path is not a folder (so that the work before the write is not done in vain)."""
    if path is None:
        return
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        raise OSError(f"{option} {path}: the folder {folder} does not exist")
    if os.path.isdir(path):
        raise OSError(f"{option} {path}: is a folder, not a file")


def _check_inputs(args: argparse.Namespace, shapes: dict[str, list[int]] | None) -> None:
    """Makes the model's inputs once, so that a model without inputs, an unknown size
    without --shape or an image the model cannot take fails before anything is printed."""
    from tfjs import dispose
    from tfjs.analysis import load_model, make_inputs

    model = load_model(args.model)
    try:
        dispose(list(make_inputs(model, shapes, getattr(args, "image", None)).values()))
    finally:
        model.dispose()


def _benches(args: argparse.Namespace) -> list[Any]:
    from tfjs.analysis import bench

    results = []
    for backend in _backends(args):
        update, close = progress(backend)
        try:
            results.append(
                bench(
                    args.model,
                    backend=backend,
                    runs=args.runs,
                    warmup=args.warmup,
                    shapes=_shapes(args),
                    image=args.image,
                    progress=update,
                    warm_up=args.warm_up,
                )
            )
        finally:
            close()
    return results


def cmd_info(args: argparse.Namespace) -> int:
    from tfjs.analysis import model_info

    shapes = _shapes(args)
    if shapes:  # a --shape the model cannot take is an error, not FLOPs of 'n/a'
        _check_inputs(args, shapes)
    info = model_info(args.model, shapes)
    if args.json:
        print(json.dumps(info.to_dict(), indent=2))
    else:
        print_info(info)
    return 0


def cmd_bench(args: argparse.Namespace) -> int:
    _check_image(args)
    results = _benches(args)
    if args.json:
        print(json.dumps({"model": args.model, "backends": {r.backend: r.to_dict() for r in results}}))
    else:
        print_bench(results)
    return 0


def cmd_profile(args: argparse.Namespace) -> int:
    from tfjs.analysis import profile_model
    from tfjs.profile_trace import tracing

    _check_image(args)
    with tracing(args.trace) if args.trace else contextlib.nullcontext():
        result = profile_model(
            args.model, backend=_backends(args)[0], shapes=_shapes(args), image=args.image, runs=args.runs
        )
    print_profile(result, args.top)
    if args.trace:
        print(f"trace written to {args.trace} (open it in ui.perfetto.dev or chrome://tracing)")
    return 0


def cmd_run(args: argparse.Namespace) -> int:
    from tfjs.analysis import run_model

    _check_image(args)
    _check_writable(args.out, "--out")
    out = args.out or os.path.splitext(os.path.basename(args.image))[0] + "_output.png"
    print_run(run_model(args.model, args.image, out=out, shapes=_shapes(args), top=args.top))
    return 0


def cmd_check_fp16(args: argparse.Namespace) -> int:
    from tfjs.analysis import check_fp16

    _check_image(args)
    findings = check_fp16(args.model, shapes=_shapes(args), image=args.image)
    print_fp16(findings)
    return 1 if findings else 0


def cmd_analyse(args: argparse.Namespace) -> int:
    from tfjs.analysis import check_fp16, model_info, profile_model, run_model

    _check_image(args)
    _check_writable(args.report, "--report")
    shapes = _shapes(args)
    _check_inputs(args, shapes)
    info = model_info(args.model, shapes)
    print_info(info, top=10)
    print()
    benches = _benches(args)
    print_bench(benches)
    print()
    profile = profile_model(args.model, backend=_backends(args)[0], shapes=shapes, image=args.image)
    print_profile(profile, args.top)
    findings = None
    if args.check_fp16:
        print()
        findings = check_fp16(args.model, shapes=shapes, image=args.image)
        print_fp16(findings)
    run = None
    if args.image is not None:
        out = os.path.splitext(args.report)[0] + "_output.png" if args.report else None
        print()
        run = run_model(args.model, args.image, out=out, shapes=shapes)
        print_run(run)
    if args.report:
        write_report(args.report, info, benches=benches, profile=profile, fp16=findings, run=run)
        print(f"\nwrote {args.report}")
    return 0


# ---- the parser --------------------------------------------------------------------------


class _Parser(argparse.ArgumentParser):
    """argparse with its errors on one line (`tfjs: error: ...`), exit status 2."""

    def error(self, message: str) -> Any:
        self.exit(2, f"{PROG}: error: {message} (see '{self.prog} --help')\n")


def build_parser() -> argparse.ArgumentParser:
    """The `tfjs` argument parser, one subparser per subcommand."""
    parser = _Parser(prog=PROG, description="Analyse, benchmark, profile and run TF.js models (model.json).")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    def add(
        name: str, func: Callable[[argparse.Namespace], int], summary: str, aliases: Sequence[str] = ()
    ) -> argparse.ArgumentParser:
        sub = commands.add_parser(name, help=summary, description=summary, aliases=list(aliases))
        sub.add_argument("model", metavar="MODEL", help="model.json, its folder, or a URL")
        sub.add_argument(
            "--shape",
            action="append",
            type=parse_shape,
            metavar="NAME=D1,D2,...",
            help="fill an input's unknown dimensions (repeat per input; no NAME: every input)",
        )
        sub.set_defaults(func=func)
        return sub

    def inputs(sub: argparse.ArgumentParser, image_required: bool = False) -> None:
        sub.add_argument(
            "--image",
            required=image_required,
            metavar="IN",
            help="an image as the input (resized to the input's size), instead of random values",
        )

    def timing(sub: argparse.ArgumentParser, runs: int, warmup: bool = True) -> None:
        sub.add_argument(
            "--backend",
            type=parse_backends,
            default=None,
            metavar="NAMES",
            help="comma-separated backends (default: every backend that starts, the default one first)",
        )
        sub.add_argument("--runs", type=_at_least(1), default=runs, help=f"timed runs (default {runs})")
        if warmup:
            sub.add_argument("--warmup", type=_at_least(0), default=1, help="untimed runs first (default 1)")
            sub.add_argument(
                "--warm-up",
                action="store_true",
                help="load a graph model with the load option warm_up (its run counts in the load time)",
            )

    analyse = add(
        "analyse", cmd_analyse, "info, benchmark, profile (and float16 check) in one", aliases=["analyze"]
    )
    inputs(analyse)
    timing(analyse, 10)
    analyse.add_argument("--report", metavar="FILE.html", help="write a self-contained HTML report")
    analyse.add_argument("--check-fp16", action="store_true", help="also list nodes float16 would break")
    analyse.add_argument("--top", type=_at_least(1), default=10, help="profile rows shown (default 10)")

    info = add("info", cmd_info, "format, inputs/outputs, op histogram or layers summary, weights, FLOPs")
    info.add_argument("--json", action="store_true", help="print one JSON object")

    bench = add("bench", cmd_bench, "load time, first call, median/p10/p90 ms, FPS, memory figures")
    inputs(bench)
    timing(bench, 10)
    bench.add_argument("--json", action="store_true", help="print one JSON object on stdout")

    profile = add("profile", cmd_profile, "time per kernel and per op type (graph models), from tf.profile")
    inputs(profile)
    timing(profile, 1, warmup=False)
    profile.add_argument("--top", type=_at_least(1), default=20, help="rows shown per table (default 20)")
    profile.add_argument(
        "--trace", metavar="FILE.json", help="also write a Chrome/Perfetto trace of each run"
    )

    run = add("run", cmd_run, "run the model on an image; save its image outputs as PNG")
    inputs(run, image_required=True)
    run.add_argument(
        "--top",
        type=_at_least(1),
        default=3,
        help="labels shown for a classifier with metadata.json (default 3)",
    )
    run.add_argument(
        "--out",
        metavar="OUT.png",
        help="where the image outputs go (several: OUT_1.png, ...; default: IN_output.png here)",
    )

    fp16 = add("check-fp16", cmd_check_fp16, "list nodes whose values break in float16 (exit 1 if any)")
    inputs(fp16)

    from tfjs.cli_batch import add_batch_command

    add_batch_command(add)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Runs the `tfjs` command with `argv` (default: sys.argv[1:]); returns its exit status.

    >>> main(["info", "tests/converter/fixtures/add_mul/model.json", "--json"]) == 0  # doctest: +ELLIPSIS
    {...
    True
    """
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as stop:  # argparse's own errors and --help
        return int(stop.code or 0)
    try:
        return args.func(args)
    except KeyboardInterrupt:
        print(f"{PROG}: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # `tfjs info MODEL | head`: the reader left; say nothing more
        with contextlib.suppress(OSError, ValueError):
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    except (ValueError, OSError, TypeError, ImportError) as error:
        message = re.sub(r"^\[Errno -?\d+\] ", "", " ".join(str(error).split())) or type(error).__name__
        notes = " ".join(getattr(error, "__notes__", ()))  # the node that raised it, a warm-up's
        print(f"{PROG}: error: {message}" + (f" {notes}" if notes else ""), file=sys.stderr)
        return 2
