"""Pieces of hand-written graph-model fixtures (model.json nodes as TF's JSON has them),
shared by the scripts that write tests' fixture models."""

from __future__ import annotations

import base64


def b64(text: str) -> str:
    """A string attribute's value as model.json holds it (base64)."""
    return base64.b64encode(text.encode()).decode()


def placeholder(name: str, dims: list[int]) -> dict:
    """A float32 Placeholder node of shape `dims` (-1 for an unknown size)."""
    shape = {"dim": [{"size": str(d)} for d in dims]}
    return {
        "name": name,
        "op": "Placeholder",
        "attr": {"dtype": {"type": "DT_FLOAT"}, "shape": {"shape": shape}},
    }


def weight(name: str) -> dict:
    """A float32 Const node whose value is in the weights manifest."""
    return {"name": name, "op": "Const", "attr": {"dtype": {"type": "DT_FLOAT"}, "value": {"tensor": {}}}}
