#!/usr/bin/env bash
# scripts/fuzz.sh: run every Go fuzz target in the repository for a bounded
# budget each and fail on any failure. The targets are found by grepping for
# `func FuzzX(` in *_test.go files, so a new target is picked up without
# editing this script. A failing input is written by go test under the
# package's testdata/fuzz/FuzzX/ and fails plain `go test` from then on,
# until fixed.
#
# The budget is a count of executions per target (FUZZTIME, default
# 100000x), not a duration: Go 1.26's fuzz coordinator can report a spurious
# "context deadline exceeded" failure when a duration-based -fuzztime expires
# while a worker is mid-call (golang/go#75804, fixed in Go 1.27); a count has
# no deadline to race. A duration (FUZZTIME=20s) still works; then
# FUZZ_BUDGET (default 240s) is split evenly over the targets when
# FUZZTIME × targets would exceed it. Every target also has a hard timeout.
#
#   scripts/fuzz.sh                     # all targets, 100000 executions each
#   FUZZTIME=20000x scripts/fuzz.sh     # a quick pass
#   scripts/fuzz.sh ./internal/engine   # only the targets under a path
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PATH:/usr/local/go/bin"

FUZZTIME=${FUZZTIME:-100000x}
FUZZ_BUDGET=${FUZZ_BUDGET:-240}
paths=("${@:-.}")

# targets prints "package-dir target" lines, sorted.
targets() {
  grep -rHoE --include='*_test.go' '^func Fuzz[A-Za-z0-9_]+\(' "${paths[@]}" |
    sed -E 's|^(.*)/[^/]+_test\.go:func (Fuzz[A-Za-z0-9_]+)\($|\1 \2|' |
    grep -v '^\./tools/' | sort -u
}

mapfile -t list < <(targets)
if [ "${#list[@]}" -eq 0 ]; then
  echo "fuzz.sh: no fuzz targets under ${paths[*]}" >&2
  exit 1
fi

# Each target's budget: a count of executions, or whole seconds within FUZZ_BUDGET.
if [[ "$FUZZTIME" =~ ^[0-9]+x$ ]]; then
  budget=$FUZZTIME
  limit=300 # seconds: a hung target fails instead of stalling CI
else
  secs=${FUZZTIME%s}
  if ! [[ "$secs" =~ ^[0-9]+$ ]]; then
    echo "fuzz.sh: FUZZTIME must be a count such as 100000x or whole seconds such as 20s (got $FUZZTIME)" >&2
    exit 2
  fi
  if [ $((secs * ${#list[@]})) -gt "$FUZZ_BUDGET" ]; then
    secs=$((FUZZ_BUDGET / ${#list[@]}))
    [ "$secs" -lt 1 ] && secs=1
  fi
  budget=${secs}s
  limit=$((secs + 120))
fi

echo "fuzz.sh: ${#list[@]} targets, $budget each"
failed=()
for entry in "${list[@]}"; do
  dir=${entry% *}
  target=${entry#* }
  case $dir in ./*) ;; *) dir=./$dir ;; esac
  echo "== $dir $target ($budget)"
  # -parallel 2: the machine has 2 cores; timeout: a hung target fails
  # instead of stalling CI.
  if ! timeout "$limit" go test -run '^$' -fuzz "^${target}\$" -fuzztime "$budget" -parallel 2 "$dir"; then
    failed+=("$dir $target")
  fi
done

if [ "${#failed[@]}" -gt 0 ]; then
  printf 'fuzz.sh: FAILED: %s\n' "${failed[@]}" >&2
  exit 1
fi
echo "fuzz.sh: all ${#list[@]} targets passed"
