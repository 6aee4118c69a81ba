"""The `torch` backend's kernels, grouped by family as `cpu`'s are; each module registers
its kernels when imported."""

from tfjs.backends.torch.kernels import (
    activation,
    binary,
    complex,  # noqa: A004
    conv,
    conv3d,
    creation,
    dilation,
    einsum,
    evaluation,
    fused,
    gather_scatter,
    image,
    logical,
    matmul,
    normalization,
    pad,
    pool,
    random,
    reduction,
    scan,
    segment,
    slicing,
    space_batch,
    spectral,
    transform,
    unary,
)
