package openshiftsuites

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"sigs.k8s.io/yaml"
)

// suite is one of openshift/api's test suite files,
// <group>/<version>/tests/<crd name>/<name>.yaml, as its runner
// (openshift/api's tests/types.go) reads it.
type suite struct {
	file         string   // relative to the module
	Name         string   `json:"name"`
	CRDName      string   `json:"crdName"`
	FeatureGates []string `json:"featureGates"`
	Version      string   `json:"version"`
	Tests        struct {
		OnCreate []suiteTest `json:"onCreate"`
		OnUpdate []suiteTest `json:"onUpdate"`
	} `json:"tests"`
}

// suiteTest is an onCreate or an onUpdate test.
type suiteTest struct {
	Name                string           `json:"name"`
	InitialCRDPatches   []map[string]any `json:"initialCRDPatches"`
	Initial             string           `json:"initial"`
	Updated             string           `json:"updated"`
	Expected            string           `json:"expected"`
	ExpectedError       string           `json:"expectedError"`
	ExpectedStatusError string           `json:"expectedStatusError"`
}

// loadSuites reads every suite file of the module in dir.
func loadSuites(dir string) ([]*suite, error) {
	var suites []*suite
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".yaml") || filepath.Base(filepath.Dir(filepath.Dir(path))) != "tests" {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		s := &suite{}
		if err := yaml.Unmarshal(data, s); err != nil {
			return fmt.Errorf("%s: %w", path, err)
		}
		if s.file, err = filepath.Rel(dir, path); err != nil {
			return err
		}
		suites = append(suites, s)
		return nil
	})
	return suites, err
}

// readCRD reads a CRD manifest; ok is false for a file that is no CRD.
func readCRD(file string) (*apiextensionsv1.CustomResourceDefinition, bool, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, false, err
	}
	crd := &apiextensionsv1.CustomResourceDefinition{}
	if err := yaml.Unmarshal(data, crd); err != nil || crd.Kind != "CustomResourceDefinition" {
		return nil, false, nil
	}
	return crd, true, nil
}

// featureGates are the feature gates of openshift's payload, by the
// annotations of their files, to tell which manifests a gated suite runs on.
type featureGates []map[string]any

func loadFeatureGates(dir string) (featureGates, error) {
	var gates featureGates
	err := filepath.WalkDir(filepath.Join(dir, "payload-manifests", "featuregates"), func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		gate := map[string]any{}
		if err := yaml.Unmarshal(data, &gate); err != nil {
			return fmt.Errorf("%s: %w", path, err)
		}
		gates = append(gates, gate)
		return nil
	})
	return gates, err
}

// status is which gates are enabled for a cluster profile, feature sets and
// major versions, from the first matching payload file, as
// featureGatesForClusterProfileFeatureSetVersion in openshift/api's
// tests/crd_filter.go finds them.
func (g featureGates) status(profile string, featureSets []string, versions []uint64) (map[string]bool, error) {
	if len(featureSets) == 0 {
		featureSets = []string{"Default"}
	}
	for _, gate := range g {
		annotations, _, _ := unstructured.NestedStringMap(gate, "metadata", "annotations")
		if _, ok := annotations[profile]; !ok || !slices.Contains(featureSets, annotations["release.openshift.io/feature-set"]) {
			continue
		}
		if len(versions) > 0 && !slices.ContainsFunc(majorVersions(annotations), func(v uint64) bool { return slices.Contains(versions, v) }) {
			continue
		}
		list, _, _ := unstructured.NestedSlice(gate, "status", "featureGates")
		if len(list) == 0 {
			return nil, fmt.Errorf("feature gate file of %s %v has no status", profile, featureSets)
		}
		first, _ := list[0].(map[string]any)
		enabled := map[string]bool{}
		for key, on := range map[string]bool{"enabled": true, "disabled": false} {
			gates, _, _ := unstructured.NestedSlice(first, key)
			for _, g := range gates {
				if m, ok := g.(map[string]any); ok {
					name, _ := m["name"].(string)
					enabled[name] = on
				}
			}
		}
		return enabled, nil
	}
	return nil, fmt.Errorf("no feature gate file for cluster profile %q, feature sets %v and versions %v", profile, featureSets, versions)
}

