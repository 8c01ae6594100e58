# Puts the project's Node LTS line first on PATH when the machine's own Node is another line,
# installed from the npm registry's `node` package (it ships the binary) into a cache folder.
#   source scripts/use-node.sh      in a developer's shell; then npm ci && npm test as usual
NODE_LINE=24
NODE_CACHE="${EDGECRAFT_NODE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/edgecraft-node-$NODE_LINE}"
if [ "$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null)" != "$NODE_LINE" ]; then
  NODE_BIN="$NODE_CACHE/node_modules/node/bin/node"
  if [ ! -x "$NODE_BIN" ]; then
    echo "use-node: installing Node $NODE_LINE from the npm registry into $NODE_CACHE" >&2
    npm install --no-save --no-package-lock --prefix "$NODE_CACHE" "node@$NODE_LINE" >&2
  fi
  # The package fetches the binary in its install script, which can fail or be skipped: run it before trusting it.
  if [ "$("$NODE_BIN" -p 'process.versions.node.split(".")[0]' 2>/dev/null)" != "$NODE_LINE" ]; then
    echo "use-node: no working Node $NODE_LINE at $NODE_BIN; delete $NODE_CACHE and source this again, or install Node $NODE_LINE" >&2
    return 1 2>/dev/null || exit 1
  fi
  export PATH="$NODE_CACHE/node_modules/node/bin:$PATH"
fi
echo "use-node: $(command -v node) $(node --version)" >&2
