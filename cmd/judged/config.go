package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"time"

	"go.uber.org/zap/zapcore"

	"github.com/judged/judged/internal/httpapi"
)

// defaultCacheSize is the default number of entries of each judgment's
// cache (hu, tenpai, discard). Measured entries take about 0.1–0.2 KB for
// hu and tenpai and 1–1.5 KB for discard advice, so the three caches stay
// under ~30 MB together.
const defaultCacheSize = 16384

// defaultMaxInFlight bounds the judgments served at once. A judgment takes
// tens of microseconds, so 512 waiting requests are still answered within
// milliseconds on two cores; past that, shedding beats queueing.
const defaultMaxInFlight = 512

// errExit stops run without an error: --help or --version was served.
var errExit = errors.New("exit")

// config is judged's start-up configuration.
type config struct {
	addr            string
	adminAddr       string
	cacheSize       int
	maxInFlight     int
	logLevel        zapcore.Level
	logFormat       string
	maxBodyBytes    int64
	shutdownTimeout time.Duration
}

// setting is one flag with its environment variable.
type setting struct {
	flag, env, usage string
	value            flag.Value
}

// settings lists the flags that env variables can set, bound to c.
func (c *config) settings() []setting {
	return []setting{
		{"addr", "JUDGED_ADDR", "address of the API listener", &addrValue{&c.addr}},
		{"admin-addr", "JUDGED_ADMIN_ADDR", "address of the admin listener (/metrics, /healthz, /readyz, /debug/pprof/)", &addrValue{&c.adminAddr}},
		{"cache-size", "JUDGED_CACHE_SIZE", "entries in each judgment's cache (hu, tenpai, discard); 0 disables caching", &intValue{&c.cacheSize}},
		{"max-in-flight", "JUDGED_MAX_IN_FLIGHT", "judgments served at once; past it requests get 503 with Retry-After (0 = no limit)", &intValue{&c.maxInFlight}},
		{"log-level", "JUDGED_LOG_LEVEL", "log level: debug, info, warn or error (debug logs hands)", &levelValue{&c.logLevel}},
		{"log-format", "JUDGED_LOG_FORMAT", "log format: json or console", &formatValue{&c.logFormat}},
		{"max-body-bytes", "JUDGED_MAX_BODY_BYTES", "largest request body accepted, in bytes", &bytesValue{&c.maxBodyBytes}},
		{"shutdown-timeout", "JUDGED_SHUTDOWN_TIMEOUT", "how long to let in-flight requests finish on SIGTERM/SIGINT", &durationValue{&c.shutdownTimeout}},
	}
}

// parseConfig reads the flags in args, falling back to the environment
// for flags not given. It returns errExit after printing --help or
// --version to stderr.
func parseConfig(args []string, getenv func(string) string, stderr io.Writer) (config, error) {
	c := config{
		addr:            ":8080",
		adminAddr:       ":9090",
		cacheSize:       defaultCacheSize,
		maxInFlight:     defaultMaxInFlight,
		logLevel:        zapcore.InfoLevel,
		logFormat:       "json",
		maxBodyBytes:    httpapi.DefaultMaxBodyBytes,
		shutdownTimeout: 10 * time.Second,
	}
	fs := flag.NewFlagSet("judged", flag.ContinueOnError)
	fs.SetOutput(io.Discard) // errors come back to run; usage is printed below
	settings := c.settings()
	for _, s := range settings {
		fs.Var(s.value, s.flag, s.usage)
	}
	showVersion := fs.Bool("version", false, "print the version and exit")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			usage(stderr, fs, settings)
			return c, errExit
		}
		return c, fmt.Errorf("%w (see judged --help)", err)
	}
	if fs.NArg() > 0 {
		return c, fmt.Errorf("unexpected arguments %q (see judged --help)", fs.Args())
	}
	if *showVersion {
		fmt.Fprintln(stderr, "judged", version)
		return c, errExit
	}
	given := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { given[f.Name] = true })
	for _, s := range settings {
		v := getenv(s.env)
		if given[s.flag] || v == "" {
			continue
		}
		if err := s.value.Set(v); err != nil {
			return c, fmt.Errorf("invalid value %q for %s (--%s): %w", v, s.env, s.flag, err)
		}
	}
	return c, nil
}

