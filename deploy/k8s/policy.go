package manifests

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"time"

	monitoringv1 "github.com/prometheus-operator/prometheus-operator/pkg/apis/monitoring/v1"
	appsv1 "k8s.io/api/apps/v1"
	autoscalingv2 "k8s.io/api/autoscaling/v2"
	corev1 "k8s.io/api/core/v1"
	networkingv1 "k8s.io/api/networking/v1"
	policyv1 "k8s.io/api/policy/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/labels"
	"k8s.io/apimachinery/pkg/util/intstr"
)

// What judged itself does; the manifests must agree.
const (
	apiPort                = 8080             // JUDGED_ADDR default
	adminPort              = 9090             // JUDGED_ADMIN_ADDR default
	defaultShutdownTimeout = 10 * time.Second // JUDGED_SHUTDOWN_TIMEOUT default
	nonrootUID             = 65532            // distroless "nonroot"
	readyPath              = "/readyz"
	healthPath             = "/healthz"
	metricsPath            = "/metrics"
	monitoringNamespace    = "monitoring"
	namespaceNameLabel     = "kubernetes.io/metadata.name"
)

// Check asserts judged's deployment policies on a decoded rendering and returns every
// violation found (none means the rendering passes). The rendering must hold exactly one
// Deployment, Service, HorizontalPodAutoscaler, PodDisruptionBudget and NetworkPolicy, and
// may hold ServiceMonitors.
func Check(s *Set) []error {
	var c checker
	if len(s.Deployments) != 1 || len(s.Services) != 1 || len(s.HorizontalPodAutoscalers) != 1 ||
		len(s.PodDisruptionBudgets) != 1 || len(s.NetworkPolicies) != 1 {
		c.failf("want one each of Deployment, Service, HPA, PDB and NetworkPolicy; got %v", s.IDs)
		return c.errs
	}
	d := s.Deployments[0]
	c.deployment(d, s.ServiceAccounts)
	c.service(s.Services[0], d)
	c.hpa(s.HorizontalPodAutoscalers[0], d)
	c.pdb(s.PodDisruptionBudgets[0], d, s.HorizontalPodAutoscalers[0])
	c.networkPolicy(s.NetworkPolicies[0], d)
	for _, sm := range s.ServiceMonitors {
		c.serviceMonitor(sm, s.Services[0])
	}
	return c.errs
}

// checker collects violations.
type checker struct {
	errs []error
}

func (c *checker) failf(format string, args ...any) {
	c.errs = append(c.errs, fmt.Errorf(format, args...))
}

// selects reports whether sel is a non-empty selector that matches the labels podLabels.
func selects(sel *metav1.LabelSelector, podLabels map[string]string) bool {
	if sel == nil || (len(sel.MatchLabels) == 0 && len(sel.MatchExpressions) == 0) {
		return false
	}
	s, err := metav1.LabelSelectorAsSelector(sel)
	return err == nil && s.Matches(labels.Set(podLabels))
}

func (c *checker) deployment(d *appsv1.Deployment, accounts []*corev1.ServiceAccount) {
	spec := d.Spec
	pod := spec.Template.Spec
	podLabels := spec.Template.Labels

	if spec.Replicas == nil || *spec.Replicas < 2 {
		c.failf("Deployment: replicas = %v, want at least 2", deref(spec.Replicas))
	}
	if !selects(spec.Selector, podLabels) {
		c.failf("Deployment: selector %v does not match the pod labels %v", spec.Selector, podLabels)
	}
	ru := spec.Strategy.RollingUpdate
	if spec.Strategy.Type != appsv1.RollingUpdateDeploymentStrategyType || ru == nil || !isZero(ru.MaxUnavailable) {
		c.failf("Deployment: strategy %+v, want RollingUpdate with maxUnavailable 0", spec.Strategy)
	}
	if ru != nil && ru.MaxSurge != nil && isZero(ru.MaxSurge) {
		c.failf("Deployment: maxSurge 0 with maxUnavailable 0 cannot roll")
	}
	c.topologySpread(pod.TopologySpreadConstraints, podLabels)

	if pod.AutomountServiceAccountToken == nil || *pod.AutomountServiceAccountToken {
		c.failf("Deployment: automountServiceAccountToken = %v, want false", deref(pod.AutomountServiceAccountToken))
	}
	if pod.ServiceAccountName != "" && !slices.ContainsFunc(accounts, func(a *corev1.ServiceAccount) bool { return a.Name == pod.ServiceAccountName }) {
		c.failf("Deployment: serviceAccountName %q is not in the rendering", pod.ServiceAccountName)
	}
	c.podSecurity(pod.SecurityContext)

	if len(pod.Containers) != 1 {
		c.failf("Deployment: %d containers, want 1", len(pod.Containers))
		return
	}
	ctr := pod.Containers[0]
	c.image(ctr.Image)
	c.containerSecurity(ctr.Name, ctr.SecurityContext)
	c.ports(ctr)
	c.env(ctr)
	c.resources(ctr)
	c.probes(ctr)
	c.termination(pod, ctr)
	c.scrapeAnnotations(spec.Template.Annotations)
}

