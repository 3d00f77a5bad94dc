package kubetest

import (
	"bytes"
	"context"
	"crypto/tls"
	"crypto/x509"
	"encoding/json"
	"encoding/pem"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	admissionv1 "k8s.io/api/admission/v1"
	admissionregistrationv1 "k8s.io/api/admissionregistration/v1"
	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/apimachinery/pkg/util/wait"
	"k8s.io/client-go/informers"
	"k8s.io/client-go/metadata"
	"k8s.io/client-go/rest"
	"k8s.io/klog/v2"
	nscontroller "k8s.io/kubernetes/pkg/controller/namespace"
	ctrllog "sigs.k8s.io/controller-runtime/pkg/log"
	"sigs.k8s.io/yaml"

	"github.com/union-gen/union-gen/examples/webhook/server"
	"github.com/union-gen/union-gen/pkg/policy"
)

// The webhook for built-in kinds: the configuration that
// hack/update-codegen.sh makes with union-gen --builtin-webhook, in the
// kustomization that deploys union-webhook with it.
const (
	builtinWebhook    = "../config/builtin/webhook/webhook.yaml"
	builtinWebhookDir = "../config/builtin/webhook"
	// webhookSecret is the kustomization's.
	webhookSecret = "union-webhook-tls"
)

// loopbackWebhook is union-webhook's normalization of each policy of the
// built-in policy file (server.Mux), served by the test over TLS on a
// loopback address; it keeps, of each review it is sent, the object's name
// and the resourceVersion of its old object. A hung one answers none: it
// waits until the request is cancelled or released is closed.
type loopbackWebhook struct {
	server   *httptest.Server
	mu       sync.Mutex
	reviews  []string
	hung     atomic.Bool
	released chan struct{}
}

// reviewed is what w keeps of the reviews it was sent, name@resourceVersion.
func (w *loopbackWebhook) reviewed() []string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return slices.Clone(w.reviews)
}

// keep records the review that r carries and leaves r's body to be read again.
func (w *loopbackWebhook) keep(r *http.Request) error {
	body, err := io.ReadAll(r.Body)
	if err != nil {
		return err
	}
	r.Body = io.NopCloser(bytes.NewReader(body))
	var review admissionv1.AdmissionReview
	if err := json.Unmarshal(body, &review); err != nil || review.Request == nil {
		return fmt.Errorf("not an admission review: %v", err)
	}
	var old metav1.PartialObjectMetadata
	if err := json.Unmarshal(review.Request.OldObject.Raw, &old); err != nil {
		return fmt.Errorf("old object: %v", err)
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	w.reviews = append(w.reviews, review.Request.Name+"@"+old.ResourceVersion)
	return nil
}

func startLoopbackWebhook(t *testing.T) *loopbackWebhook {
	t.Helper()
	mux, err := server.Mux(builtinPolicy)
	if err != nil {
		t.Fatal(err)
	}
	w := &loopbackWebhook{released: make(chan struct{})}
	w.server = httptest.NewUnstartedServer(http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
		if err := w.keep(r); err != nil {
			http.Error(rw, err.Error(), http.StatusBadRequest)
			return
		}
		if w.hung.Load() {
			select {
			case <-r.Context().Done():
			case <-w.released:
			}
			return
		}
		mux.ServeHTTP(rw, r)
	}))
	w.server.StartTLS()
	t.Cleanup(w.stop)
	return w
}

// stop releases the requests it holds and stops the server.
func (w *loopbackWebhook) stop() {
	select {
	case <-w.released:
	default:
		close(w.released)
	}
	w.server.Close()
}

