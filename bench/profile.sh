#!/usr/bin/env bash
# bench/profile.sh: CPU profile of judged under wrk load, for finding where
# a judgment's time goes. Builds judged, starts it on free loopback ports
# (--log-level warn), deals the same seeded positions as bench/load.sh,
# drives ENDPOINT (healthz, hu, tenpai or discard) with wrk for SECONDS + 4
# seconds, takes a SECONDS-long CPU profile from the admin listener's
# /debug/pprof/profile meanwhile, and prints the server's CPU time per
# request and the profile's top entries. The profile and the binary stay in
# OUT (default: a new temporary directory) for `go tool pprof`.
#
#   bench/profile.sh hu              # 10 s profile of POST /hu
#   SECONDS_=5 bench/profile.sh discard
set -euo pipefail
cd "$(dirname "$0")/.."

ep=${1:?usage: bench/profile.sh healthz|hu|tenpai|discard}
secs=${SECONDS_:-10}
out=${OUT:-$(mktemp -d)}
mkdir -p "$out"

server_pid=
cleanup() {
  if [ -n "$server_pid" ]; then kill "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM

command -v wrk >/dev/null || { echo "profile.sh: wrk is missing (apt-get install -y wrk)" >&2; exit 1; }
go build -o "$out/judged" ./cmd/judged
go build -o "$out/genhands" ./bench/genhands
go build -o "$out/driver" ./bench/driver
"$out/genhands" -n "${POSITIONS:-2000}" -seed "${SEED:-1}" -out "$out"

port=$("$out/driver" port)
admin=$("$out/driver" port)
"$out/judged" --addr "127.0.0.1:$port" --admin-addr "127.0.0.1:$admin" --log-level warn 2>"$out/judged.log" &
server_pid=$!
for _ in $(seq 1 100); do
  curl -fsS -o /dev/null "http://127.0.0.1:$port/readyz" 2>/dev/null && break
  sleep 0.1
done

stat() { curl -fsS "http://127.0.0.1:$admin/metrics" | awk -v r="$1" '
  $1 == "process_cpu_seconds_total" { cpu = $2 }
  index($1, "judged_http_requests_total{") == 1 && index($1, "route=\"" r "\"") { n += $2 }
  END { print cpu, n + 0 }'; }

bodies=()
[ "$ep" != healthz ] && bodies=(-- "$out/$ep.jsonl")
wrk -t 2 -c 32 -d "$((secs + 4))s" -s bench/wrk/judged.lua "http://127.0.0.1:$port/$ep" "${bodies[@]}" >"$out/wrk.txt" &
wrk_pid=$!
sleep 2 # let wrk connect and warm the cache before the window opens
read -r cpu0 n0 < <(stat "/$ep")
curl -fsS -o "$out/cpu.prof" "http://127.0.0.1:$admin/debug/pprof/profile?seconds=$secs"
read -r cpu1 n1 < <(stat "/$ep")
wait "$wrk_pid"

grep '^RESULT' "$out/wrk.txt"
awk -v a="$cpu0" -v b="$cpu1" -v n0="$n0" -v n1="$n1" -v ep="$ep" \
  'BEGIN { printf "/%s: %d requests in the profile window, server CPU %.1f µs per request\n", ep, n1 - n0, (b - a) * 1e6 / (n1 - n0) }'
go tool pprof -top -nodecount="${TOP:-25}" "$out/judged" "$out/cpu.prof" 2>/dev/null | sed -n '4,$p'
echo "-- by cumulative time, judged's own functions and encoding/json:"
go tool pprof -top -cum -nodecount=200 "$out/judged" "$out/cpu.prof" 2>/dev/null | grep -E 'judged/judged|encoding/json\.(Unmarshal|Marshal|\(\*Decoder\)\.(Decode|Token)|\(\*Encoder\)\.Encode)$|Syscall6$|gcBgMarkWorker$|mallocgc$' | head -"${TOP:-25}"
echo "profile: $out/cpu.prof (go tool pprof $out/judged $out/cpu.prof)"
