"""The op spec table, one module per op family, each with its `SPECS` rows. Adding an op
adds rows to its family's module; this package gathers them all."""

from __future__ import annotations

import importlib
import pkgutil

from tests.ops.op_spec import OpSpec

SPECS: list[OpSpec] = [
    spec
    for module in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name)
    for spec in importlib.import_module(f"{__name__}.{module.name}").SPECS
]
