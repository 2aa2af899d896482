"""The README's set-up commands are the ones CI runs, and they install into an ignored repo virtualenv."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def readme_commands() -> list[str]:
    section = ROOT.joinpath("README.md").read_text(encoding="utf-8").split("## Set-up", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"^    (\S.*)$", section, flags=re.M)


def test_readme_has_exactly_the_two_commands_and_ci_runs_the_test_one() -> None:
    main_job, tests = readme_commands()
    assert main_job.endswith(".venv/bin/python -m bot") and "pip install" in main_job
    assert tests.endswith(".venv/bin/python -m pytest -q -n auto") and "'.[test]'" in tests
    for cmd in (main_job, tests):
        # never the system interpreter's pip: PEP 668 systems refuse it
        assert cmd.startswith("python3 -m venv .venv && .venv/bin/python -m pip install "), cmd
    ci = ROOT.joinpath(".ci", "run").read_text(encoding="utf-8").splitlines()
    assert "set -euo pipefail" in ci
    assert ci[-1] == tests


def test_the_virtualenv_is_not_committed() -> None:
    assert ".venv/" in ROOT.joinpath(".gitignore").read_text(encoding="utf-8").splitlines()
