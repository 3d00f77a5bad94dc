package generators

import "text/template"

// The templates of the generated file, with the "$" delimiters of gengo's
// SnippetWriter. A directive mostly stands at the start of a line as
// "$- ...$", which removes the line it stands on, so that the output has one
// line per line of Go here. They are parsed once: SnippetWriter parses at
// every call, which made generation half again as slow.
var (
	methods = []*template.Template{
		parseMethod(normalizeUnionsTemplate),
		parseMethod(validateUnionsTemplate),
		parseMethod(unionsErrorsTemplate),
		parseMethod(unionsValidTemplate),
	}
	helpers          = parseMethod(helpersTemplate)
	unionDefinitions = parseMethod(unionDefinitionsTemplate)
)

func parseMethod(text string) *template.Template {
	return template.Must(template.New("").Delims("$", "$").Parse(text))
}

// matchTemplate defines how an item of a list-map finds its old item, by
// the matching rule of list-maps (unionspec.MatchOld): J is left at its
// index in Old, or at len(Old) when it has none. "keysEqual",
// an expression, is printed on one line: each "$-" removes a line break.
const matchTemplate = `
$- define "keysEqual" $
$- if .ItemPointer $$.Item$ != nil && $.OldItem$ != nil
$- end $
$- range .KeyViews $$if .And$ && $end$
$- if .Pointer $($.A$ == nil) == ($.B$ == nil) && ($.A$ == nil || *$.A$ == *$.B$)
$- else $$.A$ == $.B$
$- end $
$- end $
$- end $
$- define "match" $
// Lists mostly keep their order: the item at the same index is tried first.
$.J$ := $.I$
if $.J$ >= len($.Old$) || !($template "keysEqual" .$) {
for $.J$ = 0; $.J$ < len($.Old$) && !($template "keysEqual" .$); $.J$++ {
}
}
$- end $
`

// normalizeUnionsTemplate prints after NormalizeUnions the method that
// clears one union, which NormalizeUnions calls only when its discriminator
// changed, so that it costs a few comparisons on objects that need nothing.
const normalizeUnionsTemplate = matchTemplate + armTemplate + `
$- define "normalize" $
$- if .Calls $
$.In$.NormalizeUnions($.Old$)
$- else if .MapOfStructs $
for $.K$, $.V$ := range $.In$ {
if $.O$, found := $.Old$[$.K$]; found {
$.V$.NormalizeUnions(&$.O$)
$.In$[$.K$] = $.V$
}
}
$- else if .Map $
for $.K$, $.V$ := range $.In$ {
$- template "normalize" .Elem $
}
$- else if .ListMap $
for $.I$ := range $.In$ {
$- template "match" . $
if $.J$ < len($.Old$) {
$- template "normalize" .Elem $
}
}
$- end $
$- end $
$- define "normalizeUnion" $
// $.Normalize$ clears the members that $.Disc$ no longer selects, now that
// it changed: those set in both old and in, if the new value is valid.
func (in *$.Type$) $.Normalize$(old *$.Type$) {
switch $.InDisc$ {
$- range .NormalizeArms $
$- template "arm" . $
$- range .Clears $
$- if .When $
if $.When$ {
in.$.Member$ = $.Zero$
}
$- else $
in.$.Member$ = $.Zero$
$- end $
$- end $
$- end $
}
}

$ end $
// NormalizeUnions clears the union members of in that its discriminators no
// longer select: when a discriminator changed to a valid value, every member
// it does not select that is set in both old and in. old is the object before
// the update; nil means create, when there is nothing to clear.
func (in *$.Type$) NormalizeUnions(old *$.Type$) {
if in == nil || old == nil {
return
}
$- range .Unions $
$- if .NormalizeArms $
if $.NormalizeWhen$ {
in.$.Normalize$(old)
}
$- end $
$- end $
$- range .Normalize $
$- template "normalize" . $
$- end $
}

$range .Unions$$if .NormalizeArms$$template "normalizeUnion" .$$end$$end$`

