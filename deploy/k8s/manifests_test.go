package manifests

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

const (
	baseDir    = "."                               // this directory is the kustomize base
	overlayDir = "../overlays/prometheus-operator" // the example overlay with the ServiceMonitor
)

// validate renders dir, decodes it strictly and checks the policies, returning the first
// failure (or all policy violations joined).
func validate(t *testing.T, dir string) (*Set, error) {
	t.Helper()
	rendered, err := Render(context.Background(), dir)
	if err != nil {
		return nil, err
	}
	set, err := Decode(rendered)
	if err != nil {
		return nil, err
	}
	return set, errors.Join(Check(set)...)
}

func TestRenderings(t *testing.T) {
	base := []string{
		"v1/ServiceAccount judged/judged",
		"v1/Service judged/judged",
		"apps/v1/Deployment judged/judged",
		"autoscaling/v2/HorizontalPodAutoscaler judged/judged",
		"policy/v1/PodDisruptionBudget judged/judged",
		"networking.k8s.io/v1/NetworkPolicy judged/judged",
	}
	tests := []struct {
		name string
		dir  string
		want []string
	}{
		{"base", baseDir, base},
		{"overlay with ServiceMonitor", overlayDir, append(slices.Clone(base), "monitoring.coreos.com/v1/ServiceMonitor judged/judged")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			set, err := validate(t, tt.dir)
			if err != nil {
				t.Fatalf("validate(%s):\n%v", tt.dir, err)
			}
			got := slices.Sorted(slices.Values(set.IDs))
			want := slices.Sorted(slices.Values(tt.want))
			if !slices.Equal(got, want) {
				t.Errorf("rendered objects = %q, want %q", got, want)
			}
		})
	}
}

// copyManifests copies the YAML files of deploy/k8s and deploy/overlays into a temporary
// deploy tree and returns its root.
func copyManifests(t *testing.T) string {
	t.Helper()
	root := t.TempDir()
	for _, dir := range []string{".", "../overlays"} {
		err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || filepath.Ext(path) != ".yaml" {
				return err
			}
			dt, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			rel := filepath.Join("k8s", path)
			if dir != "." {
				rel = filepath.Clean(path[len("../"):])
			}
			dst := filepath.Join(root, rel)
			if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
				return err
			}
			return os.WriteFile(dst, dt, 0o600)
		})
		if err != nil {
			t.Fatalf("copy %s: %v", dir, err)
		}
	}
	return root
}