func (c *checker) topologySpread(tscs []corev1.TopologySpreadConstraint, podLabels map[string]string) {
	for _, t := range tscs {
		if t.TopologyKey == "kubernetes.io/hostname" {
			if !selects(t.LabelSelector, podLabels) {
				c.failf("Deployment: hostname topology spread selector %v does not match the pods", t.LabelSelector)
			}
			if t.MaxSkew != 1 {
				c.failf("Deployment: hostname topology spread maxSkew = %d, want 1", t.MaxSkew)
			}
			return
		}
	}
	c.failf("Deployment: no topology spread constraint over kubernetes.io/hostname")
}

func (c *checker) podSecurity(sc *corev1.PodSecurityContext) {
	if sc == nil {
		c.failf("Deployment: no pod securityContext")
		return
	}
	if !isTrue(sc.RunAsNonRoot) {
		c.failf("Deployment: pod runAsNonRoot = %v, want true", deref(sc.RunAsNonRoot))
	}
	if deref(sc.RunAsUser) != nonrootUID {
		c.failf("Deployment: pod runAsUser = %v, want %d", deref(sc.RunAsUser), nonrootUID)
	}
	if sc.SeccompProfile == nil || sc.SeccompProfile.Type != corev1.SeccompProfileTypeRuntimeDefault {
		c.failf("Deployment: pod seccompProfile = %v, want RuntimeDefault", sc.SeccompProfile)
	}
}

func (c *checker) containerSecurity(name string, sc *corev1.SecurityContext) {
	if sc == nil {
		c.failf("container %s: no securityContext", name)
		return
	}
	if !isTrue(sc.RunAsNonRoot) {
		c.failf("container %s: runAsNonRoot = %v, want true", name, deref(sc.RunAsNonRoot))
	}
	if sc.RunAsUser != nil && *sc.RunAsUser != nonrootUID {
		c.failf("container %s: runAsUser = %d, want %d", name, *sc.RunAsUser, nonrootUID)
	}
	if !isTrue(sc.ReadOnlyRootFilesystem) {
		c.failf("container %s: readOnlyRootFilesystem = %v, want true", name, deref(sc.ReadOnlyRootFilesystem))
	}
	if sc.AllowPrivilegeEscalation == nil || *sc.AllowPrivilegeEscalation {
		c.failf("container %s: allowPrivilegeEscalation = %v, want false", name, deref(sc.AllowPrivilegeEscalation))
	}
	if isTrue(sc.Privileged) {
		c.failf("container %s: privileged", name)
	}
	if sc.Capabilities == nil || !slices.Equal(sc.Capabilities.Drop, []corev1.Capability{"ALL"}) || len(sc.Capabilities.Add) > 0 {
		c.failf("container %s: capabilities = %+v, want drop [ALL] and add none", name, sc.Capabilities)
	}
	if sc.SeccompProfile != nil && sc.SeccompProfile.Type != corev1.SeccompProfileTypeRuntimeDefault {
		c.failf("container %s: seccompProfile = %v, want RuntimeDefault", name, sc.SeccompProfile.Type)
	}
}

// image requires a pinned reference: a tag that is not "latest", or a digest.
func (c *checker) image(ref string) {
	name, digest, hasDigest := strings.Cut(ref, "@")
	if hasDigest {
		if !strings.HasPrefix(digest, "sha256:") || len(digest) != len("sha256:")+64 {
			c.failf("image %q: malformed digest", ref)
		}
		return
	}
	slash := strings.LastIndex(name, "/")
	colon := strings.LastIndex(name, ":")
	if colon <= slash {
		c.failf("image %q: no tag or digest: pin it in kustomization.yaml", ref)
		return
	}
	if tag := name[colon+1:]; tag == "latest" {
		c.failf("image %q: the latest tag is not a pin", ref)
	}
	if slash < 0 {
		c.failf("image %q: no registry/repository: set newName in kustomization.yaml", ref)
	}
}

