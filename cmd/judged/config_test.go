package main

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"go.uber.org/zap/zapcore"
)

// env is a getenv over a map.
func env(vars map[string]string) func(string) string {
	return func(k string) string { return vars[k] }
}

func TestParseConfig(t *testing.T) {
	t.Parallel()
	defaults := config{
		addr: ":8080", adminAddr: ":9090", cacheSize: 16384, maxInFlight: 512, logLevel: zapcore.InfoLevel,
		logFormat: "json", maxBodyBytes: 64 << 10, shutdownTimeout: 10 * time.Second,
	}
	tests := []struct {
		name string
		args []string
		env  map[string]string
		want config
	}{
		{name: "defaults", want: defaults},
		{
			name: "environment",
			env: map[string]string{
				"JUDGED_ADDR": "127.0.0.1:1", "JUDGED_ADMIN_ADDR": "127.0.0.1:2", "JUDGED_CACHE_SIZE": "0",
				"JUDGED_LOG_LEVEL": "debug", "JUDGED_LOG_FORMAT": "console", "JUDGED_MAX_BODY_BYTES": "1024",
				"JUDGED_SHUTDOWN_TIMEOUT": "1m30s", "JUDGED_MAX_IN_FLIGHT": "0",
			},
			want: config{
				addr: "127.0.0.1:1", adminAddr: "127.0.0.1:2", cacheSize: 0, maxInFlight: 0, logLevel: zapcore.DebugLevel,
				logFormat: "console", maxBodyBytes: 1024, shutdownTimeout: 90 * time.Second,
			},
		},
		{
			name: "flags win over the environment, even over bad values",
			args: []string{"--addr=:1", "-cache-size", "7", "--log-level=error", "--shutdown-timeout=2s"},
			env:  map[string]string{"JUDGED_ADDR": ":2", "JUDGED_CACHE_SIZE": "many", "JUDGED_LOG_LEVEL": "loud"},
			want: config{
				addr: ":1", adminAddr: ":9090", cacheSize: 7, maxInFlight: 512, logLevel: zapcore.ErrorLevel,
				logFormat: "json", maxBodyBytes: 64 << 10, shutdownTimeout: 2 * time.Second,
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := parseConfig(tt.args, env(tt.env), &bytes.Buffer{})
			if err != nil {
				t.Fatalf("parseConfig: %v", err)
			}
			if got != tt.want {
				t.Errorf("parseConfig = %+v, want %+v", got, tt.want)
			}
		})
	}
}

func TestBadValuesStopStartup(t *testing.T) {
	t.Parallel()
	tests := []struct {
		args []string
		env  map[string]string
		want string
	}{
		{env: map[string]string{"JUDGED_CACHE_SIZE": "lots"}, want: `invalid value "lots" for JUDGED_CACHE_SIZE (--cache-size): want a whole number ≥ 0`},
		{env: map[string]string{"JUDGED_CACHE_SIZE": "-1"}, want: `invalid value "-1" for JUDGED_CACHE_SIZE (--cache-size): want a whole number ≥ 0`},
		{env: map[string]string{"JUDGED_MAX_IN_FLIGHT": "-5"}, want: `invalid value "-5" for JUDGED_MAX_IN_FLIGHT (--max-in-flight): want a whole number ≥ 0`},
		{env: map[string]string{"JUDGED_ADDR": "8080"}, want: `invalid value "8080" for JUDGED_ADDR (--addr): want host:port, such as ":8080" or "127.0.0.1:8080"`},
		{env: map[string]string{"JUDGED_LOG_LEVEL": "trace"}, want: `invalid value "trace" for JUDGED_LOG_LEVEL (--log-level): want one of debug, info, warn, error`},
		{env: map[string]string{"JUDGED_LOG_FORMAT": "logfmt"}, want: `invalid value "logfmt" for JUDGED_LOG_FORMAT (--log-format): want json or console`},
		{env: map[string]string{"JUDGED_MAX_BODY_BYTES": "0"}, want: `invalid value "0" for JUDGED_MAX_BODY_BYTES (--max-body-bytes): want a whole number of bytes > 0`},
		{env: map[string]string{"JUDGED_SHUTDOWN_TIMEOUT": "10"}, want: `invalid value "10" for JUDGED_SHUTDOWN_TIMEOUT (--shutdown-timeout): want a duration > 0, such as "10s" or "1m30s"`},
		{args: []string{"--shutdown-timeout=-1s"}, want: `invalid value "-1s" for flag -shutdown-timeout: want a duration > 0, such as "10s" or "1m30s" (see judged --help)`},
		{args: []string{"--cache"}, want: `flag provided but not defined: -cache (see judged --help)`},
		{args: []string{"serve"}, want: `unexpected arguments ["serve"] (see judged --help)`},
	}
	for _, tt := range tests {
		t.Run(tt.want, func(t *testing.T) {
			err := run(context.Background(), tt.args, env(tt.env), &bytes.Buffer{})
			if err == nil || err.Error() != tt.want {
				t.Errorf("run = %v, want %q", err, tt.want)
			}
		})
	}
}

