#!/usr/bin/env bash
# The Dockerfile's stages run as a script, for machines without Docker (README, Deployment):
#   bash scripts/docker-check.sh            the committed tree (git archive HEAD)
#   bash scripts/docker-check.sh --worktree the working tree as it is
# 1. context: the tree minus what .dockerignore leaves out (its entries are root-level patterns);
# 2. build stage: npm ci, npm run build;
# 3. deps stage: npm ci --omit=dev in a folder with only package.json and package-lock.json;
# 4. final stage: node_modules from deps, package.json, server/, src/domain/, dist/ from build,
#    checked to hold no dev dependency;
# 5. the image's CMD (node server/src/server.ts) started with the image's ENV (a temp DATA_DIR),
#    as an unprivileged user when run as root (the image's USER node); the HEALTHCHECK command
#    run as written in the Dockerfile; the console answered at /; SIGTERM must exit 0.
# What it cannot check: the base image, COPY/USER/VOLUME semantics, the image's size.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d /tmp/tagger-docker-check.XXXXXX)
server_pid=""
cleanup() {
  [ -n "$server_pid" ] && kill -9 "$server_pid" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
say() { printf '\n=== %s ===\n' "$*"; }
npm_ci() { npm ci --prefer-offline --no-audit --no-fund --loglevel=error "$@"; }

say "context"
mkdir -p "$work/context"
if [ "${1:-}" = "--worktree" ]; then
  (cd "$root" && git ls-files -z --cached --others --exclude-standard | xargs -0 -I{} cp --parents -- {} "$work/context/" 2>/dev/null || true)
else
  git -C "$root" archive HEAD | tar -x -C "$work/context"
fi
(
  cd "$work/context"
  shopt -s dotglob nullglob
  while IFS= read -r pattern; do
    case "$pattern" in '' | '#'*) continue ;; esac
    # Root-level patterns, as Docker reads them here; globbed by the shell.
    for match in $pattern; do rm -rf -- "$match"; done
  done <"$root/.dockerignore"
)
echo "$(find "$work/context" -type f | wc -l) files"

say "build stage: npm ci && npm run build"
cp -a "$work/context" "$work/build"
(cd "$work/build" && npm_ci && npm run -s build >/dev/null)
test -f "$work/build/dist/index.html"

say "deps stage: npm ci --omit=dev"
mkdir -p "$work/deps"
cp "$work/context/package.json" "$work/context/package-lock.json" "$work/deps/"
(cd "$work/deps" && npm_ci --omit=dev)

say "final stage"
app="$work/app"
mkdir -p "$app/src"
cp -a "$work/deps/node_modules" "$app/node_modules"
cp "$work/context/package.json" "$app/"
cp -a "$work/context/server" "$app/server"
cp -a "$work/context/src/domain" "$app/src/domain"
cp -a "$work/build/dist" "$app/dist"
# The build and test tools must be absent (a devDependency that a production dependency needs,
# such as @types/node, or typescript as a peer of i18next, is rightly there).
for dev in vite vitest @biomejs/biome orval drizzle-kit playwright-core happy-dom autocannon; do
  if [ -e "$app/node_modules/$dev" ]; then
    echo "dev tool $dev is in the final stage" >&2
    exit 1
  fi
done
echo "no build or test tool in node_modules ($(ls "$app/node_modules" | wc -l) entries)"

say "CMD: node server/src/server.ts"
port=$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
mkdir -p "$work/data"
run_as=()
node_bin=$(command -v node)
if [ "$(id -u)" = 0 ]; then
  chmod -R a+rX "$work"
  chown nobody "$work/data"
  # Only when that user can run this node at all (a node under /root cannot be).
  if runuser -u nobody -- "$node_bin" -v >/dev/null 2>&1; then
    run_as=(runuser -u nobody --)
    echo "running as nobody (the image runs as node)"
  else
    echo "running as root: nobody cannot run $node_bin here"
  fi
fi
# The image's ENV, with a temp DATA_DIR and a free port.
(cd "$app" && exec env -i PATH="$PATH" HOME=/tmp NODE_ENV=production PORT="$port" HOST=127.0.0.1 \
  DATA_DIR="$work/data" STATIC_DIR=dist ADMIN_PASSWORD=Docker-Check-1 LOG_FORMAT=json \
  "${run_as[@]}" "$node_bin" server/src/server.ts) >"$work/server.log" 2>&1 &
server_pid=$!

# The HEALTHCHECK command as the Dockerfile writes it.
health=$(sed -n 's/^ *CMD \["node", "-e", "\(.*\)"\]$/\1/p' "$root/Dockerfile" | head -1)
[ -n "$health" ] || { echo "no HEALTHCHECK command found in the Dockerfile" >&2; exit 1; }
ok=""
for _ in $(seq 1 120); do
  if PORT="$port" node -e "$health"; then ok=1; break; fi
  kill -0 "$server_pid" 2>/dev/null || break
  sleep 0.5
done
if [ -z "$ok" ]; then
  echo "the health check never passed; server log:" >&2
  cat "$work/server.log" >&2
  exit 1
fi
echo "HEALTHCHECK passed"
curl -fsS "http://127.0.0.1:$port/api/v1/health"
echo
curl -fsS -H 'accept: text/html' "http://127.0.0.1:$port/" | grep -q '<div id="root"' && echo "console served at /"
head -c 300 "$work/server.log"; echo

say "SIGTERM"
kill -TERM "$server_pid"
set +e
wait "$server_pid"
code=$?
set -e
server_pid=""
echo "exit code $code"
[ "$code" = 0 ] || { cat "$work/server.log" >&2; exit 1; }
say "docker-check passed"
