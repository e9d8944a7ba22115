#!/usr/bin/env bash
# bench/load.sh: judged's load benchmark. Builds judged, starts it on
# 127.0.0.1 (free ports, --log-level warn: no access log), and measures:
#   1. throughput: wrk against GET /healthz (the baseline) and POST /hu,
#      /tenpai and /discard, rotating through distinct seeded positions;
#   2. constant rate: /tenpai at RATE_FRACTION of its wrk peak, open loop,
#      latency from each request's due time (bench/driver rate), after
#      RATE_WARMUP on the same schedule and connections; the driver is
#      the lean one (one OS thread on epoll, GOMAXPROCS=1, waking every
#      RATE_TICK, default 250us; RATE_DRIVER=lean-exact: waking at each
#      due time and answer; RATE_DRIVER=goroutines: the goroutine-per-
#      connection one), pinned to the last CPU (RATE_PIN=0: not pinned),
#      the server is not; RATE_COMPARE=N then runs the step N more times
#      with each of RATE_COMPARE_DRIVERS in turn, and prints their p99 and
#      CPU per request side by side;
#   3. memory: MEM_HANDS distinct positions (default 1,000,000; the step
#      stops after MEM_SECONDS, default 240, if they are not all answered
#      by then), RSS sampled every MEM_SAMPLE seconds and peak RSS (VmHWM);
#   4. soak: SOAK_SECONDS at a constant rate of new positions; errors,
#      RSS and goroutines at start and end.
# Everything is loopback-only, every step is bounded, and the server is
# killed on exit. QUICK=1 shortens every step for a smoke run.
#
# Settings (environment): QUICK, STEP_SECONDS (wrk steps, ≤ 20), THREADS,
# CONNS, POSITIONS (distinct positions per endpoint), SEED, RATE_FRACTION,
# RATE_SECONDS, RATE_WARMUP, RATE_PIN, RATE_DRIVER, RATE_TICK, RATE_COMPARE,
# RATE_COMPARE_DRIVERS, MEM_HANDS, MEM_SECONDS, MEM_SAMPLE,
# SOAK_SECONDS, SOAK_RATE, CACHE_SIZE.
set -euo pipefail
cd "$(dirname "$0")/.."

QUICK=${QUICK:-0}
if [ "$QUICK" = 1 ]; then
  : "${STEP_SECONDS:=3}" "${RATE_SECONDS:=3}" "${MEM_HANDS:=30000}" "${MEM_SECONDS:=10}" "${MEM_SAMPLE:=2}" "${SOAK_SECONDS:=5}"
fi
STEP_SECONDS=${STEP_SECONDS:-10}
THREADS=${THREADS:-2}
CONNS=${CONNS:-32}
POSITIONS=${POSITIONS:-2000}
SEED=${SEED:-1}
RATE_FRACTION=${RATE_FRACTION:-0.5}
RATE_SECONDS=${RATE_SECONDS:-10}
RATE_WARMUP=${RATE_WARMUP:-1}
RATE_PIN=${RATE_PIN:-1}
RATE_DRIVER=${RATE_DRIVER:-lean}
RATE_TICK=${RATE_TICK:-250us}
RATE_COMPARE=${RATE_COMPARE:-0}
RATE_COMPARE_DRIVERS=${RATE_COMPARE_DRIVERS:-goroutines lean-exact lean}
MEM_HANDS=${MEM_HANDS:-1000000}
MEM_SECONDS=${MEM_SECONDS:-240}
MEM_SAMPLE=${MEM_SAMPLE:-20}
SOAK_SECONDS=${SOAK_SECONDS:-60}
CACHE_SIZE=${CACHE_SIZE:-}

if [ "$STEP_SECONDS" -gt 20 ] || [ $((RATE_SECONDS + RATE_WARMUP)) -gt 20 ]; then
  echo "load.sh: STEP_SECONDS and RATE_SECONDS + RATE_WARMUP must be ≤ 20" >&2
  exit 2
fi

if ! command -v wrk >/dev/null; then
  echo "load.sh: wrk is missing; installing it (apt-get install -y wrk)" >&2
  apt-get install -y wrk >/dev/null 2>&1 || { apt-get update >/dev/null && apt-get install -y wrk >/dev/null; }
