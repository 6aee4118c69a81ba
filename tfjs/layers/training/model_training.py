"""compile / fit / evaluate / train_on_batch of LayersModel (filled in below)."""

from __future__ import annotations


class TrainingMixin:
    """The training methods of LayersModel."""
