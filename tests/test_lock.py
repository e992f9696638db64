"""Issue 46: the lock (envs/requirements.txt, "pinned, complete") is closed under its own requirements: every
requirement of every locked distribution, and of the project with its extras, names a locked distribution whose pin
satisfies it. Otherwise `pip install -r envs/requirements.txt` fetches the missing one unpinned (cloudpickle, which
joblib requires, was missing). This is what `pip install --no-deps -r envs/requirements.txt` followed by `pip check`
verifies in a fresh environment; .ci/run does that, and the test below does it from the installed distributions'
metadata, offline, in seconds."""
import re
import tomllib
from importlib import metadata

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

from conftest import ROOT

LOCK = ROOT / "envs" / "requirements.txt"


def lock() -> dict[str, str]:
    pins = {}
    for line in LOCK.read_text().splitlines():
        line = line.split("#")[0].strip()
        if line:
            name, sep, version = line.partition("==")
            assert sep, f"{LOCK.name}: not a pin: {line!r}"
            pins[canonicalize_name(name)] = version
    return pins


def unmet(requirements, who: str, pins: dict[str, str], extras=("",)) -> list[str]:
    """The requirements (PEP 508 strings of ``who``, under ``extras``) that the pins do not meet; a requirement
    with extras brings in the named distribution's requirements under those extras."""
    out = []
    for text in requirements or []:
        req = Requirement(text)
        if req.marker is not None and not any(req.marker.evaluate({"extra": e}) for e in extras):
            continue
        name = canonicalize_name(req.name)
        if name not in pins:
            out.append(f"{who} requires {text}: not in the lock")
            continue
        if not req.specifier.contains(pins[name], prereleases=True):
            out.append(f"{who} requires {text}: the lock pins {pins[name]}")
        for extra in sorted(req.extras):
            out += unmet(metadata.requires(name), f"{name}[{extra}]", pins, (extra,))
    return out


def test_the_lock_is_closed_under_its_own_requirements():
    pins = lock()
    drift = []
    for name, version in pins.items():
        try:
            installed = metadata.version(name)
        except metadata.PackageNotFoundError:
            installed = None
        if installed != version:
            drift.append(f"{name} {installed} (lock: {version})")
    if drift:
        pytest.skip("this environment is not the lock's (its requirements are read from the installed metadata): "
                    + ", ".join(drift[:10]))
    problems = [p for name in pins for p in unmet(metadata.requires(name), name, pins)]
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    problems += unmet(project["dependencies"], "statmech-bayes", pins)
    for extra, requirements in project["optional-dependencies"].items():
        problems += unmet(requirements, f"statmech-bayes[{extra}]", pins)
    assert not problems, "envs/requirements.txt is not closed (pip would fetch these unpinned):\n" + "\n".join(problems)


def test_ci_installs_the_lock_without_dependencies_and_checks_it():
    """The check in a fresh environment: .ci/run installs the lock alone (--no-deps) and runs `pip check` before
    the README's install, which then has nothing left to fetch but the project itself."""
    script = (ROOT / ".ci" / "run").read_text()
    check = re.search(r"pip install [^\n]*--no-deps -r envs/requirements\.txt[^\n]*\n(?:[^\n]*\n)*?\s*pip check", script)
    readme_install = script.find('pip install --quiet -r envs/requirements.txt -e ".[test]"')
    assert check and readme_install > check.start(), "no `pip install --no-deps` of the lock then `pip check` in .ci/run"
