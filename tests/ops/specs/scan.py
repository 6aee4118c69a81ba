"""Operations / Scan."""

from __future__ import annotations

import numpy as np

import tfjs as tf
from tests.ops.op_spec import F32, I23, I32, OpSpec


def _exclusive(cumulative, identity):
    """NumPy's inclusive scan shifted by one along axis 1, starting from `identity`."""

    def reference(x):
        shifted = np.concatenate([np.full_like(x[:, :1], identity), x[:, :-1]], axis=1)
        return cumulative(shifted, axis=1)

    return reference


M34 = (((3, 4), F32),)
SPECS: list[OpSpec] = [
    OpSpec("cumsum", tf.cumsum, lambda x: np.cumsum(x, 0), M34, F32),
    OpSpec(
        "cumsum", lambda x: tf.cumsum(x, 1, True), _exclusive(np.cumsum, 0), M34, F32, id_suffix="exclusive"
    ),
    OpSpec(
        "cumsum",
        lambda x: tf.cumsum(x, 1, False, True),
        lambda x: np.flip(np.cumsum(np.flip(x, 1), 1), 1),
        (I23,),
        I32,
        id_suffix="reverse-int32",
    ),
    OpSpec(
        "cumsum",
        lambda x: tf.cumsum(x, 1, True, True),
        lambda x: np.flip(_exclusive(np.cumsum, 0)(np.flip(x, 1)), 1),
        M34,
        F32,
        id_suffix="exclusive-reverse",
    ),
    # Along a middle axis: TF.js's gradient transposes here (see cumsum.py).
    OpSpec(
        "cumsum",
        lambda x: tf.cumsum(x, 1, False, True),
        lambda x: np.flip(np.cumsum(np.flip(x, 1), 1), 1),
        (((2, 3, 4), F32),),
        F32,
        id_suffix="reverse-3d",
    ),
    OpSpec("cumprod", lambda x: tf.cumprod(x, 1), lambda x: np.cumprod(x, 1), M34, F32, low=0.5, high=1.5),
    OpSpec(
        "cumprod",
        lambda x: tf.cumprod(x, 1, True, True),
        lambda x: np.flip(_exclusive(np.cumprod, 1)(np.flip(x, 1)), 1),
        M34,
        F32,
        id_suffix="exclusive-reverse",
        low=-1.5,
        high=1.5,
    ),
    OpSpec(
        "cumprod",
        lambda x: tf.cumprod(x, 0, False, True),
        lambda x: np.flip(np.cumprod(np.flip(x, 0), 0), 0),
        (((4, 2, 3), F32),),
        F32,
        id_suffix="reverse-3d",
        low=-1.5,
        high=1.5,
    ),
    OpSpec(
        "cumprod",
        lambda x: tf.cumprod(x, 1, True),
        _exclusive(np.cumprod, 1),
        (I23,),
        I32,
        id_suffix="exclusive-int32",
    ),
]
