#!/usr/bin/env bash
# Offline checks of judged's deployment artefacts, for .ci/run (no Docker engine, no cluster):
#   1. the static binary the Dockerfile builds (same flags, from the build context that
#      .dockerignore lets through) is statically linked and starts;
#   2. deploy/Dockerfile passes BuildKit's lint rules (tools/dockerlint, its own Go module);
#   3. the kustomize base and overlay render, and every object strictly decodes into its
#      Kubernetes API type and meets judged's policies (deploy/k8s, its own Go module);
#   4. the Prometheus rules pass promtool check and unit tests, and the Grafana dashboard's
#      queries parse.
# Installs what is missing (promtool and jq with apt-get; kustomize with go install if kubectl
# is absent) and says so. Temporary files live in one directory removed on exit. Exits
# non-zero on the first failure.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PATH:/usr/local/go/bin"

# kustomize release used only where kubectl is missing; kubectl 1.32 embeds the same version.
readonly KUSTOMIZE_VERSION=v5.5.0
# The go build flags of deploy/Dockerfile; step 1 checks the Dockerfile still uses them.
readonly DOCKERFILE_BUILD='go build -trimpath -ldflags "-s -w -X main.version=${VERSION}"'

tmp=$(mktemp -d -t judged-ci-deploy.XXXXXX)
trap 'rm -rf "$tmp"' EXIT

started=$SECONDS
step() { printf '\n== deploy: %s (%ds)\n' "$*" "$((SECONDS - started))"; }
fail() {
	printf 'ci-deploy: FAIL: %s\n' "$*" >&2
	exit 1
}

apt_updated=""
need() { # need COMMAND DEBIAN_PACKAGE
	command -v "$1" >/dev/null 2>&1 && return 0
	echo "ci-deploy: $1 not found: installing Debian package $2 (apt-get)"
	if [ -z "$apt_updated" ]; then
		timeout 300 apt-get update -qq
		apt_updated=1
	fi
	DEBIAN_FRONTEND=noninteractive timeout 300 apt-get install -y -qq --no-install-recommends "$2" >/dev/null
	command -v "$1" >/dev/null 2>&1 || fail "$1 still missing after installing $2"
}

step "tools"
command -v go >/dev/null || fail "go not found (expected at /usr/local/go/bin)"
need jq jq
need promtool prometheus
if command -v kubectl >/dev/null 2>&1; then
	render() { kubectl kustomize "$1"; }
	echo "kubectl: $(kubectl version --client 2>/dev/null | head -n 1)"
else
	echo "ci-deploy: kubectl not found: installing kustomize $KUSTOMIZE_VERSION with go install (into a temporary directory)"
	GOBIN="$tmp/bin" timeout 300 go install "sigs.k8s.io/kustomize/kustomize/v5@$KUSTOMIZE_VERSION"
	export PATH="$PATH:$tmp/bin" # deploy/k8s's tests use kustomize when kubectl is absent
	render() { kustomize build "$1"; }
fi
go version
promtool --version 2>&1 | head -n 1

# 1 -------------------------------------------------------------------------------------------
step "static binary, built as deploy/Dockerfile builds it"
grep -qF 'CGO_ENABLED=0' deploy/Dockerfile || fail "deploy/Dockerfile no longer builds with CGO_ENABLED=0: update $0"
grep -qF "$DOCKERFILE_BUILD" deploy/Dockerfile || fail "deploy/Dockerfile no longer runs '$DOCKERFILE_BUILD': update $0 to build the same binary"
(cd tools/dockerlint && go build -o "$tmp/staticbin" ./staticbin && go build -o "$tmp/buildcontext" ./buildcontext)
if [ -d cmd/judged ]; then
	VERSION=$(git describe --tags --always --dirty 2>/dev/null || echo dev)
	# Build from what .dockerignore lets into the build context, as docker build would.
	"$tmp/buildcontext" -o "$tmp/context" .
	echo "CGO_ENABLED=0 ${DOCKERFILE_BUILD//'${VERSION}'/$VERSION} -o \$tmp/judged ./cmd/judged"
	(cd "$tmp/context" && CGO_ENABLED=0 go build -trimpath -ldflags "-s -w -X main.version=$VERSION" -o "$tmp/judged" ./cmd/judged)
	"$tmp/staticbin" "$tmp/judged"
	if command -v file >/dev/null 2>&1; then file -b "$tmp/judged"; fi
	out=$("$tmp/judged" --version 2>&1) || fail "judged --version exited non-zero: $out"
	echo "judged --version: $out"
	[[ "$out" == *"$VERSION"* ]] || fail "judged --version printed '$out', want the version '$VERSION' set with -X main.version"
	"$tmp/judged" --help >/dev/null 2>&1 || fail "judged --help exited non-zero"
	echo "judged --help: exit 0"
else
	echo "SKIP: ./cmd/judged does not exist yet, so there is no binary to check (the Dockerfile checks still run)"
fi

# 2 -------------------------------------------------------------------------------------------
step "Dockerfile lint (BuildKit rules, offline): tools/dockerlint"
(
	cd tools/dockerlint
	go vet ./...
	go test -count=1 ./...
	go build -o "$tmp/dockerlint" .
)
"$tmp/dockerlint" deploy/Dockerfile

# 3 -------------------------------------------------------------------------------------------
step "Kubernetes manifests: render and strictly decode (deploy/k8s)"
for dir in deploy/k8s deploy/overlays/prometheus-operator; do
	render "$dir" >"$tmp/rendered.yaml"
	printf '%s renders: %s\n' "$dir" "$(grep -E '^kind: ' "$tmp/rendered.yaml" | sed 's/^kind: //' | paste -sd ' ')"
done
(
	cd deploy/k8s
	go vet ./...
	go test -count=1 ./...
)

# 4 -------------------------------------------------------------------------------------------
step "Prometheus rules and Grafana dashboard"
(
	cd deploy/prometheus
	promtool check rules judged-rules.yaml
	promtool test rules judged-rules.test.yaml
)
dash=deploy/grafana/judged.json
jq -e '.uid == "judged" and (.panels | length > 0)' "$dash" >/dev/null || fail "$dash: no uid judged or no panels"
dups=$(jq -r '[.panels[].id] | group_by(.) | map(select(length > 1) | .[0]) | join(", ")' "$dash")
[ -z "$dups" ] || fail "$dash: duplicate panel ids: $dups"
wrong_ds=$(jq -r '[.panels[] | select(.targets) | .title as $t | .targets[] | select(.datasource.uid != "${datasource}") | $t] | join(", ")' "$dash")
[ -z "$wrong_ds" ] || fail "$dash: panels not on the \${datasource} variable: $wrong_ds"
# Each query, with Grafana's variables filled in, as a recording rule: promtool parses them all.
jq '{groups: [{name: "dashboard", rules: [.panels[] | select(.targets) | .id as $id | .targets[] |
	{record: "dashboard:panel_\($id)_\(.refId)",
	 expr: (.expr | gsub("\\$__rate_interval"; "1m") | gsub("\\$job"; "judged") | gsub("\\$instance"; ".*"))}]}]}' \
	"$dash" >"$tmp/dashboard-queries.yaml"
echo "$dash: $(jq '.groups[0].rules | length' "$tmp/dashboard-queries.yaml") queries"
promtool check rules "$tmp/dashboard-queries.yaml"

step "all deploy checks passed"