// TestBrokenCopyFails proves CI catches mistakes: each edit of a copy of the manifests, a
// typo in a field or a broken policy, must make validation fail with the expected message.
func TestBrokenCopyFails(t *testing.T) {
	tests := []struct {
		name     string
		file     string // under deploy/
		old, new string
		render   string // under deploy/
		wantErr  string
	}{
		{"typo in probe field", "k8s/deployment.yaml", "readinessProbe:", "readinesProbe:", "k8s",
			`unknown field "spec.template.spec.containers[0].readinesProbe"`},
		{"typo in port field", "k8s/deployment.yaml", "containerPort: 9090", "containerPrt: 9090", "k8s",
			`unknown field "spec.template.spec.containers[0].ports[1].containerPrt"`},
		{"field at the wrong level", "k8s/deployment.yaml", "      automountServiceAccountToken: false\n", "      automountServiceAccountToken: false\n      readOnlyRootFilesystem: true\n", "k8s",
			`unknown field "spec.template.spec.readOnlyRootFilesystem"`},
		{"typo in HPA field", "k8s/hpa.yaml", "averageUtilization", "averageUtilisation", "k8s",
			`unknown field "spec.metrics[0].resource.target.averageUtilisation"`},
		{"typo in ServiceMonitor field", "k8s/components/servicemonitor/servicemonitor.yaml", "scrapeTimeout", "scrapeTimout", "overlays/prometheus-operator",
			`unknown field "spec.endpoints[0].scrapeTimout"`},
		{"typo in kind", "k8s/pdb.yaml", "kind: PodDisruptionBudget", "kind: PodDisruptionBugdet", "k8s",
			`unexpected kind "policy/v1/PodDisruptionBugdet"`},
		{"old apiVersion", "k8s/hpa.yaml", "autoscaling/v2", "autoscaling/v1", "k8s",
			`unexpected kind "autoscaling/v1/HorizontalPodAutoscaler"`},
		{"maxUnavailable not 0", "k8s/deployment.yaml", "maxUnavailable: 0", "maxUnavailable: 1", "k8s",
			"want RollingUpdate with maxUnavailable 0"},
		{"one replica", "k8s/deployment.yaml", "replicas: 2", "replicas: 1", "k8s",
			"Deployment: replicas = 1, want at least 2"},
		{"root allowed", "k8s/deployment.yaml", "      securityContext:\n        runAsNonRoot: true", "      securityContext:\n        runAsNonRoot: false", "k8s",
			"Deployment: pod runAsNonRoot = false, want true"},
		{"writable root", "k8s/deployment.yaml", "readOnlyRootFilesystem: true", "readOnlyRootFilesystem: false", "k8s",
			"container judged: readOnlyRootFilesystem = false, want true"},
		{"capability kept", "k8s/deployment.yaml", "- ALL", "- NET_RAW", "k8s",
			"want drop [ALL] and add none"},
		{"readiness on the wrong path", "k8s/deployment.yaml", "path: /readyz", "path: /ready", "k8s",
			"readiness probe GET /ready on port 8080, want /readyz"},
		{"liveness on an unknown port", "k8s/deployment.yaml", "path: /healthz\n              port: admin", "path: /healthz\n              port: metrics", "k8s",
			"liveness probe GET /healthz on port 0"},
		{"port not judged's", "k8s/deployment.yaml", "containerPort: 8080", "containerPort: 80", "k8s",
			"ports map[admin:9090 http:80], want map[admin:9090 http:8080]"},
		{"GOMEMLIMIT above the limit", "k8s/deployment.yaml", "value: 200MiB", "value: 300MiB", "k8s",
			"GOMEMLIMIT 300MiB (314572800 bytes) not below 90% of the memory limit 256Mi"},
		{"grace period too short", "k8s/deployment.yaml", "terminationGracePeriodSeconds: 30", "terminationGracePeriodSeconds: 15", "k8s",
			"terminationGracePeriodSeconds 15s, want more than preStop 5s + shutdown timeout 10s"},
		{"image tag latest", "k8s/kustomization.yaml", "newTag: 0.1.0", "newTag: latest", "k8s",
			`image "registry.example.com/judged/judged:latest": the latest tag is not a pin`},
		{"scrape port wrong", "k8s/deployment.yaml", `prometheus.io/port: "9090"`, `prometheus.io/port: "8080"`, "k8s",
			`pod annotation prometheus.io/port = "8080", want "9090"`},
		{"HPA without scale-down window", "k8s/hpa.yaml", "stabilizationWindowSeconds: 300", "stabilizationWindowSeconds: 0", "k8s",
			"HPA: no scale-down stabilization window"},
		{"PDB blocks drains", "k8s/pdb.yaml", "maxUnavailable: 1", "maxUnavailable: 0", "k8s",
			"PDB: maxUnavailable 0 at 2 replicas allows 0, want 1..1"},
		// Two peers (OR) where one peer with both selectors (AND) was meant: any pod in the
		// backends' namespace, and the labelled pods of every namespace, could call the API.
		{"API peers split", "k8s/networkpolicy.yaml", "          podSelector:\n            matchLabels:\n              judged.io/client", "        - podSelector:\n            matchLabels:\n              judged.io/client", "k8s",
			"want a namespace selector and a pod selector, both non-empty"},
		{"admin open to another namespace", "k8s/networkpolicy.yaml", "kubernetes.io/metadata.name: monitoring", "kubernetes.io/metadata.name: default", "k8s",
			"want only namespace monitoring"},
		{"egress allowed", "k8s/networkpolicy.yaml", "    - Egress\n", "    - Egress\n  egress:\n    - {}\n", "k8s",
			"NetworkPolicy: 1 egress rules, want none"},
		{"ServiceMonitor on the API port", "k8s/components/servicemonitor/servicemonitor.yaml", "port: admin", "port: http", "overlays/prometheus-operator",
			`ServiceMonitor: scrapes port "http" path "/metrics"`},
		{"kustomize error", "k8s/kustomization.yaml", "  - pdb.yaml\n", "  - pdb.yml\n", "k8s",
			"render"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			root := copyManifests(t)
			path := filepath.Join(root, tt.file)
			dt, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(string(dt), tt.old) {
				t.Fatalf("%s no longer contains %q: update this test", tt.file, tt.old)
			}
			broken := strings.Replace(string(dt), tt.old, tt.new, 1)
			if err := os.WriteFile(path, []byte(broken), 0o600); err != nil {
				t.Fatal(err)
			}
			_, err = validate(t, filepath.Join(root, tt.render))
			if err == nil {
				t.Fatalf("validate after replacing %q with %q in %s passed, want an error containing %q", tt.old, tt.new, tt.file, tt.wantErr)
			}
			if !strings.Contains(err.Error(), tt.wantErr) {
				t.Errorf("validate error =\n%v\nwant it to contain %q", err, tt.wantErr)
			}
		})
	}
}

