# Puts the Node.js runtime this project runs on first on PATH when the machine's own `node`
# is older (docs/decisions/025-node-runtime.md). Source it, don't run it:
#   . scripts/node-runtime.sh
# The runtime is the npm registry's build of Node (the `node-<os>-<arch>` package pinned in
# package.json's optionalDependencies), unpacked once into .runtime/. `bash .ci/run` sources
# this before `npm ci`, so the install itself runs on that Node and checks engines against it.

_carlink_node_runtime() {
  local root want os arch pkg have dir tmp
  root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
  case "$(uname -s)" in
    Linux) os=linux ;;
    Darwin) os=darwin ;;
    *) echo "node-runtime: no Node package for $(uname -s); install Node yourself" >&2; return 1 ;;
  esac
  case "$(uname -m)" in
    x86_64 | amd64) arch=x64 ;;
    aarch64 | arm64) arch=arm64 ;;
    *) echo "node-runtime: no Node package for $(uname -m); install Node yourself" >&2; return 1 ;;
  esac
  pkg="node-${os}-${arch}"
  # The pinned version, read with sed: the machine's node may be too old to be trusted here.
  want="$(sed -n "s/^ *\"${pkg}\": *\"\\([0-9.]*\\)\".*/\\1/p" "${root}/package.json")"
  if [ -z "${want}" ]; then
    echo "node-runtime: package.json pins no ${pkg}; install Node yourself" >&2
    return 1
  fi
  have="$(node -p 'process.versions.node' 2>/dev/null || echo 0)"
  if [ "${have%%.*}" -ge "${want%%.*}" ] 2>/dev/null; then
    return 0 # the machine's own Node is the supported line already
  fi
  dir="${root}/.runtime/node-${want}"
  if [ ! -x "${dir}/bin/node" ]; then
    echo "node-runtime: Node ${have} here is older than ${want}; fetching ${pkg}@${want} from the npm registry" >&2
    tmp="$(mktemp -d)"
    (cd "${tmp}" && npm pack --silent "${pkg}@${want}" >/dev/null) || { rm -rf "${tmp}"; return 1; }
    mkdir -p "${dir}"
    tar -xzf "${tmp}"/*.tgz -C "${dir}" --strip-components=1
    rm -rf "${tmp}"
  fi
  export PATH="${dir}/bin:${PATH}"
}

_carlink_node_runtime
unset -f _carlink_node_runtime