// usage prints judged --help.
func usage(w io.Writer, fs *flag.FlagSet, settings []setting) {
	var b strings.Builder
	b.WriteString("Usage: judged [flags]\n\n")
	b.WriteString("judged judges mahjong hands over HTTP/JSON: POST /hu, /tenpai and /discard.\n")
	b.WriteString("Each flag falls back to its environment variable; a flag given wins.\n\n")
	for _, s := range settings {
		fmt.Fprintf(&b, "  --%s %s\n    \t%s\n    \tenv %s, default %q\n", s.flag, typeName(s.value), s.usage, s.env, fs.Lookup(s.flag).DefValue)
	}
	b.WriteString("  --version\n    \tprint the version and exit\n")
	b.WriteString("  --help\n    \tprint this help and exit\n")
	_, _ = io.WriteString(w, b.String())
}

// typeName names a flag's value type for the usage text.
func typeName(v flag.Value) string {
	switch v.(type) {
	case *intValue, *bytesValue:
		return "int"
	case *durationValue:
		return "duration"
	default:
		return "string"
	}
}

// addrValue is a listen address, host:port.
type addrValue struct{ p *string }

func (v *addrValue) String() string {
	if v.p == nil {
		return ""
	}
	return *v.p
}

func (v *addrValue) Set(s string) error {
	if !strings.Contains(s, ":") {
		return errors.New(`want host:port, such as ":8080" or "127.0.0.1:8080"`)
	}
	*v.p = s
	return nil
}

// intValue is an integer ≥ 0.
type intValue struct{ p *int }

func (v *intValue) String() string {
	if v.p == nil {
		return ""
	}
	return strconv.Itoa(*v.p)
}

func (v *intValue) Set(s string) error {
	n, err := strconv.Atoi(s)
	if err != nil || n < 0 {
		return errors.New("want a whole number ≥ 0")
	}
	*v.p = n
	return nil
}

// bytesValue is a byte count > 0.
type bytesValue struct{ p *int64 }

func (v *bytesValue) String() string {
	if v.p == nil {
		return ""
	}
	return strconv.FormatInt(*v.p, 10)
}

func (v *bytesValue) Set(s string) error {
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil || n <= 0 {
		return errors.New("want a whole number of bytes > 0")
	}
	*v.p = n
	return nil
}

// durationValue is a duration > 0.
type durationValue struct{ p *time.Duration }

func (v *durationValue) String() string {
	if v.p == nil {
		return ""
	}
	return v.p.String()
}

func (v *durationValue) Set(s string) error {
	d, err := time.ParseDuration(s)
	if err != nil || d <= 0 {
		return errors.New(`want a duration > 0, such as "10s" or "1m30s"`)
	}
	*v.p = d
	return nil
}

// logLevels are the accepted log levels.
var logLevels = []string{"debug", "info", "warn", "error"}

// levelValue is a log level.
type levelValue struct{ p *zapcore.Level }

func (v *levelValue) String() string {
	if v.p == nil {
		return ""
	}
	return v.p.String()
}

func (v *levelValue) Set(s string) error {
	if !slices.Contains(logLevels, s) {
		return fmt.Errorf("want one of %s", strings.Join(logLevels, ", "))
	}
	return v.p.Set(s)
}

// formatValue is a log format.
type formatValue struct{ p *string }

func (v *formatValue) String() string {
	if v.p == nil {
		return ""
	}
	return *v.p
}

func (v *formatValue) Set(s string) error {
	if s != "json" && s != "console" {
		return errors.New("want json or console")
	}
	*v.p = s
	return nil
}
