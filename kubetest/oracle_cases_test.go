package kubetest

// The kinds of k8s.io/api whose unions the oracle tries, each with a valid
// object (YAML, without apiVersion and kind) and, for each union, where it
// is in the object and a valid value of each member, so that the API
// server's errors at the union's paths are the union's own.

// oracleKind is a kind that holds unions.
type oracleKind struct {
	// pkg is the kind's Go package, relative to k8s.io/api ("resource/v1"),
	// and kind its type.
	pkg, kind string
	// createOnly: the API server stores no such object (a review); there
	// is no update to try.
	createOnly bool
	object     string
	unions     []oracleUnion
	// internal are, for a version whose fields the API server validates in
	// another layout (its internal version), the prefixes of paths in this
	// version and what the API server writes for them.
	internal [][2]string
}

// oracleUnion is where a union of a kind is, and a valid value of each of
// its members.
type oracleUnion struct {
	// typ is the union's struct, in the kind's package.
	typ string
	// path leads from the object to the struct: property names, and list
	// indexes (int).
	path    []any
	members map[string]any
	// companions are fields that the API server requires beside a member
	// (validation-gen's +k8s:dependentRequired), set and unset with it.
	companions map[string]map[string]any
	// name is, where the API server ties the object's name to the
	// discriminator (flowcontrol's exempt priority level), the name of an
	// object with the discriminator's value; "" keeps the object's.
	name func(disc string) string
}

// groups are the API groups of k8s.io/api's packages.
var groups = map[string]string{
	"admissionregistration": "admissionregistration.k8s.io",
	"apps":                  "apps",
	"authorization":         "authorization.k8s.io",
	"core":                  "",
	"flowcontrol":           "flowcontrol.apiserver.k8s.io",
	"lifecycle":             "lifecycle.k8s.io",
	"resource":              "resource.k8s.io",
	"scheduling":            "scheduling.k8s.io",
}

var nodeSelector = map[string]any{"nodeSelectorTerms": []any{map[string]any{"matchExpressions": []any{map[string]any{"key": "zone", "operator": "Exists"}}}}}

// mutatingPolicy is a MutatingAdmissionPolicy of every version.
const mutatingPolicy = `metadata: {name: oracle}
spec:
  matchConstraints:
    resourceRules:
    - {apiGroups: [apps], apiVersions: [v1], operations: [UPDATE], resources: [deployments]}
  failurePolicy: Fail
  reinvocationPolicy: Never
  mutations:
  - patchType: ApplyConfiguration
    applyConfiguration: {expression: "Object{}"}
`

func mutationKind(version string) oracleKind {
	return oracleKind{pkg: "admissionregistration/" + version, kind: "MutatingAdmissionPolicy", object: mutatingPolicy, unions: []oracleUnion{{
		typ: "Mutation", path: []any{"spec", "mutations", 0},
		members: map[string]any{
			"applyConfiguration": map[string]any{"expression": "Object{}"},
			"jsonPatch":          map[string]any{"expression": "[]"},
		},
	}}}
}

var accessReviewMembers = map[string]any{
	"resourceAttributes":    map[string]any{"verb": "get", "resource": "pods", "namespace": "default"},
	"nonResourceAttributes": map[string]any{"verb": "get", "path": "/healthz"},
}

func accessReviewKinds(version string) []oracleKind {
	return []oracleKind{
		{pkg: "authorization/" + version, kind: "SubjectAccessReview", createOnly: true,
			object: "metadata: {}\nspec: {user: alice, resourceAttributes: {verb: get, resource: pods, namespace: default}}\n",
			unions: []oracleUnion{{typ: "SubjectAccessReviewSpec", path: []any{"spec"}, members: accessReviewMembers}}},
		{pkg: "authorization/" + version, kind: "SelfSubjectAccessReview", createOnly: true,
			object: "metadata: {}\nspec: {resourceAttributes: {verb: get, resource: pods, namespace: default}}\n",
			unions: []oracleUnion{{typ: "SelfSubjectAccessReviewSpec", path: []any{"spec"}, members: accessReviewMembers}}},
	}
}

