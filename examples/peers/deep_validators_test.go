package peers_test

import (
	"context"

	"k8s.io/apimachinery/pkg/api/validate"
	"k8s.io/apimachinery/pkg/util/validation/field"

	appsv1 "github.com/union-gen/union-gen/examples/apis/apps/v1"
	corev1 "github.com/union-gen/union-gen/examples/apis/core/v1"
)

// The peers for a wide union (twelve members), a list of volumes and a deep
// Deployment: each walks the object the way its kind of code does today.
// validation-gen's generated code and in-tree code both build the path of
// every field they descend into before they know whether it is needed.

var volumeMembership = validate.NewDiscriminatedUnionMembership("type",
	validate.NewDiscriminatedUnionMember("hostPath", "HostPath"),
	validate.NewDiscriminatedUnionMember("emptyDir", "EmptyDir"),
	validate.NewDiscriminatedUnionMember("secret", "Secret"),
	validate.NewDiscriminatedUnionMember("nfs", "NFS"),
	validate.NewDiscriminatedUnionMember("iscsi", "ISCSI"),
	validate.NewDiscriminatedUnionMember("persistentVolumeClaim", "PersistentVolumeClaim"),
	validate.NewDiscriminatedUnionMember("rbd", "RBD"),
	validate.NewDiscriminatedUnionMember("configMap", "ConfigMap"),
	validate.NewDiscriminatedUnionMember("downwardAPI", "DownwardAPI"),
	validate.NewDiscriminatedUnionMember("csi", "CSI"),
	validate.NewDiscriminatedUnionMember("projected", "Projected"),
	validate.NewDiscriminatedUnionMember("ephemeral", "Ephemeral"))

func volumeDiscriminatedUnion(fldPath *field.Path, obj, old *corev1.VolumeSource) field.ErrorList {
	return validate.DiscriminatedUnion(context.Background(), opFor(old), fldPath, obj, old, volumeMembership,
		func(v *corev1.VolumeSource) corev1.VolumeSourceType {
			if v == nil {
				return ""
			}
			return v.Type
		},
		func(v *corev1.VolumeSource) bool { return v != nil && v.HostPath != nil },
		func(v *corev1.VolumeSource) bool { return v != nil && v.EmptyDir != nil },
		func(v *corev1.VolumeSource) bool { return v != nil && v.Secret != nil },
		func(v *corev1.VolumeSource) bool { return v != nil && v.NFS != nil },
		func(v *corev1.VolumeSource) bool { return v != nil && v.ISCSI != nil },
		func(v *corev1.VolumeSource) bool { return v != nil && v.PersistentVolumeClaim != nil },
		func(v *corev1.VolumeSource) bool { return v != nil && v.RBD != nil },
		func(v *corev1.VolumeSource) bool { return v != nil && v.ConfigMap != nil },
		func(v *corev1.VolumeSource) bool { return v != nil && v.DownwardAPI != nil },
		func(v *corev1.VolumeSource) bool { return v != nil && v.CSI != nil },
		func(v *corev1.VolumeSource) bool { return v != nil && v.Projected != nil },
		func(v *corev1.VolumeSource) bool { return v != nil && v.Ephemeral != nil })
}

// volumeInTree checks the union as
// k8s.io/kubernetes/pkg/apis/core/validation.validateVolumeSource does: it
// counts the sources that are set, then the type must name the one set.
func volumeInTree(v *corev1.VolumeSource, fldPath *field.Path) field.ErrorList {
	allErrs := field.ErrorList{}
	numVolumes := 0
	expected := ""
	for _, source := range []struct {
		set   bool
		typ   corev1.VolumeSourceType
		field string
	}{
		{v.HostPath != nil, corev1.VolumeSourceTypeHostPath, "hostPath"},
		{v.EmptyDir != nil, corev1.VolumeSourceTypeEmptyDir, "emptyDir"},
		{v.Secret != nil, corev1.VolumeSourceTypeSecret, "secret"},
		{v.NFS != nil, corev1.VolumeSourceTypeNFS, "nfs"},
		{v.ISCSI != nil, corev1.VolumeSourceTypeISCSI, "iscsi"},
		{v.PersistentVolumeClaim != nil, corev1.VolumeSourceTypePersistentVolumeClaim, "persistentVolumeClaim"},
		{v.RBD != nil, corev1.VolumeSourceTypeRBD, "rbd"},
		{v.ConfigMap != nil, corev1.VolumeSourceTypeConfigMap, "configMap"},
		{v.DownwardAPI != nil, corev1.VolumeSourceTypeDownwardAPI, "downwardAPI"},
		{v.CSI != nil, corev1.VolumeSourceTypeCSI, "csi"},
		{v.Projected != nil, corev1.VolumeSourceTypeProjected, "projected"},
		{v.Ephemeral != nil, corev1.VolumeSourceTypeEphemeral, "ephemeral"},
	} {
		switch {
		case source.set && numVolumes > 0:
			allErrs = append(allErrs, field.Forbidden(fldPath.Child(source.field), "may not specify more than 1 volume type"))
		case source.set:
			numVolumes++
		}
		if source.typ == v.Type {
			expected = source.field
			if !source.set {
				allErrs = append(allErrs, field.Required(fldPath.Child(source.field), "must be set when type is "+string(v.Type)))
			}
		}
	}
	if expected == "" {
		allErrs = append(allErrs, field.NotSupported(fldPath.Child("type"), v.Type, []string{"CSI", "ConfigMap", "DownwardAPI", "EmptyDir",
			"Ephemeral", "HostPath", "ISCSI", "NFS", "PersistentVolumeClaim", "Projected", "RBD", "Secret"}))
	}
	return allErrs
}