// ports requires judged's two listeners, named http and admin, on its default ports.
func (c *checker) ports(ctr corev1.Container) {
	want := map[string]int32{"http": apiPort, "admin": adminPort}
	got := map[string]int32{}
	for _, p := range ctr.Ports {
		got[p.Name] = p.ContainerPort
		if p.Protocol != "" && p.Protocol != corev1.ProtocolTCP {
			c.failf("container %s: port %s protocol %s, want TCP", ctr.Name, p.Name, p.Protocol)
		}
	}
	if !maps.Equal(got, want) {
		c.failf("container %s: ports %v, want %v", ctr.Name, got, want)
	}
}

// envValue returns the literal value of the environment variable name.
func envValue(ctr corev1.Container, name string) (string, bool) {
	for _, e := range ctr.Env {
		if e.Name == name {
			return e.Value, e.ValueFrom == nil
		}
	}
	return "", false
}

// env requires the listen addresses, where set, to match the container ports.
func (c *checker) env(ctr corev1.Container) {
	for name, port := range map[string]int{"JUDGED_ADDR": apiPort, "JUDGED_ADMIN_ADDR": adminPort} {
		v, ok := envValue(ctr, name)
		if !ok {
			continue
		}
		if _, p, found := strings.Cut(v, ":"); !found || p != strconv.Itoa(port) {
			c.failf("container %s: %s = %q, want port %d", ctr.Name, name, v, port)
		}
	}
	if level, ok := envValue(ctr, "JUDGED_LOG_LEVEL"); ok && !slices.Contains([]string{"debug", "info", "warn", "error"}, level) {
		c.failf("container %s: JUDGED_LOG_LEVEL = %q", ctr.Name, level)
	}
	if format, ok := envValue(ctr, "JUDGED_LOG_FORMAT"); ok && !slices.Contains([]string{"json", "console"}, format) {
		c.failf("container %s: JUDGED_LOG_FORMAT = %q", ctr.Name, format)
	}
}

// resources requires CPU and memory requests, a memory limit at least the request, and a
// GOMEMLIMIT below the memory limit.
func (c *checker) resources(ctr corev1.Container) {
	req, lim := ctr.Resources.Requests, ctr.Resources.Limits
	cpu, okCPU := req[corev1.ResourceCPU]
	mem, okMem := req[corev1.ResourceMemory]
	memLimit, okLimit := lim[corev1.ResourceMemory]
	if !okCPU || cpu.IsZero() || !okMem || mem.IsZero() {
		c.failf("container %s: requests %v, want cpu and memory", ctr.Name, req)
	}
	if !okLimit || memLimit.IsZero() {
		c.failf("container %s: limits %v, want a memory limit", ctr.Name, lim)
		return
	}
	if okMem && mem.Cmp(memLimit) > 0 {
		c.failf("container %s: memory request %s above limit %s", ctr.Name, mem.String(), memLimit.String())
	}
	if cpuLimit, ok := lim[corev1.ResourceCPU]; ok && okCPU && cpu.Cmp(cpuLimit) > 0 {
		c.failf("container %s: cpu request %s above limit %s", ctr.Name, cpu.String(), cpuLimit.String())
	}
	v, ok := envValue(ctr, "GOMEMLIMIT")
	if !ok {
		c.failf("container %s: no literal GOMEMLIMIT", ctr.Name)
		return
	}
	gomem, err := parseGoMemLimit(v)
	if err != nil {
		c.failf("container %s: GOMEMLIMIT: %v", ctr.Name, err)
		return
	}
	// Leave room for what the Go heap limit does not count (stacks of cgo-free threads are
	// counted; the binary's text and kernel buffers are not).
	if limit := memLimit.Value(); gomem >= limit*9/10 {
		c.failf("container %s: GOMEMLIMIT %s (%d bytes) not below 90%% of the memory limit %s", ctr.Name, v, gomem, memLimit.String())
	}
}