// podTemplate holds the unions of a pod's spec, in a kind whose template
// can be updated.
const podTemplate = `metadata: {name: oracle, namespace: default}
template:
  metadata: {labels: {app: oracle}}
  spec:
    securityContext:
      seccompProfile: {type: RuntimeDefault}
      appArmorProfile: {type: RuntimeDefault}
    containers:
    - name: c
      image: busybox
      restartPolicy: Never
      restartPolicyRules:
      - action: Restart
        exitCodes: {operator: In, values: [42]}
      securityContext:
        seccompProfile: {type: RuntimeDefault}
`

var profileMembers = map[string]any{"localhostProfile": "profiles/oracle.json"}

// deploymentObject and statefulSetObject have the unions that pkg/builtin
// describes, which k8s.io/api does not mark (markDescribed).
const (
	deploymentObject = `metadata: {name: oracle, namespace: default}
spec:
  selector: {matchLabels: {app: oracle}}
  template:
    metadata: {labels: {app: oracle}}
    spec:
      containers: [{name: c, image: busybox}]
  strategy: {type: RollingUpdate, rollingUpdate: {maxSurge: 1}}
`
	statefulSetObject = `metadata: {name: oracle, namespace: default}
spec:
  serviceName: oracle
  selector: {matchLabels: {app: oracle}}
  template:
    metadata: {labels: {app: oracle}}
    spec:
      containers: [{name: c, image: busybox}]
  updateStrategy: {type: RollingUpdate, rollingUpdate: {partition: 1}}
`
)

var priorityLevel = `metadata: {name: oracle}
spec:
  type: Limited
  limited:
    nominalConcurrencyShares: 10
    limitResponse: {type: Reject}
`

var flowSchema = `metadata: {name: oracle}
spec:
  priorityLevelConfiguration: {name: global-default}
  matchingPrecedence: 5000
  rules:
  - subjects:
    - kind: User
      user: {name: alice}
    resourceRules:
    - {verbs: [get], apiGroups: [""], resources: [pods], namespaces: ["*"]}
`

// resourceSlice has the unions of a ResourceSlice of resource.k8s.io v1 and
// v1beta2: node selection per device, so that a device may name its node.
const resourceSlice = `metadata: {name: oracle}
spec:
  driver: driver.example.com
  pool: {name: pool, generation: 1, resourceSliceCount: 1}
  perDeviceNodeSelection: true
  devices:
  - name: dev-0
    nodeName: node-1
    allowMultipleAllocations: true
    attributes:
      driver.example.com/model: {string: a100}
    capacity:
      driver.example.com/memory:
        value: 10Gi
        requestPolicy: {default: 1Gi, validValues: [1Gi]}
    nodeAllocatableResources:
      memory:
        mapping: {capacityKey: driver.example.com/memory, capacityMultiplier: "1"}
`

func resourceSliceUnions(device []any) []oracleUnion {
	attribute := append(append([]any{}, device...), "attributes", mapKey("driver.example.com/model"))
	return []oracleUnion{
		{typ: "ResourceSliceSpec", path: []any{"spec"}, members: map[string]any{
			"nodeName": "node-1", "nodeSelector": nodeSelector, "allNodes": true, "perDeviceNodeSelection": true,
			"devices":        []any{map[string]any{"name": "dev-0", "nodeName": "node-1"}},
			"sharedCounters": []any{map[string]any{"name": "set", "counters": map[string]any{"memory": map[string]any{"value": "10Gi"}}}},
		}},
		{typ: "DeviceAttribute", path: attribute, members: map[string]any{
			"int": 1, "bool": true, "string": "a100", "version": "1.0.0",
			"ints": []any{1}, "bools": []any{true}, "strings": []any{"a100"}, "versions": []any{"1.0.0"},
		}},
		{typ: "CapacityRequestPolicy", path: append(append([]any{}, device...), "capacity", mapKey("driver.example.com/memory"), "requestPolicy"), members: map[string]any{
			"validValues": []any{"1Gi"}, "validRange": map[string]any{"min": "1Gi"},
		}},
		{typ: "NodeAllocatableMapping", path: append(append([]any{}, device...), "nodeAllocatableResources", mapKey("memory"), "mapping"), members: map[string]any{
			"capacityKey": "driver.example.com/memory", "deviceMultiplier": "1",
		}, companions: map[string]map[string]any{"capacityKey": {"capacityMultiplier": "1"}}},
	}
}

