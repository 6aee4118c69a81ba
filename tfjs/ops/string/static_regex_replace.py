from __future__ import annotations

from tfjs.engine import ENGINE
from tfjs.kernel_names import STATIC_REGEX_REPLACE
from tfjs.ops.operation import op
from tfjs.ops.reduction_util import check_flag
from tfjs.tensor import Tensor
from tfjs.tensor_util import TensorLike, convert_to_tensor


@op
def static_regex_replace(
    input: TensorLike,  # noqa: A002
    pattern: str,
    rewrite: str,
    replace_global: bool = True,
) -> Tensor:
    """Replaces the matches of `pattern` in each string with `rewrite` (every match, or
    only the first when `replace_global` is False). `pattern` is a JavaScript regular
    expression and `rewrite` a JavaScript replacement ($&, $1, $<name>, $$), as in TF.js.

    >>> tf.string.static_regex_replace(["format       this   spacing      better"], " +", " ").array_sync()
    ['format this spacing better']
    """
    name = "static_regex_replace"
    input_t = convert_to_tensor(input, "input", name, "string")
    for arg, value in (("pattern", pattern), ("rewrite", rewrite)):
        if not isinstance(value, str):
            raise TypeError(f"{name}: {arg} must be a string, got {value!r}")
    attrs = {
        "pattern": pattern,
        "rewrite": rewrite,
        "replace_global": check_flag(replace_global, name, "replace_global"),
    }
    return ENGINE.run_kernel(STATIC_REGEX_REPLACE, {"x": input_t}, attrs)
