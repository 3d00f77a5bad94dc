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

// volumeInTree checks the union in the style of
// k8s.io/kubernetes/pkg/apis/core/validation.validateVolumeSource, which
// has no type field: one if per source, in field order, forbidding every
// source after the first one set. The type is then checked as
// validateMetricSpec checks its own, with one switch.
func volumeInTree(v *corev1.VolumeSource, fldPath *field.Path) field.ErrorList {
	numVolumes := 0
	allErrs := field.ErrorList{}
	if v.HostPath != nil {
		if numVolumes > 0 {
			allErrs = append(allErrs, field.Forbidden(fldPath.Child("hostPath"), "may not specify more than 1 volume type"))
		} else {
			numVolumes++
		}
	}
	if v.EmptyDir != nil {
		if numVolumes > 0 {
			allErrs = append(allErrs, field.Forbidden(fldPath.Child("emptyDir"), "may not specify more than 1 volume type"))
		} else {
			numVolumes++
		}
	}
	if v.Secret != nil {
		if numVolumes > 0 {
			allErrs = append(allErrs, field.Forbidden(fldPath.Child("secret"), "may not specify more than 1 volume type"))
		} else {
			numVolumes++
		}
	}
	if v.NFS != nil {
		if numVolumes > 0 {
			allErrs = append(allErrs, field.Forbidden(fldPath.Child("nfs"), "may not specify more than 1 volume type"))
		} else {
			numVolumes++
		}
	}
	if v.ISCSI != nil {
		if numVolumes > 0 {
			allErrs = append(allErrs, field.Forbidden(fldPath.Child("iscsi"), "may not specify more than 1 volume type"))
		} else {
			numVolumes++
		}
	}
	if v.PersistentVolumeClaim != nil {
		if numVolumes > 0 {
			allErrs = append(allErrs, field.Forbidden(fldPath.Child("persistentVolumeClaim"), "may not specify more than 1 volume type"))
		} else {
			numVolumes++
		}
	}
	if v.RBD != nil {
		if numVolumes > 0 {
			allErrs = append(allErrs, field.Forbidden(fldPath.Child("rbd"), "may not specify more than 1 volume type"))
		} else {
			numVolumes++
		}
	}
	if v.ConfigMap != nil {
		if numVolumes > 0 {
			allErrs = append(allErrs, field.Forbidden(fldPath.Child("configMap"), "may not specify more than 1 volume type"))
		} else {
			numVolumes++
		}
	}
	if v.DownwardAPI != nil {
		if numVolumes > 0 {
			allErrs = append(allErrs, field.Forbidden(fldPath.Child("downwardAPI"), "may not specify more than 1 volume type"))
		} else {
			numVolumes++
		}
	}
	if v.CSI != nil {
		if numVolumes > 0 {
			allErrs = append(allErrs, field.Forbidden(fldPath.Child("csi"), "may not specify more than 1 volume type"))
		} else {
			numVolumes++
		}
	}
	if v.Projected != nil {
		if numVolumes > 0 {
			allErrs = append(allErrs, field.Forbidden(fldPath.Child("projected"), "may not specify more than 1 volume type"))
		} else {
			numVolumes++
		}
	}
	if v.Ephemeral != nil {
		if numVolumes > 0 {
			allErrs = append(allErrs, field.Forbidden(fldPath.Child("ephemeral"), "may not specify more than 1 volume type"))
		} else {
			numVolumes++
		}
	}
	switch v.Type {
	case corev1.VolumeSourceTypeHostPath:
		if v.HostPath == nil {
			allErrs = append(allErrs, field.Required(fldPath.Child("hostPath"), "must be set when type is HostPath"))
		}
	case corev1.VolumeSourceTypeEmptyDir:
		if v.EmptyDir == nil {
			allErrs = append(allErrs, field.Required(fldPath.Child("emptyDir"), "must be set when type is EmptyDir"))
		}
	case corev1.VolumeSourceTypeSecret:
		if v.Secret == nil {
			allErrs = append(allErrs, field.Required(fldPath.Child("secret"), "must be set when type is Secret"))
		}
	case corev1.VolumeSourceTypeNFS:
		if v.NFS == nil {
			allErrs = append(allErrs, field.Required(fldPath.Child("nfs"), "must be set when type is NFS"))
		}
	case corev1.VolumeSourceTypeISCSI:
		if v.ISCSI == nil {
			allErrs = append(allErrs, field.Required(fldPath.Child("iscsi"), "must be set when type is ISCSI"))
		}
	case corev1.VolumeSourceTypePersistentVolumeClaim:
		if v.PersistentVolumeClaim == nil {
			allErrs = append(allErrs, field.Required(fldPath.Child("persistentVolumeClaim"), "must be set when type is PersistentVolumeClaim"))
		}
	case corev1.VolumeSourceTypeRBD:
		if v.RBD == nil {
			allErrs = append(allErrs, field.Required(fldPath.Child("rbd"), "must be set when type is RBD"))
		}
	case corev1.VolumeSourceTypeConfigMap:
		if v.ConfigMap == nil {
			allErrs = append(allErrs, field.Required(fldPath.Child("configMap"), "must be set when type is ConfigMap"))
		}
	case corev1.VolumeSourceTypeDownwardAPI:
		if v.DownwardAPI == nil {
			allErrs = append(allErrs, field.Required(fldPath.Child("downwardAPI"), "must be set when type is DownwardAPI"))
		}
	case corev1.VolumeSourceTypeCSI:
		if v.CSI == nil {
			allErrs = append(allErrs, field.Required(fldPath.Child("csi"), "must be set when type is CSI"))
		}
	case corev1.VolumeSourceTypeProjected:
		if v.Projected == nil {
			allErrs = append(allErrs, field.Required(fldPath.Child("projected"), "must be set when type is Projected"))
		}
	case corev1.VolumeSourceTypeEphemeral:
		if v.Ephemeral == nil {
			allErrs = append(allErrs, field.Required(fldPath.Child("ephemeral"), "must be set when type is Ephemeral"))
		}
	default:
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
