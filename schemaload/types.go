package schemaload

import (
	"encoding/json"
	"fmt"
	"path"
	"slices"
	"strconv"
	"strings"
)

// typeRes is a resolved schema: its type, and whether null is allowed.
type typeRes struct {
	t        *Type
	nullable bool
}

// fileTypeName is the Go name of the type a whole file defines:
// core/error.json → Error, error-details/rate-limited.json →
// RateLimitedDetails, any other file → its base name in CamelCase.
func fileTypeName(rel string) string {
	if rel == errorFile {
		return "Error"
	}
	base := goName(strings.TrimSuffix(path.Base(rel), ".json"))
	if path.Dir(rel) == detailsDir {
		return base + "Details"
	}
	return reserved(base, packageNames)
}

// reserved returns name, with "_" appended when it is one of taken: the
// names generated code declares itself (protoc-gen-go's rule for a field
// named like a generated method).
func reserved(name string, taken []string) string {
	if slices.Contains(taken, name) {
		return name + "_"
	}
	return name
}

// refType returns the type of a $ref target, building it once.
func (l *loader) refType(r ref) (typeRes, error) {
	key := r.file + "#" + r.pointer
	if res, ok := l.types[key]; ok {
		return res, nil
	}
	name := fileTypeName(r.file)
	if r.pointer != "" {
		toks, _ := pointerTokens(r.pointer)
		name += nameWords(toks[len(toks)-1])
	}
	// Register a placeholder first so a recursive $ref ends. A type can
	// only hold itself through a name (a struct field, by pointer when
	// required: see SettleGoTypes); an array or scalar that contains
	// itself has no Go type.
	ph := &Type{GoName: name, File: r.file, Pointer: r.pointer, Kind: KindAny}
	l.types[key] = typeRes{t: ph}
	l.building[key] = true
	res, err := l.schemaType(r.file, r.pointer, l.files[r.file].lookup(r.pointer), name, "")
	delete(l.building, key)
	if err != nil {
		return typeRes{}, err
	}
	if at, recursive := l.recursiveAt[key]; recursive && res.t.GoName == "" {
		return typeRes{}, errorf(at.file, at.pointer, fmt.Sprintf("recursive $ref to %s#%s, which has no Go type name of its own "+
			"(an array, a scalar or a free-form object cannot contain itself): not supported", r.file, r.pointer))
	}
	*ph = *res.t
	l.types[key] = typeRes{t: ph, nullable: res.nullable}
	return l.types[key], nil
}

// uncheckedKeywords are the validation keywords of JSON Schema (draft-07
// and 2020-12) that the model has no place for: a schema that uses one gets
// a warning naming it, since the generated validation accepts what it
// refuses.
var uncheckedKeywords = map[string]bool{
	"multipleOf": true, "minProperties": true, "maxProperties": true, "propertyNames": true,
	"patternProperties": true, "dependencies": true, "dependentRequired": true, "dependentSchemas": true,
	"contains": true, "minContains": true, "maxContains": true, "prefixItems": true, "additionalItems": true,
	"unevaluatedProperties": true, "unevaluatedItems": true,
	// Kept as written only as an allOf member of an object or inside a constraint.
	"not": true, "if": true,
}

// notChecked ends the warning about a keyword the generated validation
// leaves out.
const notChecked = ": the generated validation (the Go type's Validate and the shape's check) accepts values it refuses"

