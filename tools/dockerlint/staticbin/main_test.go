package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// buildHello builds testdata/hello into dir with the given environment additions and returns
// the binary's path.
func buildHello(t *testing.T, dir string, env ...string) string {
	t.Helper()
	out := filepath.Join(dir, "hello")
	cmd := exec.Command("go", "build", "-trimpath", "-ldflags", "-s -w", "-o", out, "./testdata/hello")
	cmd.Env = append(os.Environ(), env...)
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build %v: %v\n%s", env, err, b)
	}
	return out
}

func TestRun(t *testing.T) {
	dir := t.TempDir()
	static := buildHello(t, t.TempDir(), "CGO_ENABLED=0")
	notELF := filepath.Join(dir, "script")
	if err := os.WriteFile(notELF, []byte("#!/bin/sh\necho hi\n"), 0o700); err != nil {
		t.Fatal(err)
	}
	// Any Debian system has a dynamically linked /bin/sh.
	const dynamic = "/bin/sh"

	tests := []struct {
		name       string
		args       []string
		wantCode   int
		wantStdout []string
		wantStderr string
	}{
		{"static go binary", []string{static}, exitStatic, []string{static + ": statically linked\n"}, ""},
		{"dynamic libc binary", []string{dynamic}, exitDynamic, []string{dynamic + ": dynamically linked: interpreter /lib", "needs libc.so.6"}, ""},
		{"static then dynamic", []string{static, dynamic}, exitDynamic, []string{static + ": statically linked\n", dynamic + ": dynamically linked"}, ""},
		{"not ELF", []string{notELF}, exitError, nil, "bad magic number"},
		{"missing", []string{filepath.Join(dir, "nope")}, exitError, nil, "no such file or directory"},
		{"no arguments", nil, exitError, nil, "usage: staticbin"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			code := run(tt.args, &stdout, &stderr)
			if code != tt.wantCode {
				t.Errorf("run(%q) = %d, want %d; stdout %q, stderr %q", tt.args, code, tt.wantCode, stdout.String(), stderr.String())
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
