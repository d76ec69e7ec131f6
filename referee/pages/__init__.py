"""The table page and the landing page: templates, static scripts and styles, and their
texts in four languages (gettext domain `pages`, see `languages.py`)."""

from pathlib import Path

HERE = Path(__file__).resolve().parent
STATIC_DIR = HERE / "static"
TEMPLATE_DIR = HERE / "templates"