// schemaType resolves the schema n at file#ptr. name is the Go name the type
// gets if it is a named one (objects, string enums, variants of a union);
// the override table may replace it. typedBy is the JSON type n is an
// alternative under (the "type" beside its anyOf or oneOf), or "": an
// alternative that infers that kind is not Untyped.
func (l *loader) schemaType(file, ptr string, n *node, name, typedBy string) (typeRes, error) {
	if n == nil || n.kind != nodeObject {
		if n != nil && n.kind == nodeBool {
			t := &Type{File: file, Pointer: ptr, Kind: KindAny}
			if !n.b {
				t.EnumJSON = []json.RawMessage{} // the false schema: no value is valid
			}
			return typeRes{t: t}, nil
		}
		return typeRes{}, errorf(file, ptr, "a schema must be an object")
	}
	if n.get("$ref") != nil {
		target, ok := l.refs[file+"#"+ptr]
		if !ok {
			return typeRes{}, errorf(file, pointerJoin(ptr, "$ref"), "internal error: $ref not resolved")
		}
		if key := target.file + "#" + target.pointer; l.building[key] {
			if _, seen := l.recursiveAt[key]; !seen {
				l.recursiveAt[key] = ref{file: file, pointer: pointerJoin(ptr, "$ref")}
			}
		}
		for _, k := range n.keys {
			if !slices.Contains([]string{"$ref", "description", "title", "deprecated", "examples", "$comment", "default"}, k) {
				l.warn(file, pointerJoin(ptr, k), "keyword %q beside $ref is ignored (draft-07 ignores siblings of $ref)", k)
			}
		}
		return l.refType(target)
	}
	for _, k := range n.keys {
		if uncheckedKeywords[k] {
			l.warn(file, pointerJoin(ptr, k), "keyword %q is not checked"+notChecked, k)
		}
	}
	t := &Type{File: file, Pointer: ptr}
	if o, ok := typeNameOverrides[file+"#"+ptr]; ok {
		name, t.Fixed = o.Name, o.Fixed
	}
	if t.Fixed {
		t.GoName = name
	}
	t.Doc, _ = n.getString("description")
	types, nullable := schemaTypes(n)
	kind := schemaKind(n)
	if len(types) == 0 {
		// A kind inferred from const or enum is exact: no value of another
		// type can equal theirs; so is the kind of the alternatives of a
		// typed schema.
		t.Untyped = kind != "" && kind != typedBy && n.get("const") == nil && n.get("enum") == nil
	}
	t.Kind = KindAny // no type, null, or several
	for k, js := range jsonKinds {
		if js == kind {
			t.Kind = k
		}
	}
	alt := firstOf(n, "oneOf", "anyOf")
	var err error
	switch {
	case len(types) > 1:
		t.Kind, t.Union = KindAny, types
	case alt != "" && kind != "object":
		typed := ""
		if len(types) == 1 {
			typed = kind
		}
		err := l.alternatives(file, ptr, n, alt, t, name, typed)
		if err == nil {
			l.warnDropped(file, ptr, n, t, alt)
		}
		return typeRes{t: t, nullable: nullable}, err
	case kind == "object":
		err = l.objectType(file, ptr, n, t, name)
	case kind == "array":
		err = l.arrayType(file, ptr, n, t, name)
	case kind == "string":
		err = l.stringType(file, ptr, n, t, name)
	case kind == "number" || kind == "integer":
		err = l.numberType(file, ptr, n, t)
	case kind == "null":
		t.Union = []string{"null"}
		nullable = true
	}
	if err == nil {
		l.values(n, t)
		l.warnDropped(file, ptr, n, t, "")
	}
	return typeRes{t: t, nullable: nullable}, err
}

// values reads const, and an enum whose values are not typed as constants
// (every enum but a string's, which stringType reads, unless it lists
// null), into t.
func (l *loader) values(n *node, t *Type) {
	if c := n.get("const"); c != nil {
		t.Const = c.raw()
	}
	e := n.get("enum")
	if e == nil || t.Kind == KindString && !slices.ContainsFunc(e.elems, func(v *node) bool { return v.kind == nodeNull }) {
		return
	}
	t.EnumJSON = make([]json.RawMessage, 0, len(e.elems)) // not nil: an empty enum allows nothing
	for _, v := range e.elems {
		t.EnumJSON = append(t.EnumJSON, v.raw())
	}
}

