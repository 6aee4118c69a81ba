"""The package's layers (DESIGN.md): no backend imports an op, the engine and its tape and
profiler import no op, and backend_util, which ops and kernels share, imports neither.
Imports inside functions count too."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "tfjs"


def imported_modules(path: Path) -> set[str]:
    """Every module `path` imports, at the top or inside a function."""
    modules = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            modules.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            modules.add(node.module)
            modules.update(f"{node.module}.{alias.name}" for alias in node.names)
    return modules


def offending_imports(paths: list[Path], forbidden: tuple[str, ...]) -> list[str]:
    return sorted(
        f"{path.relative_to(PACKAGE.parent)} imports {module}"
        for path in paths
        for module in imported_modules(path)
        if any(module == prefix or module.startswith(prefix + ".") for prefix in forbidden)
    )


ENGINE_MODULES = [
    "engine.py",
    "engine_backends.py",
    "engine_scopes.py",
    "engine_gradients.py",
    "tape.py",
    "profiler.py",
    "profile_trace.py",
]


@pytest.mark.parametrize(
    ("paths", "forbidden"),
    [
        pytest.param(sorted((PACKAGE / "backends").rglob("*.py")), ("tfjs.ops",), id="backends"),
        pytest.param([PACKAGE / name for name in ENGINE_MODULES], ("tfjs.ops",), id="engine"),
        pytest.param(
            sorted((PACKAGE / "backend_util").rglob("*.py")),
            ("tfjs.ops", "tfjs.backends", "tfjs.engine", "tfjs.converter", "tfjs.layers"),
            id="backend_util",
        ),
    ],
)
def test_layers_import_only_downwards(paths: list[Path], forbidden: tuple[str, ...]) -> None:
    assert paths and all(path.exists() for path in paths)
    assert offending_imports(paths, forbidden) == []


def test_the_check_sees_an_import_inside_a_function(tmp_path: Path) -> None:
    module = tmp_path / "kernel.py"
    module.write_text("def f():\n    from tfjs.ops.add import add\n    return add\n")
    assert "tfjs.ops.add" in imported_modules(module)
