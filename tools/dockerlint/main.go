// Command dockerlint runs BuildKit's Dockerfile lint rules (the ones `docker build --check`
// applies) on Dockerfiles without a Docker engine, a BuildKit daemon or the network.
//
// Usage:
//
//	dockerlint [-platform os/arch] Dockerfile...
//
// It prints every warning in BuildKit's own format and exits 1 if any file has a warning or
// does not parse, 2 on a usage or read error, and 0 when every file is clean. Base images are
// not pulled: an offline resolver answers with a minimal image config for the requested
// platform, so rules that need a registry (such as a base image's real platform) cannot fire.
//
// It lives in its own Go module so that BuildKit's many dependencies stay out of judged's go.mod.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"github.com/containerd/platforms"
	"github.com/moby/buildkit/client/llb"
	"github.com/moby/buildkit/frontend/dockerfile/dockerfile2llb"
	"github.com/moby/buildkit/frontend/subrequests/lint"
)

// Exit codes, as documented in the package comment.
const (
	exitClean    = 0
	exitFindings = 1
	exitUsage    = 2
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := run(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// run lints every Dockerfile named in args, reports to stdout and stderr, and returns the
// process exit code.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("dockerlint", flag.ContinueOnError)
	fs.SetOutput(stderr)
	platform := fs.String("platform", "linux/amd64", "target platform the Dockerfile is checked for")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: dockerlint [-platform os/arch] Dockerfile...")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return exitUsage
	}
	if fs.NArg() == 0 {
		fs.Usage()
		return exitUsage
	}
	target, err := platforms.Parse(*platform)
	if err != nil {
		fmt.Fprintf(stderr, "dockerlint: -platform %q: %v\n", *platform, err)
		return exitUsage
	}

	code := exitClean
	for _, name := range fs.Args() {
		dt, err := os.ReadFile(name)
		if err != nil {
			fmt.Fprintf(stderr, "dockerlint: %v\n", err)
			return exitUsage
		}
		res, err := lintDockerfile(ctx, name, dt, target)
		if err != nil {
			fmt.Fprintf(stderr, "dockerlint: %s: %v\n", name, err)
			return exitUsage
		}
		if err := report(stdout, name, res); err != nil {
			fmt.Fprintf(stderr, "dockerlint: %s: %v\n", name, err)
			return exitUsage
		}
		if failed(res) {
			code = exitFindings
		}
	}
	return code
}

// failed reports whether res would make `docker build --check` fail.
func failed(res *lint.LintResults) bool {
	return len(res.Warnings) > 0 || res.Error != nil
}

// report prints res for the Dockerfile called name the way the docker CLI does, followed by a
// one-line summary.
func report(w io.Writer, name string, res *lint.LintResults) error {
	if err := res.PrintTo(w, nil); err != nil {
		return fmt.Errorf("print warnings: %w", err)
	}
	if res.Error != nil {
		res.PrintErrorTo(w, nil)
	}
	switch {
	case res.Error != nil:
		fmt.Fprintf(w, "%s: does not build: %d warning(s) and an error\n", name, len(res.Warnings))
	case len(res.Warnings) > 0:
		fmt.Fprintf(w, "%s: %d warning(s)\n", name, len(res.Warnings))
	default:
		fmt.Fprintf(w, "%s: no warnings\n", name)
	}
	return nil
}

// lintDockerfile runs BuildKit's lint rules on the Dockerfile content dt (named name in
// messages) for the target platform. A Dockerfile that does not parse is reported in the
// result's Error, not as a returned error.
func lintDockerfile(ctx context.Context, name string, dt []byte, target platforms.Platform) (*lint.LintResults, error) {
	smap := llb.NewSourceMap(nil, name, "Dockerfile", dt)
	// The lint result copies the source's LLB definition; a local file has none, so give it
	// an empty one rather than nil.
	smap.Definition = &llb.Definition{}
	opt := dockerfile2llb.ConvertOpt{
		SourceMap:      smap,
		TargetPlatform: &target,
		MetaResolver:   offlineResolver{},
	}
	opt.BuildPlatforms = []platforms.Platform{target}
	res, err := dockerfile2llb.DockerfileLint(ctx, dt, opt)
	if err != nil {
		return nil, fmt.Errorf("lint: %w", err)
	}
	if res == nil {
		return nil, errors.New("lint: no result")
	}
	return res, nil
}
