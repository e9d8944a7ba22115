#!/usr/bin/env bash
# End-to-end check of judged's monitoring: builds judged, starts it and a real Prometheus
# (Debian's package) on 127.0.0.1 with free ports and temporary directories, sends a bounded
# burst of requests with curl, and asserts through Prometheus' HTTP API that
#   - the judged target is up,
#   - every query of the Grafana dashboard (deploy/grafana/judged.json) returns data, and the
#     request-rate and latency-quantile ones return finite numbers,
#   - the recording rules (deploy/prometheus/judged-rules.yaml) evaluate without errors and
#     produce series,
#   - judged exits 0 on SIGTERM.
# Installs prometheus, curl and jq with apt-get when missing. Everything it starts is stopped
# on exit; every wait is bounded. Exits non-zero on any failure.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PATH:/usr/local/go/bin"

log() { printf 'prom-e2e: %s\n' "$*"; }

work=$(mktemp -d -t judged-prom-e2e.XXXXXX)
judged_pid=""
prom_pid=""

stopped_rc=""
stop() { # stop PID: SIGTERM, wait up to 15s, then SIGKILL; sets stopped_rc to its exit status
	local pid=$1 i
	stopped_rc=0
	kill -TERM "$pid" 2>/dev/null || return 0
	for i in $(seq 150); do
		kill -0 "$pid" 2>/dev/null || break
		sleep 0.1
	done
	kill -KILL "$pid" 2>/dev/null || true
	wait "$pid" 2>/dev/null || stopped_rc=$?
}

