package main

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/containerd/platforms"
	"github.com/moby/buildkit/client/llb/sourceresolver"
	"github.com/opencontainers/go-digest"
	ocispecs "github.com/opencontainers/image-spec/specs-go/v1"
)

// offlineResolver stands in for a registry: it answers every base image lookup with a
// minimal, non-empty image config for the requested platform, so linting never touches the
// network. It is safe for concurrent use.
type offlineResolver struct{}

// ResolveImageConfig implements sourceresolver.ImageMetaResolver. It returns ref unchanged,
// no digest, and a config whose platform is the one asked for (linux/amd64 if none is).
func (offlineResolver) ResolveImageConfig(_ context.Context, ref string, opt sourceresolver.Opt) (string, digest.Digest, []byte, error) {
	p := platforms.DefaultSpec()
	if opt.ImageOpt != nil && opt.ImageOpt.Platform != nil {
		p = *opt.ImageOpt.Platform
	}
	img := ocispecs.Image{
		Platform: ocispecs.Platform{OS: p.OS, Architecture: p.Architecture, Variant: p.Variant},
		RootFS: ocispecs.RootFS{
			Type: "layers",
			// One layer, so the image is not mistaken for scratch.
			DiffIDs: []digest.Digest{digest.FromString("dockerlint offline layer")},
		},
	}
	dt, err := json.Marshal(img)
	if err != nil {
		return "", "", nil, fmt.Errorf("encode config for %s: %w", ref, err)
	}
	return ref, "", dt, nil
}