// resourceClaim has the unions of a ResourceClaim's requests.
const resourceClaim = `metadata: {name: oracle, namespace: default}
spec:
  devices:
    requests:
    - name: gpu
      exactly:
        deviceClassName: gpu.example.com
        selectors:
        - cel: {expression: "true"}
    constraints:
    - requests: [gpu]
      matchAttribute: driver.example.com/model
    config:
    - requests: [gpu]
      opaque: {driver: driver.example.com, parameters: {}}
`

func resourceClaimUnions() []oracleUnion {
	return []oracleUnion{
		{typ: "DeviceRequest", path: []any{"spec", "devices", "requests", 0}, members: map[string]any{
			"exactly":        map[string]any{"deviceClassName": "gpu.example.com"},
			"firstAvailable": []any{map[string]any{"name": "any", "deviceClassName": "gpu.example.com"}},
		}},
		{typ: "DeviceSelector", path: []any{"spec", "devices", "requests", 0, "exactly", "selectors", 0}, members: map[string]any{
			"cel": map[string]any{"expression": "true"},
		}},
		{typ: "DeviceConstraint", path: []any{"spec", "devices", "constraints", 0}, members: map[string]any{
			"matchAttribute": "driver.example.com/model", "distinctAttribute": "driver.example.com/model",
		}},
		{typ: "DeviceConfiguration", path: []any{"spec", "devices", "config", 0}, members: map[string]any{
			"opaque": map[string]any{"driver": "driver.example.com", "parameters": map[string]any{}},
		}},
	}
}

var workload = `metadata: {name: oracle, namespace: default}
spec:
  podGroupTemplates:
  - name: workers
    schedulingPolicy: {gang: {minCount: 2}}
    disruptionMode: {single: {}}
    resourceClaims:
    - {name: gpu, resourceClaimName: gpus}
`

var schedulingMembers = map[string]map[string]any{
	"WorkloadSpec": {
		"podGroupTemplates":          []any{map[string]any{"name": "workers", "schedulingPolicy": map[string]any{"basic": map[string]any{}}}},
		"compositePodGroupTemplates": []any{map[string]any{"name": "groups", "schedulingPolicy": map[string]any{"basic": map[string]any{}}}},
	},
	"PodGroupSchedulingPolicy": {"basic": map[string]any{}, "gang": map[string]any{"minCount": 2}},
	"DisruptionMode":           {"single": map[string]any{}, "all": map[string]any{}},
	"PodGroupResourceClaim":    {"resourceClaimName": "gpus", "resourceClaimTemplateName": "gpus"},
}

func workloadUnions() []oracleUnion {
	template := []any{"spec", "podGroupTemplates", 0}
	at := func(rest ...any) []any { return append(append([]any{}, template...), rest...) }
	return []oracleUnion{
		{typ: "WorkloadSpec", path: []any{"spec"}, members: schedulingMembers["WorkloadSpec"]},
		{typ: "PodGroupSchedulingPolicy", path: at("schedulingPolicy"), members: schedulingMembers["PodGroupSchedulingPolicy"]},
		{typ: "DisruptionMode", path: at("disruptionMode"), members: schedulingMembers["DisruptionMode"]},
		{typ: "PodGroupResourceClaim", path: at("resourceClaims", 0), members: schedulingMembers["PodGroupResourceClaim"]},
	}
}

var podGroup = `metadata: {name: oracle, namespace: default}
spec:
  schedulingPolicy: {gang: {minCount: 2}}
  disruptionMode: {single: {}}
  resourceClaims:
  - {name: gpu, resourceClaimName: gpus}
`