// heldKeywords are the validation keywords the model has a place for: the
// JSON types each constrains ("" for every type), and whether a Type holds
// it (not beside a union of types, nor required on a free-form object: see
// warnDropped).
var heldKeywords = []struct {
	key   string
	types string
	held  func(t *Type, v *node, ptr string) bool
}{
	{"const", "", func(t *Type, _ *node, _ string) bool { return t.Const != nil }},
	{"enum", "", func(t *Type, _ *node, _ string) bool { return len(t.Enum) > 0 || t.EnumJSON != nil }},
	{"minLength", "string", func(t *Type, _ *node, _ string) bool { return t.MinLength != nil }},
	{"maxLength", "string", func(t *Type, _ *node, _ string) bool { return t.MaxLength != nil }},
	{"pattern", "string", func(t *Type, _ *node, _ string) bool { return t.Pattern != "" }},
	{"minimum", "number integer", func(t *Type, _ *node, _ string) bool { return t.Minimum != nil }},
	{"maximum", "number integer", func(t *Type, _ *node, _ string) bool { return t.Maximum != nil }},
	{"exclusiveMinimum", "number integer", func(t *Type, _ *node, _ string) bool { return t.ExclusiveMinimum != nil }},
	{"exclusiveMaximum", "number integer", func(t *Type, _ *node, _ string) bool { return t.ExclusiveMaximum != nil }},
	{"items", "array", func(t *Type, _ *node, _ string) bool { return t.Elem != nil }},
	{"minItems", "array", func(t *Type, _ *node, _ string) bool { return t.MinItems != nil }},
	{"maxItems", "array", func(t *Type, _ *node, _ string) bool { return t.MaxItems != nil }},
	{"uniqueItems", "array", func(t *Type, v *node, _ string) bool { return t.UniqueItems || !(v.kind == nodeBool && v.b) }},
	{"properties", "object", func(t *Type, v *node, _ string) bool { return t.Kind == KindObject || len(v.keys) == 0 }},
	{"required", "object", func(t *Type, v *node, ptr string) bool {
		kept := func(c Constraint) bool { return c.Pointer == pointerJoin(ptr, "required") }
		return t.Kind == KindObject || len(v.elems) == 0 || slices.ContainsFunc(t.Constraints, kept)
	}},
	// A schema here has a warning of its own (additionalProperties).
	{"additionalProperties", "object", func(t *Type, v *node, _ string) bool { return t.Kind == KindObject || v.kind != nodeBool || v.b }},
}

// warnDropped warns about each validation keyword of n that t does not hold
// though it constrains a JSON type t allows, and about each one beside the
// anyOf or oneOf alt of non-object alternatives (the model takes the type
// from those alone): the generated validation would accept what it refuses.
func (l *loader) warnDropped(file, ptr string, n *node, t *Type, alt string) {
	for _, k := range heldKeywords {
		switch v := n.get(k.key); {
		case v == nil:
		case alt != "":
			l.warn(file, pointerJoin(ptr, k.key), "keyword %q beside %s is not checked"+notChecked, k.key, alt)
		case !k.held(t, v, ptr) && allowsAny(t, k.types):
			l.warn(file, pointerJoin(ptr, k.key), "keyword %q is not checked here"+notChecked, k.key)
		}
	}
	// The alternatives are read from oneOf when both are present.
	if alt == "oneOf" && n.get("anyOf") != nil {
		l.warn(file, pointerJoin(ptr, "anyOf"), "keyword %q beside %s is not checked"+notChecked, "anyOf", alt)
	}
}

// allowsAny reports whether a value of t may be of one of the JSON types
// listed in types ("" for any type).
func allowsAny(t *Type, types string) bool {
	allowed := t.Union
	if k, ok := jsonKinds[t.Kind]; ok {
		allowed = []string{k}
	}
	return types == "" || t.Untyped || len(allowed) == 0 ||
		slices.ContainsFunc(allowed, func(a string) bool { return slices.Contains(strings.Fields(types), a) })
}

// schemaTypes reads "type" (a string or an array of strings: the metaschema
// checked it): the JSON types allowed, and whether null is one of them.
// ["X","null"] gives ["X"] and nullable.
func schemaTypes(n *node) ([]string, bool) {
	v := n.get("type")
	if v == nil {
		return nil, false
	}
	types := []string{v.str}
	if v.kind == nodeArray {
		types = mapped(v.elems, func(e *node) string { return e.str })
	}
	nonNull := slices.DeleteFunc(slices.Clone(types), func(s string) bool { return s == "null" })
	nullable := len(nonNull) < len(types)
	if nullable && len(nonNull) == 1 {
		return nonNull, true
	}
	return types, nullable
}

