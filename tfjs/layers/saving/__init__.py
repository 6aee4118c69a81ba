"""Saving and loading layers models in TF.js's format (model.json + weight files)."""
