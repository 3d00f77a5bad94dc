package channels

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// FilterType selects the member of a Filter.
// +kubebuilder:validation:Enum=RequestHeaderModifier;RequestRedirect
// <gateway:experimental:validation:Enum=RequestHeaderModifier;RequestRedirect;ExternalAuth>
type FilterType string

const (
	FilterTypeRequestHeaderModifier FilterType = "RequestHeaderModifier"
	FilterTypeRequestRedirect       FilterType = "RequestRedirect"
	// <gateway:experimental>
	FilterTypeExternalAuth FilterType = "ExternalAuth"
)

// Filter is a union in a list, as Gateway API writes HTTPRouteFilter: a
// discriminator whose members are inferred from its values.
type Filter struct {
	// +unionDiscriminator
	Type FilterType `json:"type"`
	// +optional
	RequestHeaderModifier *HeaderFilter `json:"requestHeaderModifier,omitempty"`
	// +optional
	RequestRedirect *RedirectFilter `json:"requestRedirect,omitempty"`
	// <gateway:experimental>
	// +optional
	ExternalAuth *ExternalAuthFilter `json:"externalAuth,omitempty"`
}

// HeaderFilter sets a header.
type HeaderFilter struct {
	Name string `json:"name"`
}

// RedirectFilter redirects a request.
type RedirectFilter struct {
	// +optional
	Hostname string `json:"hostname,omitempty"`
}

// ExternalAuthFilter asks a service whether to let a request through.
type ExternalAuthFilter struct {
	Service string `json:"service"`
}

// PersistenceType selects the member of SessionPersistence.
// +kubebuilder:validation:Enum=Cookie;Header
type PersistenceType string

const (
	PersistenceTypeCookie PersistenceType = "Cookie"
	PersistenceTypeHeader PersistenceType = "Header"
)

// SessionPersistence is a union in a field that only the experimental
// channel has.
type SessionPersistence struct {
	// +unionDiscriminator
	Type PersistenceType `json:"type"`
	// +optional
	Cookie *CookieConfig `json:"cookie,omitempty"`
}

// CookieConfig configures a session cookie.
type CookieConfig struct {
	// +optional
	Name string `json:"name,omitempty"`
}

// RouteSpec holds the filters of a route.
type RouteSpec struct {
	// +listType=atomic
	// +kubebuilder:validation:MaxItems=16
	// +optional
	Filters []Filter `json:"filters,omitempty"`
	// <gateway:experimental>
	// +optional
	SessionPersistence *SessionPersistence `json:"sessionPersistence,omitempty"`
}

// Route is a kind with a CRD per release channel.
// +kubebuilder:object:root=true
type Route struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec RouteSpec `json:"spec"`
}

// ExplicitFilter is Filter with its members marked: +unionMember on the
// member whose value the marker leaves out is no error (valuenotinenum), as
// that value is a constant of the discriminator's type. No kind holds it.
type ExplicitFilter struct {
	// +unionDiscriminator
	Type FilterType `json:"type"`
	// +unionMember
	// +optional
	RequestHeaderModifier *HeaderFilter `json:"requestHeaderModifier,omitempty"`
	// +unionMember
	// +optional
	RequestRedirect *RedirectFilter `json:"requestRedirect,omitempty"`
	// +unionMember
	// +optional
	ExternalAuth *ExternalAuthFilter `json:"externalAuth,omitempty"`
}