// configuration is the generated webhook configuration, each webhook
// calling w at its path through a url, as the Service would.
func (w *loopbackWebhook) configuration(t *testing.T) *admissionregistrationv1.MutatingWebhookConfiguration {
	t.Helper()
	config := readWebhookConfiguration(t)
	ca := pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: w.server.Certificate().Raw})
	for i := range config.Webhooks {
		url := w.server.URL + *config.Webhooks[i].ClientConfig.Service.Path
		config.Webhooks[i].ClientConfig = admissionregistrationv1.WebhookClientConfig{URL: &url, CABundle: ca}
	}
	return config
}

// readWebhookConfiguration reads the generated webhook configuration.
func readWebhookConfiguration(t testing.TB) *admissionregistrationv1.MutatingWebhookConfiguration {
	t.Helper()
	data, err := os.ReadFile(builtinWebhook)
	if err != nil {
		t.Fatal(err)
	}
	var config admissionregistrationv1.MutatingWebhookConfiguration
	if err := yaml.UnmarshalStrict(data, &config); err != nil {
		t.Fatal(err)
	}
	return &config
}

// installWebhook registers w's configuration and waits until the API server
// calls it: a dry-run switch of a probe Deployment's strategy, which only a
// normalizer lets through, succeeds.
func (c *cluster) installWebhook(t *testing.T, w *loopbackWebhook) {
	t.Helper()
	ctx := context.Background()
	if _, err := c.kube.AdmissionregistrationV1().MutatingWebhookConfigurations().Create(ctx, w.configuration(t), metav1.CreateOptions{}); err != nil {
		t.Fatalf("the API server refuses the webhook configuration: %v", err)
	}
	c.createBuiltin(t, builtinSwitches[0], "webhook-probe")
	if err := c.pollSwitch(builtinSwitches[0], "webhook-probe", true); err != nil {
		t.Fatalf("the webhook does not take effect: %v", err)
	}
}

// webhookVersions are the Kubernetes versions at which kubetest holds the
// webhook for built-in kinds: kube-apiserver v1.37.2 as it is, emulating
// 1.34, the oldest version that kube-apiserver emulates, and 1.30, the
// oldest the docs promise it to, which only its test server emulates (the
// APIs and CEL environment of that version, not the feature gates that
// 1.37 no longer has).
var webhookVersions = []string{"1.37", "1.34", "1.30"}

// TestBuiltinWebhook holds the webhook for built-in kinds to a real
// kube-apiserver at each of webhookVersions, registered with the generated
// configuration (its url the test's TLS server on a loopback address): the
// client matrix of the policy, without the webhook and with it; the random
// differential through it; its match conditions, which keep every update
// that switches nothing from reaching it; and, hung or stopped, updates
// that behave as without it, each answered within its timeoutSeconds and
// a margin.
func TestBuiltinWebhook(t *testing.T) {
	doc, err := os.ReadFile(builtinDoc)
	if err != nil {
		t.Fatal(err)
	}
	for _, version := range webhookVersions {
		t.Run(version, func(t *testing.T) {
			c := startCluster(t, "--emulated-version="+version)
			pairs := c.differentialPairs(t)
			without := c.judgePairs(t, pairs, nil)
			c.clientMatrix(t, "without webhook", false, doc)

			w := startLoopbackWebhook(t)
			c.installWebhook(t, w)
			c.clientMatrix(t, "with webhook", true, doc)
			with := c.judgePairs(t, pairs, nil)
			t.Run("random differential", func(t *testing.T) { compareJudgements(t, pairs, without, with) })
			t.Run("match conditions", func(t *testing.T) { c.checkMatchConditions(t, w) })

			timeout := time.Duration(*readWebhookConfiguration(t).Webhooks[0].TimeoutSeconds) * time.Second
			w.hung.Store(true)
			t.Run("hung", func(t *testing.T) { c.switchesAsWithout(t, "hung", builtinSwitches[:1], timeout+3*time.Second) })
			w.stop()
			t.Run("stopped", func(t *testing.T) { c.switchesAsWithout(t, "stopped", builtinSwitches, 3*time.Second) })
		})
	}
}

