#!/usr/bin/env bash
# Installs what the build and the site need, only what is missing (run as root, or with sudo):
#   Scripts/install-deps.sh            the C libraries the build links against
#   Scripts/install-deps.sh search     Pagefind from PyPI, so the site gets its search
set -euo pipefail
cd "$(dirname "$0")/.."
source Scripts/lib/tools.sh
case "${1:-build}" in
  build)
    missing=()
    for package in libcmark-dev libvips-dev libsqlite3-dev libical-dev zlib1g-dev pkg-config; do
      dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
    done
    if [ ${#missing[@]} -gt 0 ]; then
      echo "installing: ${missing[*]}"
      apt_install "${missing[@]}" || { echo "cannot install ${missing[*]}: the build needs them" >&2; exit 1; }
    fi
    ;;
  search)
    # A run without Pagefind publishes without search and says so; the demo is the site
    # as users get it, so it installs it.
    command -v pagefind >/dev/null 2>&1 || need_pip pagefind_bin pagefind-bin \
      || { unavailable "Pagefind (pip install pagefind-bin)"; echo "the demo is published without search" >&2; }
    ;;
  *) echo "usage: $0 [build|search]" >&2; exit 2 ;;
esac
