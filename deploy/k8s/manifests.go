// Package manifests renders judged's kustomize base and overlays and strictly decodes every
// rendered object into its Go API type, so that a misspelt or misplaced field fails instead
// of being silently dropped by the API server. Check then asserts judged's deployment
// policies on the decoded objects.
//
// It is its own Go module (deploy/k8s/go.mod) so that k8s.io/api stays out of judged's go.mod;
// CI runs its tests with `cd deploy/k8s && go test ./...`.
package manifests

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os/exec"
	"regexp"
	"strings"
	"time"

	monitoringv1 "github.com/prometheus-operator/prometheus-operator/pkg/apis/monitoring/v1"
	appsv1 "k8s.io/api/apps/v1"
	autoscalingv2 "k8s.io/api/autoscaling/v2"
	corev1 "k8s.io/api/core/v1"
	networkingv1 "k8s.io/api/networking/v1"
	policyv1 "k8s.io/api/policy/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	kjson "sigs.k8s.io/json"
	"sigs.k8s.io/yaml"
)

// renderTimeout bounds one kustomize run; rendering a few files takes well under a second.
const renderTimeout = 30 * time.Second

// Render runs `kubectl kustomize dir` and returns the multi-document YAML it prints. Where
// kubectl is not installed it runs `kustomize build dir` instead.
func Render(ctx context.Context, dir string) ([]byte, error) {
	ctx, cancel := context.WithTimeout(ctx, renderTimeout)
	defer cancel()

	var cmd *exec.Cmd
	if kubectl, err := exec.LookPath("kubectl"); err == nil {
		cmd = exec.CommandContext(ctx, kubectl, "kustomize", dir)
	} else if kustomize, err := exec.LookPath("kustomize"); err == nil {
		cmd = exec.CommandContext(ctx, kustomize, "build", dir)
	} else {
		return nil, errors.New("render: neither kubectl nor kustomize is on PATH")
	}
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("render %s: %s: %w: %s", dir, strings.Join(cmd.Args, " "), err, stderr.Bytes())
	}
	return stdout.Bytes(), nil
}

// Set holds every decoded object of one rendering, by kind.
type Set struct {
	ServiceAccounts          []*corev1.ServiceAccount
	Services                 []*corev1.Service
	Deployments              []*appsv1.Deployment
	HorizontalPodAutoscalers []*autoscalingv2.HorizontalPodAutoscaler
	PodDisruptionBudgets     []*policyv1.PodDisruptionBudget
	NetworkPolicies          []*networkingv1.NetworkPolicy
	ServiceMonitors          []*monitoringv1.ServiceMonitor

	// IDs lists "apiVersion/Kind namespace/name" of every object, in rendering order.
	IDs []string
}

// documentSeparator splits a YAML stream into documents.
var documentSeparator = regexp.MustCompile(`(?m)^---[ \t]*$`)

// Decode strictly decodes every document of the YAML stream rendered into its API type.
// It fails on a kind it does not know, on a field the type does not have, and on a key given
// twice; the error names the document's position and kind.
func Decode(rendered []byte) (*Set, error) {
	s := &Set{}
	for i, doc := range documentSeparator.Split(string(rendered), -1) {
		if strings.TrimSpace(doc) == "" {
			continue
		}
		if err := s.add([]byte(doc)); err != nil {
			return nil, fmt.Errorf("document %d: %w", i, err)
		}
	}
	return s, nil
}

// add decodes one document and appends it to s.
func (s *Set) add(doc []byte) error {
	var tm metav1.TypeMeta
	if err := yaml.Unmarshal(doc, &tm); err != nil {
		return fmt.Errorf("read apiVersion and kind: %w", err)
	}
	var err error
	var meta *metav1.ObjectMeta
	switch gvk := tm.APIVersion + "/" + tm.Kind; gvk {
	case "v1/ServiceAccount":
		meta, err = decodeInto(doc, &s.ServiceAccounts, func(o *corev1.ServiceAccount) *metav1.ObjectMeta { return &o.ObjectMeta })
	case "v1/Service":
		meta, err = decodeInto(doc, &s.Services, func(o *corev1.Service) *metav1.ObjectMeta { return &o.ObjectMeta })
	case "apps/v1/Deployment":
		meta, err = decodeInto(doc, &s.Deployments, func(o *appsv1.Deployment) *metav1.ObjectMeta { return &o.ObjectMeta })
	case "autoscaling/v2/HorizontalPodAutoscaler":
		meta, err = decodeInto(doc, &s.HorizontalPodAutoscalers, func(o *autoscalingv2.HorizontalPodAutoscaler) *metav1.ObjectMeta { return &o.ObjectMeta })
	case "policy/v1/PodDisruptionBudget":
		meta, err = decodeInto(doc, &s.PodDisruptionBudgets, func(o *policyv1.PodDisruptionBudget) *metav1.ObjectMeta { return &o.ObjectMeta })
	case "networking.k8s.io/v1/NetworkPolicy":
		meta, err = decodeInto(doc, &s.NetworkPolicies, func(o *networkingv1.NetworkPolicy) *metav1.ObjectMeta { return &o.ObjectMeta })
	case "monitoring.coreos.com/v1/ServiceMonitor":
		meta, err = decodeInto(doc, &s.ServiceMonitors, func(o *monitoringv1.ServiceMonitor) *metav1.ObjectMeta { return &o.ObjectMeta })
	default:
		return fmt.Errorf("unexpected kind %q", gvk)
	}
	if err != nil {
		return fmt.Errorf("%s/%s: %w", tm.APIVersion, tm.Kind, err)
	}
	s.IDs = append(s.IDs, fmt.Sprintf("%s/%s %s/%s", tm.APIVersion, tm.Kind, meta.Namespace, meta.Name))
	return nil
}

// decodeInto strictly decodes doc into a new T, appends it to list and returns its metadata.
// It decodes as the API server does: field names are case-sensitive, and every unknown or
// duplicate field is reported with its path.
func decodeInto[T any](doc []byte, list *[]*T, meta func(*T) *metav1.ObjectMeta) (*metav1.ObjectMeta, error) {
	js, err := yaml.YAMLToJSONStrict(doc)
	if err != nil {
		return nil, fmt.Errorf("strict decode: %w", err)
	}
	obj := new(T)
	strictErrs, err := kjson.UnmarshalStrict(js, obj, kjson.DisallowDuplicateFields, kjson.DisallowUnknownFields)
	if err != nil {
		return nil, fmt.Errorf("strict decode: %w", err)
	}
	if len(strictErrs) > 0 {
		return nil, fmt.Errorf("strict decode: %w", errors.Join(strictErrs...))
	}
	*list = append(*list, obj)
	return meta(obj), nil
}