// checkMatchConditions: updates that switch nothing do not reach w; a
// switch does, once with the object as stored. The API server may first
// try the update on its watch cache's copy of the object, stale if the
// cache is behind, and try again on the stored one (the storage's
// GuaranteedUpdate): a review of an older resourceVersion is that try.
func (c *cluster) checkMatchConditions(t *testing.T, w *loopbackWebhook) {
	s := builtinSwitches[0]
	c.createBuiltin(t, s, "match")
	before := len(w.reviewed())
	var stored string
	for _, patch := range []string{`{"spec":{"replicas":3}}`, `{"metadata":{"labels":{"tier":"web"}}}`, `{"spec":{"template":{"spec":{"containers":[{"name":"app","image":"registry.k8s.io/pause:3.9"}]}}}}`} {
		obj, err := dynamicFor(c, s.resource).Patch(context.Background(), "match", types.MergePatchType, []byte(patch), metav1.PatchOptions{})
		if err != nil {
			t.Fatalf("%s: %v", patch, err)
		}
		stored = obj.GetResourceVersion()
	}
	if reviews := w.reviewed()[before:]; len(reviews) != 0 {
		t.Errorf("3 updates that switch nothing reached the webhook: %q", reviews)
	}
	before = len(w.reviewed())
	if _, err := dynamicFor(c, s.resource).Patch(context.Background(), "match", types.MergePatchType, []byte(s.patch), metav1.PatchOptions{}); err != nil {
		t.Fatalf("the switch: %v", err)
	}
	reviews := w.reviewed()[before:]
	var current int
	for _, review := range reviews {
		name, version, _ := strings.Cut(review, "@")
		switch {
		case review == "match@"+stored:
			current++
		case name != "match" || !olderVersion(version, stored):
			t.Errorf("the switch of match@%s: a review of %s", stored, review)
		}
	}
	if current != 1 {
		t.Errorf("the switch of match@%s reached the webhook %d times with the object as stored, want 1 (reviews %q)", stored, current, reviews)
	}
}

// olderVersion says whether the resourceVersion a is older than b: etcd's
// revisions, which the API server serves as decimal numbers.
func olderVersion(a, b string) bool {
	x, errA := strconv.ParseUint(a, 10, 64)
	y, errB := strconv.ParseUint(b, 10, 64)
	return errA == nil && errB == nil && x < y
}

// switchesAsWithout sends each of switches by a JSON merge
// patch, which carries the stale member over: each is answered as without
// a normalizer (refused with the API server's message, or accepted where
// the API server accepts the member), and within limit.
func (c *cluster) switchesAsWithout(t *testing.T, prefix string, switches []builtinSwitch, limit time.Duration) {
	patch := builtinClients[2]
	for i, s := range switches {
		name := fmt.Sprintf("%s-%d", prefix, i)
		patch.prepare(t, c, s, name)
		start := time.Now()
		err := patch.switch_(t, c, s, name)
		if took := time.Since(start); took > limit {
			t.Errorf("%s: answered in %v, over %v", s.name, took, limit)
		}
		switch {
		case s.message == "" && err != nil:
			t.Errorf("%s: refused: %v", s.name, err)
		case s.message != "" && (err == nil || !strings.Contains(err.Error(), s.message)):
			t.Errorf("%s: want the API server's %q, got %v", s.name, s.message, err)
		}
	}
}

