from __future__ import annotations

from tfjs import dtypes
from tfjs.engine import ENGINE
from tfjs.ops.cast import cast
from tfjs.ops.reduction_util import check_flag
from tfjs.tensor import Variable
from tfjs.tensor_util import TensorLike, convert_to_tensor


def variable(
    initial_value: TensorLike, trainable: bool = True, name: str | None = None, dtype: str | None = None
) -> Variable:
    """Creates a variable holding `initial_value` (shared, not copied); `tidy` does not
    dispose variables.

    >>> v = tf.variable(tf.tensor([1, 2]), name="weights")
    >>> v.name, v.trainable
    ('weights', True)
    """
    if name is not None and not isinstance(name, str):
        raise TypeError(f"variable(): name must be a string, got {name!r}")
    if name is not None and name in ENGINE.registered_variables:
        raise ValueError(f"Variable with name {name} was already registered")
    if dtype is not None:
        dtypes.check_dtype(dtype, op_name="variable")

    def make() -> Variable:
        value = convert_to_tensor(initial_value, "initial_value", "variable", "string_or_numeric")
        if dtype is not None and dtype != value.dtype:
            if "string" in (dtype, value.dtype):
                raise TypeError(f"variable: cannot make a {dtype} variable of a {value.dtype} initial value")
            value = cast(value, dtype)
        result = Variable(value, check_flag(trainable, "variable", "trainable"), name)
        ENGINE.register_variable(result)
        ENGINE.inc_ref(result, "variable")
        return result

    return ENGINE.tidy(make)
