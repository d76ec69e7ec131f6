"""The guide: the documentation site of `docs/`, built by MkDocs into this package and
served by `referee serve` at `/guide/`, offline like the table page.

`pip install .` builds it (`setup.py` runs `mkdocs build` into the package's `site/`
folder; an editable install builds it in place, where git ignores it). `hooks.py` is
MkDocs's hook that writes the HTTP API reference from `openapi.yaml` while it builds;
`games_nav.py` puts every game's page in its nav from the registry.
"""

from pathlib import Path

#: Where the built site lies: `index.html` and a folder per page.
SITE_DIR = Path(__file__).resolve().parent / "site"
