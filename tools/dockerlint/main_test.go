package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/containerd/platforms"
	"github.com/moby/buildkit/frontend/dockerfile/instructions"
	"github.com/moby/buildkit/frontend/dockerfile/parser"
	"github.com/moby/buildkit/frontend/subrequests/lint"
)

// repoDockerfile is the service's Dockerfile, relative to this package.
const repoDockerfile = "../../deploy/Dockerfile"

// finding is one lint warning reduced to what the tests compare.
type finding struct {
	Rule string
	Line int32
}

func findings(res *lint.LintResults) []finding {
	var out []finding
	for _, w := range res.Warnings {
		f := finding{Rule: w.RuleName}
		if len(w.Location.Ranges) > 0 {
			f.Line = w.Location.Ranges[0].Start.Line
		}
		out = append(out, f)
	}
	return out
}

func mustLint(t *testing.T, name, dockerfile string) *lint.LintResults {
	t.Helper()
	res, err := lintDockerfile(context.Background(), name, []byte(dockerfile), platforms.MustParse("linux/amd64"))
	if err != nil {
		t.Fatalf("lintDockerfile(%s): %v", name, err)
	}
	return res
}

func TestLintDockerfile(t *testing.T) {
	tests := []struct {
		name       string
		dockerfile string
		want       []finding
		wantError  string // substring of the build error; empty: the file must build
	}{
		{
			name:       "clean multi-stage",
			dockerfile: "FROM golang:1.26 AS build\nRUN go version\nFROM scratch\nCOPY --from=build /usr/local/go/VERSION /VERSION\nUSER 65532\nENTRYPOINT [\"/x\"]\n",
		},
		{
			name:       "lower-case as",
			dockerfile: "FROM golang:1.26 as build\nRUN go version\n",
			want:       []finding{{"FromAsCasing", 1}},
		},
		{
			name:       "shell-form entrypoint",
			dockerfile: "FROM scratch\nENTRYPOINT /judged\n",
			want:       []finding{{"JSONArgsRecommended", 2}},
		},
		{
			name:       "legacy env, relative workdir, maintainer",
			dockerfile: "FROM alpine\nENV A 1\nWORKDIR app\nMAINTAINER someone\n",
			want:       []finding{{"LegacyKeyValueFormat", 2}, {"WorkdirRelativePath", 3}, {"MaintainerDeprecated", 4}},
		},
		{
			name:       "secret in arg and duplicate stage",
			dockerfile: "FROM alpine AS a\nARG GITHUB_TOKEN=x\nFROM alpine AS a\nRUN true\n",
			want:       []finding{{"SecretsUsedInArgOrEnv", 2}, {"DuplicateStageName", 3}},
		},
		{
			name:       "unknown instruction",
			dockerfile: "FORM golang:1.26\n",
			wantError:  "unknown instruction: FORM",
		},
		{
			name:       "undefined base image arg",
			dockerfile: "FROM golang:${GO} AS build\nRUN true\n",
			want:       []finding{{"InvalidDefaultArgInFrom", 1}, {"UndefinedArgInFrom", 1}},
			wantError:  `failed to parse stage name "golang:": invalid reference format`,
		},
		{
			name:       "check directive turns warnings into an error",
			dockerfile: "# check=error=true\nFROM alpine as a\nRUN true\n",
			want:       []finding{{"FromAsCasing", 2}},
			wantError:  "lint violation found for rules: FromAsCasing",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := mustLint(t, "Dockerfile", tt.dockerfile)
			got := findings(res)
			slices.SortFunc(got, func(a, b finding) int {
				if a.Line != b.Line {
					return int(a.Line - b.Line)
				}
				return strings.Compare(a.Rule, b.Rule)
			})
			if !slices.Equal(got, tt.want) {
				t.Errorf("warnings = %v, want %v", got, tt.want)
			}
			var gotErr string
			if res.Error != nil {
				gotErr = res.Error.Message
			}
			switch {
			case tt.wantError == "" && gotErr != "":
				t.Errorf("build error = %q, want none", gotErr)
			case tt.wantError != "" && !strings.Contains(gotErr, tt.wantError):
				t.Errorf("build error = %q, want it to contain %q", gotErr, tt.wantError)
			}
			if gotFailed, wantFailed := failed(res), len(tt.want) > 0 || tt.wantError != ""; gotFailed != wantFailed {
				t.Errorf("failed() = %v, want %v", gotFailed, wantFailed)
			}
		})
	}
}

