package schemaload

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// proseRecovery finds "Recovery: X" in an enumDescriptions entry, the carrier
// of recovery before enumMetadata (3.0.0-rc.1 … 3.0.3).
var proseRecovery = regexp.MustCompile(`Recovery:\s*(transient|correctable|terminal)\b`)

// deprecatedProse matches a description that opens by declaring the code
// deprecated ("**Deprecated** — use AUTH_MISSING ...").
var deprecatedProse = regexp.MustCompile(`(?i)^\W*deprecated\b`)

// The marks of an advisory in a code's own text (isAdvisoryText).
var (
	// advisorySuggestion: the enumMetadata suggestion opens with the word
	// ("advisory — seller-side fix needed: ...").
	advisorySuggestion = regexp.MustCompile(`(?i)^\W*advisory\b`)
	// advisoryNoun: the description calls the code an advisory ("rides as
	// an advisory", "with an advisory BUDGET_CAP_REACHED entry").
	advisoryNoun = regexp.MustCompile(`(?i)\ban advisory\b`)
	// advisoryWord finds the word in the description's first sentence
	// ("Non-fatal advisory raised when ...", "Non-fatal deprecation
	// advisory raised when ...", "Advisory, not a failure: ...").
	advisoryWord = regexp.MustCompile(`(?i)\badvisory\b`)
	// sentenceEnd ends a description's first sentence.
	sentenceEnd = regexp.MustCompile(`\.\s|\n|:\s`)
	// advisoryDenied says the code is not one ("not an advisory").
	advisoryDenied = regexp.MustCompile(`(?i)\bnot (an )?advisory\b`)
)

// isAdvisoryText reports whether a code's description or suggestion marks
// it an advisory, the way the published versions write it (see
// advisoryReviewed for the review).
func isAdvisoryText(description, suggestion string) bool {
	first := sentenceEnd.Split(description, 2)[0]
	if advisoryDenied.MatchString(description) || advisoryDenied.MatchString(suggestion) {
		return false
	}
	return advisorySuggestion.MatchString(suggestion) || advisoryWord.MatchString(first) || advisoryNoun.MatchString(description)
}

// advisory settles whether code c is an advisory: the reviewed table when it
// lists the code, else the code's own text; a disagreement is a warning.
func (l *loader) advisory(c *Code) bool {
	derived := isAdvisoryText(c.Description, c.Suggestion)
	reviewed, ok := advisoryReviewed[c.Value]
	if !ok {
		return derived
	}
	if reviewed != derived {
		says := map[bool]string{true: "marks it an advisory", false: "does not mark it an advisory"}
		l.warn(codesFile, pointerJoin("/enumDescriptions", c.Value), "the description and suggestion of %s %s, but the reviewed table "+
			"in schemaload/links.go says advisory: %v, which is used: review the entry", c.Value, says[derived], reviewed)
	}
	return reviewed
}

// buildError types core/error.json and checks what the runtime relies on.
func (l *loader) buildError() error {
	res, err := l.refType(ref{file: errorFile})
	if err != nil {
		return err
	}
	t := res.t
	if t.Kind != KindObject {
		return errorf(errorFile, "", "the error schema must be an object with properties")
	}
	l.spec.Error = t
	for _, name := range []string{"code", "message", "field", "suggestion", "retry_after", "details", "recovery"} {
		if fieldOf(t, name) == nil {
			return errorf(errorFile, "/properties", fmt.Sprintf("no %q property: the generated package needs it", name))
		}
	}
	recoveries := mapped(fieldOf(t, "recovery").Type.Enum, func(v *EnumValue) string { return v.Value })
	if !slices.Equal(slices.Sorted(slices.Values(recoveries)), []string{"correctable", "terminal", "transient"}) {
		return errorf(errorFile, "/properties/recovery/enum", fmt.Sprintf("recovery values %q are not transient, correctable and terminal", recoveries))
	}
	l.spec.Recoveries = recoveries
	if err := checkModelled(t, "", ""); err != nil {
		return err
	}
	if l.files[scopesFile] != nil {
		res, err := l.refType(ref{file: scopesFile})
		if err != nil {
			return err
		}
		l.spec.Scopes = res.t
	}
	return nil
}

