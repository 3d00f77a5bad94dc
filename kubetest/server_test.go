// Package kubetest holds union-gen's CRD output to a real kube-apiserver
// (k8s.io/kubernetes, with etcd embedded): the example CRD with its union
// rules and the normalization policy, exercised with client-go and kubectl
// as a user would. It is a module of its own so that union-gen does not
// depend on k8s.io/kubernetes.
package kubetest

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	admissionregistrationv1 "k8s.io/api/admissionregistration/v1"
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	apiextensionsclient "k8s.io/apiextensions-apiserver/pkg/client/clientset/clientset"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/util/wait"
	"k8s.io/apiserver/pkg/storage/etcd3/testserver"
	"k8s.io/apiserver/pkg/storage/storagebackend"
	"k8s.io/cli-runtime/pkg/genericiooptions"
	"k8s.io/client-go/dynamic"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/rest"
	"k8s.io/client-go/tools/clientcmd"
	clientcmdapi "k8s.io/client-go/tools/clientcmd/api"
	kubectlcmd "k8s.io/kubectl/pkg/cmd"
	cmdutil "k8s.io/kubectl/pkg/cmd/util"
	kubeapiservertesting "k8s.io/kubernetes/cmd/kube-apiserver/app/testing"
	"sigs.k8s.io/yaml"
)

const (
	// exampleCRD and examplePolicy are what hack/update-codegen.sh makes
	// with controller-gen and union-gen.
	exampleCRD    = "../examples/crd/config/examples.union-gen.io_widgets.yaml"
	examplePolicy = "../examples/crd/config/examples.union-gen.io_widgets.unions-policy.yaml"
	namespace     = "default"
)

var widgets = schema.GroupVersionResource{Group: "examples.union-gen.io", Version: "v1", Resource: "widgets"}

// cluster is a running kube-apiserver and its clients.
type cluster struct {
	config     *rest.Config
	kube       kubernetes.Interface
	dynamic    dynamic.Interface
	kubeconfig string
	// dir holds the files given to kubectl; its path has no comma, which
	// kubectl would take for a list of files.
	dir string
}

// startCluster starts etcd, embedded, and a kube-apiserver on it, with the
// flags given; both stop when the test ends.
func startCluster(t testing.TB, flags ...string) *cluster {
	t.Helper()
	return newCluster(t, nil, flags)
}

// newCluster is startCluster with the test server's options.
func newCluster(t testing.TB, options *kubeapiservertesting.TestServerInstanceOptions, flags []string) *cluster {
	t.Helper()
	etcdConfig := testserver.NewTestConfig(t)
	testserver.RunEtcd(t, etcdConfig)
	storage := storagebackend.NewDefaultConfig(path.Join(uuid.New().String(), "registry"), nil)
	storage.Transport.ServerList = []string{etcdConfig.ListenClientUrls[0].String()}
	server := kubeapiservertesting.StartTestServerOrDie(t, options, append([]string{"--disable-admission-plugins=ServiceAccount"}, flags...), storage)
	t.Cleanup(server.TearDownFn)
	c := &cluster{config: server.ClientConfig}
	c.config.QPS, c.config.Burst = 1000, 1000
	c.kube = kubernetes.NewForConfigOrDie(c.config)
	c.dynamic = dynamic.NewForConfigOrDie(c.config)
	c.dir = t.TempDir()
	c.kubeconfig = writeKubeconfig(t, c.dir, c.config)
	return c
}

// writeKubeconfig writes a kubeconfig file of config into dir, for kubectl
// and union-webhook.
func writeKubeconfig(t testing.TB, dir string, config *rest.Config) string {
	t.Helper()
	kubeconfig := clientcmdapi.NewConfig()
	kubeconfig.Clusters["test"] = &clientcmdapi.Cluster{Server: config.Host, CertificateAuthorityData: config.CAData, TLSServerName: config.ServerName}
	kubeconfig.AuthInfos["test"] = &clientcmdapi.AuthInfo{Token: config.BearerToken, ClientCertificateData: config.CertData, ClientKeyData: config.KeyData,
		Impersonate: config.Impersonate.UserName, ImpersonateGroups: config.Impersonate.Groups}
	kubeconfig.Contexts["test"] = &clientcmdapi.Context{Cluster: "test", AuthInfo: "test", Namespace: namespace}
	kubeconfig.CurrentContext = "test"
	file := filepath.Join(dir, "kubeconfig")
	if err := clientcmd.WriteToFile(*kubeconfig, file); err != nil {
		t.Fatal(err)
	}
	return file
}

// kubectlFailure is how a kubectl command that fails ends, in place of
// exiting the process.
type kubectlFailure struct {
	message string
	code    int
}