cleanup() {
	local rc=$?
	[ -n "$prom_pid" ] && stop "$prom_pid"
	[ -n "$judged_pid" ] && stop "$judged_pid"
	if [ "$rc" -ne 0 ]; then
		for f in judged.log prometheus.log; do
			[ -s "$work/$f" ] && { log "last lines of $f:"; tail -n 20 "$work/$f"; }
		done
	fi
	rm -rf "$work"
	exit "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

fail() {
	log "FAIL: $*"
	exit 1
}

# --- tools -----------------------------------------------------------------------------
apt_updated=""
need() { # need COMMAND DEBIAN_PACKAGE
	command -v "$1" >/dev/null 2>&1 && return 0
	log "$1 not found: installing Debian package $2 (apt-get)"
	if [ -z "$apt_updated" ]; then
		timeout 300 apt-get update -qq
		apt_updated=1
	fi
	DEBIAN_FRONTEND=noninteractive timeout 300 apt-get install -y -qq --no-install-recommends "$2" >/dev/null
	command -v "$1" >/dev/null 2>&1 || fail "$1 still missing after installing $2"
}
need curl curl
need jq jq
need prometheus prometheus
command -v go >/dev/null || fail "go not found (expected at /usr/local/go/bin)"
[ -d cmd/judged ] || fail "cmd/judged does not exist"

# --- ports ------------------------------------------------------------------------------
used_ports=" "
free_port() { # prints a port on 127.0.0.1 that nothing listens on
	local p i
	for i in $(seq 100); do
		p=$((20000 + RANDOM % 40000))
		case "$used_ports" in *" $p "*) continue ;; esac
		if ! (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null; then
			used_ports="$used_ports$p "
			echo "$p"
			return 0
		fi
	done
	fail "no free port found"
}

wait_http() { # wait_http URL SECONDS PID: until URL answers 2xx, PID still alive
	local url=$1 tries=$(($2 * 10)) pid=$3 i
	for i in $(seq "$tries"); do
		curl -fsS -o /dev/null --max-time 1 "$url" 2>/dev/null && return 0
		kill -0 "$pid" 2>/dev/null || return 1
		sleep 0.1
	done
	return 1
}

# --- judged -----------------------------------------------------------------------------
log "building judged"
go build -trimpath -ldflags "-X main.version=e2e" -o "$work/judged" ./cmd/judged

# Another process may take a port between the check and the bind: retry with new ports.
for attempt in 1 2 3; do
	api_port=$(free_port)
	admin_port=$(free_port)
	"$work/judged" --addr "127.0.0.1:$api_port" --admin-addr "127.0.0.1:$admin_port" \
		--log-level warn --shutdown-timeout 5s >"$work/judged.log" 2>&1 &
	judged_pid=$!
	if wait_http "http://127.0.0.1:$api_port/readyz" 15 "$judged_pid" &&
		wait_http "http://127.0.0.1:$admin_port/readyz" 5 "$judged_pid"; then
		break
	fi
	stop "$judged_pid"
	judged_pid=""
	grep -q "address already in use" "$work/judged.log" || fail "judged did not become ready: $(tail -n 5 "$work/judged.log")"
	log "port taken, retrying ($attempt)"
done
[ -n "$judged_pid" ] || fail "judged could not bind free ports"
log "judged is ready: API 127.0.0.1:$api_port, admin 127.0.0.1:$admin_port"

# --- prometheus ---------------------------------------------------------------------------
# The rules as shipped evaluate every 30s; here every second, so the check stays short.
sed 's/^\(    interval:\) 30s$/\1 1s/' deploy/prometheus/judged-rules.yaml >"$work/judged-rules.yaml"
grep -q '^    interval: 1s$' "$work/judged-rules.yaml" || fail "could not shorten the recording rules' interval"

for attempt in 1 2 3; do
	prom_port=$(free_port)
	cat >"$work/prometheus.yml" <<EOF
global:
  scrape_interval: 1s
  scrape_timeout: 1s
  evaluation_interval: 1s
rule_files:
  - $work/judged-rules.yaml
scrape_configs:
  - job_name: judged
    metrics_path: /metrics
    static_configs:
      - targets: ["127.0.0.1:$admin_port"]
EOF
	prometheus --config.file="$work/prometheus.yml" --storage.tsdb.path="$work/data" \
		--web.listen-address="127.0.0.1:$prom_port" --log.level=warn >"$work/prometheus.log" 2>&1 &
	prom_pid=$!
	wait_http "http://127.0.0.1:$prom_port/-/ready" 30 "$prom_pid" && break
	stop "$prom_pid"
	prom_pid=""
	grep -q "address already in use" "$work/prometheus.log" || fail "prometheus did not become ready: $(tail -n 5 "$work/prometheus.log")"
	log "port taken, retrying ($attempt)"
done
[ -n "$prom_pid" ] || fail "prometheus could not bind a free port"
prom="http://127.0.0.1:$prom_port"
log "prometheus $(prometheus --version 2>&1 | head -n 1 | awk '{print $3}') is ready on 127.0.0.1:$prom_port"

query() { # query PROMQL: prints the JSON result vector
	curl -fsS --max-time 5 -G "$prom/api/v1/query" --data-urlencode "query=$1" | jq -c '.data.result'
}

last_scrape() {
	curl -fsS --max-time 5 "$prom/api/v1/targets" |
		jq -r '.data.activeTargets[] | select(.labels.job == "judged") | .lastScrape'
}

wait_scrape() { # wait until Prometheus has scraped judged again (at most 10s)
	local before i
	before=$(last_scrape)
	for i in $(seq 100); do
		[ "$(last_scrape)" != "$before" ] && return 0
		sleep 0.1
	done
	fail "prometheus did not scrape judged within 10s"
}

# --- burst --------------------------------------------------------------------------------
# 4 rounds of 33 requests, each round followed by a scrape, so that rate() sees the counters
# grow between samples. Hands repeat across rounds, so the caches hit; each round also sends
# hands of its own, so every judgment misses (and feeds judged_engine_duration_seconds, which
# only cache misses record) between every two scrapes.
hu_hands=(123m456s789p11122z 123m456s789p11133z 111m222s333p44pEEE 19m19s19pESWNPFCC 22334455667788m)
tenpai_hands=(123m456s789p1112z 123m456s789p1113z 111m222s333p44pEE 19m19s19pESWNPFC 2233445566778m)
post() { # post ROUTE BODY WANT_STATUS
	local code
	code=$(curl -sS --max-time 5 -o /dev/null -w '%{http_code}' -X POST \
		-H 'Content-Type: application/json' --data "$2" "http://127.0.0.1:$api_port$1")
	[ "$code" = "$3" ] || fail "POST $1 $2: status $code, want $3"
}
log "sending 4 rounds of requests"
wait_scrape
for round in 1 2 3 4; do
	for i in 0 1 2 3 4; do
		post /hu "{\"hand\":\"${hu_hands[$i]}\"}" 200
		post /hu "{\"hand\":\"${hu_hands[$(((i + round) % 5))]}\"}" 200
		post /tenpai "{\"hand\":\"${tenpai_hands[$i]}\"}" 200
		post /tenpai "{\"hand\":\"${tenpai_hands[$(((i + round) % 5))]}\"}" 200
		post /discard '{"hand":"111m222s333p44pEEN","discard":"N"}' 200
	done
	post /hu "{\"hand\":\"123m456s789p${round}${round}${round}55z\"}" 200
	post /tenpai "{\"hand\":\"123m456s789p${round}${round}${round}5z\"}" 200
	post /discard "{\"hand\":\"111m222s333p44p${round}${round}${round}z\",\"discard\":\"4p\"}" 200
	post /hu '{"hand":"123m"}' 422
	post /hu '{"hnad":"123m456s789p11122z"}' 400
	post /nope '{}' 404
	curl -fsS --max-time 5 -o /dev/null "http://127.0.0.1:$api_port/healthz"
	wait_scrape
done
wait_scrape

# --- assertions ---------------------------------------------------------------------------
eventually() { # eventually DESCRIPTION PROMQL JQ_TEST: poll (up to 15s) until JQ_TEST holds
	local desc=$1 q=$2 test=$3 got i
	for i in $(seq 30); do
		got=$(query "$q")
		if jq -e "$test" <<<"$got" >/dev/null; then
			log "ok: $desc: $(jq -c '[.[] | .value[1]] | .[:6]' <<<"$got")"
			return 0
		fi
		sleep 0.5
	done
	fail "$desc: query $q returned $got"
}

health=$(curl -fsS --max-time 5 "$prom/api/v1/targets" | jq -r '.data.activeTargets[] | select(.labels.job == "judged") | .health')
[ "$health" = "up" ] || fail "judged target health is '$health', want up"
eventually 'target up' 'up{job="judged"}' 'length == 1 and .[0].value[1] == "1"'

nonempty='length > 0'
# Rates and quantiles must give numbers, not only NaN (histogram_quantile's answer for a series
# with no traffic in the window, such as /readyz, polled once).
finite='length > 0 and any(.[]; .value[1] | test("^[0-9.e+-]+$"))'
checked=0
while IFS= read -r expr; do
	q=${expr//'$__rate_interval'/30s}
	q=${q//'$job'/judged}
	q=${q//'$instance'/.*}
	case "$q" in
	*'$'*) fail "dashboard query uses a variable this check does not know: $expr" ;;
	*rate\(* | *histogram_quantile\(*) eventually "dashboard: $q" "$q" "$finite" ;;
	*) eventually "dashboard: $q" "$q" "$nonempty" ;;
	esac
	checked=$((checked + 1))
done < <(jq -r '.panels[] | select(.targets) | .targets[].expr' deploy/grafana/judged.json)
[ "$checked" -ge 10 ] || fail "only $checked dashboard queries found"

eventually 'recorded request rate' 'job:judged_http_requests:rate5m{job="judged"}' "$finite"
eventually 'recorded p99 per route' 'job_route:judged_http_request_duration_seconds:p99_5m{job="judged",route="/hu"}' "$finite"
eventually 'recorded error ratio' 'job:judged_http_errors:ratio_rate5m{job="judged"}' 'length == 1 and .[0].value[1] == "0"'
eventually 'recorded cache hit ratio' 'job_op:judged_cache_hit:ratio_rate5m{job="judged"}' 'length == 3'
bad_rules=$(curl -fsS --max-time 5 "$prom/api/v1/rules" | jq -r '[.data.groups[].rules[] | select(.health != "ok") | .name] | join(", ")')
[ -z "$bad_rules" ] || fail "rules failing to evaluate: $bad_rules"
firing=$(curl -fsS --max-time 5 "$prom/api/v1/alerts" | jq -r '[.data.alerts[] | select(.state == "firing") | .labels.alertname] | join(", ")')
[ -z "$firing" ] || fail "alerts firing against a healthy judged: $firing"
log "ok: $(curl -fsS --max-time 5 "$prom/api/v1/rules" | jq '[.data.groups[].rules[]] | length') rules evaluate, none firing"

# --- shutdown -------------------------------------------------------------------------------
stop "$judged_pid"
judged_pid=""
[ "$stopped_rc" = "0" ] || fail "judged exited with status $stopped_rc on SIGTERM, want 0"
log "ok: judged exited 0 on SIGTERM"
log "PASS: $checked dashboard queries and the recording rules return data from a live judged"