fi

work=$(mktemp -d)
server_pid=
flood_pid=
cleanup() {
  if [ -n "$flood_pid" ]; then kill "$flood_pid" 2>/dev/null || true; fi
  if [ -n "$server_pid" ] && kill -0 "$server_pid" 2>/dev/null; then
    kill "$server_pid" 2>/dev/null || true
    wait "$server_pid" 2>/dev/null || true
  fi
  rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

log() { printf '== %s\n' "$*" >&2; }

log "building judged, genhands and driver into $work"
go build -o "$work/judged" ./cmd/judged
go build -o "$work/genhands" ./bench/genhands
go build -o "$work/driver" ./bench/driver

log "dealing $POSITIONS distinct positions per endpoint (seed $SEED)"
"$work/genhands" -n "$POSITIONS" -seed "$SEED" -out "$work"

# start_server starts judged on free loopback ports and waits for /readyz.
start_server() {
  local try
  for try in 1 2 3; do
    port=$("$work/driver" port)
    admin_port=$("$work/driver" port)
    local args=(--addr "127.0.0.1:$port" --admin-addr "127.0.0.1:$admin_port" --log-level warn)
    [ -n "$CACHE_SIZE" ] && args+=(--cache-size "$CACHE_SIZE")
    "$work/judged" "${args[@]}" 2>"$work/judged.log" &
    server_pid=$!
    local i
    for i in $(seq 1 100); do
      if curl -fsS -o /dev/null "http://127.0.0.1:$port/readyz" 2>/dev/null; then
        return 0
      fi
      kill -0 "$server_pid" 2>/dev/null || break
      sleep 0.1
    done
    kill "$server_pid" 2>/dev/null || true
    wait "$server_pid" 2>/dev/null || true
    server_pid=
    log "judged did not become ready (try $try):"
    cat "$work/judged.log" >&2
  done
  return 1
}

api() { echo "http://127.0.0.1:$port"; }
metrics() { curl -fsS "http://127.0.0.1:$admin_port/metrics"; }
# metric NAME [LABELS]: the value of one sample, 0 if absent.
metric() {
  metrics | awk -v name="$1" -v labels="${2:-}" '
    $1 == name || $1 == name "{" labels "}" { v = $2 } END { printf "%.0f\n", v + 0 }'
}
# cpu_seconds: CPU time the server has used (user + system), from the
# process collector.
cpu_seconds() { metrics | awk '$1 == "process_cpu_seconds_total" { print $2 }'; }
cache_count() { metric judged_cache_requests_total "op=\"$1\",result=\"$2\""; }
rss_kib() { awk -v f="$1:" '$1 == f { print $2 }' "/proc/$server_pid/status"; }
# field KEY LINE: the value of KEY=value in a RESULT line.
field() { tr ' ' '\n' <<<"$2" | awk -F= -v k="$1" '$1 == k { print $2 }'; }
ms() { awk -v us="$1" 'BEGIN { printf "%.2f", us / 1000 }'; }

start_server
log "judged pid $server_pid on 127.0.0.1:$port (admin $admin_port)"
rss_start=$(rss_kib VmRSS)

# 1. Throughput.
log "warm-up: 2s of /healthz"
wrk -t "$THREADS" -c "$CONNS" -d 2s -s bench/wrk/judged.lua "$(api)/healthz" >/dev/null

declare -A RPS P50 P99 P999 BAD HIT CPU
for ep in healthz hu tenpai discard; do
  bodies=()
  [ "$ep" != healthz ] && bodies=(-- "$work/$ep.jsonl")
  hits0=0 misses0=0
  cpu0=$(cpu_seconds)
  if [ "$ep" != healthz ]; then hits0=$(cache_count "$ep" hit); misses0=$(cache_count "$ep" miss); fi
  log "wrk -t $THREADS -c $CONNS -d ${STEP_SECONDS}s $ep"
  out=$(wrk -t "$THREADS" -c "$CONNS" -d "${STEP_SECONDS}s" --timeout 2s -s bench/wrk/judged.lua "$(api)/$ep" "${bodies[@]}")
  line=$(grep '^RESULT' <<<"$out")
  RPS[$ep]=$(field rps "$line")
  P50[$ep]=$(field p50_us "$line")
  P99[$ep]=$(field p99_us "$line")
  P999[$ep]=$(field p999_us "$line")
  BAD[$ep]=$(( $(field non2xx "$line") + $(field socket_errors "$line") ))
  CPU[$ep]=$(awk -v a="$cpu0" -v b="$(cpu_seconds)" -v n="$(field requests "$line")" 'BEGIN { printf "%.0f", (b - a) * 1e6 / n }')
  HIT[$ep]="—"
  if [ "$ep" != healthz ]; then
    hits=$(( $(cache_count "$ep" hit) - hits0 )); misses=$(( $(cache_count "$ep" miss) - misses0 ))
    HIT[$ep]=$(awk -v h="$hits" -v m="$misses" 'BEGIN { if (h + m) printf "%.1f%% (%d misses)", 100 * h / (h + m), m; else print "n/a" }')
  fi
done

# 2. Constant rate at a fraction of the /tenpai peak.
# The driver is pinned to one CPU so that it cannot take both CPUs from
# the server; the server stays unpinned, on its defaults, as in the wrk
# steps that set the rate. (wrk is not pinned: pinning it would lower the
# peak and so the rate.) The lean driver runs on one OS thread; the
# goroutine driver keeps Go's default GOMAXPROCS, as it always ran.
rate=$(awk -v r="${RPS[tenpai]}" -v f="$RATE_FRACTION" 'BEGIN { printf "%d", r * f }')
pin=()
placement="driver not pinned"
if [ "$RATE_PIN" = 1 ] && command -v taskset >/dev/null && [ "$(nproc)" -ge 2 ]; then
  pin=(taskset -c "$(($(nproc) - 1))")
  placement="driver pinned to CPU $(($(nproc) - 1)), server unpinned"
fi
# rate_step DRIVER: one constant-rate run with DRIVER (lean, lean-exact
# or goroutines); prints the driver's RESULT line plus
# server_cpu_us_per_req.
rate_step() {
  local env=() flags=()
  case $1 in
    lean) env=(GOMAXPROCS=1); flags=(-lean -tick "$RATE_TICK") ;;
    lean-exact) env=(GOMAXPROCS=1); flags=(-lean) ;;
    goroutines) ;;
    *) echo "load.sh: unknown driver $1 (want lean, lean-exact or goroutines)" >&2; return 2 ;;
  esac
  local cpu0 line
  cpu0=$(cpu_seconds)
  line=$(env "${env[@]}" "${pin[@]}" "$work/driver" rate -url "$(api)" -endpoints tenpai -bodies "$work" -rate "$rate" -warmup "${RATE_WARMUP}s" -duration "${RATE_SECONDS}s" "${flags[@]}")
  awk -v a="$cpu0" -v b="$(cpu_seconds)" -v n="$(field requests "$line")" -v w="$(field warmup_requests "$line")" -v l="$line" \
    'BEGIN { printf "%s server_cpu_us_per_req=%.1f\n", l, (b - a) * 1e6 / (n + w) }'
}
driver_name="$RATE_DRIVER driver"
if [ "$RATE_DRIVER" = lean ]; then driver_name="lean driver (tick $RATE_TICK)"; fi
log "constant rate: /tenpai at $rate req/s for ${RATE_SECONDS}s after ${RATE_WARMUP}s of warm-up ($driver_name, $placement)"
cr=$(rate_step "$RATE_DRIVER")
compare=()
for ((k = 1; k <= RATE_COMPARE; k++)); do
  for d in $RATE_COMPARE_DRIVERS; do
    log "constant rate, comparison $k/$RATE_COMPARE: $d driver"
    compare+=("$d $(rate_step "$d")")
  done
