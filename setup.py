"""The one build step beyond setuptools' own: the guide (`docs/`, `mkdocs.yml`) is built
with MkDocs into the package, `referee/guide/site/`, so that `referee serve` serves it at
/guide/ offline. Everything else is in pyproject.toml.

An editable install (`pip install -e .`) builds it in place, in the source tree's
`referee/guide/site/` (ignored by git), since the package is read from there.
"""

from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent


class BuildWithGuide(build_py):
    def run(self):
        super().run()
        from mkdocs.commands.build import build
        from mkdocs.config import load_config

        into = ROOT if self.editable_mode else Path(self.build_lib)
        config = load_config(str(ROOT / "mkdocs.yml"), site_dir=str(into / "referee" / "guide" / "site"), strict=True)
        build(config)


setup(cmdclass={"build_py": BuildWithGuide})
