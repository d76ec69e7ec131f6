"""/guide/: the guide, the documentation site built from `docs/` into the package
(`referee.guide`), served as it was built, offline: nothing is fetched from elsewhere.

A page is a folder with its `index.html`; its address ends with a slash, which the
page's relative links need, so a folder asked for without one is redirected to it.
"""

from __future__ import annotations

from flask import Blueprint, redirect, request, send_from_directory

from ..guide import SITE_DIR
from .problems import Problem

guide = Blueprint("guide", __name__)


@guide.get("/guide", defaults={"name": ""})
@guide.get("/guide/<path:name>")
def page(name: str):
    if not (SITE_DIR / "index.html").is_file():
        raise Problem("NOT_FOUND", "The guide was not built into this installation: `pip install .` builds it.")
    wanted = (SITE_DIR / name).resolve()
    if wanted.is_dir() and wanted.is_relative_to(SITE_DIR):
        if not request.path.endswith("/"):
            return redirect(request.path + "/", code=308)
        name = f"{name.rstrip('/')}/index.html".lstrip("/")
    return send_from_directory(SITE_DIR, name, max_age=3600)