func readRepoDockerfile(t *testing.T) string {
	t.Helper()
	dt, err := os.ReadFile(repoDockerfile)
	if err != nil {
		t.Fatalf("read the service Dockerfile: %v", err)
	}
	return string(dt)
}

func TestRepoDockerfileIsClean(t *testing.T) {
	res := mustLint(t, repoDockerfile, readRepoDockerfile(t))
	if got := findings(res); len(got) != 0 {
		var out bytes.Buffer
		_ = report(&out, repoDockerfile, res)
		t.Errorf("warnings = %v, want none:\n%s", got, out.String())
	}
	if res.Error != nil {
		t.Errorf("build error = %q, want none", res.Error.Message)
	}
}

// TestRepoDockerfileBrokenCopyFails proves CI catches mistakes in the real Dockerfile: each
// edit of it must make the linter fail.
func TestRepoDockerfileBrokenCopyFails(t *testing.T) {
	good := readRepoDockerfile(t)
	edits := []struct {
		name, old, new string
	}{
		{"typo in an instruction", "ENTRYPOINT [", "ENTRYPONT ["},
		{"shell-form entrypoint", `ENTRYPOINT ["/usr/local/bin/judged"]`, "ENTRYPOINT /usr/local/bin/judged"},
		{"lower-case as", "AS build", "as build"},
		{"upper-case stage name", "AS build", "AS Build"},
		{"mount type typo", "type=cache,target=/go/pkg/mod", "type=cahce,target=/go/pkg/mod"},
		{"base image arg without default", "ARG GO_VERSION=1.26.8", "ARG GO_VERSION"},
	}
	for _, e := range edits {
		t.Run(e.name, func(t *testing.T) {
			if !strings.Contains(good, e.old) {
				t.Fatalf("the Dockerfile no longer contains %q: update this test", e.old)
			}
			broken := strings.Replace(good, e.old, e.new, 1)
			if res := mustLint(t, "Dockerfile", broken); !failed(res) {
				t.Errorf("lint of the Dockerfile with %q replaced by %q passed, want a failure", e.old, e.new)
			}
		})
	}
}

