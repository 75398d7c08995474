# shellcheck shell=bash
# Sourced by the scripts that run the project (setup, start, test): makes `node`, and everything
# npm and npx start, the Node.js release named in .nvmrc. A machine whose own `node` is of that
# major version keeps it; otherwise the official build of that release is fetched once from the
# npm registry (package node-linux-<arch>, which carries the Node.js project's binaries; npm
# checks it against the registry's integrity hash) into .runtime/ (git-ignored), and put first
# on PATH. npm itself stays the machine's.

node_runtime() {
  local root wanted major arch dir current
  root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
  wanted="$(tr -d '[:space:]' <"$root/.nvmrc")"
  major="${wanted%%.*}"
  current="$(node -p 'process.versions.node' 2>/dev/null || true)"
  if [ "${current%%.*}" = "$major" ]; then
    return 0
  fi
  case "$(uname -s)-$(uname -m)" in
    Linux-x86_64) arch=linux-x64 ;;
    Linux-aarch64) arch=linux-arm64 ;;
    *) printf '[node] Node.js %s is needed; install it by hand on %s\n' "$major" "$(uname -sm)" >&2; return 1 ;;
  esac
  dir="$root/.runtime/node-v$wanted-$arch"
  if [ ! -x "$dir/bin/node" ]; then
    command -v npm >/dev/null || { printf '[node] npm is needed to fetch Node.js %s\n' "$wanted" >&2; return 1; }
    printf '[node] this machine has Node.js %s; fetching Node.js %s (node-%s) from the npm registry\n' \
      "${current:-none}" "$wanted" "$arch" >&2
    local tmp
    tmp="$(mktemp -d)"
    if ! (cd "$tmp" && npm pack "node-$arch@$wanted" --silent >/dev/null &&
      mkdir unpacked && tar -xzf ./*.tgz -C unpacked --strip-components=1 &&
      [ "$(unpacked/bin/node -p 'process.versions.node')" = "$wanted" ]); then
      rm -rf "$tmp"
      printf '[node] could not fetch Node.js %s\n' "$wanted" >&2
      return 1
    fi
    mkdir -p "$root/.runtime"
    rm -rf "$dir"
    mv "$tmp/unpacked" "$dir"
    rm -rf "$tmp"
  fi
  export PATH="$dir/bin:$PATH"
  hash -r
}
node_runtime
