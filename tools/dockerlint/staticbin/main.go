// Command staticbin checks that executables are statically linked ELF files, as a binary
// copied into a distroless/static or scratch image must be: it has no program interpreter
// (PT_INTERP, the dynamic loader) and needs no shared library (DT_NEEDED).
//
// Usage:
//
//	staticbin FILE...
//
// It exits 0 when every file is a static ELF executable, 1 when one is not, and 2 when a file
// cannot be read or is not ELF at all.
package main

import (
	"debug/elf"
	"fmt"
	"io"
	"os"
	"strings"
)

// Exit codes, as documented in the package comment.
const (
	exitStatic  = 0
	exitDynamic = 1
	exitError   = 2
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// run checks every file named in args and returns the process exit code.
func run(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprintln(stderr, "usage: staticbin FILE...")
		return exitError
	}
	code := exitStatic
	for _, name := range args {
		reasons, err := dynamicReasons(name)
		switch {
		case err != nil:
			fmt.Fprintf(stderr, "staticbin: %v\n", err)
			return exitError
		case len(reasons) > 0:
			fmt.Fprintf(stdout, "%s: dynamically linked: %s\n", name, strings.Join(reasons, "; "))
			code = exitDynamic
		default:
			fmt.Fprintf(stdout, "%s: statically linked\n", name)
		}
	}
	return code
}

// dynamicReasons opens the ELF file name and returns why it is not a static executable; none
// means it is one.
func dynamicReasons(name string) ([]string, error) {
	f, err := elf.Open(name)
	if err != nil {
		return nil, fmt.Errorf("open %s: %w", name, err)
	}
	defer f.Close()

	var reasons []string
	if f.Type != elf.ET_EXEC && f.Type != elf.ET_DYN {
		reasons = append(reasons, fmt.Sprintf("not an executable (%s)", f.Type))
	}
	for _, p := range f.Progs {
		if p.Type == elf.PT_INTERP {
			interp, err := io.ReadAll(p.Open())
			if err != nil {
				return nil, fmt.Errorf("read interpreter of %s: %w", name, err)
			}
			reasons = append(reasons, "interpreter "+strings.TrimRight(string(interp), "\x00"))
		}
	}
	libs, err := f.ImportedLibraries()
	if err != nil {
		return nil, fmt.Errorf("read needed libraries of %s: %w", name, err)
	}
	if len(libs) > 0 {
		reasons = append(reasons, "needs "+strings.Join(libs, ", "))
	}
	return reasons, nil
}