// majorVersions reads release.openshift.io/major-version.
func majorVersions(annotations map[string]string) []uint64 {
	var versions []uint64
	for key, value := range annotations {
		if !strings.HasPrefix(key, "release.openshift.io/major-version") {
			continue
		}
		for _, v := range strings.Split(value, ",") {
			if n, err := strconv.ParseUint(strings.TrimSpace(v), 10, 64); err == nil {
				versions = append(versions, n)
			}
		}
		break
	}
	return versions
}

// manifests are the CRD files of the module in dir that a suite runs on,
// relative to dir, as perTestRuntimeInfo in openshift/api's
// tests/crd_filter.go selects them: every manifest of the CRD for an ungated
// suite, else those whose feature set enables (or, for "-Gate", disables)
// every gate of the suite. loaded holds the CRD manifests, read once for
// every suite.
func (s *suite) manifests(dir string, loaded map[string]*manifest, gates featureGates) ([]string, error) {
	manifestDir := filepath.Join(filepath.Dir(filepath.Dir(filepath.Dir(s.file))), "zz_generated.crd-manifests")
	entries, err := os.ReadDir(filepath.Join(dir, manifestDir))
	if err != nil {
		return nil, err
	}
	var files []string
	for _, e := range entries {
		file := filepath.Join(manifestDir, e.Name())
		m := loaded[file]
		if m == nil || m.shipped.Name != s.CRDName {
			continue
		}
		keep, err := s.runsOn(m.shipped, gates)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", file, err)
		}
		if keep {
			files = append(files, file)
		}
	}
	return files, nil
}

func (s *suite) runsOn(crd *apiextensionsv1.CustomResourceDefinition, gates featureGates) (bool, error) {
	if len(s.FeatureGates) == 0 {
		return true, nil
	}
	var featureSets []string
	if a := crd.Annotations["release.openshift.io/feature-set"]; a != "" {
		featureSets = strings.Split(a, ",")
	}
	if slices.Contains(featureSets, "CustomNoUpgrade") {
		return !slices.ContainsFunc(s.FeatureGates, func(g string) bool { return strings.HasPrefix(g, "-") }), nil
	}
	var profiles []string
	for key, value := range crd.Annotations {
		if strings.HasPrefix(key, "include.release.openshift.io/") && value == "true" {
			profiles = append(profiles, key)
		}
	}
	if len(profiles) == 0 {
		return true, nil
	}
	slices.Sort(profiles)
	enabled, err := gates.status(profiles[0], featureSets, majorVersions(crd.Annotations))
	if err != nil {
		return false, err
	}
	for _, gate := range s.FeatureGates {
		name, wantOn := strings.TrimPrefix(gate, "-"), !strings.HasPrefix(gate, "-")
		on, found := enabled[name]
		if !found {
			return false, fmt.Errorf("no feature gate %s", name)
		}
		if on != wantOn {
			return false, nil
		}
	}
	return true, nil
}

// version is the CRD version a suite tests: its own, or the one version of
// its manifests.
func (s *suite) version(crds []*apiextensionsv1.CustomResourceDefinition) (string, error) {
	if s.Version != "" {
		return s.Version, nil
	}
	version := ""
	for _, crd := range crds {
		if len(crd.Spec.Versions) != 1 {
			return "", fmt.Errorf("%s has %d versions and the suite names none", crd.Name, len(crd.Spec.Versions))
		}
		if version != "" && version != crd.Spec.Versions[0].Name {
			return "", fmt.Errorf("the manifests have versions %s and %s and the suite names none", version, crd.Spec.Versions[0].Name)
		}
		version = crd.Spec.Versions[0].Name
	}
	return version, nil
}
