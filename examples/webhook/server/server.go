// Package server runs union-webhook: the handlers of the policies of a file
// that union-gen wrote, each at /<policy name>, served over TLS with a
// certificate that cert-manager gives it or that it manages itself.
//
// It is apart from package webhook, whose handler users may embed, because
// it brings controller-runtime and cert-controller.
package server

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"os"

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
	// HealthProbeAddress serves /healthz and /readyz; ready once the
	// certificate is in CertDir and the CA is in the configuration.
	HealthProbeAddress string
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

// Run serves o until ctx is done; config reaches the API server, which only
// a CertSecret needs.
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
		WebhookServer:          crwebhook.NewServer(crwebhook.Options{Port: o.Port, CertDir: o.CertDir, WebhookMux: mux}),
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
	// The server starts once its certificate is there: before, it could
	// not load it.
	go func() {
		select {
		case <-ready:
			mgr.GetWebhookServer()
		case <-ctx.Done():
		}
	}()
	if err := mgr.AddHealthzCheck("ping", healthz.Ping); err != nil {
		return err
	}
	if err := mgr.AddReadyzCheck("certificate", func(*http.Request) error {
		select {
		case <-ready:
			return nil
		default:
			return errors.New("the certificate is not ready")
		}
	}); err != nil {
		return err
	}
	return mgr.Start(ctx)
}