// schemaKind is the JSON type of a schema: the one its "type" names (beside
// null), else the one its keywords imply (const and enum values, object and
// array keywords), or "".
func schemaKind(n *node) string {
	if types, _ := schemaTypes(n); len(types) == 1 {
		return types[0]
	}
	if c := n.get("const"); c != nil {
		return jsonKind(c)
	}
	if e := n.get("enum"); e != nil && e.kind == nodeArray && len(e.elems) > 0 {
		k := jsonKind(e.elems[0])
		for _, v := range e.elems[1:] {
			if jsonKind(v) != k {
				return ""
			}
		}
		return k
	}
	switch {
	case firstOf(n, "properties", "required", "additionalProperties", "allOf") != "":
		return "object"
	case n.get("items") != nil:
		return "array"
	case firstOf(n, "pattern", "format", "minLength", "maxLength") != "":
		return "string"
	case firstOf(n, "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum") != "":
		return "number"
	}
	return ""
}

// jsonKind is the JSON type of v: its node kind, or "integer" for a
// number that is one.
func jsonKind(v *node) string {
	if _, err := strconv.ParseInt(v.num.String(), 10, 64); v.kind == nodeNumber && err == nil {
		return "integer"
	}
	return string(v.kind)
}

func firstOf(n *node, keys ...string) string {
	for _, k := range keys {
		if n.get(k) != nil {
			return k
		}
	}
	return ""
}

// alternatives types a oneOf/anyOf into t. Alternatives that are all
// strings make one string type: the union of their enums, open (OpenEnum)
// when an alternative is a free string, whose pattern and lengths are kept
// — the "open enum" idiom of failure_kind. Anything else is KindAny with
// one Variant per alternative.
func (l *loader) alternatives(file, ptr string, n *node, key string, t *Type, name, typed string) error {
	alts := n.get(key)
	notString := func(a *node) bool {
		return a.kind != nodeObject || a.get("$ref") != nil || schemaKind(a) != "string"
	}
	if !slices.ContainsFunc(alts.elems, notString) {
		t.Kind, t.Alternatives = KindString, key
		for i, a := range alts.elems {
			ap := pointerJoin(pointerJoin(ptr, key), strconv.Itoa(i))
			if a.get("enum") == nil && a.get("const") == nil {
				if t.OpenEnum {
					l.warn(file, ap, "more than one free string alternative: only the first one's pattern and lengths are kept")
					continue
				}
				t.OpenEnum = true
				if err := l.stringConstraints(file, ap, a, t); err != nil {
					return err
				}
				continue
			}
			sub := &Type{}
			if err := l.stringType(file, ap, a, sub, name); err != nil {
				return err
			}
			if c := a.get("const"); c != nil && c.kind == nodeString {
				sub.Enum = append(sub.Enum, &EnumValue{Value: c.str, GoName: name + nameWords(c.str)})
			}
			t.Enum = append(t.Enum, sub.Enum...)
		}
		if len(t.Enum) > 0 {
			t.GoName = name
		}
		return nil
	}
	t.Kind, t.Alternatives = KindAny, key
	t.GoName = name
	for i, a := range alts.elems {
		ap := pointerJoin(pointerJoin(ptr, key), strconv.Itoa(i))
		res, err := l.schemaType(file, ap, a, name+"Variant"+strconv.Itoa(i+1), typed)
		if err != nil {
			return err
		}
		t.Variants = append(t.Variants, res.t)
		if typed != "" && (res.t.Untyped || res.t.Kind == KindAny && len(res.t.Union) == 0) {
			// The type beside the alternatives (typed) is not the
			// variant's own: it is written beside them.
			t.Union = []string{typed}
		}
	}
	return nil
}

// onlyKeys reports whether n is an object whose members are all named in
// keys.
func onlyKeys(n *node, keys ...string) bool {
	return n.kind == nodeObject && !slices.ContainsFunc(n.keys, func(k string) bool { return !slices.Contains(keys, k) })
}

