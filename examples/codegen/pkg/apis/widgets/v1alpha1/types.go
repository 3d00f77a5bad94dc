/*
Copyright The Widgets Authors.

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

package v1alpha1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object

// Widget is an example object with a union in its spec.
type Widget struct {
	metav1.TypeMeta `json:",inline"`
	// +optional
	metav1.ObjectMeta `json:"metadata,omitempty"`

	// +optional
	Spec WidgetSpec `json:"spec,omitempty"`
}

// WidgetSpec is the desired state of a Widget.
type WidgetSpec struct {
	// replicas is the number of widgets.
	// +optional
	Replicas *int32 `json:"replicas,omitempty"`

	// strategy is how the widgets are replaced: a union, whose type selects
	// the one member that may be set.
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

// WidgetStrategy is a union: NormalizeUnions clears rollingUpdate when an
// update switches type to Recreate, and ValidateUnions rejects a member that
// type does not select.
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

// +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object

// WidgetList is a list of Widgets.
type WidgetList struct {
	metav1.TypeMeta `json:",inline"`
	// +optional
	metav1.ListMeta `json:"metadata,omitempty"`

	Items []Widget `json:"items"`
}
