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
	var o server.Options
	o.AddFlags(flag.CommandLine)
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
