"""The `cpu` backend's kernels, grouped by family: importing this package registers every
module in it, so adding a kernel file needs no other change."""

import importlib
import pkgutil

for _module in pkgutil.iter_modules(__path__):
    importlib.import_module(f"{__name__}.{_module.name}")
