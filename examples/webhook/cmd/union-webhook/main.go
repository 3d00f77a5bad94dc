// union-webhook serves the example webhook over TLS: it normalizes the
// unions of the resources of a policy file that union-gen wrote beside a
// CRD, or of its policy for built-in kinds (config/builtin), each policy's
// at the path /<policy name>, which the MutatingWebhookConfiguration of its
// resource names.
//
// Usage:
//
//	union-webhook --policy config/crd/NAME.unions-policy.yaml --tls-cert-file tls.crt --tls-private-key-file tls.key
package main

import (
	"flag"
	"fmt"
	"net/http"
	"os"
	"time"

	"github.com/union-gen/union-gen/examples/webhook"
	"github.com/union-gen/union-gen/pkg/unstructuredunions"
)

func main() {
	policy := flag.String("policy", "", "policy file written by union-gen --crd-paths or --builtin-policy")
	addr := flag.String("addr", ":8443", "address to listen on")
	cert := flag.String("tls-cert-file", "", "TLS certificate")
	key := flag.String("tls-private-key-file", "", "TLS private key")
	flag.Parse()
	if err := run(*policy, *addr, *cert, *key); err != nil {
		fmt.Fprintf(os.Stderr, "union-webhook: %v\n", err)
		os.Exit(1)
	}
}

func run(policy, addr, cert, key string) error {
	if policy == "" || cert == "" || key == "" {
		return fmt.Errorf("--policy, --tls-cert-file and --tls-private-key-file are required")
	}
	mux, err := newMux(policy)
	if err != nil {
		return err
	}
	server := &http.Server{Addr: addr, Handler: mux, ReadHeaderTimeout: 10 * time.Second}
	return server.ListenAndServeTLS(cert, key)
}

// newMux serves the webhook of each policy of the file at /<policy name>.
func newMux(policy string) (*http.ServeMux, error) {
	data, err := os.ReadFile(policy)
	if err != nil {
		return nil, err
	}
	schemas, err := unstructuredunions.LoadFile(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", policy, err)
	}
	mux := http.NewServeMux()
	for name, schema := range schemas {
		mux.Handle("/"+name, &webhook.Handler{Schema: schema})
	}
	return mux, nil
}
