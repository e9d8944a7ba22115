// Command buildcontext copies the part of a directory that `docker build` would send as its
// build context: every file not excluded by the directory's .dockerignore, matched with the
// same library (github.com/moby/patternmatcher) the Docker CLI and BuildKit use. Building from
// the copy proves the .dockerignore leaves out nothing the build needs.
//
// Usage:
//
//	buildcontext -o OUTDIR SRCDIR
//
// OUTDIR must not exist yet. Regular files and directories are copied with their permission
// bits; symbolic links are copied as links; anything else is an error. Exits 0 on success,
// 1 on failure and 2 on a usage error.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/moby/patternmatcher"
	"github.com/moby/patternmatcher/ignorefile"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// run parses args, copies the context and returns the exit code.
func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("buildcontext", flag.ContinueOnError)
	fs.SetOutput(stderr)
	out := fs.String("o", "", "directory to create and copy the context into")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *out == "" || fs.NArg() != 1 {
		fmt.Fprintln(stderr, "usage: buildcontext -o OUTDIR SRCDIR")
		return 2
	}
	n, err := copyContext(fs.Arg(0), *out)
	if err != nil {
		fmt.Fprintf(stderr, "buildcontext: %v\n", err)
		return 1
	}
	fmt.Fprintf(stdout, "buildcontext: copied %d files of %s into %s\n", n, fs.Arg(0), *out)
	return 0
}

// readIgnore returns the matcher for src/.dockerignore; with no such file, nothing is excluded.
func readIgnore(src string) (*patternmatcher.PatternMatcher, error) {
	f, err := os.Open(filepath.Join(src, ".dockerignore"))
	if errors.Is(err, fs.ErrNotExist) {
		return patternmatcher.New(nil)
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	patterns, err := ignorefile.ReadAll(f)
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", f.Name(), err)
	}
	return patternmatcher.New(patterns)
}

// copyContext copies the files of src that src/.dockerignore does not exclude into dst, which
// it creates, and returns how many files it copied.
func copyContext(src, dst string) (int, error) {
	pm, err := readIgnore(src)
	if err != nil {
		return 0, err
	}
	if err := os.Mkdir(dst, 0o755); err != nil {
		return 0, err
	}
	n := 0
	err = filepath.WalkDir(src, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(src, path)
		if err != nil || rel == "." {
			return err
		}
		excluded, err := pm.MatchesOrParentMatches(filepath.ToSlash(rel))
		if err != nil {
			return fmt.Errorf("match %s: %w", rel, err)
		}
		if excluded {
			// A later !pattern may bring back something inside an excluded directory.
			if d.IsDir() && !pm.Exclusions() {
				return filepath.SkipDir
			}
			return nil
		}
		if d.IsDir() {
			return nil
		}
		if err := copyEntry(path, filepath.Join(dst, rel), d); err != nil {
			return err
		}
		n++
		return nil
	})
	return n, err
}

// copyEntry copies one regular file or symbolic link, creating its parent directories.
func copyEntry(from, to string, d fs.DirEntry) error {
	if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
		return err
	}
	info, err := d.Info()
	if err != nil {
		return err
	}
	switch {
	case info.Mode()&fs.ModeSymlink != 0:
		target, err := os.Readlink(from)
		if err != nil {
			return err
		}
		return os.Symlink(target, to)
	case info.Mode().IsRegular():
		return copyFile(from, to, info.Mode().Perm())
	default:
		return fmt.Errorf("%s: not a regular file, directory or symbolic link", from)
	}
}

func copyFile(from, to string, perm fs.FileMode) (err error) {
	in, err := os.Open(from)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(to, os.O_WRONLY|os.O_CREATE|os.O_EXCL, perm)
	if err != nil {
		return err
	}
	defer func() {
		if cerr := out.Close(); err == nil {
			err = cerr
		}
	}()
	if _, err := io.Copy(out, in); err != nil {
		return fmt.Errorf("copy %s: %w", from, err)
	}
	return nil
}
