"""The `cpu` backend's kernels, grouped by family."""
