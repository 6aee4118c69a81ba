"""The `cpu` backend's kernels, grouped by family; each module registers its kernels when
imported, and this is the list of the modules."""

from tfjs.backends.cpu.kernels import (
    activation,
    binary,
    complex,  # noqa: A004
    creation,
    einsum,
    evaluation,
    gather_scatter,
    logical,
    matmul,
    pad,
    ragged,
    random,
    reduction,
    scan,
    segment,
    slicing,
    space_batch,
    sparse,
    string,
    transform,
    unary,
)