// objectType fills t with the fields of an object schema: its properties and
// those of its allOf members, merged in the order the keywords appear. An
// open object with no fields is free-form: KindAny, Union ["object"]. An
// object whose anyOf/oneOf alternatives carry their own properties
// (canonical-account-ref) is KindAny with one Variant per alternative.
func (l *loader) objectType(file, ptr string, n *node, t *Type, name string) error {
	seen := map[string]int{}
	var memberRequired []requiredAt
	for _, k := range n.keys {
		switch k {
		case "properties":
			if err := l.addProperties(file, ptr, n.get(k), t, name, seen); err != nil {
				return err
			}
		case "allOf":
			for i, m := range n.get(k).elems {
				mp := pointerJoin(pointerJoin(ptr, k), strconv.Itoa(i))
				if names, ok := requiredOnly(m); ok {
					// Required members, applied with the object's own.
					memberRequired = append(memberRequired, requiredAt{mp, names})
					continue
				}
				// A member that declares no members (no properties, $ref or
				// allOf) is a constraint kept as written: an anyOf over which
				// members are present, if/then/else, or additionalProperties
				// (which, with no properties beside it, applies to every member).
				if m.kind == nodeObject && firstOf(m, "properties", "$ref", "allOf") == "" {
					msg := "allOf member without properties is not expressed in the Go type: Validate checks it as written"
					if m.get("if") != nil && onlyKeys(m, "if", "then", "else", "$comment", "description") {
						msg = "conditional (if/then) requirement is not expressed in the Go type"
					}
					l.warn(file, mp, msg)
					t.Constraints = append(t.Constraints, Constraint{Pointer: mp, Schema: m.raw()})
					continue
				}
				res, err := l.schemaType(file, mp, m, name, "")
				if err != nil {
					return err
				}
				if res.t.Kind != KindObject {
					return errorf(file, mp, "allOf member is not an object schema with properties: not supported")
				}
				t.Constraints = append(t.Constraints, res.t.Constraints...)
				for _, f := range res.t.Fields {
					cp := *f
					l.addField(t, seen, &cp, l.fieldAt[f], mp)
				}
			}
		}
	}
	l.additionalProperties(file, ptr, n, t)
	if req := n.get("required"); req != nil && req.kind == nodeArray {
		memberRequired = append(memberRequired, requiredAt{ptr, req})
	}
	for _, ra := range memberRequired {
		// A required name no property declares is still required (it may
		// be present as an extra member): kept as a constraint.
		var undeclared []string
		for i, r := range ra.names.elems {
			j, ok := seen[r.str]
			if r.kind != nodeString || !ok {
				l.warn(file, pointerJoin(pointerJoin(ra.ptr, "required"), strconv.Itoa(i)), "required member %s is not a declared property: Validate checks it as written", r.src)
				undeclared = append(undeclared, string(r.raw()))
				continue
			}
			t.Fields[j].Required = true
		}
		if len(undeclared) > 0 {
			t.Constraints = append(t.Constraints, Constraint{Pointer: pointerJoin(ra.ptr, "required"),
				Schema: json.RawMessage(`{"required":[` + strings.Join(undeclared, ",") + `]}`)})
		}
	}
	if alt := firstOf(n, "anyOf", "oneOf"); alt != "" {
		declares := func(a *node) bool { return firstOf(a, "properties", "$ref") != "" }
		// Both keywords: neither is the type's alternatives, and each is
		// kept as written.
		both := n.get("anyOf") != nil && n.get("oneOf") != nil
		if both || len(t.Fields) > 0 || !slices.ContainsFunc(n.get(alt).elems, declares) {
			for _, alt := range []string{"anyOf", "oneOf"} {
				if a := n.get(alt); a != nil {
					l.warn(file, pointerJoin(ptr, alt), "%s only constrains which members are present: not expressed in the Go type", alt)
					t.Constraints = append(t.Constraints, Constraint{Pointer: pointerJoin(ptr, alt),
						Schema: json.RawMessage(`{"` + alt + `":` + string(a.raw()) + `}`)})
				}
			}
		} else {
			typed := "object"
			if t.Untyped {
				typed = ""
			}
			return l.alternatives(file, ptr, n, alt, t, name, typed)
		}
	}
	if len(t.Fields) == 0 && !t.Closed {
		t.Kind, t.Union = KindAny, []string{"object"}
		if t.Untyped {
			t.Union = nil // any JSON value
		}
		return nil
	}
	t.GoName = name
	return nil
}

