"""The `cpu` backend's kernels, grouped by family; each module registers its kernels when
imported, and this is the list of the modules."""

from tfjs.backends.cpu.kernels import binary, matmul, reduction, transform, unary