// kubectlApply runs kubectl apply, built from k8s.io/kubernetes as the
// server is, in this process, on a file holding manifest.
func (c *cluster) kubectlApply(t testing.TB, manifest string, args ...string) error {
	t.Helper()
	f, err := os.CreateTemp(c.dir, "widget-*.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.WriteString(manifest); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	_, err = c.kubectl(t, append(append([]string{"apply"}, args...), "-f", f.Name())...)
	return err
}

// kubectl runs kubectl, built from k8s.io/kubernetes as the server is, in
// this process; it returns the output and the error message of a command
// that fails.
func (c *cluster) kubectl(t testing.TB, args ...string) (out string, failure error) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	streams := genericiooptions.IOStreams{In: strings.NewReader(""), Out: &stdout, ErrOut: &stderr}
	cmdutil.BehaviorOnFatal(func(message string, code int) { panic(kubectlFailure{message, code}) })
	defer cmdutil.DefaultBehaviorOnFatal()
	defer func() {
		if r := recover(); r != nil {
			f, ok := r.(kubectlFailure)
			if !ok {
				panic(r)
			}
			failure = fmt.Errorf("kubectl %s: exit %d: %s%s", strings.Join(args, " "), f.code, stderr.String(), f.message)
		}
	}()
	cmd := kubectlcmd.NewKubectlCommand(kubectlcmd.KubectlOptions{
		Arguments: append([]string{"kubectl"}, args...),
		IOStreams: streams,
	})
	cmd.SetArgs(append([]string{"--kubeconfig", c.kubeconfig}, args...))
	if err := cmd.Execute(); err != nil {
		return stdout.String(), fmt.Errorf("kubectl %s: %w: %s", strings.Join(args, " "), err, stderr.String())
	}
	return stdout.String(), nil
}

// readDocs reads the YAML documents of a file.
func readDocs(t testing.TB, file string) []string {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var docs []string
	for _, doc := range strings.Split(string(data), "\n---\n") {
		if doc = strings.TrimPrefix(doc, "---\n"); strings.TrimSpace(doc) != "" {
			docs = append(docs, doc)
		}
	}
	return docs
}

// installCRD creates the example CRD and waits until its resource is served.
func (c *cluster) installCRD(t testing.TB) {
	t.Helper()
	docs := readDocs(t, exampleCRD)
	var crd apiextensionsv1.CustomResourceDefinition
	if err := yaml.UnmarshalStrict([]byte(docs[0]), &crd); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	client := apiextensionsclient.NewForConfigOrDie(c.config)
	if _, err := client.ApiextensionsV1().CustomResourceDefinitions().Create(ctx, &crd, metav1.CreateOptions{}); err != nil {
		t.Fatalf("the API server rejects %s: %v", exampleCRD, err)
	}
	err := wait.PollUntilContextTimeout(ctx, 100*time.Millisecond, 30*time.Second, true, func(ctx context.Context) (bool, error) {
		_, err := c.dynamic.Resource(widgets).Namespace(namespace).List(ctx, metav1.ListOptions{})
		return err == nil, nil
	})
	if err != nil {
		t.Fatalf("the CRD's resource is not served: %v", err)
	}
}

// installPolicy creates the example policy and its binding, and waits until
// the API server applies it: a dry-run switch of a probe's strategy, which
// only the policy lets through, succeeds.
func (c *cluster) installPolicy(t testing.TB) {
	t.Helper()
	ctx := context.Background()
	policy, binding := examplePolicyObjects(t)
	if _, err := c.kube.AdmissionregistrationV1().MutatingAdmissionPolicies().Create(ctx, policy, metav1.CreateOptions{}); err != nil {
		t.Fatalf("the API server rejects the policy: %v", err)
	}
	if _, err := c.kube.AdmissionregistrationV1().MutatingAdmissionPolicyBindings().Create(ctx, binding, metav1.CreateOptions{}); err != nil {
		t.Fatalf("the API server rejects the binding: %v", err)
	}
	probe := c.create(t, "policy-probe")
	err := wait.PollUntilContextTimeout(ctx, 100*time.Millisecond, 30*time.Second, true, func(ctx context.Context) (bool, error) {
		_, err := c.dynamic.Resource(widgets).Namespace(namespace).Patch(ctx, probe.GetName(), "application/merge-patch+json",
			[]byte(`{"spec":{"strategy":{"type":"Recreate"}}}`), metav1.PatchOptions{DryRun: []string{metav1.DryRunAll}})
		return err == nil, nil
	})
	if err != nil {
		t.Fatalf("the policy does not take effect: %v", err)
	}
}

// examplePolicyObjects reads the example policy and its binding.
func examplePolicyObjects(t testing.TB) (*admissionregistrationv1.MutatingAdmissionPolicy, *admissionregistrationv1.MutatingAdmissionPolicyBinding) {
	t.Helper()
	docs := readDocs(t, examplePolicy)
	var policy admissionregistrationv1.MutatingAdmissionPolicy
	var binding admissionregistrationv1.MutatingAdmissionPolicyBinding
	if err := yaml.UnmarshalStrict([]byte(docs[0]), &policy); err != nil {
		t.Fatal(err)
	}
	if err := yaml.UnmarshalStrict([]byte(docs[1]), &binding); err != nil {
		t.Fatal(err)
	}
	return &policy, &binding
}

// manifest is a Widget as a client writes it, with the given spec.
func manifest(name, spec string) string {
	return fmt.Sprintf("apiVersion: examples.union-gen.io/v1\nkind: Widget\nmetadata:\n  name: %s\n  namespace: %s\nspec:\n%s", name, namespace, spec)
}

// create creates a Widget without a strategy: the schema defaults it to a
// RollingUpdate with its rollingUpdate member.
func (c *cluster) create(t testing.TB, name string) *unstructured.Unstructured {
	t.Helper()
	var obj unstructured.Unstructured
	if err := yaml.Unmarshal([]byte(manifest(name, "  unionType: \"\"\n")), &obj.Object); err != nil {
		t.Fatal(err)
	}
	created, err := c.dynamic.Resource(widgets).Namespace(namespace).Create(context.Background(), &obj, metav1.CreateOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return created
}

func (c *cluster) get(t testing.TB, name string) *unstructured.Unstructured {
	t.Helper()
	obj, err := c.dynamic.Resource(widgets).Namespace(namespace).Get(context.Background(), name, metav1.GetOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return obj
}