// runtimeMembers are the members the runtime's Error, Issue and
// IssueDiscriminator model, with the JSON kind each holds: an Issue's by
// "issues/" and its name, an IssueDiscriminator's by
// "issues/discriminator/" and its name.
var runtimeMembers = map[string]Kind{"code": KindString, "message": KindString, "field": KindString,
	"suggestion": KindString, "retry_after": KindNumber, "issues": KindArray, "details": KindAny,
	"recovery": KindString, "source": KindString, "sdk_id": KindString,
	"issues/pointer": KindString, "issues/message": KindString, "issues/keyword": KindString,
	"issues/schemaPath": KindString, "issues/schema_id": KindString, "issues/discriminator": KindArray,
	"issues/discriminator/property_name": KindString, "issues/discriminator/value": KindAny}

// checkModelled refuses a member of t, an object of the error at ptr whose
// members runtimeMembers lists after prefix, that the runtime's Go type
// holds as another JSON kind than t declares, and issues or discriminator
// items that are not the objects Issue and IssueDiscriminator hold.
func checkModelled(t *Type, ptr, prefix string) error {
	for _, f := range t.Fields {
		k, ok := runtimeMembers[prefix+f.JSONName]
		if !ok {
			continue
		}
		at := pointerJoin(ptr+"/properties", f.JSONName)
		if k != KindAny && f.Type.Kind != k && !(k == KindNumber && f.Type.Kind == KindInteger) {
			return errorf(errorFile, at, fmt.Sprintf("the runtime's Error models %q as a JSON %s", f.JSONName, jsonKinds[k]))
		}
		if k != KindArray {
			continue
		}
		if f.Type.Elem == nil || f.Type.Elem.Kind != KindObject {
			return errorf(errorFile, at+"/items", fmt.Sprintf("the runtime's Error models the items of %q as objects", f.JSONName))
		}
		if err := checkModelled(f.Type.Elem, at+"/items", prefix+f.JSONName+"/"); err != nil {
			return err
		}
	}
	return nil
}

func fieldOf(t *Type, json string) *Field {
	for _, f := range t.Fields {
		if f.JSONName == json {
			return f
		}
	}
	return nil
}