func TestHelpAndVersion(t *testing.T) {
	t.Parallel()
	var help bytes.Buffer
	if err := run(context.Background(), []string{"--help"}, env(nil), &help); err != nil {
		t.Fatalf("run --help = %v, want nil", err)
	}
	for _, want := range []string{
		"Usage: judged [flags]",
		"--addr string", "env JUDGED_ADDR, default \":8080\"",
		"--admin-addr string", "env JUDGED_ADMIN_ADDR, default \":9090\"",
		"--cache-size int", "env JUDGED_CACHE_SIZE, default \"16384\"",
		"--max-in-flight int", "env JUDGED_MAX_IN_FLIGHT, default \"512\"",
		"--log-level string", "env JUDGED_LOG_LEVEL, default \"info\"",
		"--log-format string", "env JUDGED_LOG_FORMAT, default \"json\"",
		"--max-body-bytes int", "env JUDGED_MAX_BODY_BYTES, default \"65536\"",
		"--shutdown-timeout duration", "env JUDGED_SHUTDOWN_TIMEOUT, default \"10s\"",
		"--version",
	} {
		if !strings.Contains(help.String(), want) {
			t.Errorf("--help lacks %q:\n%s", want, help.String())
		}
	}

	var out bytes.Buffer
	if err := run(context.Background(), []string{"--version"}, env(nil), &out); err != nil || out.String() != "judged dev\n" {
		t.Errorf("run --version = %v, %q; want nil, %q", err, out.String(), "judged dev\n")
	}
}

func TestListenErrorStopsStartup(t *testing.T) {
	t.Parallel()
	err := run(context.Background(), []string{"--addr=127.0.0.1:0", "--admin-addr=127.0.0.1:99999"}, env(nil), &bytes.Buffer{})
	if err == nil || !strings.HasPrefix(err.Error(), "admin listener: listen on 127.0.0.1:99999: ") {
		t.Errorf("run = %v, want an admin listener error", err)
	}
}

func TestLogFormats(t *testing.T) {
	t.Parallel()
	for format, check := range map[string]func(string) error{
		"json": func(line string) error {
			if !strings.HasPrefix(line, `{"level":"info","ts":"`) || !strings.Contains(line, `"msg":"hello","k":"v"}`) {
				return errors.New("not a JSON line")
			}
			return nil
		},
		"console": func(line string) error {
			if !strings.Contains(line, "\tINFO\thello\t{\"k\": \"v\"}") {
				return errors.New("not a console line")
			}
			return nil
		},
	} {
		var buf bytes.Buffer
		log := newLogger(config{logFormat: format, logLevel: zapcore.InfoLevel}, &buf)
		log.Debug("hidden")
		log.Sugar().Infow("hello", "k", "v")
		if err := check(strings.TrimSpace(buf.String())); err != nil {
			t.Errorf("%s: %v: %q", format, err, buf.String())
		}
	}
}