// TestBuiltinWebhookInstall runs the README's commands for clusters without
// the policy API, on kube-apiserver v1.37.2 emulating 1.30: kubectl apply -k config/builtin/webhook installs
// union-webhook's Namespace, ServiceAccount, RBAC, Secret, Service,
// Deployment and configuration, and kubectl delete -k removes them. In
// between, union-webhook runs as its Deployment runs it, with its
// ServiceAccount's permissions alone (RBAC on) and the Deployment's args,
// its certificate managed by itself: it fills the Secret with a CA and a certificate for its
// Service, which the test copies to its --cert-dir as the kubelet mounts
// it, gives every webhook of the configuration that CA, becomes ready,
// and serves reviews with that certificate.
func TestBuiltinWebhookInstall(t *testing.T) {
	c := startCluster(t, "--authorization-mode=RBAC", "--emulated-version="+webhookVersions[len(webhookVersions)-1])
	c.runNamespaceController(t)
	install, uninstall := shellArgs(t, adminTable[2][0]), shellArgs(t, adminTable[2][1])
	if out, err := c.kubectl(t, install...); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	kustomized, err := c.kubectl(t, "kustomize", builtinWebhookDir)
	if err != nil {
		t.Fatal(err)
	}
	objects := strings.Count("\n"+kustomized, "\nkind: ")
	if installed, err := c.kubectl(t, "get", "-k", builtinWebhookDir, "-o", "name"); err != nil || strings.Count(installed, "\n") != objects {
		t.Fatalf("after kubectl apply -k, the kustomization's %d objects are not all there: %v\n%s", objects, err, installed)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	certDir := t.TempDir()
	go c.playKubelet(ctx, t, certDir)
	port, probes := freePort(t), freePort(t)
	sa := rest.CopyConfig(c.config)
	sa.Impersonate = rest.ImpersonationConfig{
		UserName: "system:serviceaccount:" + policy.WebhookNamespace + ":union-webhook",
		Groups:   []string{"system:serviceaccounts", "system:serviceaccounts:" + policy.WebhookNamespace, "system:authenticated"},
	}
	ctrllog.SetLogger(klog.NewKlogr())
	options := deploymentOptions(t)
	// The test's own policy file path, directory and ports, on the
	// loopback address.
	options.Policy, options.CertDir, options.Port, options.HealthProbeAddress = builtinPolicy, certDir, port, fmt.Sprintf("127.0.0.1:%d", probes)
	done := make(chan error, 1)
	go func() { done <- server.Run(ctx, sa, options) }()
	err = wait.PollUntilContextTimeout(ctx, 200*time.Millisecond, 90*time.Second, true, func(context.Context) (bool, error) {
		select {
		case err := <-done:
			return false, fmt.Errorf("union-webhook stopped: %v", err)
		default:
		}
		probe := &http.Client{Timeout: time.Second}
		resp, err := probe.Get(fmt.Sprintf("http://127.0.0.1:%d/readyz", probes))
		if err != nil {
			return false, nil
		}
		resp.Body.Close()
		return resp.StatusCode == http.StatusOK, nil
	})
	if err != nil {
		t.Fatalf("union-webhook is not ready: %v", err)
	}
	secret, err := c.kube.CoreV1().Secrets(policy.WebhookNamespace).Get(ctx, webhookSecret, metav1.GetOptions{})
	if err != nil {
		t.Fatal(err)
	}
	config, err := c.kube.AdmissionregistrationV1().MutatingWebhookConfigurations().Get(ctx, policy.WebhookConfigurationName, metav1.GetOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range config.Webhooks {
		if string(w.ClientConfig.CABundle) != string(secret.Data["ca.crt"]) {
			t.Errorf("%s: its caBundle is not the Secret's CA", w.Name)
		}
	}
	roots := x509.NewCertPool()
	if !roots.AppendCertsFromPEM(secret.Data["ca.crt"]) {
		t.Fatal("the Secret's ca.crt is no certificate")
	}
	client := &http.Client{Transport: &http.Transport{TLSClientConfig: &tls.Config{RootCAs: roots, ServerName: "union-webhook." + policy.WebhookNamespace + ".svc"}}}
	body := `{"apiVersion":"admission.k8s.io/v1","kind":"AdmissionReview","request":{"uid":"1","operation":"CREATE","object":{}}}`
	resp, err := client.Post(fmt.Sprintf("https://127.0.0.1:%d/deployments.apps-v1-unions", port), "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatalf("a review over TLS, as the API server sends it to the Service: %v", err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Errorf("a review: status %d", resp.StatusCode)
	}
	cancel()
	if err := <-done; err != nil {
		t.Errorf("union-webhook: %v", err)
	}
	checkCertificateTimeout(t, sa)
	if out, err := c.kubectl(t, uninstall...); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	// The Namespace goes once the namespace controller has emptied it.
	var left string
	err = wait.PollUntilContextTimeout(context.Background(), 200*time.Millisecond, 60*time.Second, true, func(context.Context) (bool, error) {
		left, err = c.kubectl(t, "get", "-k", builtinWebhookDir, "-o", "name", "--ignore-not-found")
		return err == nil && left == "", err
	})
	if err != nil {
		t.Errorf("after kubectl delete -k, the kustomization's objects are still there: %v\n%s", err, left)
	}
}

// runNamespaceController runs kube-controller-manager's namespace
// controller until the test ends: kubectl delete waits for a deleted
// Namespace to go, which it removes.
func (c *cluster) runNamespaceController(t *testing.T) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	metadataClient, err := metadata.NewForConfig(c.config)
	if err != nil {
		t.Fatal(err)
	}
	factory := informers.NewSharedInformerFactory(c.kube, 0)
	controller := nscontroller.NewNamespaceController(ctx, c.kube, metadataClient, c.kube.Discovery().ServerPreferredNamespacedResources,
		factory.Core().V1().Namespaces(), time.Hour, corev1.FinalizerKubernetes)
	factory.Start(ctx.Done())
	go controller.Run(ctx, 2)
}

// deploymentOptions are union-webhook's options as config/builtin/webhook's
// Deployment runs it: its args, parsed as union-webhook parses them, and
// POD_NAMESPACE, the kustomization's namespace; its certificate's volume is
// mounted at the default --cert-dir, its ports are the defaults, and its
// --policy is where the image has the policy file.
func deploymentOptions(t *testing.T) server.Options {
	t.Helper()
	var d appsv1.Deployment
	for _, doc := range readDocs(t, filepath.Join(builtinWebhookDir, "deployment.yaml")) {
		if strings.Contains(doc, "kind: Deployment") {
			if err := yaml.UnmarshalStrict([]byte(doc), &d); err != nil {
				t.Fatal(err)
			}
		}
	}
	if len(d.Spec.Template.Spec.Containers) != 1 {
		t.Fatalf("%s: no Deployment of one container", builtinWebhookDir)
	}
	container := d.Spec.Template.Spec.Containers[0]
	t.Setenv("POD_NAMESPACE", policy.WebhookNamespace)
	var o server.Options
	fs := flag.NewFlagSet("union-webhook", flag.ContinueOnError)
	o.AddFlags(fs)
	if err := fs.Parse(container.Args); err != nil {
		t.Fatalf("the Deployment's args: %v", err)
	}
	ports := map[string]int32{}
	for _, p := range container.Ports {
		ports[p.Name] = p.ContainerPort
	}
	if fmt.Sprint(ports["webhook"]) != fmt.Sprint(o.Port) || !strings.HasSuffix(o.HealthProbeAddress, fmt.Sprintf(":%d", ports["probes"])) {
		t.Errorf("the Deployment's ports %v are not union-webhook's %d and %s", ports, o.Port, o.HealthProbeAddress)
	}
	if len(container.VolumeMounts) != 1 || container.VolumeMounts[0].MountPath != o.CertDir {
		t.Errorf("the Deployment mounts %v, not the certificate at %s", container.VolumeMounts, o.CertDir)
	}
	dockerfile, err := os.ReadFile("../examples/webhook/Dockerfile")
	if err != nil {
		t.Fatal(err)
	}
	if copyPolicy := "COPY config/builtin/unions-policy.yaml " + o.Policy + "\n"; !strings.Contains(string(dockerfile), copyPolicy) {
		t.Errorf("the image has no %s, which the Deployment's --policy names: want %q in its Dockerfile", o.Policy, copyPolicy)
	}
	return o
}

// checkCertificateTimeout runs the union-webhook binary (a process of its
// own: controller-runtime takes a controller's name once per process) as
// the ServiceAccount sa, with a webhook configuration that its RBAC does
// not let it give the CA: it must fail after --certificate-timeout and say
// why, rather than stay unready.
func checkCertificateTimeout(t *testing.T, sa *rest.Config) {
	t.Helper()
	dir := t.TempDir()
	binary := filepath.Join(dir, "union-webhook")
	if out, err := exec.Command("go", "build", "-o", binary, "github.com/union-gen/union-gen/examples/webhook/cmd/union-webhook").CombinedOutput(); err != nil {
		t.Fatalf("building union-webhook: %v\n%s", err, out)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, binary, "--kubeconfig", writeKubeconfig(t, dir, sa), "--policy", builtinPolicy,
		"--cert-dir", t.TempDir(), "--cert-secret", webhookSecret, "--namespace", policy.WebhookNamespace, "--webhook-configuration", "not-granted",
		"--port", fmt.Sprint(freePort(t)), "--health-probe-address", fmt.Sprintf("127.0.0.1:%d", freePort(t)), "--certificate-timeout", "3s")
	out, err := cmd.CombinedOutput()
	want := "union-webhook: the certificate of Secret " + policy.WebhookNamespace + "/" + webhookSecret + " is not ready after 3s"
	if exit, ok := err.(*exec.ExitError); !ok || exit.ExitCode() != 1 || !strings.Contains(string(out), want) {
		t.Errorf("union-webhook without its certificate: %v, want exit status 1 and %q:\n%s", err, want, out)
	}
}

// playKubelet copies the keys of union-webhook's Secret to dir, as the
// kubelet mounts a Secret volume, until ctx is done.
func (c *cluster) playKubelet(ctx context.Context, t *testing.T, dir string) {
	err := wait.PollUntilContextCancel(ctx, 200*time.Millisecond, true, func(ctx context.Context) (bool, error) {
		secret, err := c.kube.CoreV1().Secrets(policy.WebhookNamespace).Get(ctx, webhookSecret, metav1.GetOptions{})
		if err != nil {
			return false, nil
		}
		for key, value := range secret.Data {
			if err := os.WriteFile(filepath.Join(dir, key), value, 0o600); err != nil {
				return false, err
			}
		}
		return false, nil
	})
	if err != nil && ctx.Err() == nil {
		t.Errorf("writing the Secret's keys to --cert-dir: %v", err)
	}
}

// freePort is a TCP port of the loopback address that nothing listens on.
func freePort(t *testing.T) int {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

// TestAdminTables: the tables of commands for cluster admins, the README's
// and docs/builtin.md's, give exactly adminTable's commands, row by row,
// which TestBuiltinPolicy and TestBuiltinWebhookInstall run.
func TestAdminTables(t *testing.T) {
	for _, file := range []string{"../README.md", builtinDoc} {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		var rows [][2]string
		inTable := false
		for _, line := range strings.Split(string(data), "\n") {
			switch {
			case strings.HasPrefix(line, "| Kubernetes | install | uninstall |"):
				inTable = true
			case inTable && strings.HasPrefix(line, "|---"):
			case inTable && strings.HasPrefix(line, "| "):
				cells := strings.Split(strings.TrimSuffix(line, " |"), " | ")
				rows = append(rows, [2]string{strings.Trim(cells[1], "`"), strings.Trim(cells[2], "`")})
			default:
				inTable = false
			}
		}
		if fmt.Sprint(rows) != fmt.Sprint(adminTable) {
			t.Errorf("%s's table of install and uninstall commands:\n%q\nkubetest runs\n%q", file, rows, adminTable)
		}
	}
}
