// Package server runs union-webhook: the handlers of the policies of a file
// that union-gen wrote, each at /<policy name>, served over TLS with a
// certificate that cert-manager gives it or that it manages itself.
//
// It is apart from package webhook, whose handler users may embed, because
// it brings controller-runtime and cert-controller.
package server

import (
	"context"
	"crypto/tls"
	"errors"
	"flag"
	"fmt"
	"net/http"
	"os"
	"time"

	"github.com/open-policy-agent/cert-controller/pkg/rotator"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/client-go/rest"
	"sigs.k8s.io/controller-runtime/pkg/healthz"
	"sigs.k8s.io/controller-runtime/pkg/manager"
	metricsserver "sigs.k8s.io/controller-runtime/pkg/metrics/server"
	crwebhook "sigs.k8s.io/controller-runtime/pkg/webhook"

	"github.com/union-gen/union-gen/examples/webhook"
	"github.com/union-gen/union-gen/pkg/unstructuredunions"
)

// Options are union-webhook's settings.
type Options struct {
	// Policy is the policy file union-gen wrote: beside a CRD, or for
	// built-in kinds (--builtin-policy).
	Policy string
	// Port is the TLS port; CertDir holds its certificate, tls.crt and
	// tls.key: a Secret mounted there, cert-manager's or CertSecret.
	Port    int
	CertDir string
	// CertSecret, when set, is the Secret, in Namespace, where union-webhook
	// keeps a CA and a certificate for Service.Namespace.svc that it makes
	// and renews itself, and gives the CA to WebhookConfiguration.
	CertSecret, Namespace, Service, WebhookConfiguration string
	// HealthProbeAddress serves /healthz and /readyz; ready once it serves
	// TLS, which, with CertSecret, waits for the certificate to be in
	// CertDir and the CA in the configuration.
	HealthProbeAddress string
	// CertificateTimeout bounds that wait (0: DefaultCertificateTimeout):
	// past it, Run fails and says so, and the pod restarts, rather than
	// stay unready with the reason in a log line.
	CertificateTimeout time.Duration
}

// DefaultCertificateTimeout is the wait for CertSecret's certificate: a
// first one takes seconds where the Secret and the configuration may be
// updated.
const DefaultCertificateTimeout = 5 * time.Minute

// AddFlags adds union-webhook's flags to fs. The defaults of the port,
// --cert-dir, the probes' address, the Service and the configuration are
// those of config/builtin/webhook's Deployment, which gives --policy and
// --cert-secret.
func (o *Options) AddFlags(fs *flag.FlagSet) {
	fs.StringVar(&o.Policy, "policy", "", "policy file written by union-gen --crd-paths or --builtin-policy")
	fs.IntVar(&o.Port, "port", 9443, "TLS port")
	fs.StringVar(&o.CertDir, "cert-dir", "/tmp/k8s-webhook-server/serving-certs", "directory of the serving certificate, tls.crt and tls.key")
	fs.StringVar(&o.CertSecret, "cert-secret", "", "Secret that holds a certificate that union-webhook makes and renews itself, mounted at --cert-dir; empty: --cert-dir holds one given")
	fs.StringVar(&o.Namespace, "namespace", os.Getenv("POD_NAMESPACE"), "namespace of --cert-secret and --service (default $POD_NAMESPACE)")
	fs.StringVar(&o.Service, "service", "union-webhook", "Service that the API server calls, which the certificate names")
	fs.StringVar(&o.WebhookConfiguration, "webhook-configuration", "union-gen-builtin-unions", "MutatingWebhookConfiguration that receives the CA of --cert-secret")
	fs.StringVar(&o.HealthProbeAddress, "health-probe-address", ":8081", "address of /healthz and /readyz")
	fs.DurationVar(&o.CertificateTimeout, "certificate-timeout", DefaultCertificateTimeout, "how long to wait for the certificate of --cert-secret before failing with the reason, so that the pod restarts")
}

// Mux serves the normalization of each policy of a file at /<policy name>.
func Mux(policyFile string) (*http.ServeMux, error) {
	data, err := os.ReadFile(policyFile)
	if err != nil {
		return nil, err
	}
	schemas, err := unstructuredunions.LoadFile(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", policyFile, err)
	}
	mux := http.NewServeMux()
	for name, schema := range schemas {
		mux.Handle("/"+name, &webhook.Handler{Schema: schema})
	}
	return mux, nil
}

// Run serves o until ctx is done. config reaches the API server: the
// manager that runs the server needs one, and a CertSecret uses it.
func Run(ctx context.Context, config *rest.Config, o Options) error {
	if o.Policy == "" || o.CertDir == "" {
		return errors.New("--policy and --cert-dir are required")
	}
	if o.CertSecret != "" && (o.Namespace == "" || o.Service == "" || o.WebhookConfiguration == "") {
		return errors.New("--cert-secret needs a namespace (--namespace, or POD_NAMESPACE), --service and --webhook-configuration")
	}
	mux, err := Mux(o.Policy)
	if err != nil {
		return err
	}
	mgr, err := manager.New(config, manager.Options{
		Metrics:                metricsserver.Options{BindAddress: "0"},
		HealthProbeBindAddress: o.HealthProbeAddress,
	})
	if err != nil {
		return err
	}
	ready := make(chan struct{})
	if o.CertSecret == "" {
		close(ready)
	} else if err := rotator.AddRotator(mgr, &rotator.CertRotator{
		SecretKey:      types.NamespacedName{Namespace: o.Namespace, Name: o.CertSecret},
		CertDir:        o.CertDir,
		CAName:         "union-webhook-ca",
		CAOrganization: "union-gen",
		DNSName:        o.Service + "." + o.Namespace + ".svc",
		IsReady:        ready,
		Webhooks:       []rotator.WebhookInfo{{Name: o.WebhookConfiguration, Type: rotator.Mutating}},
	}); err != nil {
		return err
	}
	// HTTP/2 stays off, as kubebuilder scaffolds webhooks: its stream
	// resets (CVE-2023-44487) would reach a server every pod can call.
	server := crwebhook.NewServer(crwebhook.Options{Port: o.Port, CertDir: o.CertDir, WebhookMux: mux,
		TLSOpts: []func(*tls.Config){func(c *tls.Config) { c.NextProtos = []string{"http/1.1"} }}})
	// The server starts once its certificate is there: before, it could not
	// load it.
	timeout := o.CertificateTimeout
	if timeout == 0 {
		timeout = DefaultCertificateTimeout
	}
	err = mgr.Add(manager.RunnableFunc(func(ctx context.Context) error {
		timer := time.NewTimer(timeout)
		defer timer.Stop()
		select {
		case <-ready:
			return server.Start(ctx)
		case <-timer.C:
			return fmt.Errorf("the certificate of Secret %s/%s is not ready after %s: see cert-rotator's log for why (its RBAC, or the API server)", o.Namespace, o.CertSecret, timeout)
		case <-ctx.Done():
			return nil
		}
	}))
	if err != nil {
		return err
	}
	if err := mgr.AddHealthzCheck("ping", healthz.Ping); err != nil {
		return err
	}
	if err := mgr.AddReadyzCheck("webhook", func(r *http.Request) error {
		select {
		case <-ready:
			return server.StartedChecker()(r)
		default:
			return errors.New("the certificate is not ready")
		}
	}); err != nil {
		return err
	}
	return mgr.Start(ctx)
}
