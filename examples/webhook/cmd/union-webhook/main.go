// union-webhook serves the normalization of the unions of the resources of
// a policy file that union-gen wrote, beside a CRD or for Kubernetes' own
// kinds (config/builtin), each policy's at /<policy name>, which the
// MutatingWebhookConfiguration of its resource names, over TLS: with the
// certificate in --cert-dir (cert-manager's Secret, mounted there), or with
// --cert-secret, one it makes, renews and gives the configuration itself
// (config/builtin/webhook deploys it so). It logs no object.
//
// Usage:
//
//	union-webhook --policy config/builtin/unions-policy.yaml --cert-secret union-webhook-tls
//	union-webhook --policy config/crd/NAME.unions-policy.yaml --cert-dir /tmp/k8s-webhook-server/serving-certs
package main

import (
	"flag"
	"fmt"
	"os"

	"k8s.io/klog/v2"
	ctrl "sigs.k8s.io/controller-runtime"

	"github.com/union-gen/union-gen/examples/webhook/server"
)

func main() {
	o := server.Options{}
	flag.StringVar(&o.Policy, "policy", "", "policy file written by union-gen --crd-paths or --builtin-policy")
	flag.IntVar(&o.Port, "port", 9443, "TLS port")
	flag.StringVar(&o.CertDir, "cert-dir", "/tmp/k8s-webhook-server/serving-certs", "directory of the serving certificate, tls.crt and tls.key")
	flag.StringVar(&o.CertSecret, "cert-secret", "", "Secret that holds a certificate that union-webhook makes and renews itself, mounted at --cert-dir; empty: --cert-dir holds one given")
	flag.StringVar(&o.Namespace, "namespace", os.Getenv("POD_NAMESPACE"), "namespace of --cert-secret and --service")
	flag.StringVar(&o.Service, "service", "union-webhook", "Service that the API server calls, which the certificate names")
	flag.StringVar(&o.WebhookConfiguration, "webhook-configuration", "union-gen-builtin-unions", "MutatingWebhookConfiguration that receives the CA of --cert-secret")
	flag.StringVar(&o.HealthProbeAddress, "health-probe-address", ":8081", "address of /healthz and /readyz")
	klog.InitFlags(nil)
	flag.Parse()
	ctrl.SetLogger(klog.NewKlogr())
	config, err := ctrl.GetConfig()
	if err == nil {
		err = server.Run(ctrl.SetupSignalHandler(), config, o)
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "union-webhook: %v\n", err)
		os.Exit(1)
	}
}
