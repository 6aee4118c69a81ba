"""How the op fuzz judges an outcome: a call must return, or raise a ValueError,
TypeError or IndexError whose message names the op (or the user's own function's
error) — never a crash, a hang, a MemoryError, a bare error or a leaked tensor."""

from __future__ import annotations

import re

from tests.fuzz.op_catalog import Target
from tests.fuzz.worker import FAILURE_OF_KIND, RAISED, RETURNED, Outcome

CLEAN = "clean"  # returned, or raised a clear error
FAILURE_CLASSES = ("crash", "hang", "memory error", "bare error", "warning", "leak")
ALLOWED_ERRORS = ("builtins.ValueError", "builtins.TypeError", "builtins.IndexError")
# NumPy's own ValueError and IndexError subclasses are bare errors, whatever their text.
FOREIGN_MODULES = ("numpy.",)
USER_ERROR = "tests.fuzz.op_values.UserFunctionError"
USER_FUNCTION_FILES = ("tests/fuzz/op_values.py", "tests/fuzz/op_templates.py")


def camel(name: str) -> str:
    head, *rest = name.split("_")
    return head + "".join(part[:1].upper() + part[1:] for part in rest)


def names_op(message: str, target: Target) -> bool:
    """The message names the op, in Python's or TF.js's spelling; an op of a rank family
    (`concat1d`, `pad2d`, `tensor3d`, ...) may be named by the family, as TF.js does."""
    lowered = message.lower()
    family = re.sub(r"\d+d$", "", target.op)
    return any(name.lower() in lowered for name in {target.op, camel(target.op), family, camel(family)})


def _raised_in_user_function(outcome: Outcome) -> bool:
    """The error came out of a function the fuzz passed to the op (an LSTM cell, a
    window): the op let the user's own error through, as TF.js does."""
    called_by_library = False
    for filename, _, _ in outcome.frames:
        if "/tfjs/" in filename:
            called_by_library = True
        elif called_by_library and filename.endswith(USER_FUNCTION_FILES):
            return True
    return False


def classify(outcome: Outcome, target: Target) -> str:
    """`CLEAN` or one of `FAILURE_CLASSES`."""
    if outcome.kind == RETURNED:
        return CLEAN
    if outcome.kind in FAILURE_OF_KIND:
        return FAILURE_OF_KIND[outcome.kind]
    assert outcome.kind == RAISED
    bases = outcome.exc_bases
    if any("MemoryError" in base for base in bases):
        return "memory error"
    if "builtins.Warning" in bases:
        return "warning"
    if USER_ERROR in bases or _raised_in_user_function(outcome):
        return CLEAN
    if outcome.exc_type.startswith(FOREIGN_MODULES) or not any(base in ALLOWED_ERRORS for base in bases):
        return "bare error"
    if not names_op(outcome.exc_message or "", target):
        return "bare error"
    return CLEAN
