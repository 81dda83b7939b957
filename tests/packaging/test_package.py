"""The package as users get it: one version, a wheel that works alone.

The wheel test builds the wheel, installs it into a new virtual environment (with only
its dependencies) and runs the smoke script there from a directory outside the source
tree, so that nothing but the installed package can be imported.
"""

from __future__ import annotations

import re
import subprocess
import sys
import venv
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

import pytest

import scala40

ROOT = Path(__file__).resolve().parent.parent.parent


def test_the_version_is_written_once() -> None:
    source = (ROOT / "src" / "scala40" / "__init__.py").read_text(encoding="utf-8")
    written = re.findall(r'^__version__ = "([^"]+)"$', source, re.MULTILINE)
    assert written == [scala40.__version__]
    project = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert 'dynamic = ["version"]' in project
    assert not re.search(r"^version\s*=", project, re.MULTILINE)
    try:
        installed = version("scala40")
    except PackageNotFoundError:  # pragma: no cover - run from a source tree not installed
        pytest.skip("scala40 is not installed")
    assert installed == scala40.__version__


@pytest.mark.slow  # a wheel built by pip, installed and run alone: nox -s soak, nox -s package
def test_the_built_wheel_works_alone(tmp_path: Path) -> None:
    dist = tmp_path / "dist"
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--wheel-dir", str(dist),
         str(ROOT)],
        check=True, capture_output=True, text=True,
    )  # fmt: skip
    (wheel,) = dist.glob("scala40-*.whl")
    environment = tmp_path / "env"
    venv.create(environment, with_pip=True)
    python = environment / ("Scripts/python.exe" if sys.platform == "win32" else "bin/python")
    subprocess.run(
        [str(python), "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
         str(wheel)],
        check=True, capture_output=True, text=True,
    )  # fmt: skip
    run = subprocess.run(
        [str(python), "-I", str(ROOT / "tests" / "packaging" / "smoke.py")],
        cwd=tmp_path, check=True, capture_output=True, text=True,
    )  # fmt: skip
    assert "smoke test passed" in run.stdout
    assert str(environment) in run.stdout.splitlines()[-1]
    shipped = subprocess.run(
        [str(python), "-I", "-c",
         "import importlib.resources as r; print(r.files('scala40').joinpath('py.typed').is_file())"],
        cwd=tmp_path, check=True, capture_output=True, text=True,
    )  # fmt: skip
    assert shipped.stdout.strip() == "True"
