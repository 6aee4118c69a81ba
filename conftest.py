"""Doctests (in tfjs/ and README.md) see the package as `tf`, as users write it."""

import pytest

import tfjs


@pytest.fixture(autouse=True)
def _doctest_namespace(doctest_namespace):
    doctest_namespace["tf"] = tfjs