// TestUnchangedCopyPasses guards TestBrokenCopyFails: the copy itself must validate, so each
// failure there comes from its edit.
func TestUnchangedCopyPasses(t *testing.T) {
	root := copyManifests(t)
	for _, dir := range []string{"k8s", "overlays/prometheus-operator"} {
		if _, err := validate(t, filepath.Join(root, dir)); err != nil {
			t.Errorf("validate(copy of %s): %v", dir, err)
		}
	}
}

func TestDecode(t *testing.T) {
	tests := []struct {
		name    string
		yaml    string
		wantIDs []string
		wantErr string
	}{
		{"two documents", "apiVersion: v1\nkind: ServiceAccount\nmetadata:\n  name: a\n  namespace: ns\n---\napiVersion: v1\nkind: Service\nmetadata:\n  name: b\n", []string{"v1/ServiceAccount ns/a", "v1/Service /b"}, ""},
		{"empty documents", "---\n\n---\napiVersion: v1\nkind: ServiceAccount\nmetadata:\n  name: a\n---\n", []string{"v1/ServiceAccount /a"}, ""},
		{"duplicate key", "apiVersion: v1\nkind: ServiceAccount\nmetadata:\n  name: a\n  name: b\n", nil, "document 0: v1/ServiceAccount: strict decode: yaml: unmarshal errors:\n  line 5: key \"name\" already set in map"},
		{"unknown field", "apiVersion: v1\nkind: Service\nspec:\n  typ: ClusterIP\n", nil, `document 0: v1/Service: strict decode: unknown field "spec.typ"`},
		{"field names are case-sensitive", "apiVersion: v1\nkind: Service\nspec:\n  Type: ClusterIP\n  clusterIP: None\n  SessionAffinity: None\n", nil, "document 0: v1/Service: strict decode: unknown field \"spec.SessionAffinity\"\nunknown field \"spec.Type\""},
		{"YAML 1.1 boolean for a string", "apiVersion: v1\nkind: ServiceAccount\nmetadata:\n  namespace: no\n", nil, "document 0: v1/ServiceAccount: strict decode: json: cannot unmarshal bool into Go struct field"},
		{"wrong type", "apiVersion: v1\nkind: Service\nspec:\n  ports: 8080\n", nil, "document 0: v1/Service: strict decode:"},
		{"unknown kind", "apiVersion: v1\nkind: ConfigMap\n", nil, `document 0: unexpected kind "v1/ConfigMap"`},
		{"not YAML", "apiVersion: [\n", nil, "document 0: read apiVersion and kind:"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			set, err := Decode([]byte(tt.yaml))
			switch {
			case tt.wantErr == "" && err != nil:
				t.Fatalf("Decode: %v", err)
			case tt.wantErr != "" && err == nil:
				t.Fatalf("Decode = %v, want an error containing %q", set.IDs, tt.wantErr)
			case tt.wantErr != "" && !strings.Contains(err.Error(), tt.wantErr):
				t.Fatalf("Decode error = %q, want it to contain %q", err, tt.wantErr)
			case tt.wantErr == "" && !slices.Equal(set.IDs, tt.wantIDs):
				t.Errorf("Decode IDs = %q, want %q", set.IDs, tt.wantIDs)
			}
		})
	}
}

func TestParseGoMemLimit(t *testing.T) {
	tests := []struct {
		in      string
		want    int64
		wantErr bool
	}{
		{"200MiB", 200 << 20, false},
		{"1GiB", 1 << 30, false},
		{"512KiB", 512 << 10, false},
		{"1TiB", 1 << 40, false},
		{"1000B", 1000, false},
		{"1000", 1000, false},
		{"200Mi", 0, true},
		{"200MB", 0, true},
		{"-1MiB", 0, true},
		{"off", 0, true},
		{"", 0, true},
	}
	for _, tt := range tests {
		got, err := parseGoMemLimit(tt.in)
		if (err != nil) != tt.wantErr || got != tt.want {
			t.Errorf("parseGoMemLimit(%q) = %d, %v; want %d, error %v", tt.in, got, err, tt.want, tt.wantErr)
		}
	}
}
