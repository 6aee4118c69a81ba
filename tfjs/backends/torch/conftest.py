"""Doctest collection skips the torch backend's modules where PyTorch is not installed."""

import importlib.util

collect_ignore_glob = [] if importlib.util.find_spec("torch") else ["*.py", "kernels/*.py"]
