"""The `cpu` backend: NumPy kernels, the reference every other backend is checked against."""

from tfjs.backends.cpu import kernels as kernels
from tfjs.backends.cpu.backend_cpu import CpuBackend
from tfjs.engine import ENGINE

ENGINE.register_backend("cpu", CpuBackend, priority=1)

__all__ = ["CpuBackend"]
