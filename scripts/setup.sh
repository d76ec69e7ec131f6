# shellcheck shell=bash
# What scripts/test and scripts/serve share: the set-up of a fresh Debian-like machine,
# each step done only where it is missing, so that running it twice is safe.
#
#   needs_package PACKAGE WHY   add a Debian package to install, saying why
#   install_packages            apt-get install them (with sudo when not root)
#   make_venv                   .venv, made once
#   pip_install SPEC            pip install SPEC into .venv
#   finally_run COMMAND...      say it, and become it
#
# With --dry-run as the first argument the scripts say what they would do and do nothing
# (it is taken off the arguments: the script is sourced without arguments of its own).

set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

SCRIPT="scripts/$(basename "$0")"
DRY_RUN=0
if [ "${1:-}" = "--dry-run" ]; then
    DRY_RUN=1
    shift
fi
PACKAGES=()

say() { printf '%s: %s\n' "$SCRIPT" "$*"; }

# Run a step, or in a dry run only say it.
step() {
    if [ "$DRY_RUN" = 1 ]; then
        say "would run:$(printf ' %q' "$@")"
    else
        "$@"
    fi
}

# The last step: the script becomes the command.
finally_run() {
    if [ "$DRY_RUN" = 1 ]; then
        say "would run:$(printf ' %q' "$@")"
        exit 0
    fi
    say "running$(printf ' %q' "$@")"
    exec "$@"
}

# A step as root: sudo when not root.
root_step() {
    if [ "$(id -u)" = 0 ]; then
        step "$@"
    elif command -v sudo >/dev/null 2>&1; then
        step sudo "$@"
    else
        say "not root and no sudo: as root, run apt-get install ${PACKAGES[*]}" >&2
        exit 1
    fi
}

needs_package() {
    PACKAGES+=("$1")
    say "needs the Debian package $1: $2"
}

# Python's venv module (Debian splits it off as python3-venv).
check_python() {
    if ! python3 -c 'import ensurepip, venv' >/dev/null 2>&1; then
        needs_package python3-venv "python3 -m venv makes the project's virtual environment"
    fi
}

install_packages() {
    if [ "${#PACKAGES[@]}" = 0 ]; then
        say "the Debian packages needed are all installed"
        return
    fi
    say "installing ${PACKAGES[*]} with apt-get"
    root_step apt-get update -q
    root_step env DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${PACKAGES[@]}"
}

make_venv() {
    if [ -x .venv/bin/python ]; then
        say "using the virtual environment .venv"
    else
        say "making the virtual environment .venv"
        step python3 -m venv .venv
    fi
}

pip_install() {
    say "installing $1 into .venv with pip (the project and the Python packages pyproject.toml pins)"
    step .venv/bin/python -m pip install --quiet "$1"
}