done

# 3. Memory: many distinct positions, RSS sampled every MEM_SAMPLE seconds.
hwm_pre=$(rss_kib VmHWM)
echo 5 >"/proc/$server_pid/clear_refs" 2>/dev/null || true # reset VmHWM
rss_mem0=$(rss_kib VmRSS)
log "memory: $MEM_HANDS distinct positions, at most ${MEM_SECONDS}s"
"$work/driver" flood -url "$(api)" -hands "$MEM_HANDS" -duration "${MEM_SECONDS}s" -conns "$CONNS" -seed $((SEED + 100)) >"$work/mem.out" &
flood_pid=$!
rss_series=""
elapsed=0
while kill -0 "$flood_pid" 2>/dev/null; do
  sleep 1
  elapsed=$((elapsed + 1))
  if [ $((elapsed % MEM_SAMPLE)) -eq 0 ]; then
    rss_series+="${elapsed}s:$(($(rss_kib VmRSS) / 1024)) "
  fi
done
wait "$flood_pid"
mem=$(cat "$work/mem.out")
hwm_mem=$(rss_kib VmHWM)
rss_mem1=$(rss_kib VmRSS)
entries=$(for op in hu tenpai discard; do printf '%s=%s ' "$op" "$(metric judged_cache_entries "op=\"$op\"")"; done)
evictions=$(for op in hu tenpai discard; do printf '%s=%s ' "$op" "$(metric judged_cache_evictions_total "op=\"$op\"")"; done)

