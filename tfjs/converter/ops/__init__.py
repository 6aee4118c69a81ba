"""The TF op mappers, one module per category of TF.js's converter op list; importing a
module registers its mappers. This is the list of the modules."""

from tfjs.converter.ops import (
    arithmetic,
    basic_math,
    control,
    convolution,
    creation,
    dynamic,
    evaluation,
    graph,
    hash_table,
    image,
    logical,
    matrices,
    normalization,
    ragged,
    reduction,
    slice_join,
    sparse,
    spectral,
    string,
    transformation,
)
