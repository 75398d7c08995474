# shellcheck shell=bash
# Shared by the scripts/stack/*.sh scripts; sourced, never run.
# Sets ROOT (repo root, from this file's location) and STACK_DIR (absolute).

STACK_SCRIPTS="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$STACK_SCRIPTS/../.." && pwd)"
STACK_DIR="${STACK_DIR:-$ROOT/.stack}"
case "$STACK_DIR" in /*) ;; *) STACK_DIR="$PWD/$STACK_DIR" ;; esac
STACK_NAME="${STACK_NAME:-stack}"

log() { printf '[stack] %s: %s\n' "$STACK_NAME" "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

# True when something accepts TCP connections on host:port (bash /dev/tcp, 2 s cap).
port_open() {
  # shellcheck disable=SC2016 # expanded by the inner bash
  timeout 2 bash -c 'exec 3<>"/dev/tcp/$0/$1"' "$1" "$2" 2>/dev/null
}

# Installing and starting machine services needs root (which we are on CI and dev machines).
need_root() {
  [ "$(id -u)" -eq 0 ] || die "must run as root to $*"
}

# apt-get install, quiet and noninteractive; runs apt-get update once per process.
APT_UPDATED=0
apt_install() {
  command -v apt-get >/dev/null || die "apt-get not found; install $* by hand"
  need_root "apt-get install $*"
  if [ "$APT_UPDATED" -eq 0 ]; then
    log "apt-get update"
    env DEBIAN_FRONTEND=noninteractive apt-get update -qq >/dev/null
    APT_UPDATED=1
  fi
  log "apt-get install $*"
  env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@" >/dev/null
}

# Prints the last N lines of a file to stderr, framed, when it exists.
show_tail() {
  local file="$1" lines="${2:-40}"
  [ -f "$file" ] || { log "(no log at $file)"; return 0; }
  log "last $lines lines of $file:"
  tail -n "$lines" "$file" >&2
}