// additionalProperties reads the additionalProperties of the object schema
// n, whose fields t has. false closes the Go type when every field is
// declared beside it; else it, or a schema, applies to the members not
// declared beside it (JSON Schema does not see those merged from allOf) and
// is kept as a constraint Validate checks as written. Beside
// patternProperties, not checked, it is not checked either: the type stays
// open to the members patternProperties allows.
func (l *loader) additionalProperties(file, ptr string, n *node, t *Type) {
	ap := n.get("additionalProperties")
	if ap == nil || ap.kind == nodeBool && ap.b || ap.kind == nodeObject && len(ap.keys) == 0 {
		return // any member is allowed
	}
	at := pointerJoin(ptr, "additionalProperties")
	// The schema kept: the sibling properties, each allowing any value, and it.
	props := n.get("properties")
	var own, merged []string
	if props != nil {
		for _, k := range props.keys {
			q, _ := json.Marshal(k)
			own = append(own, string(q)+":true")
		}
	}
	for _, f := range t.Fields {
		if props.get(f.JSONName) == nil {
			merged = append(merged, strconv.Quote(f.JSONName))
		}
	}
	switch {
	case n.get("patternProperties") != nil:
		l.warn(file, at, "additionalProperties beside patternProperties is not checked"+notChecked)
		return
	case ap.kind == nodeBool && len(merged) == 0:
		t.Closed = true
		return
	case ap.kind == nodeBool:
		l.warn(file, at, "additionalProperties: false refuses the members declared only in allOf (%s): they can never be present", strings.Join(merged, ", "))
	default:
		l.warn(file, at, "additionalProperties with a schema is not typed: extra members are kept as raw JSON, and Validate checks them against it")
	}
	schema := `{"properties":{` + strings.Join(own, ",") + `},"additionalProperties":` + string(ap.raw()) + `}`
	t.Constraints = append(t.Constraints, Constraint{Pointer: at, Schema: json.RawMessage(schema)})
}

// requiredAt is a required keyword (names) of an object schema, or of one
// of its allOf members, at ptr.
type requiredAt struct {
	ptr   string
	names *node
}

// requiredOnly reports whether the allOf member n only lists required
// members (beside an object type and annotations), and returns the list.
func requiredOnly(n *node) (*node, bool) {
	req, typ := n.get("required"), n.get("type")
	return req, req != nil && req.kind == nodeArray && onlyKeys(n, "required", "type", "$comment", "description", "title") &&
		(typ == nil || typ.kind == nodeString && typ.str == "object")
}

func (l *loader) addProperties(file, ptr string, props *node, t *Type, name string, seen map[string]int) error {
	pp := pointerJoin(ptr, "properties")
	for _, key := range props.keys {
		child, cp := props.members[key], pointerJoin(pp, key)
		if len(key) > maxNameLen {
			return errorf(file, cp, fmt.Sprintf("a property name of %d bytes, more than the %d a spec may need", len(key), maxNameLen))
		}
		fieldName := reserved(goName(key), emitMembers)
		res, err := l.schemaType(file, cp, child, name+fieldName, "")
		if err != nil {
			return err
		}
		f := &Field{JSONName: key, GoName: fieldName, Type: res.t, Nullable: res.nullable}
		f.Doc, _ = child.getString("description")
		if d := child.get("deprecated"); d != nil && d.kind == nodeBool {
			f.Deprecated = d.b
		}
		l.addField(t, seen, f, ref{file: file, pointer: cp}, cp)
	}
	return nil
}

// addField appends f, declared at at, to the fields of t, unless seen (the
// index of each field by member name) holds its name already: then the
// first declaration is kept, required if either is, with a warning at ptr.
func (l *loader) addField(t *Type, seen map[string]int, f *Field, at ref, ptr string) {
	if j, dup := seen[f.JSONName]; dup {
		l.warn(t.File, ptr, "member %q is declared twice in the allOf merge: the first declaration is kept", f.JSONName)
		t.Fields[j].Required = t.Fields[j].Required || f.Required
		return
	}
	seen[f.JSONName] = len(t.Fields)
	t.Fields = append(t.Fields, f)
	l.fieldAt[f] = at
}

