"""Class labels beside a model: the `metadata.json` a Teachable Machine export (and other
classifiers) ships next to its model.json, `{"labels": [...], "imageSize": 224, ...}`,
and the top labels of a classifier's scores."""

from __future__ import annotations

import json
import os
from dataclasses import dataclass

import numpy as np

from tfjs.analysis.inputs import UNIT_RANGE, ImagePrep

METADATA = "metadata.json"
TEACHABLE_MACHINE_IMAGE = "@teachablemachine/image"
# @teachablemachine/image crops an image to its centred square and feeds pixel / 127 - 1.
TEACHABLE_MACHINE_PREP = ImagePrep(127.0, -1.0, square=True)


@dataclass
class Labels:
    """The labels of a classifier's scores, the file they came from and how the model
    wants its image inputs prepared."""

    path: str
    labels: list[str]
    prep: ImagePrep = UNIT_RANGE


def metadata_path(model_path: str) -> str | None:
    """The metadata.json beside a local model.json (or in the model's folder), None when
    there is none or the model is not a local file."""
    path = os.fspath(model_path)
    folder = path if os.path.isdir(path) else os.path.dirname(path) if os.path.isfile(path) else None
    if folder is None:
        return None
    candidate = os.path.join(folder, METADATA)
    return candidate if os.path.isfile(candidate) else None


def read_labels(model_path: str) -> Labels | None:
    """The labels in the metadata.json beside the model at `model_path` (None without
    one, or when it holds no "labels"). A file that is not JSON, or labels that are not a
    list of strings, is a ValueError naming the file. Teachable Machine's image models
    (`"packageName": "@teachablemachine/image"`) take an image's centred square scaled
    to [-1, 1], as its library feeds them; other models the whole image in [0, 1].

    >>> read_labels("tests/analysis/fixtures/conv/model.json") is None
    True
    """
    path = metadata_path(model_path)
    if path is None:
        return None
    try:
        with open(path, "rb") as file:
            metadata = json.loads(file.read())
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        raise ValueError(f"{path} is not JSON: {error}") from None
    if not isinstance(metadata, dict) or "labels" not in metadata:
        return None
    labels = metadata["labels"]
    if not isinstance(labels, list) or not labels or not all(isinstance(label, str) for label in labels):
        raise ValueError(
            f"{path}: 'labels' must be a non-empty list of strings, got {json.dumps(labels)[:80]}"
        )
    teachable = metadata.get("packageName") == TEACHABLE_MACHINE_IMAGE
    return Labels(path, labels, TEACHABLE_MACHINE_PREP if teachable else UNIT_RANGE)


def top_labels(values: np.ndarray, labels: Labels, output: str, top: int) -> list[tuple[str, float]]:
    """The `top` labels with the highest scores in `values` (an output of shape [batch, N]
    or [N]: its first example's), best first, ties in label order. An output whose size
    per example is not the number of labels is a ValueError naming the file and both sizes.

    >>> top_labels(np.array([[0.1, 0.7, 0.2]]), Labels("metadata.json", ["a", "b", "c"]), "out", 2)
    [('b', 0.7), ('c', 0.2)]
    """
    shape = list(values.shape)
    if values.ndim not in (1, 2) or shape[-1] != len(labels.labels) or values.size == 0:
        raise ValueError(
            f"{labels.path} has {len(labels.labels)} labels, but the model's output '{output}' has shape "
            f"{shape}: it needs [batch, {len(labels.labels)}] scores"
        )
    scores = values.reshape(-1) if values.ndim == 1 else values[0]
    order = np.argsort(-scores.astype(np.float64), kind="stable")[:top]
    return [(labels.labels[i], float(scores[i])) for i in order]