# 4. Soak: new positions at a constant rate.
soak_rate=${SOAK_RATE:-$(awk -v r="$(field rps "$mem")" 'BEGIN { printf "%d", r * 0.4 }')}
g_soak0=$(metric go_goroutines)
rss_soak0=$(rss_kib VmRSS)
log "soak: ${SOAK_SECONDS}s of new positions (hu, tenpai, discard) at $soak_rate req/s"
soak=$("$work/driver" rate -url "$(api)" -endpoints hu,tenpai,discard -fresh -seed $((SEED + 200)) -rate "$soak_rate" -duration "${SOAK_SECONDS}s")
rss_soak1=$(rss_kib VmRSS)
# The driver closed its connections; give the server a moment (bounded)
# to retire their goroutines before reading the count.
g_soak1=$(metric go_goroutines)
for _ in $(seq 1 20); do
  [ "$g_soak1" -le "$g_soak0" ] && break
  sleep 0.1
  g_soak1=$(metric go_goroutines)
done
hwm_end=$(rss_kib VmHWM)
server_errors=$(grep -c '"level":"error"' "$work/judged.log" || true)

# Report.
base=${RPS[healthz]}
ratio() { awk -v r="$1" -v b="$base" 'BEGIN { printf "%.0f%%", 100 * r / b }'; }
target() {
  case $1 in
    hu) echo "≥ 85%" ;; tenpai) echo "≥ 75%" ;; discard) echo "≥ 50%" ;; *) echo "baseline" ;;
  esac
}
echo
echo "judged load benchmark — $(date -u +%Y-%m-%dT%H:%M:%SZ), $(nproc) CPUs, load average $(cut -d' ' -f1-3 /proc/loadavg), $(go version | cut -d' ' -f3)"
echo "wrk -t $THREADS -c $CONNS -d ${STEP_SECONDS}s, $POSITIONS distinct positions per endpoint (seed $SEED), cache size ${CACHE_SIZE:-default}"
echo
echo "| endpoint | req/s | p50 ms | p99 ms | p99.9 ms | non-2xx | vs /healthz | target | server CPU µs/req | cache hits |"
echo "|---|---:|---:|---:|---:|---:|---:|---|---:|---|"
for ep in healthz hu tenpai discard; do
  path="GET /healthz"; [ "$ep" != healthz ] && path="POST /$ep"
  printf '| %s | %.0f | %s | %s | %s | %s | %s | %s | %s | %s |\n' "$path" "${RPS[$ep]}" "$(ms "${P50[$ep]}")" "$(ms "${P99[$ep]}")" "$(ms "${P999[$ep]}")" "${BAD[$ep]}" "$(ratio "${RPS[$ep]}")" "$(target "$ep")" "${CPU[$ep]}" "${HIT[$ep]}"
