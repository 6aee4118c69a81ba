"""Backends: where tensor data lives and kernels run. `cpu` (NumPy) is always present."""