// parseGoMemLimit parses a GOMEMLIMIT value as the Go runtime does: a byte count with an
// optional B, KiB, MiB, GiB or TiB suffix.
func parseGoMemLimit(s string) (int64, error) {
	units := []struct {
		suffix string
		factor int64
	}{{"TiB", 1 << 40}, {"GiB", 1 << 30}, {"MiB", 1 << 20}, {"KiB", 1 << 10}, {"B", 1}}
	num, factor := s, int64(1)
	for _, u := range units {
		if strings.HasSuffix(s, u.suffix) {
			num, factor = strings.TrimSuffix(s, u.suffix), u.factor
			break
		}
	}
	n, err := strconv.ParseInt(num, 10, 64)
	if err != nil || n <= 0 {
		return 0, fmt.Errorf("%q is not a positive byte count with a B/KiB/MiB/GiB/TiB suffix", s)
	}
	return n * factor, nil
}

// portNumber resolves a probe's or Service's target port against the container's ports.
func portNumber(ctr corev1.Container, p intstr.IntOrString) int32 {
	if p.Type == intstr.Int {
		return p.IntVal
	}
	for _, cp := range ctr.Ports {
		if cp.Name == p.StrVal {
			return cp.ContainerPort
		}
	}
	return 0
}

func (c *checker) probe(ctr corev1.Container, kind string, p *corev1.Probe, path string, ports ...int32) {
	if p == nil || p.HTTPGet == nil {
		c.failf("container %s: %s probe %v, want an HTTP GET of %s", ctr.Name, kind, p, path)
		return
	}
	port := portNumber(ctr, p.HTTPGet.Port)
	if p.HTTPGet.Path != path || !slices.Contains(ports, port) {
		c.failf("container %s: %s probe GET %s on port %d, want %s on one of %v", ctr.Name, kind, p.HTTPGet.Path, port, path, ports)
	}
}

// probes requires readiness on /readyz, liveness on /healthz, and a startup probe, on ports
// judged serves them on.
func (c *checker) probes(ctr corev1.Container) {
	c.probe(ctr, "readiness", ctr.ReadinessProbe, readyPath, apiPort, adminPort)
	c.probe(ctr, "liveness", ctr.LivenessProbe, healthPath, apiPort, adminPort)
	if ctr.StartupProbe == nil {
		c.failf("container %s: no startup probe", ctr.Name)
	} else {
		c.probe(ctr, "startup", ctr.StartupProbe, ctr.StartupProbe.HTTPGet.Path, apiPort, adminPort)
	}
}

// termination requires the grace period to cover the preStop sleep plus judged's own
// shutdown timeout, and some way for endpoints to drain first.
func (c *checker) termination(pod corev1.PodSpec, ctr corev1.Container) {
	shutdown := defaultShutdownTimeout
	if v, ok := envValue(ctr, "JUDGED_SHUTDOWN_TIMEOUT"); ok {
		d, err := time.ParseDuration(v)
		if err != nil {
			c.failf("container %s: JUDGED_SHUTDOWN_TIMEOUT: %v", ctr.Name, err)
			return
		}
		shutdown = d
	}
	var preStop time.Duration
	if ctr.Lifecycle == nil || ctr.Lifecycle.PreStop == nil || ctr.Lifecycle.PreStop.Sleep == nil {
		c.failf("container %s: no preStop sleep: endpoints may still route to a stopping pod", ctr.Name)
	} else {
		preStop = time.Duration(ctr.Lifecycle.PreStop.Sleep.Seconds) * time.Second
		if preStop <= 0 {
			c.failf("container %s: preStop sleep %s, want positive", ctr.Name, preStop)
		}
	}
	if ctr.Lifecycle != nil && ctr.Lifecycle.PreStop != nil && ctr.Lifecycle.PreStop.Exec != nil {
		c.failf("container %s: preStop exec %q: the distroless image has no shell or sleep binary", ctr.Name, ctr.Lifecycle.PreStop.Exec.Command)
	}
	grace := time.Duration(deref(pod.TerminationGracePeriodSeconds)) * time.Second
	if pod.TerminationGracePeriodSeconds == nil {
		grace = 30 * time.Second // the API server's default
	}
	if grace <= preStop+shutdown {
		c.failf("Deployment: terminationGracePeriodSeconds %s, want more than preStop %s + shutdown timeout %s", grace, preStop, shutdown)
	}
}

// scrapeAnnotations requires the prometheus.io annotations to point at the admin port.
func (c *checker) scrapeAnnotations(a map[string]string) {
	want := map[string]string{
		"prometheus.io/scrape": "true",
		"prometheus.io/port":   strconv.Itoa(adminPort),
		"prometheus.io/path":   metricsPath,
	}
	for k, v := range want {
		if a[k] != v {
			c.failf("Deployment: pod annotation %s = %q, want %q", k, a[k], v)
		}
	}
}

