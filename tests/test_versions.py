"""The version is written once and said alike everywhere; the changelog begins with it; the
package builds into an sdist and a wheel as the install page says."""

from __future__ import annotations

import re
import subprocess
import sys
import tarfile
import zipfile

import pytest
import yaml

import referee
from referee.http import create_app
from support.doc_examples import ROOT


def test_the_changelogs_top_version_is_the_packages_and_dated():
    text = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    versions = re.findall(r"^## \[(\d+\.\d+\.\d+)\] - (\d{4}-\d{2}-\d{2})$", text, re.M)
    assert versions[0][0] == referee.__version__ == "0.2.0"
    assert [v for v, _ in versions] == ["0.2.0", "0.1.0"]
    assert [d for _, d in versions] == sorted((d for _, d in versions), reverse=True)


def test_healthz_the_cli_and_the_contract_say_the_same_version():
    answer = create_app({"TESTING": True}).test_client().get("/healthz")
    assert answer.json == {"status": "ok", "version": referee.__version__}
    document = yaml.safe_load((ROOT / "openapi.yaml").read_text(encoding="utf-8"))
    assert document["info"]["version"] == referee.__version__
    done = subprocess.run([sys.executable, "-m", "referee.cli", "--version"], capture_output=True, text=True,
                          timeout=60)
    assert done.stdout == f"referee {referee.__version__}\n"


def test_the_deployment_image_is_tagged_with_the_version():
    manifest = (ROOT / "deploy" / "kubernetes" / "referee.yaml").read_text(encoding="utf-8")
    assert f"image: elfer-referee:{referee.__version__}" in manifest


@pytest.mark.slow
def test_python_m_build_makes_an_sdist_and_a_wheel_that_carry_the_contract_the_guide_and_the_version(tmp_path):
    done = subprocess.run([sys.executable, "-m", "build", "--outdir", str(tmp_path), str(ROOT)],
                          capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    version = referee.__version__
    wheel = tmp_path / f"elfer_referee-{version}-py3-none-any.whl"
    sdist = tmp_path / f"elfer_referee-{version}.tar.gz"
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([wheel.name, sdist.name])
    with zipfile.ZipFile(wheel) as built:
        names = set(built.namelist())
        metadata = built.read(f"elfer_referee-{version}.dist-info/METADATA").decode()
    assert {"referee/contract/openapi.yaml", "referee/contract/schemas/turn-request.json",
            "referee/guide/site/index.html", "referee/guide/site/reference/changelog/index.html",
            "referee/pages/templates/table.html", "referee/cli.py"} <= names
    assert f"\nVersion: {version}\n" in metadata
    assert "Provides-Extra: testing" in metadata
    with tarfile.open(sdist) as archive:
        members = {m.name.split("/", 1)[1] for m in archive.getmembers() if "/" in m.name}
    assert {"CHANGELOG.md", "openapi.yaml", "mkdocs.yml", "docs/index.md", "referee/__init__.py"} <= members
