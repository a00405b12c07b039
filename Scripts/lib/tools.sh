# Shared by every script that installs what it needs (sourced, not run).
#
#   need_apt COMMAND PACKAGE...   installs PACKAGE... unless COMMAND is on PATH
#   need_pip MODULE PACKAGE...    installs from PyPI unless python3 can import MODULE
#   unavailable WHAT              the tool cannot be had: under CI=true that fails the
#                                 run (a check that skips itself hides a broken install);
#                                 elsewhere it says so and the caller skips
#
# apt waits for a package database another apt holds (DPkg::Lock::Timeout), and the
# whole install is tried three times, TOOLS_RETRY_SECONDS (10) and twice that apart,
# before it counts as impossible.

apt_install() {
  local sudo="" attempt
  [ "$(id -u)" = 0 ] || sudo="sudo"
  for attempt in 1 2 3; do
    if $sudo apt-get -o DPkg::Lock::Timeout=120 update -qq >/dev/null 2>&1 \
       && DEBIAN_FRONTEND=noninteractive $sudo apt-get -o DPkg::Lock::Timeout=120 install -y -qq "$@" >/dev/null; then
      return 0
    fi
    echo "apt-get install $* failed (attempt $attempt of 3)" >&2
    [ "$attempt" = 3 ] || sleep $((attempt * ${TOOLS_RETRY_SECONDS:-10}))
  done
  return 1
}

need_apt() {
  local command=$1; shift
  command -v "$command" >/dev/null 2>&1 && return 0
  echo "installing $* (for $command)"
  apt_install "$@" && command -v "$command" >/dev/null 2>&1
}

need_pip() {
  local module=$1; shift
  python3 -c "import $module" >/dev/null 2>&1 && return 0
  echo "installing $* from PyPI (for $module)"
  local attempt
  for attempt in 1 2 3; do
    python3 -m pip install -q --disable-pip-version-check "$@" && python3 -c "import $module" >/dev/null 2>&1 && return 0
    [ "$attempt" = 3 ] || sleep $((attempt * ${TOOLS_RETRY_SECONDS:-10}))
  done
  return 1
}

# Returns 1 (skip) outside CI; exits non-zero under CI=true.
unavailable() {
  if [ "${CI:-}" = true ]; then
    echo "FAILED: $1 cannot be installed, and CI=true: a check may not skip itself here" >&2
    exit 1
  fi
  echo "skipped: $1 cannot be installed here (under CI=true this fails the run)" >&2
  return 1
}
