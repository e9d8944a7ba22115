// Package api holds judged's HTTP contract: the OpenAPI 3 document
// api/openapi.yaml, embedded so the binary serves it at GET /openapi.yaml
// and tests can validate real requests and responses against it.
package api

import (
	_ "embed"
	"slices"
)

//go:embed openapi.yaml
var spec []byte

// Spec returns the OpenAPI document (YAML). Each call returns a fresh
// copy, so callers may keep or modify it.
func Spec() []byte { return slices.Clone(spec) }