done
echo
echo "| step | result |"
echo "|---|---|"
printf '| constant rate /tenpai, %s req/s (%s of peak) for %ss after %ss of warm-up, %s, %s | p50 %s ms, p99 %s ms (target < 2 ms), p99.9 %s ms, max %s ms; p99 from actual send %s ms; send lag p99 %s ms; %s non-2xx, %s errors; CPU µs/req: driver %s, server %s |\n' \
  "$rate" "$RATE_FRACTION" "$RATE_SECONDS" "$RATE_WARMUP" "$driver_name" "$placement" "$(ms "$(field p50_us "$cr")")" "$(ms "$(field p99_us "$cr")")" "$(ms "$(field p999_us "$cr")")" "$(ms "$(field max_us "$cr")")" "$(ms "$(field service_p99_us "$cr")")" "$(ms "$(field send_lag_p99_us "$cr")")" "$(field non2xx "$cr")" "$(field errors "$cr")" "$(field cpu_us_per_req "$cr")" "$(field server_cpu_us_per_req "$cr")"
printf '| memory: %s distinct positions in %ss (%s req/s) | peak RSS (VmHWM) %s MiB; RSS %s → %s MiB, sampled (MiB) %s; cache entries %s; evictions %s; %s non-2xx, %s errors |\n' \
  "$(field distinct "$mem")" "$(field seconds "$mem")" "$(field rps "$mem" | cut -d. -f1)" "$((hwm_mem / 1024))" "$((rss_mem0 / 1024))" "$((rss_mem1 / 1024))" "${rss_series% }" "${entries% }" "${evictions% }" "$(field non2xx "$mem")" "$(field errors "$mem")"
printf '| soak: %ss of new positions at %s req/s | %s requests, %s non-2xx, %s errors; p99 %s ms; RSS %s → %s MiB; goroutines %s → %s |\n' \
  "$SOAK_SECONDS" "$soak_rate" "$(field requests "$soak")" "$(field non2xx "$soak")" "$(field errors "$soak")" "$(ms "$(field p99_us "$soak")")" "$((rss_soak0 / 1024))" "$((rss_soak1 / 1024))" "$g_soak0" "$g_soak1"
printf '| whole run | RSS after start-up %s MiB; peak RSS %s MiB before the memory step, %s MiB after it; server error log lines %s |\n' "$((rss_start / 1024))" "$((hwm_pre / 1024))" "$((hwm_end / 1024))" "$server_errors"
if [ "$RATE_COMPARE" -gt 0 ]; then
  echo
  echo "constant rate /tenpai at $rate req/s, the drivers in turn ($placement; lean: tick $RATE_TICK):"
  echo
  echo "| run | driver | p50 ms | p99 ms | p99.9 ms | p99 from send ms | send lag p99 ms | non-2xx | errors | driver CPU µs/req | server CPU µs/req |"
  echo "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
  k=0
  n_drivers=$(wc -w <<<"$RATE_COMPARE_DRIVERS")
  for entry in "${compare[@]}"; do
    k=$((k + 1)); d=${entry%% *}; l=${entry#* }
    printf '| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n' "$(((k - 1) / n_drivers + 1))" "$d" "$(ms "$(field p50_us "$l")")" "$(ms "$(field p99_us "$l")")" "$(ms "$(field p999_us "$l")")" "$(ms "$(field service_p99_us "$l")")" "$(ms "$(field send_lag_p99_us "$l")")" "$(field non2xx "$l")" "$(field errors "$l")" "$(field cpu_us_per_req "$l")" "$(field server_cpu_us_per_req "$l")"
  done
  # med DRIVER KEY: the median of KEY over DRIVER's comparison runs.
  med() {
    for entry in "${compare[@]}"; do [ "${entry%% *}" = "$1" ] && field "$2" "${entry#* }"; done |
      sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
  }
  for d in $RATE_COMPARE_DRIVERS; do
    printf 'median of %s runs, %s driver: p99 %s ms, driver CPU %s µs/req, server CPU %s µs/req\n' "$RATE_COMPARE" "$d" "$(ms "$(med "$d" p99_us)")" "$(med "$d" cpu_us_per_req)" "$(med "$d" server_cpu_us_per_req)"
  done
fi
