#!/usr/bin/env bash
# Runs the container image as a container engine would, without one: unpacks guard-server's image
# tar, then starts its entrypoint, environment and user (from the image's own config) in its root
# file system (chroot, with /proc mounted), and checks /health, a rejection in the provider's envelope,
# and an unguarded request forwarded to an upstream. Builds the image first (build.sh). Needs root.
set -euo pipefail
cd "$(dirname "$0")/../.."

bash guard-server/image/build.sh
image=guard-server/target/jib-image.tar
work="$(mktemp -d)"
pid=""
upstream=""
cleanup() {
  [ -n "$pid" ] && kill "$pid" 2>/dev/null || true
  [ -n "$upstream" ] && kill "$upstream" 2>/dev/null || true
  sleep 1
  mountpoint -q "$work/bundle/rootfs/proc" && umount "$work/bundle/rootfs/proc"
  rm -rf "$work"
}
trap cleanup EXIT

skopeo copy --quiet "docker-archive:$image" "oci:$work/oci:guard"
umoci unpack --image "$work/oci:guard" "$work/bundle" >/dev/null
rootfs="$work/bundle/rootfs"
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
port=$(free_port)
upstream_port=$(free_port)
mount -t proc proc "$rootfs/proc"

# the image's own entrypoint, environment and user
tar -xOf "$image" config.json >"$work/config.json"
python3 - "$work/config.json" "$port" >"$work/run.sh" <<'PY'
import json, shlex, sys
c = json.load(open(sys.argv[1]))["config"]
assert c["User"] == "65532", c["User"]
assert "8080/tcp" in c["ExposedPorts"], c["ExposedPorts"]
env = [e for e in c["Env"] if not e.startswith("GUARD_SERVE_LISTEN=")] + ["GUARD_SERVE_LISTEN=127.0.0.1:" + sys.argv[2]]
print("exec chroot --userspec=%s:%s \"$1\" /usr/bin/env -i %s %s \"${@:2}\"" % (
    c["User"], c["User"], " ".join(shlex.quote(e) for e in env), " ".join(shlex.quote(a) for a in c["Entrypoint"])))
PY

# an upstream that answers GET /v1/models
mkdir -p "$work/upstream/v1"
printf '{"object":"list","data":[{"id":"gpt-4o"}]}' >"$work/upstream/v1/models"
(cd "$work/upstream" && exec python3 -m http.server $upstream_port --bind 127.0.0.1 >/dev/null 2>&1) &
upstream=$!

bash "$work/run.sh" "$rootfs" --upstream openai=http://127.0.0.1:$upstream_port >"$work/serve.log" 2>&1 &
pid=$!
for _ in $(seq 1 60); do
  curl -fs http://127.0.0.1:$port/health >/dev/null 2>&1 && break
  sleep 0.5
done

fail() { echo "image smoke test: $1"; cat "$work/serve.log"; exit 1; }
curl -fs http://127.0.0.1:$port/health | grep -q UP || fail "/health did not answer UP"
status=$(curl -s -o "$work/rejected.json" -w '%{http_code}' http://127.0.0.1:$port/v1/chat/completions \
  -H 'content-type: application/json' \
  -d '{"model":"gpt-4o","messages":[{"role":"tool","tool_call_id":"call_1","content":"22"}]}')
[ "$status" = 400 ] || fail "an orphan tool result answered $status, expected 400"
grep -q '"code":"ordering_guard_rejected"' "$work/rejected.json" || fail "no OpenAI error envelope: $(cat "$work/rejected.json")"
curl -fs http://127.0.0.1:$port/v1/models | grep -q '"gpt-4o"' || fail "GET /v1/models was not forwarded"
echo "image smoke test: the image's entrypoint, as user 65532, answers /health, rejects in the provider's envelope and forwards"
