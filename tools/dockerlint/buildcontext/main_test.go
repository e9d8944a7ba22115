package main

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// tree writes files (slash paths to contents) under a new temporary directory.
func tree(t *testing.T, files map[string]string) string {
	t.Helper()
	root := t.TempDir()
	for name, content := range files {
		p := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

// listFiles returns the slash paths of the files under root, sorted.
func listFiles(t *testing.T, root string) []string {
	t.Helper()
	var got []string
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, err := filepath.Rel(root, path)
		got = append(got, filepath.ToSlash(rel))
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(got)
	return got
}

func TestCopyContext(t *testing.T) {
	repo := map[string]string{
		"go.mod":                       "module x\n",
		"go.sum":                       "",
		"README.md":                    "# x\n",
		".git/HEAD":                    "ref: refs/heads/main\n",
		"cmd/x/main.go":                "package main\n",
		"cmd/x/main_test.go":           "package main\n",
		"internal/a/a.go":              "package a\n",
		"internal/a/testdata/big.json": "{}\n",
		"deploy/Dockerfile":            "FROM scratch\n",
	}
	tests := []struct {
		name         string
		dockerignore string // "" means no .dockerignore at all
		want         []string
	}{
		{
			name:         "allow list with exceptions, as judged's",
			dockerignore: "*\n!go.mod\n!go.sum\n!cmd/\n!internal/\n**/*_test.go\n**/testdata/\n",
			want:         []string{"cmd/x/main.go", "go.mod", "go.sum", "internal/a/a.go"},
		},
		{
			name:         "deny list",
			dockerignore: "# comment\n.git\n**/*.md\ndeploy\n",
			want:         []string{".dockerignore", "cmd/x/main.go", "cmd/x/main_test.go", "go.mod", "go.sum", "internal/a/a.go", "internal/a/testdata/big.json"},
		},
		{
			name:         "forgotten directory",
			dockerignore: "*\n!go.mod\n!go.sum\n!cmd/\n",
			want:         []string{"cmd/x/main.go", "cmd/x/main_test.go", "go.mod", "go.sum"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			files := map[string]string{}
			for k, v := range repo {
				files[k] = v
			}
			if tt.dockerignore != "" {
				files[".dockerignore"] = tt.dockerignore
			}
			src := tree(t, files)
			dst := filepath.Join(t.TempDir(), "ctx")
			n, err := copyContext(src, dst)
			if err != nil {
				t.Fatalf("copyContext: %v", err)
			}
			got := listFiles(t, dst)
			if !slices.Equal(got, tt.want) {
				t.Errorf("copied %q, want %q", got, tt.want)
			}
			if n != len(tt.want) {
				t.Errorf("copyContext = %d files, want %d", n, len(tt.want))
			}
			if b, err := os.ReadFile(filepath.Join(dst, "go.mod")); err != nil || string(b) != "module x\n" {
				t.Errorf("go.mod copy = %q, %v; want %q", b, err, "module x\n")
			}
		})
	}
}

func TestCopyContextWithoutDockerignore(t *testing.T) {
	src := tree(t, map[string]string{"a": "1", "d/b": "2"})
	dst := filepath.Join(t.TempDir(), "ctx")
	if _, err := copyContext(src, dst); err != nil {
		t.Fatal(err)
	}
	if got, want := listFiles(t, dst), []string{"a", "d/b"}; !slices.Equal(got, want) {
		t.Errorf("copied %q, want %q", got, want)
	}
}

func TestRun(t *testing.T) {
	src := tree(t, map[string]string{".dockerignore": "b\n", "a": "1", "b": "2"})
	existing := t.TempDir()
	tests := []struct {
		name       string
		args       []string
		wantCode   int
		wantStdout string
		wantStderr string
	}{
		{"copies", []string{"-o", filepath.Join(existing, "new"), src}, 0, "buildcontext: copied 2 files of " + src, ""},
		{"output exists", []string{"-o", existing, src}, 1, "", "file exists"},
		{"missing source", []string{"-o", filepath.Join(existing, "new2"), filepath.Join(src, "nope")}, 1, "", "no such file or directory"},
		{"no output flag", []string{src}, 2, "", "usage: buildcontext"},
		{"no source", []string{"-o", filepath.Join(existing, "new3")}, 2, "", "usage: buildcontext"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			if code := run(tt.args, &stdout, &stderr); code != tt.wantCode {
				t.Errorf("run(%q) = %d, want %d; stderr %q", tt.args, code, tt.wantCode, stderr.String())
			}
			if !strings.Contains(stdout.String(), tt.wantStdout) {
				t.Errorf("stdout = %q, want it to contain %q", stdout.String(), tt.wantStdout)
			}
			if !strings.Contains(stderr.String(), tt.wantStderr) {
				t.Errorf("stderr = %q, want it to contain %q", stderr.String(), tt.wantStderr)
			}
		})
	}
}
