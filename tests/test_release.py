"""The release's pieces: one version, the release text taken from the changelog, and the
workflows and configuration the hosted repository runs (docs/versioning.md)."""

from __future__ import annotations

import importlib.metadata
import re
import tomllib
from pathlib import Path
from types import ModuleType

import pytest
from scripts import load_script

import bezique as bz

ROOT = Path(__file__).resolve().parent.parent


def _release_notes() -> ModuleType:
    return load_script("tools/release_notes.py", "release_notes")


NOTES = _release_notes()

CHANGELOG = """# Changelog

## [Unreleased]

### Fixed

- Something after the release.

## [0.2.0] - 2027-01-15

### Added

- A new game.

## [0.1.0] - 2026-12-01

### Added

- The first release.

[Unreleased]: https://example.org/compare/v0.2.0...HEAD
[0.2.0]: https://example.org/releases/tag/v0.2.0
"""


def test_a_section_is_its_body_up_to_the_next_heading() -> None:
    assert NOTES.section(CHANGELOG, "0.2.0") == "### Added\n\n- A new game.\n"


def test_the_last_section_leaves_out_the_link_references() -> None:
    assert NOTES.section(CHANGELOG, "0.1.0") == "### Added\n\n- The first release.\n"


def test_a_section_without_a_date_is_not_ready_for_a_release() -> None:
    with pytest.raises(NOTES.ReleaseError, match="no release date"):
        NOTES.section(CHANGELOG.replace("2027-01-15", "Unreleased"), "0.2.0")
    with pytest.raises(NOTES.ReleaseError, match="no release date"):
        NOTES.section(CHANGELOG, "Unreleased")


def test_a_version_the_changelog_does_not_have_is_refused() -> None:
    with pytest.raises(NOTES.ReleaseError, match=r"no section for 9\.9\.9"):
        NOTES.section(CHANGELOG, "9.9.9")


def test_a_tag_that_is_not_the_package_version_is_refused(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert NOTES.main(["v9.9.9"]) == 1
    assert f"the package says {bz.__version__}" in capsys.readouterr().err
    assert NOTES.main([]) == 2


def test_the_changelog_has_a_section_for_the_package_version() -> None:
    changelog = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    headings = [NOTES.HEADING.match(line) for line in changelog.splitlines()]
    versions = [heading["version"] for heading in headings if heading is not None]
    assert versions[0] == "Unreleased"
    assert bz.__version__ in versions
    assert f"[{bz.__version__}]: " in changelog


def test_the_version_is_written_once() -> None:
    with (ROOT / "pyproject.toml").open("rb") as f:
        pyproject = tomllib.load(f)
    assert "version" not in pyproject["project"]
    assert "version" in pyproject["project"]["dynamic"]
    assert pyproject["tool"]["hatch"]["version"]["path"] == "src/bezique/__init__.py"
    assert NOTES.package_version() == bz.__version__
    assert importlib.metadata.version("bezique") == bz.__version__


def test_the_metadata_links_the_pages_a_package_index_shows() -> None:
    with (ROOT / "pyproject.toml").open("rb") as f:
        urls: dict[str, str] = tomllib.load(f)["project"]["urls"]
    assert sorted(urls) == ["Changelog", "Documentation", "Homepage", "Issues", "Source"]
    assert all(url.startswith("https://") for url in urls.values())
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert urls["Documentation"] in readme
    citation = (ROOT / "CITATION.cff").read_text(encoding="utf-8")
    assert f"repository-code: {urls['Source']}" in citation
    # No date for a release that has not happened: the release process adds it.
    assert not re.search(r"^date-released:", citation, re.MULTILINE)
    assert re.search(rf"^version: {re.escape(bz.__version__)}$", citation, re.MULTILINE)


def test_the_release_workflow_publishes_by_trusted_publishing_only() -> None:
    workflow = (ROOT / ".github" / "workflows" / "release.yml").read_text(encoding="utf-8")
    assert "pypa/gh-action-pypi-publish" in workflow
    assert "id-token: write" in workflow
    # No token or password in the repository: PyPI trusts the workflow itself.
    assert not re.search(r"password|api[-_]token|secrets\.", workflow, re.IGNORECASE)


def test_the_compiled_wheels_are_configured_for_every_platform() -> None:
    with (ROOT / "pyproject.toml").open("rb") as f:
        cibw = tomllib.load(f)["tool"]["cibuildwheel"]
    assert cibw["environment"]["HATCH_BUILD_HOOK_ENABLE_MYPYC"] == "true"
    assert cibw["linux"]["archs"] == cibw["macos"]["archs"] == ["native"]
    assert cibw["test-groups"] == ["test"]
    assert any("accelerated" in command for command in cibw["test-command"])
