"""TF.js's broadcasting rules (the same as NumPy's), with TF.js's error."""

from __future__ import annotations

from collections.abc import Sequence


def assert_and_get_broadcast_shape(a: Sequence[int], b: Sequence[int], op_name: str) -> tuple[int, ...]:
    """The shape `a` and `b` broadcast to, or a ValueError naming both shapes."""
    rank = max(len(a), len(b))
    padded_a = (1,) * (rank - len(a)) + tuple(a)
    padded_b = (1,) * (rank - len(b)) + tuple(b)
    result = []
    for dim_a, dim_b in zip(padded_a, padded_b, strict=True):
        if dim_a == dim_b or dim_b == 1:
            result.append(dim_a)
        elif dim_a == 1:
            result.append(dim_b)
        else:
            raise ValueError(
                f"{op_name}: Operands could not be broadcast together with shapes "
                f"{','.join(map(str, a))} and {','.join(map(str, b))}."
            )
    return tuple(result)
