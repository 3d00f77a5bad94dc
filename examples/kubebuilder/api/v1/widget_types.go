/*
Copyright 2026.

Licensed under the Apache License, Version 2.0 (the "License");
you may not use this file except in compliance with the License.
You may obtain a copy of the License at

    http://www.apache.org/licenses/LICENSE-2.0

Unless required by applicable law or agreed to in writing, software
distributed under the License is distributed on an "AS IS" BASIS,
WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
See the License for the specific language governing permissions and
limitations under the License.
*/

package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

// EDIT THIS FILE!  THIS IS SCAFFOLDING FOR YOU TO OWN!
// NOTE: json tags are required.  Any new fields you add must have json tags for the fields to be serialized.

// WidgetSpec defines the desired state of Widget
type WidgetSpec struct {
	// INSERT ADDITIONAL SPEC FIELDS - desired state of cluster
	// Important: Run "make" to regenerate code after modifying this file
	// The following markers will use OpenAPI v3 schema to validate the value
	// More info: https://book.kubebuilder.io/reference/markers/crd-validation.html

	// foo is an example field of Widget. Edit widget_types.go to remove/update
	// +optional
	Foo *string `json:"foo,omitempty"`

	// strategy is how the widget is rolled out: a union, whose type
	// selects the one member that may be set.
	// +optional
	Strategy *WidgetStrategy `json:"strategy,omitempty"`
}

// StrategyType selects the member of a WidgetStrategy.
// +enum
type StrategyType string

const (
	// RecreateStrategyType replaces every widget at once; it has no member.
	RecreateStrategyType StrategyType = "Recreate"
	// RollingUpdateStrategyType replaces widgets a few at a time.
	RollingUpdateStrategyType StrategyType = "RollingUpdate"
)

// WidgetStrategy is a union: switching type from RollingUpdate to Recreate
// with `kubectl apply` clears rollingUpdate, which the policy that union-gen
// writes beside the CRD does, instead of failing validation.
type WidgetStrategy struct {
	// type selects the member that is set.
	// +unionDiscriminator
	// +required
	Type StrategyType `json:"type"`

	// rollingUpdate is set when type is RollingUpdate.
	// +unionMember
	// +optional
	RollingUpdate *RollingUpdate `json:"rollingUpdate,omitempty"`
}

// RollingUpdate is the member of a WidgetStrategy for RollingUpdate.
type RollingUpdate struct {
	// maxUnavailable is how many widgets may be down at once.
	// +optional
	MaxUnavailable *int32 `json:"maxUnavailable,omitempty"`
}

// WidgetStatus defines the observed state of Widget.
type WidgetStatus struct {
	// INSERT ADDITIONAL STATUS FIELD - define observed state of cluster
	// Important: Run "make" to regenerate code after modifying this file

	// For Kubernetes API conventions, see:
	// https://github.com/kubernetes/community/blob/master/contributors/devel/sig-architecture/api-conventions.md#typical-status-properties

	// conditions represent the current state of the Widget resource.
	// Each condition has a unique type and reflects the status of a specific aspect of the resource.
	//
	// Standard condition types include:
	// - "Available": the resource is fully functional
	// - "Progressing": the resource is being created or updated
	// - "Degraded": the resource failed to reach or maintain its desired state
	//
	// The status of each condition is one of True, False, or Unknown.
	// +listType=map
	// +listMapKey=type
	// +optional
	Conditions []metav1.Condition `json:"conditions,omitempty"`
}

// +kubebuilder:object:root=true
// +kubebuilder:subresource:status

// Widget is the Schema for the widgets API
type Widget struct {
	metav1.TypeMeta `json:",inline"`

	// metadata is a standard object metadata
	// +optional
	metav1.ObjectMeta `json:"metadata,omitzero"`

	// spec defines the desired state of Widget
	// +required
	Spec WidgetSpec `json:"spec"`

	// status defines the observed state of Widget
	// +optional
	Status WidgetStatus `json:"status,omitzero"`
}

// +kubebuilder:object:root=true

// WidgetList contains a list of Widget
type WidgetList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitzero"`
	Items           []Widget `json:"items"`
}

func init() {
	SchemeBuilder.Register(func(s *runtime.Scheme) error {
		s.AddKnownTypes(SchemeGroupVersion, &Widget{}, &WidgetList{})
		return nil
	})
}