func (l *loader) arrayType(file, ptr string, n *node, t *Type, name string) error {
	var err error
	if t.MinItems, err = intKeyword(file, ptr, n, "minItems"); err != nil {
		return err
	}
	if t.MaxItems, err = intKeyword(file, ptr, n, "maxItems"); err != nil {
		return err
	}
	if u := n.get("uniqueItems"); u != nil && u.kind == nodeBool {
		t.UniqueItems = u.b
	}
	items := n.get("items")
	switch {
	case items == nil:
		t.Elem = &Type{File: file, Pointer: ptr, Kind: KindAny}
	case items.kind == nodeArray:
		l.warn(file, pointerJoin(ptr, "items"), "tuple items are not typed: elements are kept as raw JSON")
		t.Elem = &Type{File: file, Pointer: pointerJoin(ptr, "items"), Kind: KindAny}
	default:
		res, err := l.schemaType(file, pointerJoin(ptr, "items"), items, name, "")
		if err != nil {
			return err
		}
		t.Elem = res.t
	}
	return nil
}

// stringType fills a string type: enum (with enumDescriptions), pattern,
// format and lengths. A string with an enum is named.
func (l *loader) stringType(file, ptr string, n *node, t *Type, name string) error {
	if e := n.get("enum"); e != nil {
		docs := n.get("enumDescriptions")
		for i, v := range e.elems {
			if v.kind == nodeNull {
				// ["string","null"] with null listed: null is valid, and
				// not a constant (values keeps the whole list).
				continue
			}
			if v.kind != nodeString {
				return errorf(file, pointerJoin(pointerJoin(ptr, "enum"), strconv.Itoa(i)), "enum value of a string type must be a string or null")
			}
			if len(v.str) > maxNameLen {
				return errorf(file, pointerJoin(pointerJoin(ptr, "enum"), strconv.Itoa(i)), fmt.Sprintf("an enum value of %d bytes, more than the %d a spec may need", len(v.str), maxNameLen))
			}
			ev := &EnumValue{Value: v.str, GoName: name + nameWords(v.str)}
			ev.Doc, _ = docs.getString(v.str)
			t.Enum = append(t.Enum, ev)
		}
		if len(t.Enum) > 0 {
			t.GoName = name
		}
	}
	return l.stringConstraints(file, ptr, n, t)
}

// formatAsserted reports whether the generated validation asserts format f,
// as santhosh-tekuri/jsonschema does; another format is only an annotation,
// and schemaload warns about it.
func formatAsserted(f string) bool {
	return slices.Contains([]string{"uri", "date-time", "date", "time", "uuid"}, f)
}

func (l *loader) stringConstraints(file, ptr string, n *node, t *Type) error {
	var err error
	if t.MinLength, err = intKeyword(file, ptr, n, "minLength"); err != nil {
		return err
	}
	if t.MaxLength, err = intKeyword(file, ptr, n, "maxLength"); err != nil {
		return err
	}
	t.Format, _ = n.getString("format")
	if t.Format != "" && !formatAsserted(t.Format) {
		l.warn(file, pointerJoin(ptr, "format"), "format %q is not asserted: the generated validation (the Go type's Validate and the shape's check) accepts any string", t.Format)
	}
	if p, ok := n.getString("pattern"); ok {
		t.Pattern = p
		if t.GoPattern, t.GoPatternNot, err = translatePattern(p); err != nil {
			l.warn(file, pointerJoin(ptr, "pattern"), "pattern cannot be checked with Go regexp (%v): the generated code skips this check", err)
		}
	}
	return nil
}

func (l *loader) numberType(file, ptr string, n *node, t *Type) error {
	for _, kw := range []struct {
		key string
		dst **float64
	}{
		{"minimum", &t.Minimum},
		{"maximum", &t.Maximum},
		{"exclusiveMinimum", &t.ExclusiveMinimum},
		{"exclusiveMaximum", &t.ExclusiveMaximum},
	} {
		v := n.get(kw.key)
		if v == nil {
			continue
		}
		f, err := v.num.Float64()
		if err != nil {
			return errorf(file, pointerJoin(ptr, kw.key), fmt.Sprintf("%s: %v", kw.key, err))
		}
		*kw.dst = &f
	}
	return nil
}

// intKeyword reads a non-negative integer keyword (minItems, maxLength, ...).
func intKeyword(file, ptr string, n *node, key string) (*int, error) {
	v := n.get(key)
	if v == nil {
		return nil, nil
	}
	i, err := strconv.Atoi(v.num.String())
	if v.kind != nodeNumber || err != nil || i < 0 {
		return nil, errorf(file, pointerJoin(ptr, key), key+" must be a non-negative integer")
	}
	return &i, nil
}