// TestRepoDockerfilePolicy asserts what the lint rules do not: a static build, a distroless
// non-root final stage, exec-form entrypoint and both of judged's ports.
func TestRepoDockerfilePolicy(t *testing.T) {
	ast, err := parser.Parse(strings.NewReader(readRepoDockerfile(t)))
	if err != nil {
		t.Fatalf("parse: %v", err)
	}
	stages, _, err := instructions.Parse(ast.AST, nil)
	if err != nil {
		t.Fatalf("instructions: %v", err)
	}
	if len(stages) != 2 {
		t.Fatalf("got %d stages, want 2 (build, final)", len(stages))
	}
	build, final := stages[0], stages[1]

	if got, want := build.BaseName, "golang:${GO_VERSION}-bookworm"; got != want {
		t.Errorf("build stage base = %q, want %q", got, want)
	}
	var buildCmd string
	var cacheTargets []string
	for _, c := range build.Commands {
		run, ok := c.(*instructions.RunCommand)
		if !ok {
			continue
		}
		// Mount flags are only fully parsed once expanded; nothing here uses variables.
		if err := run.Expand(func(w string) (string, error) { return w, nil }); err != nil {
			t.Fatalf("expand %q: %v", run.CmdLine, err)
		}
		for _, m := range instructions.GetMounts(run) {
			if m.Type == instructions.MountTypeCache {
				cacheTargets = append(cacheTargets, m.Target)
			}
		}
		if line := strings.Join(run.CmdLine, " "); strings.Contains(line, "go build") {
			buildCmd = line
		}
	}
	for _, want := range []string{"CGO_ENABLED=0", `go build -trimpath -ldflags "-s -w -X main.version=${VERSION}"`, "./cmd/judged"} {
		if !strings.Contains(buildCmd, want) {
			t.Errorf("build command %q does not contain %q", buildCmd, want)
		}
	}
	for _, want := range []string{"/go/pkg/mod", "/root/.cache/go-build"} {
		if !slices.Contains(cacheTargets, want) {
			t.Errorf("cache mount targets = %v, want one at %s", cacheTargets, want)
		}
	}

	if got, want := final.BaseName, "gcr.io/distroless/static-debian12:nonroot"; got != want {
		t.Errorf("final stage base = %q, want %q", got, want)
	}
	var user string
	var ports []string
	var entrypoint *instructions.EntrypointCommand
	for _, c := range final.Commands {
		switch c := c.(type) {
		case *instructions.UserCommand:
			user = c.User
		case *instructions.ExposeCommand:
			ports = append(ports, c.Ports...)
		case *instructions.EntrypointCommand:
			entrypoint = c
		case *instructions.RunCommand:
			t.Errorf("final stage runs %q: it has no shell", c.CmdLine)
		}
	}
	if user != "nonroot:nonroot" {
		t.Errorf("final USER = %q, want nonroot:nonroot", user)
	}
	if !slices.Equal(ports, []string{"8080", "9090"}) {
		t.Errorf("EXPOSE = %v, want [8080 9090]", ports)
	}
	switch {
	case entrypoint == nil:
		t.Error("final stage has no ENTRYPOINT")
	case entrypoint.PrependShell:
		t.Errorf("ENTRYPOINT %q is shell form, want exec form", entrypoint.CmdLine)
	case !slices.Equal(entrypoint.CmdLine, []string{"/usr/local/bin/judged"}):
		t.Errorf("ENTRYPOINT = %q, want [/usr/local/bin/judged]", entrypoint.CmdLine)
	}
}

func TestRun(t *testing.T) {
	dir := t.TempDir()
	write := func(name, content string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(content), 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	clean := write("clean.Dockerfile", "FROM scratch\nENTRYPOINT [\"/x\"]\n")
	bad := write("bad.Dockerfile", "FROM scratch\nENTRYPOINT /x\n")

	tests := []struct {
		name       string
		args       []string
		wantCode   int
		wantStdout []string
		wantStderr string
	}{
		{"clean", []string{clean}, exitClean, []string{clean + ": no warnings\n"}, ""},
		{"bad", []string{bad}, exitFindings, []string{"WARNING: JSONArgsRecommended", bad + ": 1 warning(s)\n"}, ""},
		{"clean and bad", []string{clean, bad}, exitFindings, []string{clean + ": no warnings\n", bad + ": 1 warning(s)\n"}, ""},
		{"missing file", []string{filepath.Join(dir, "nope")}, exitUsage, nil, "no such file or directory"},
		{"no arguments", nil, exitUsage, nil, "usage: dockerlint"},
		{"bad platform", []string{"-platform", "not/a/platform/x", clean}, exitUsage, nil, "-platform"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			code := run(context.Background(), tt.args, &stdout, &stderr)
			if code != tt.wantCode {
				t.Errorf("run(%q) = %d, want %d; stdout:\n%s\nstderr:\n%s", tt.args, code, tt.wantCode, stdout.String(), stderr.String())
			}
			for _, want := range tt.wantStdout {
				if !strings.Contains(stdout.String(), want) {
					t.Errorf("stdout = %q, want it to contain %q", stdout.String(), want)
				}
			}
			if !strings.Contains(stderr.String(), tt.wantStderr) {
				t.Errorf("stderr = %q, want it to contain %q", stderr.String(), tt.wantStderr)
			}
		})
	}
}