// errorsTemplate defines the statements that report errors, and "error",
// printed on one line: each "$-" removes the line break before it.
const errorsTemplate = `
$- define "error" $
$- if eq .Error "Invalid" $$.Invalid$($.Path$,
$- if .Names $ "{"+$.Join$(unionsSetMembers([]string{$.Names$}, $.Sets$), ", ")+"}"
$- else $ ""
$- end $, $.Message$)$if ne .Origin "\"\""$.WithOrigin($.Origin$)$end$
$- else if eq .Error "Required" $$.Required$($.Path$, $.Message$)
$- else if eq .Error "Forbidden" $$.Forbidden$($.Path$, $.Message$)
$- else $$.NotSupported$($.Path$, $.Disc$, []string{$.Values$})
$- end $
$- end $
$- define "errors" $
$- range . $
$- if .Then $
if $.When$ {
$- template "errors" .Then $
}
$- else if .When $
if $.When$ {
errs = unionsAppend(errs, $template "error" .Do$)
$- if .Else $
} else {
errs = unionsAppend(errs, $template "error" .Else$)
$- end $
}
$- else $
errs = unionsAppend(errs, $template "error" .Do$)
$- end $
$- end $
$- end $
`

const armTemplate = `
$- define "arm" $
$- if .Values $
case $.Values$:
$- else $
default:
$- end $
$- end $
`

// checksTemplate defines the checks that tell a valid object without
// building a field path, for ValidateUnions and UnionsValid, which each
// define what they do on failure ("fail").
const checksTemplate = `
$- define "check" $
$- if .Calls $
if !$.In$.UnionsValid() {
$template "fail"$
}
$- else if .Map $
for _, $.V$ := range $.In$ {
$- template "check" .Elem $
}
$- else $
for $.I$ := range $.In$ {
$- template "check" .Elem $
}
$- end $
$- end $
$- define "checks" $
$- range .Unions $
switch $.InDisc$ {
$- range .Cases $
case $.Values$:
$- if .Invalid $
if $.Invalid$ {
$template "fail"$
}
$- end $
$- end $
$- if eq .Default "true" $
default:
$template "fail"$
$- else if .Default $
default:
if $.Default$ {
$template "fail"$
}
$- end $
}
$- end $
$- range .Counts $
$- if .Default $
if $.Default$ {
$template "fail"$
}
$- end $
$- end $
$- range .Validate $
$- template "check" . $
$- end $
$- end $
`

const validateUnionsTemplate = checksTemplate + `$- define "fail" $return in.unionsErrors(old, fldPath)$ end $
// ValidateUnions returns an error for every union of in whose discriminator is
// not a valid value, or does not select exactly the members that are set. old
// is the object before the update, nil on create; fldPath is the path of in.
// Call it after NormalizeUnions.
func (in *$.Type$) ValidateUnions(old *$.Type$, fldPath *$.FieldPath$) $.ErrorList$ {
if in == nil {
return nil
}
$- template "checks" . $
return nil
}

`

// unionsErrorsTemplate is apart from ValidateUnions so that valid objects
// run a small function.
const unionsErrorsTemplate = matchTemplate + armTemplate + errorsTemplate + `
$- define "validate" $
$- if .Calls $
if !$.In$.UnionsValid() {
errs = unionsConcat(errs, $.In$.ValidateUnions($or .Old "nil"$, $.Path$))
}
$- else if .Map $
for _, $.K$ := range $.SortedKeys$ {
$.V$ := $.In$[$.K$]
$- if .Prior $
$.Prior$ := unionsNilOf($.PriorLike$)
if $.O$, found := $.Old$[$.K$]; found {
$.Prior$ = &$.O$
}
$- end $
$- template "validate" .Elem $
}
$- else $
for $.I$ := range $.In$ {
$- if .Prior $
$.Prior$ := unionsNilOf($.PriorLike$)
$- template "match" . $
if $.J$ < len($.Old$) {
$.Prior$ = $.PriorFound$
}
$- end $
$- template "validate" .Elem $
}
$- end $
$- end $
// unionsErrors returns the errors of ValidateUnions for an object whose
// checks failed.
func (in *$.Type$) unionsErrors(old *$.Type$, fldPath *$.FieldPath$) $.ErrorList$ {
var errs $.ErrorList$
$- range .Unions $
$- if .Guard $
// Ratcheting: an update that keeps this union as it was is not validated.
if $.Guard$ {
$- end $
switch $.InDisc$ {
$- range .ErrorArms $
$- template "arm" . $
$- template "errors" .Ifs $
$- end $
}
$- if .Guard $
}
$- end $
$- end $
$- range .Counts $
$- if .Guard $
// Ratcheting: an update that keeps this union as it was is not validated.
if $.Guard$ {
$- end $
$- range .ErrorArms $
$- template "errors" .Ifs $
$- end $
$- if .Guard $
}
$- end $
$- end $
$- range .Validate $
$- if .OldVar $
$.OldVar$ := unionsNilOf($.OldVarLike$)
if old != nil {
$.OldVar$ = $.OldVarValue$
}
$- end $
$- template "validate" . $
$- end $
return errs
}

`