func podGroupUnions() []oracleUnion {
	return []oracleUnion{
		{typ: "PodGroupSchedulingPolicy", path: []any{"spec", "schedulingPolicy"}, members: schedulingMembers["PodGroupSchedulingPolicy"]},
		{typ: "DisruptionMode", path: []any{"spec", "disruptionMode"}, members: schedulingMembers["DisruptionMode"]},
		{typ: "PodGroupResourceClaim", path: []any{"spec", "resourceClaims", 0}, members: schedulingMembers["PodGroupResourceClaim"]},
	}
}

const podUID = "6a2b8c1e-8f0e-4c7a-9d59-1f3c4b5a6d7e"

// oracleKinds are the kinds the oracle tries.
var oracleKinds = func() []oracleKind {
	kinds := []oracleKind{mutationKind("v1"), mutationKind("v1beta1"), mutationKind("v1alpha1")}
	kinds = append(kinds, accessReviewKinds("v1")...)
	kinds = append(kinds, accessReviewKinds("v1beta1")...)
	kinds = append(kinds,
		// The API server reports an unknown strategy type at the strategy
		// (so does a StatefulSet's).
		oracleKind{pkg: "apps/v1", kind: "Deployment", object: deploymentObject, unions: []oracleUnion{
			{typ: "DeploymentStrategy", path: []any{"spec", "strategy"}, members: map[string]any{"rollingUpdate": map[string]any{"maxSurge": 1}}},
		}, internal: [][2]string{{"spec.strategy.type", "spec.strategy"}}},
		oracleKind{pkg: "apps/v1", kind: "StatefulSet", object: statefulSetObject, unions: []oracleUnion{
			{typ: "StatefulSetUpdateStrategy", path: []any{"spec", "updateStrategy"}, members: map[string]any{"rollingUpdate": map[string]any{"partition": 1}}},
		}, internal: [][2]string{{"spec.updateStrategy.type", "spec.updateStrategy"}}},
		oracleKind{pkg: "core/v1", kind: "PodTemplate", object: podTemplate, unions: []oracleUnion{
			{typ: "SeccompProfile", path: []any{"template", "spec", "securityContext", "seccompProfile"}, members: profileMembers},
			{typ: "AppArmorProfile", path: []any{"template", "spec", "securityContext", "appArmorProfile"}, members: profileMembers},
			{typ: "ContainerRestartRule", path: []any{"template", "spec", "containers", 0, "restartPolicyRules", 0}, members: map[string]any{
				"exitCodes": map[string]any{"operator": "In", "values": []any{42}},
			}},
		}},
		oracleKind{pkg: "core/v1", kind: "Pod", object: "metadata: {name: oracle, namespace: default}\nspec:\n  containers: [{name: c, image: busybox}]\n  schedulingGroup: {podGroupName: workers}\n",
			unions: []oracleUnion{{typ: "PodSchedulingGroup", path: []any{"spec", "schedulingGroup"}, members: map[string]any{"podGroupName": "workers"}}}},
		oracleKind{pkg: "flowcontrol/v1", kind: "PriorityLevelConfiguration", object: priorityLevel, unions: []oracleUnion{
			{typ: "PriorityLevelConfigurationSpec", path: []any{"spec"}, members: map[string]any{
				"limited": map[string]any{"nominalConcurrencyShares": 10, "limitResponse": map[string]any{"type": "Reject"}},
				"exempt":  map[string]any{"nominalConcurrencyShares": 0},
			}, name: exemptName},
			{typ: "LimitResponse", path: []any{"spec", "limited", "limitResponse"}, members: map[string]any{
				"queuing": map[string]any{"queues": 64, "handSize": 6, "queueLengthLimit": 50},
			}},
		}},
		oracleKind{pkg: "flowcontrol/v1", kind: "FlowSchema", object: flowSchema, unions: []oracleUnion{
			{typ: "Subject", path: []any{"spec", "rules", 0, "subjects", 0}, members: map[string]any{
				"user": map[string]any{"name": "alice"}, "group": map[string]any{"name": "team"},
				"serviceAccount": map[string]any{"namespace": "default", "name": "builder"},
			}},
		}},
		oracleKind{pkg: "lifecycle/v1alpha1", kind: "EvictionRequest",
			object: "metadata: {name: oracle, namespace: default}\nspec:\n  target: {pod: {name: oracle, uid: " + podUID + "}}\n  requester: example.com/oracle\n  intent: Eviction\n",
			unions: []oracleUnion{{typ: "EvictionRequestTarget", path: []any{"spec", "target"}, members: map[string]any{"pod": map[string]any{"name": "oracle", "uid": podUID}}}}},
		oracleKind{pkg: "lifecycle/v1alpha1", kind: "Eviction",
			object: "metadata: {name: oracle, namespace: default}\nspec:\n  target: {pod: {name: oracle, uid: " + podUID + "}}\n",
			unions: []oracleUnion{{typ: "EvictionTarget", path: []any{"spec", "target"}, members: map[string]any{"pod": map[string]any{"name": "oracle", "uid": podUID}}}}},
	)
	for _, version := range []string{"v1", "v1beta2"} {
		kinds = append(kinds,
			oracleKind{pkg: "resource/" + version, kind: "ResourceSlice", object: resourceSlice, unions: resourceSliceUnions([]any{"spec", "devices", 0})},
			oracleKind{pkg: "resource/" + version, kind: "ResourceClaim", object: resourceClaim, unions: resourceClaimUnions()},
		)
	}
	kinds = append(kinds,
		oracleKind{pkg: "resource/v1beta1", kind: "ResourceSlice", object: resourceSliceV1beta1, unions: append(resourceSliceUnions([]any{"spec", "devices", 0, "basic"}),
			oracleUnion{typ: "Device", path: []any{"spec", "devices", 0}, members: map[string]any{"basic": map[string]any{"nodeName": "node-1"}}}),
			internal: [][2]string{{"spec.devices[0].basic", "spec.devices[0]"}}},
		// A request of v1beta1 whose exact fields (selectors, allocationMode,
		// count) are set is an exact request beside firstAvailable: the
		// request of the union of deviceClassName and firstAvailable has
		// none, the other a selector.
		oracleKind{pkg: "resource/v1beta1", kind: "ResourceClaim", object: resourceClaimRequestV1beta1, unions: []oracleUnion{
			{typ: "DeviceRequest", path: []any{"spec", "devices", "requests", 0}, members: map[string]any{
				"deviceClassName": "gpu.example.com",
				"firstAvailable":  []any{map[string]any{"name": "any", "deviceClassName": "gpu.example.com"}},
			}},
		}, internal: v1beta1Requests},
		oracleKind{pkg: "resource/v1beta1", kind: "ResourceClaim", object: resourceClaimV1beta1, internal: v1beta1Requests, unions: []oracleUnion{
			{typ: "DeviceSelector", path: []any{"spec", "devices", "requests", 0, "selectors", 0}, members: map[string]any{"cel": map[string]any{"expression": "true"}}},
			{typ: "DeviceConstraint", path: []any{"spec", "devices", "constraints", 0}, members: map[string]any{
				"matchAttribute": "driver.example.com/model", "distinctAttribute": "driver.example.com/model",
			}},
			{typ: "DeviceConfiguration", path: []any{"spec", "devices", "config", 0}, members: map[string]any{
				"opaque": map[string]any{"driver": "driver.example.com", "parameters": map[string]any{}},
			}},
		}},
	)
	for _, version := range []string{"v1beta1", "v1alpha3"} {
		kinds = append(kinds,
			oracleKind{pkg: "scheduling/" + version, kind: "Workload", object: workload, unions: workloadUnions()},
			oracleKind{pkg: "scheduling/" + version, kind: "Workload", object: compositeWorkload, unions: []oracleUnion{
				{typ: "CompositePodGroupSchedulingPolicy", path: []any{"spec", "compositePodGroupTemplates", 0, "schedulingPolicy"}, members: compositeMembers["CompositePodGroupSchedulingPolicy"]},
				{typ: "CompositeDisruptionMode", path: []any{"spec", "compositePodGroupTemplates", 0, "disruptionMode"}, members: compositeMembers["CompositeDisruptionMode"]},
			}},
			oracleKind{pkg: "scheduling/" + version, kind: "PodGroup", object: podGroup, unions: podGroupUnions()},
		)
	}
	kinds = append(kinds, oracleKind{pkg: "scheduling/v1alpha3", kind: "CompositePodGroup", object: compositePodGroup, unions: []oracleUnion{
		{typ: "CompositePodGroupSchedulingPolicy", path: []any{"spec", "schedulingPolicy"}, members: compositeMembers["CompositePodGroupSchedulingPolicy"]},
		{typ: "CompositeDisruptionMode", path: []any{"spec", "disruptionMode"}, members: compositeMembers["CompositeDisruptionMode"]},
	}})
	// flowcontrol's beta versions are served no more: the oracle says so.
	for _, version := range []string{"v1beta1", "v1beta2", "v1beta3"} {
		for _, k := range kinds {
			if k.pkg == "flowcontrol/v1" {
				k.pkg = "flowcontrol/" + version
				kinds = append(kinds, k)
			}
		}
	}
	return kinds
}()

