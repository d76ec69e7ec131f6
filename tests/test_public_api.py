"""The public Python API: the modules people import declare it in `__all__`, every public
name has a docstring and full type hints, the guide's Python API page documents exactly
those modules, and mypy checks them strictly."""

from __future__ import annotations

import importlib
import inspect
import re
import subprocess
import sys

import pytest

from support.doc_examples import DOCS, ROOT

#: The modules a user imports; everything else in the package is internal.
PUBLIC_MODULES = (
    "referee.engine",
    "referee.compact",
    "referee.games.master.game",
    "referee.games.master.bots",
    "referee.testing",
    "referee.ai.pettingzoo_env",
    "referee.ai.openspiel_game",
)


def public_names(module_name: str) -> list[tuple[str, object]]:
    module = importlib.import_module(module_name)
    assert hasattr(module, "__all__"), f"{module_name} declares no __all__"
    return [(name, getattr(module, name)) for name in module.__all__]


def own_members(cls: type) -> list[tuple[str, object]]:
    """A class's public methods and properties defined by the package."""
    members = []
    for name, member in vars(cls).items():
        if name.startswith("_"):
            continue
        if isinstance(member, (staticmethod, classmethod)):
            member = member.__func__
        if inspect.isfunction(member) or isinstance(member, property):
            members.append((name, member))
    return members


def undocumented(obj: object) -> bool:
    return not (inspect.getdoc(obj) or "").strip()


def unannotated(function: object) -> list[str]:
    """The parameters (and `return`) of a function without a type hint."""
    signature = inspect.signature(function)
    missing = [name for name, p in signature.parameters.items()
               if name not in ("self", "cls") and p.annotation is inspect.Parameter.empty]
    if signature.return_annotation is inspect.Signature.empty and function.__name__ != "__init__":
        missing.append("return")
    return missing


@pytest.mark.parametrize("module_name", PUBLIC_MODULES)
def test_every_public_name_has_a_docstring_and_type_hints(module_name):
    problems = []
    for name, obj in public_names(module_name):
        if inspect.isclass(obj) or inspect.isfunction(obj):
            if undocumented(obj):
                problems.append(f"{name}: no docstring")
        if inspect.isfunction(obj) and obj.__module__.startswith("referee"):
            if unannotated(obj):
                problems.append(f"{name}: no type hint for {unannotated(obj)}")
        if inspect.isclass(obj) and obj.__module__.startswith("referee") and not issubclass(obj, BaseException):
            for member_name, member in own_members(obj):
                function = member.fget if isinstance(member, property) else member
                # A member documented where the interface it implements declares it counts.
                if undocumented(getattr(obj, member_name)):
                    problems.append(f"{name}.{member_name}: no docstring")
                elif unannotated(function):
                    problems.append(f"{name}.{member_name}: no type hint for {unannotated(function)}")
    assert problems == []


def test_the_python_api_page_documents_exactly_the_public_modules():
    text = (DOCS / "reference" / "python-api.md").read_text(encoding="utf-8")
    assert tuple(re.findall(r"^::: ([\w.]+)$", text, re.M)) == PUBLIC_MODULES
    # Only what `__all__` names is published.
    assert text.count("filters: public") == len(PUBLIC_MODULES)


@pytest.mark.slow
def test_mypy_finds_nothing_in_the_public_modules_when_strict():
    paths = [str(ROOT / (name.replace(".", "/") + ".py")) if (ROOT / (name.replace(".", "/") + ".py")).exists()
             else str(ROOT / name.replace(".", "/") / "__init__.py") for name in PUBLIC_MODULES]
    done = subprocess.run([sys.executable, "-m", "mypy", "--strict", "--follow-imports=silent",
                           "--no-incremental", *paths], capture_output=True, text=True, cwd=ROOT, timeout=600)
    assert done.returncode == 0, done.stdout[-4000:]
