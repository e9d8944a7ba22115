// Command judged serves the mahjong judgment API over HTTP/JSON, with
// Prometheus metrics, health and pprof on a separate admin listener.
//
// Run `judged --help` for the flags and their environment variables.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/signal"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"

	"github.com/judged/judged/api"
	"github.com/judged/judged/internal/engine"
	"github.com/judged/judged/internal/httpapi"
)

// version is set at build time: -ldflags "-X main.version=v1.2.3".
var version = "dev"

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	err := run(ctx, os.Args[1:], os.Getenv, os.Stderr)
	stop()
	if err != nil {
		fmt.Fprintln(os.Stderr, "judged:", err)
		os.Exit(1)
	}
}

// run starts judged and serves until ctx is done, then shuts down
// gracefully: readiness turns 503, in-flight requests finish (within the
// shutdown timeout), and run returns nil. It logs the bound addresses in a
// "listening" line. Usage, --help and --version go to stderr.
func run(ctx context.Context, args []string, getenv func(string) string, stderr io.Writer) error {
	cfg, err := parseConfig(args, getenv, stderr)
	if errors.Is(err, errExit) {
		return nil
	}
	if err != nil {
		return err
	}
	log := newLogger(cfg, stderr)
	defer func() { _ = log.Sync() }()

	engine.Prepare() // build the lookup tables before taking traffic, not on the first request

	reg := prometheus.NewRegistry()
	var shuttingDown atomic.Bool
	ready := func() bool { return !shuttingDown.Load() }
	apiHandler := httpapi.NewAPI(httpapi.Config{
		Logger:       log,
		Metrics:      httpapi.NewMetrics(reg, version),
		CacheSize:    cfg.cacheSize,
		MaxInFlight:  cfg.maxInFlight,
		MaxBodyBytes: cfg.maxBodyBytes,
		Spec:         api.Spec(),
		Ready:        ready,
	})
	apiSrv, apiLn, err := listen(cfg.addr, apiHandler, apiTimeouts)
	if err != nil {
		return fmt.Errorf("API listener: %w", err)
	}
	adminSrv, adminLn, err := listen(cfg.adminAddr, httpapi.NewAdmin(reg, ready), adminTimeouts)
	if err != nil {
		_ = apiLn.Close()
		return fmt.Errorf("admin listener: %w", err)
	}

	errs := make(chan error, 2)
	go func() { errs <- serve(apiSrv, apiLn) }()
	go func() { errs <- serve(adminSrv, adminLn) }()
	log.Info("listening",
		zap.String("addr", apiLn.Addr().String()),
		zap.String("admin_addr", adminLn.Addr().String()),
		zap.String("version", version),
		zap.Int("cache_size", cfg.cacheSize))

	select {
	case err = <-errs:
		err = fmt.Errorf("serve: %w", err)
		_ = apiSrv.Close()
		_ = adminSrv.Close()
		<-errs
		return err
	case <-ctx.Done():
	}

	shuttingDown.Store(true)
	log.Info("shutting down", zap.Duration("timeout", cfg.shutdownTimeout))
	sctx, cancel := context.WithTimeout(context.Background(), cfg.shutdownTimeout)
	defer cancel()
	// The API drains first; the admin listener keeps answering /readyz
	// (503) and /metrics meanwhile.
	apiErr := apiSrv.Shutdown(sctx)
	adminErr := adminSrv.Shutdown(sctx)
	<-errs
	<-errs
	if err := errors.Join(apiErr, adminErr); err != nil {
		_ = apiSrv.Close()
		_ = adminSrv.Close()
		return fmt.Errorf("shutdown within %s: %w", cfg.shutdownTimeout, err)
	}
	log.Info("stopped")
	return nil
}

// timeouts are an http.Server's limits.
type timeouts struct {
	readHeader, read, write, idle time.Duration
}

var (
	// apiTimeouts suit small JSON requests answered in microseconds.
	apiTimeouts = timeouts{readHeader: 5 * time.Second, read: 10 * time.Second, write: 15 * time.Second, idle: 60 * time.Second}
	// adminTimeouts let /debug/pprof/profile and /trace run for up to a
	// minute (their default is 30s).
	adminTimeouts = timeouts{readHeader: 5 * time.Second, read: 10 * time.Second, write: 90 * time.Second, idle: 60 * time.Second}
)

// maxHeaderBytes bounds request headers; judged's requests carry few.
const maxHeaderBytes = 32 << 10

// listen binds addr and returns a server for h with the timeouts t.
func listen(addr string, h http.Handler, t timeouts) (*http.Server, net.Listener, error) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, nil, fmt.Errorf("listen on %s: %w", addr, err)
	}
	return &http.Server{
		Handler:           h,
		ReadHeaderTimeout: t.readHeader,
		ReadTimeout:       t.read,
		WriteTimeout:      t.write,
		IdleTimeout:       t.idle,
		MaxHeaderBytes:    maxHeaderBytes,
	}, ln, nil
}

// serve serves on ln until Shutdown or Close, which is not an error.
func serve(srv *http.Server, ln net.Listener) error {
	if err := srv.Serve(ln); !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// newLogger builds the zap logger cfg asks for, writing to w.
func newLogger(cfg config, w io.Writer) *zap.Logger {
	var enc zapcore.Encoder
	if cfg.logFormat == "console" {
		enc = zapcore.NewConsoleEncoder(zap.NewDevelopmentEncoderConfig())
	} else {
		ec := zap.NewProductionEncoderConfig()
		ec.EncodeTime = zapcore.ISO8601TimeEncoder
		enc = zapcore.NewJSONEncoder(ec)
	}
	core := zapcore.NewCore(enc, zapcore.Lock(zapcore.AddSync(w)), cfg.logLevel)
	return zap.New(core, zap.ErrorOutput(zapcore.Lock(zapcore.AddSync(w))))
}