var compositeWorkload = `metadata: {name: oracle-composite, namespace: default}
spec:
  compositePodGroupTemplates:
  - name: groups
    schedulingPolicy: {gang: {minGroupCount: 2}}
    disruptionMode: {single: {}}
    podGroupTemplates:
    - name: workers
      schedulingPolicy: {basic: {}}
`

var compositeMembers = map[string]map[string]any{
	"CompositePodGroupSchedulingPolicy": {"basic": map[string]any{}, "gang": map[string]any{"minGroupCount": 2}},
	"CompositeDisruptionMode":           {"single": map[string]any{}, "all": map[string]any{}},
}

var compositePodGroup = `metadata: {name: oracle, namespace: default}
spec:
  workloadRef: {workloadName: oracle-composite, templateName: groups}
  schedulingPolicy: {gang: {minGroupCount: 2}}
  disruptionMode: {single: {}}
`

// exemptName names a priority level: the API server allows the type Exempt
// to the level named exempt only, and to it no other type.
func exemptName(disc string) string {
	if disc == "Exempt" {
		return "exempt"
	}
	return ""
}

const resourceSliceV1beta1 = `metadata: {name: oracle}
spec:
  driver: driver.example.com
  pool: {name: pool, generation: 1, resourceSliceCount: 1}
  perDeviceNodeSelection: true
  devices:
  - name: dev-0
    basic:
      nodeName: node-1
      allowMultipleAllocations: true
      attributes:
        driver.example.com/model: {string: a100}
      capacity:
        driver.example.com/memory:
          value: 10Gi
          requestPolicy: {default: 1Gi, validValues: [1Gi]}
      nodeAllocatableResources:
        memory:
          mapping: {capacityKey: driver.example.com/memory, capacityMultiplier: "1"}
`

// v1beta1Requests are the fields of a request of v1beta1 that the API
// server validates as those of its exact request.
var v1beta1Requests = [][2]string{
	{"spec.devices.requests[0].deviceClassName", "spec.devices.requests[0].exactly.deviceClassName"},
	{"spec.devices.requests[0].selectors", "spec.devices.requests[0].exactly.selectors"},
}

const resourceClaimRequestV1beta1 = `metadata: {name: oracle-request, namespace: default}
spec:
  devices:
    requests:
    - name: gpu
      deviceClassName: gpu.example.com
`

const resourceClaimV1beta1 = `metadata: {name: oracle, namespace: default}
spec:
  devices:
    requests:
    - name: gpu
      deviceClassName: gpu.example.com
      selectors:
      - cel: {expression: "true"}
    constraints:
    - requests: [gpu]
      matchAttribute: driver.example.com/model
    config:
    - requests: [gpu]
      opaque: {driver: driver.example.com, parameters: {}}
`
