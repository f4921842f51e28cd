"""What a packager and a user of the wheel read: the licence (in the wheel), the
classifiers, the change log, and the sentence on the project's three names."""

from __future__ import annotations

import re
import subprocess
import sys
import tomllib
import zipfile
from email.parser import Parser
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]


def test_the_licence_is_mit_and_is_a_licence_file():
    text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert PROJECT["license"] == "MIT" and text.startswith("MIT License\n")
    assert re.search(r"^Copyright \(c\) \d{4} the prophecy authors$", text, re.M)
    assert PROJECT["license-files"] == ["LICENSE"]


def test_the_classifiers_say_what_the_metadata_says():
    classifiers = PROJECT["classifiers"]
    # a licence expression and a licence classifier together are refused (PEP 639)
    assert not [c for c in classifiers if c.startswith("License ::")]
    oldest = PROJECT["requires-python"].removeprefix(">=")
    assert f"Programming Language :: Python :: {oldest}" in classifiers
    # pure Python: one wheel for every system (tests/test_packaging.py holds it)
    assert "Operating System :: OS Independent" in classifiers


KINDS = ("Added", "Changed", "Deprecated", "Removed", "Fixed", "Security")


def test_the_change_log_keeps_an_unreleased_section_first():
    text = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    versions = re.findall(r"^## (.+)$", text, re.M)
    assert versions[0] == "[Unreleased]"
    for version in versions[1:]:  # a release: '[1.2.0] - 2026-05-01'
        assert re.fullmatch(r"\[\d+\.\d+\.\d+\] - \d{4}-\d{2}-\d{2}", version), version
    assert set(re.findall(r"^### (.+)$", text, re.M)) <= set(KINDS)
    unreleased = text.split("\n## ")[1]
    assert unreleased.count("\n- ") >= 1


def test_the_readme_says_the_three_names_once():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    sentence = next(s for s in re.split(r"(?<=\.)\s", text) if "`dark-prophecies`" in s)
    for name in ("`dark-prophecies`", "`prophecy`", "`prophecy.*`"):
        assert name in sentence, name
    assert PROJECT["name"] == "dark-prophecies"
    assert list(PROJECT["scripts"]) == ["prophecy"]


@pytest.mark.slow  # builds the wheel (a few seconds)
def test_the_wheel_carries_the_licence_and_the_classifiers(tmp_path):
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps",
                    "--wheel-dir", str(tmp_path), str(ROOT)], check=True, timeout=600)
    [wheel] = tmp_path.glob("dark_prophecies-*-py3-none-any.whl")
    with zipfile.ZipFile(wheel) as archive:
        info = next(n.split("/")[0] for n in archive.namelist()
                    if n.endswith(".dist-info/METADATA"))
        licence = archive.read(f"{info}/licenses/LICENSE").decode("utf-8")
        metadata = Parser().parsestr(archive.read(f"{info}/METADATA").decode("utf-8"))
    assert licence == (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert metadata["License-Expression"] == "MIT"
    assert metadata.get_all("License-File") == ["LICENSE"]
    assert metadata.get_all("Classifier") == PROJECT["classifiers"]
