"""Options of the fuzz suites: a fast seeded slice by default, a long mode on request.

pytest tests/fuzz                              # the CI slice
pytest tests/fuzz -s --fuzz-calls 100000       # the long mode, per backend
pytest tests/fuzz --fuzz-seed 1234             # replays one failing call
pytest tests/fuzz/test_model_files.py -s --fuzz-model-files 10000 --fuzz-model-start 1000000
                                               # the model-file fuzz's long mode
"""

from __future__ import annotations

import pytest

CI_CALLS = 5000
CI_MODEL_FILES = 1500


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("fuzz")
    group.addoption("--fuzz-calls", type=int, default=CI_CALLS, help="op fuzz calls per backend")
    group.addoption("--fuzz-start", type=int, default=0, help="the first op fuzz seed")
    group.addoption("--fuzz-seed", type=int, default=None, help="replay this one op fuzz seed")
    group.addoption("--fuzz-report", default=None, help="write the op fuzz figures to this JSON file")
    group.addoption("--fuzz-model-files", type=int, default=CI_MODEL_FILES, help="mutated model files to try")
    group.addoption("--fuzz-model-start", type=int, default=0, help="the first model-file fuzz seed")


@pytest.fixture(scope="session")
def fuzz_options(request: pytest.FixtureRequest) -> dict:
    config = request.config
    return {
        "calls": config.getoption("--fuzz-calls"),
        "start": config.getoption("--fuzz-start"),
        "seed": config.getoption("--fuzz-seed"),
        "report": config.getoption("--fuzz-report"),
    }


@pytest.fixture(scope="session")
def model_fuzz_seeds(request: pytest.FixtureRequest) -> range:
    """The seeds of the mutated model files to try (the CI slice unless asked for more)."""
    start = request.config.getoption("--fuzz-model-start")
    return range(start, start + request.config.getoption("--fuzz-model-files"))