func (c *checker) service(svc *corev1.Service, d *appsv1.Deployment) {
	if !selects(&metav1.LabelSelector{MatchLabels: svc.Spec.Selector}, d.Spec.Template.Labels) {
		c.failf("Service: selector %v does not match the pods %v", svc.Spec.Selector, d.Spec.Template.Labels)
	}
	ctr := d.Spec.Template.Spec.Containers[0]
	got := map[string]int32{}
	for _, p := range svc.Spec.Ports {
		target := p.TargetPort
		if target.Type == intstr.Int && target.IntVal == 0 {
			target = intstr.FromInt32(p.Port)
		}
		got[p.Name] = portNumber(ctr, target)
	}
	if want := map[string]int32{"http": apiPort, "admin": adminPort}; !maps.Equal(got, want) {
		c.failf("Service: ports route %v to the container, want %v", got, want)
	}
}

func (c *checker) hpa(h *autoscalingv2.HorizontalPodAutoscaler, d *appsv1.Deployment) {
	ref := h.Spec.ScaleTargetRef
	if ref.APIVersion != "apps/v1" || ref.Kind != "Deployment" || ref.Name != d.Name {
		c.failf("HPA: scaleTargetRef %+v, want apps/v1 Deployment %s", ref, d.Name)
	}
	if deref(h.Spec.MinReplicas) < 2 || h.Spec.MaxReplicas <= deref(h.Spec.MinReplicas) {
		c.failf("HPA: replicas %d..%d, want min at least 2 and max above min", deref(h.Spec.MinReplicas), h.Spec.MaxReplicas)
	}
	cpuTarget := false
	for _, m := range h.Spec.Metrics {
		if m.Type == autoscalingv2.ResourceMetricSourceType && m.Resource != nil && m.Resource.Name == corev1.ResourceCPU &&
			m.Resource.Target.Type == autoscalingv2.UtilizationMetricType {
			u := deref(m.Resource.Target.AverageUtilization)
			cpuTarget = u > 0 && u <= 100
		}
	}
	if !cpuTarget {
		c.failf("HPA: no CPU averageUtilization target in (0, 100]")
	}
	b := h.Spec.Behavior
	if b == nil || b.ScaleDown == nil || deref(b.ScaleDown.StabilizationWindowSeconds) <= 0 {
		c.failf("HPA: no scale-down stabilization window")
	}
	if _, ok := d.Spec.Template.Spec.Containers[0].Resources.Requests[corev1.ResourceCPU]; !ok {
		c.failf("HPA: CPU utilization needs a CPU request on the container")
	}
}

func (c *checker) pdb(p *policyv1.PodDisruptionBudget, d *appsv1.Deployment, h *autoscalingv2.HorizontalPodAutoscaler) {
	if !selects(p.Spec.Selector, d.Spec.Template.Labels) {
		c.failf("PDB: selector %v does not match the pods", p.Spec.Selector)
	}
	minReplicas := int(deref(h.Spec.MinReplicas))
	switch {
	case p.Spec.MaxUnavailable != nil && p.Spec.MinAvailable != nil:
		c.failf("PDB: both minAvailable and maxUnavailable")
	case p.Spec.MaxUnavailable != nil:
		n, err := intstr.GetScaledValueFromIntOrPercent(p.Spec.MaxUnavailable, minReplicas, true)
		if err != nil || n < 1 || n >= minReplicas {
			c.failf("PDB: maxUnavailable %s at %d replicas allows %d, want 1..%d", p.Spec.MaxUnavailable.String(), minReplicas, n, minReplicas-1)
		}
	case p.Spec.MinAvailable != nil:
		n, err := intstr.GetScaledValueFromIntOrPercent(p.Spec.MinAvailable, minReplicas, true)
		if err != nil || n < 1 || n >= minReplicas {
			c.failf("PDB: minAvailable %s at %d replicas keeps %d, want 1..%d so drains can proceed", p.Spec.MinAvailable.String(), minReplicas, n, minReplicas-1)
		}
	default:
		c.failf("PDB: neither minAvailable nor maxUnavailable")
	}
}