const unionsValidTemplate = checksTemplate + `$- define "fail" $return false$ end $
// UnionsValid reports whether ValidateUnions finds nothing wrong in in as
// created (old nil), without building a field path: a valid object costs no
// allocation, and only the invalid values of an invalid one get paths and
// errors.
func (in *$.Type$) UnionsValid() bool {
if in == nil {
return true
}
$- template "checks" . $
return true
}

`

// helpersTemplate writes the helpers that some method calls. unionsAppend
// and unionsConcat allocate no more than hand-written checks; unionsNilOf
// declares variables of other packages' types without importing them (the
// file imports no package but field outside the standard library).
const helpersTemplate = `
$- if .Append -$
// unionsAppend appends a copy of err to errs. The first error and the list
// that holds it share one allocation; err itself, made by one of field's
// constructors inlined here, stays on the stack.
func unionsAppend(errs $.ErrorList$, err *$.Error$) $.ErrorList$ {
if errs != nil {
next := *err
return append(errs, &next)
}
first := &struct {
err  $.Error$
list [1]*$.Error$
}{err: *err}
first.list[0] = &first.err
return first.list[:]
}

$end$
$- if .Concat -$
// unionsConcat appends the errors of a nested value to errs, and takes them
// as they are when errs is empty.
func unionsConcat(errs, more $.ErrorList$) $.ErrorList$ {
if errs == nil {
return more
}
return append(errs, more...)
}

$end$
$- if .NilOf -$
// unionsNilOf returns the nil value of the type of its argument, a pointer,
// slice or map, or the zero value of a struct.
func unionsNilOf[T any](T) T {
	var zero T
	return zero
}
$end$
$- if .Count -$
// unionsCount returns how many of its arguments are true: the number of
// members of a union that are set.
func unionsCount(set ...bool) int {
	n := 0
	for _, s := range set {
		if s {
			n++
		}
	}
	return n
}

$end$
$- if .Deref -$
// unionsDeref returns what a pointer points to: the zero value when the
// pointer is nil.
func unionsDeref[T any](p *T) T {
	if p == nil {
		var zero T
		return zero
	}
	return *p
}

$end$
$- if .SetMembers -$
// unionsSetMembers returns the names of the members of a union that are set,
// for its error.
func unionsSetMembers(names []string, set ...bool) []string {
	var out []string
	for i, s := range set {
		if s {
			out = append(out, names[i])
		}
	}
	return out
}

$end$`

const unionDefinitionsTemplate = `// UnionDefinitions returns the unions of every OpenAPI definition that has
// properties of a union, keyed by openapi-gen's definition names. Pass it to
// openapiext.WithUnions with openapi-gen's GetOpenAPIDefinitions.
func UnionDefinitions() $.Definitions$ {
return $.Definitions${
$- range .Types $
$.Name$: {
$- range .Unions $
{
Discriminator: $printf "%q" .Discriminator$,
FieldMembers: map[string]*$.MemberField${
$- range .Choices $
$printf "%q" .Value$: $if .Member${Name: $printf "%q" .Member$, Optional: $.Optional$}$else$nil$end$,
$- end $
},
},
$- end $
},
$- end $
}
}
`