// oldVolume is the item of old with the name of in's item i, as
// validation-gen's list-map helpers match them; nil when there is none.
func oldVolume(in, old []corev1.Volume, i int) *corev1.VolumeSource {
	for j := range old {
		if old[j].Name == in[i].Name {
			return &old[j].VolumeSource
		}
	}
	return nil
}

func volumesDiscriminatedUnion(fldPath *field.Path, obj, old *corev1.PodSpec) field.ErrorList {
	var errs field.ErrorList
	volumesPath := fldPath.Child("volumes")
	for i := range obj.Volumes {
		var prior *corev1.VolumeSource
		if old != nil {
			prior = oldVolume(obj.Volumes, old.Volumes, i)
		}
		errs = append(errs, volumeDiscriminatedUnion(volumesPath.Index(i), &obj.Volumes[i].VolumeSource, prior)...)
	}
	return errs
}

// volumesInTree walks the volumes as validateVolumes does.
func volumesInTree(spec *corev1.PodSpec, fldPath *field.Path) field.ErrorList {
	allErrs := field.ErrorList{}
	for i := range spec.Volumes {
		idxPath := fldPath.Child("volumes").Index(i)
		allErrs = append(allErrs, volumeInTree(&spec.Volumes[i].VolumeSource, idxPath)...)
	}
	return allErrs
}

// podSeccomp returns the pod's and each container's seccomp profile, or nil.
func podSeccomp(spec *corev1.PodSpec) *corev1.SeccompProfile {
	if spec == nil || spec.SecurityContext == nil {
		return nil
	}
	return spec.SecurityContext.SeccompProfile
}

func containerSeccomp(c *corev1.Container) *corev1.SeccompProfile {
	if c == nil || c.SecurityContext == nil {
		return nil
	}
	return c.SecurityContext.SeccompProfile
}

func deploymentDiscriminatedUnion(fldPath *field.Path, obj, old *appsv1.Deployment) field.ErrorList {
	var oldSpec *appsv1.DeploymentSpec
	var oldStrategy *appsv1.DeploymentStrategy
	var oldPod *corev1.PodSpec
	if old != nil {
		oldSpec = &old.Spec
		oldStrategy, oldPod = &oldSpec.Strategy, &oldSpec.Template.Spec
	}
	specPath := fldPath.Child("spec")
	errs := strategyDiscriminatedUnion(specPath.Child("strategy"), &obj.Spec.Strategy, oldStrategy)
	podPath := specPath.Child("template", "spec")
	pod := &obj.Spec.Template.Spec
	if sp := podSeccomp(pod); sp != nil {
		errs = append(errs, seccompDiscriminatedUnion(podPath.Child("securityContext", "seccompProfile"), sp, podSeccomp(oldPod))...)
	}
	for i := range pod.Containers {
		idxPath := podPath.Child("containers").Index(i)
		var prior *corev1.Container
		if oldPod != nil {
			for j := range oldPod.Containers {
				if oldPod.Containers[j].Name == pod.Containers[i].Name {
					prior = &oldPod.Containers[j]
					break
				}
			}
		}
		if sp := containerSeccomp(&pod.Containers[i]); sp != nil {
			errs = append(errs, seccompDiscriminatedUnion(idxPath.Child("securityContext", "seccompProfile"), sp, containerSeccomp(prior))...)
		}
	}
	return errs
}

// deploymentInTree walks the Deployment as ValidateDeploymentSpec and
// ValidatePodSpec do, for the unions in it.
func deploymentInTree(d *appsv1.Deployment, fldPath *field.Path) field.ErrorList {
	allErrs := field.ErrorList{}
	specPath := fldPath.Child("spec")
	allErrs = append(allErrs, strategyInTree(&d.Spec.Strategy, specPath.Child("strategy"))...)
	podPath := specPath.Child("template").Child("spec")
	pod := &d.Spec.Template.Spec
	if sp := podSeccomp(pod); sp != nil {
		allErrs = append(allErrs, seccompInTree(sp, podPath.Child("securityContext").Child("seccompProfile"))...)
	}
	for i := range pod.Containers {
		idxPath := podPath.Child("containers").Index(i)
		if sp := containerSeccomp(&pod.Containers[i]); sp != nil {
			allErrs = append(allErrs, seccompInTree(sp, idxPath.Child("securityContext").Child("seccompProfile"))...)
		}
	}
	return allErrs
}