// buildCodes reads the code vocabulary in enum order, with recovery from
// enumMetadata (or the prose, with a warning), cross-checked against
// manifest.json#/error_codes, and the unknown-code policy of the manifest.
func (l *loader) buildCodes(manifest *node) error {
	doc := l.files[codesFile]
	enum := doc.get("enum")
	if enum == nil || enum.kind != nodeArray || len(enum.elems) == 0 {
		return errorf(codesFile, "/enum", "the code vocabulary must be a non-empty enum array")
	}
	descs := doc.get("enumDescriptions")
	meta := doc.get("enumMetadata")
	known := map[string]bool{}
	for i, v := range enum.elems {
		ptr := "/enum/" + strconv.Itoa(i)
		if v.kind != nodeString || v.str == "" {
			return errorf(codesFile, ptr, "a code must be a non-empty string")
		}
		if known[v.str] {
			return errorf(codesFile, ptr, fmt.Sprintf("code %s is listed twice", v.str))
		}
		known[v.str] = true
		if len(v.str) > maxNameLen {
			return errorf(codesFile, ptr, fmt.Sprintf("a code of %d bytes, more than the %d a spec may need", len(v.str), maxNameLen))
		}
		c := &Code{Value: v.str, GoName: "Code" + nameWords(v.str)}
		c.Description, _ = descs.getString(v.str)
		prose := ""
		if m := proseRecovery.FindStringSubmatch(c.Description); m != nil {
			prose = m[1]
		}
		mp := pointerJoin("/enumMetadata", v.str)
		switch entry := meta.get(v.str); {
		case entry != nil:
			r, ok := entry.getString("recovery")
			if !ok || !slices.Contains(l.spec.Recoveries, r) {
				return errorf(codesFile, pointerJoin(mp, "recovery"), fmt.Sprintf("recovery of %s must be one of %s", v.str, strings.Join(l.spec.Recoveries, ", ")))
			}
			c.Recovery, c.RecoverySource = r, "enumMetadata"
			c.Suggestion, _ = entry.getString("suggestion")
			if prose != "" && prose != r {
				l.warn(codesFile, pointerJoin("/enumDescriptions", v.str), "description of %s says \"Recovery: %s\" but enumMetadata says %s: enumMetadata is used", v.str, prose, r)
			}
		case prose == "" && meta != nil:
			return errorf(codesFile, mp, fmt.Sprintf("no enumMetadata entry and no \"Recovery: X\" in the description of %s", v.str))
		case prose == "":
			return errorf(codesFile, pointerJoin("/enumDescriptions", v.str), fmt.Sprintf("no enumMetadata and no \"Recovery: X\" in the description of %s", v.str))
		default:
			if meta != nil {
				l.warn(codesFile, mp, "no enumMetadata entry for %s: recovery %q taken from its description", v.str, prose)
			}
			c.Recovery, c.RecoverySource = prose, "prose"
		}
		c.Deprecated = deprecatedProse.MatchString(c.Description)
		c.Advisory = l.advisory(c)
		c.NoDetails = noDetailsCodes[c.Value]
		l.spec.Codes = append(l.spec.Codes, c)
	}
	if meta == nil {
		l.warn(codesFile, "", "no enumMetadata: the recovery of all %d codes is taken from the \"Recovery: X\" prose of enumDescriptions", len(l.spec.Codes))
	} else {
		for _, k := range meta.keys {
			if k != "$comment" && !known[k] {
				l.warn(codesFile, pointerJoin("/enumMetadata", k), "enumMetadata entry %s is not a code of the enum", k)
			}
		}
	}
	for _, c := range l.spec.Codes {
		if !c.Deprecated {
			continue
		}
		for _, r := range replacedBy[c.Value] {
			if known[r] {
				c.ReplacedBy = append(c.ReplacedBy, r)
			}
		}
	}
	if manifest != nil {
		return l.checkManifest(manifest, known)
	}
	return nil
}

// checkManifest compares manifest.json#/error_codes with the vocabulary
// (warnings only) and reads the unknown-code policy.
func (l *loader) checkManifest(m *node, known map[string]bool) error {
	if m.kind != nodeObject {
		return errorf(manifestFile, "", "manifest must be a JSON object")
	}
	if r := m.get("error_code_policy").get("default_unknown_recovery"); r != nil {
		if r.kind != nodeString || !slices.Contains(l.spec.Recoveries, r.str) {
			return errorf(manifestFile, "/error_code_policy/default_unknown_recovery", fmt.Sprintf("%s is not a recovery class", r.src))
		}
		l.spec.UnknownRecovery = r.str
	}
	ec := m.get("error_codes")
	if ec == nil {
		return nil
	}
	if ec.kind != nodeObject {
		l.warn(manifestFile, "/error_codes", "error_codes is not an object: not cross-checked")
		return nil
	}
	for _, c := range l.spec.Codes {
		ptr := pointerJoin("/error_codes", c.Value)
		e := ec.get(c.Value)
		if e == nil {
			l.warn(manifestFile, "/error_codes", "code %s of %s is missing", c.Value, codesFile)
			continue
		}
		if r, _ := e.getString("recovery"); r != c.Recovery {
			l.warn(manifestFile, pointerJoin(ptr, "recovery"), "recovery of %s is %q here but %q in %s (%s is used)", c.Value, r, c.Recovery, codesFile, codesFile)
		}
		if s, ok := e.getString("suggestion"); (ok || c.Suggestion != "") && s != c.Suggestion {
			l.warn(manifestFile, pointerJoin(ptr, "suggestion"), "suggestion of %s differs from %s (%s is used)", c.Value, codesFile, codesFile)
		}
	}
	for _, k := range ec.keys {
		if !known[k] {
			l.warn(manifestFile, pointerJoin("/error_codes", k), "code %s is not in %s", k, codesFile)
		}
	}
	return nil
}