// networkPolicy requires: the API port open only to selected pods in a selected namespace,
// the admin port only to the monitoring namespace, nothing else in, and nothing out.
func (c *checker) networkPolicy(np *networkingv1.NetworkPolicy, d *appsv1.Deployment) {
	spec := np.Spec
	if !selects(&spec.PodSelector, d.Spec.Template.Labels) {
		c.failf("NetworkPolicy: podSelector %v does not match the pods", spec.PodSelector)
	}
	if !slices.Equal(spec.PolicyTypes, []networkingv1.PolicyType{networkingv1.PolicyTypeIngress, networkingv1.PolicyTypeEgress}) {
		c.failf("NetworkPolicy: policyTypes %v, want [Ingress Egress]", spec.PolicyTypes)
	}
	if len(spec.Egress) > 0 {
		c.failf("NetworkPolicy: %d egress rules, want none (judged calls nothing)", len(spec.Egress))
	}
	ctr := d.Spec.Template.Spec.Containers[0]
	var api, admin int
	for i, rule := range spec.Ingress {
		if len(rule.From) == 0 || len(rule.Ports) == 0 {
			c.failf("NetworkPolicy: ingress rule %d is open to every source or port", i)
			continue
		}
		for _, p := range rule.Ports {
			if p.Port == nil {
				c.failf("NetworkPolicy: ingress rule %d allows every port", i)
				continue
			}
			switch port := portNumber(ctr, *p.Port); port {
			case apiPort:
				api++
				c.apiPeers(i, rule.From)
			case adminPort:
				admin++
				c.adminPeers(i, rule.From)
			default:
				c.failf("NetworkPolicy: ingress rule %d allows port %s (%d), not one of judged's", i, p.Port.String(), port)
			}
		}
	}
	if api != 1 || admin != 1 {
		c.failf("NetworkPolicy: %d rules for the API port and %d for the admin port, want one each", api, admin)
	}
}

func (c *checker) apiPeers(rule int, peers []networkingv1.NetworkPolicyPeer) {
	for _, p := range peers {
		if p.IPBlock != nil || p.NamespaceSelector == nil || p.PodSelector == nil ||
			len(p.NamespaceSelector.MatchLabels)+len(p.NamespaceSelector.MatchExpressions) == 0 ||
			len(p.PodSelector.MatchLabels)+len(p.PodSelector.MatchExpressions) == 0 {
			c.failf("NetworkPolicy: API rule %d peer %+v, want a namespace selector and a pod selector, both non-empty", rule, p)
		}
	}
}

func (c *checker) adminPeers(rule int, peers []networkingv1.NetworkPolicyPeer) {
	for _, p := range peers {
		ns := p.NamespaceSelector
		if p.IPBlock != nil || ns == nil || len(ns.MatchExpressions) > 0 ||
			!maps.Equal(ns.MatchLabels, map[string]string{namespaceNameLabel: monitoringNamespace}) {
			c.failf("NetworkPolicy: admin rule %d peer %+v, want only namespace %s", rule, p, monitoringNamespace)
		}
	}
}

func (c *checker) serviceMonitor(sm *monitoringv1.ServiceMonitor, svc *corev1.Service) {
	if !selects(&sm.Spec.Selector, svc.Labels) {
		c.failf("ServiceMonitor: selector %v does not match the Service labels %v", sm.Spec.Selector, svc.Labels)
	}
	if sm.Namespace != svc.Namespace && !slices.Contains(sm.Spec.NamespaceSelector.MatchNames, svc.Namespace) && !sm.Spec.NamespaceSelector.Any {
		c.failf("ServiceMonitor: in namespace %q, does not look in the Service's %q", sm.Namespace, svc.Namespace)
	}
	if len(sm.Spec.Endpoints) != 1 {
		c.failf("ServiceMonitor: %d endpoints, want 1", len(sm.Spec.Endpoints))
		return
	}
	ep := sm.Spec.Endpoints[0]
	var port *corev1.ServicePort
	for i := range svc.Spec.Ports {
		if svc.Spec.Ports[i].Name == ep.Port {
			port = &svc.Spec.Ports[i]
		}
	}
	if port == nil || port.Port != adminPort || (ep.Path != "" && ep.Path != metricsPath) {
		c.failf("ServiceMonitor: scrapes port %q path %q, want the Service's admin port and %s", ep.Port, ep.Path, metricsPath)
	}
}

func deref[T any](p *T) T {
	var zero T
	if p == nil {
		return zero
	}
	return *p
}

func isTrue(p *bool) bool { return p != nil && *p }

// isZero reports whether v is set to 0 or 0%.
func isZero(v *intstr.IntOrString) bool {
	return v != nil && (v.String() == "0" || v.String() == "0%")
}
