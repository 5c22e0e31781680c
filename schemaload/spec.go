package schemaload

import (
	"fmt"
	"path"
	"slices"
	"strconv"
	"strings"
)

// buildShapes types every details schema and links it to its codes through
// the reviewed table of links.go. A details schema that maps to no code of
// the version is an error: nothing is dropped silently.
func (l *loader) buildShapes(files []string) error {
	for _, file := range files {
		name := strings.TrimSuffix(path.Base(file), ".json")
		if _, skip := notShapes[name]; skip {
			continue
		}
		link, ok := shapeExceptions[name]
		if !ok {
			code := strings.ToUpper(strings.ReplaceAll(name, "-", "_"))
			link = shapeLink{Code: code, Doc: "details of " + code}
		}
		i := slices.IndexFunc(l.spec.Codes, func(c *Code) bool { return c.Value == link.Code })
		if i < 0 {
			return errorf(file, "", fmt.Sprintf("details schema maps to no code of AdCP %s (expected %s): "+
				"add it to the reviewed shape table in schemaload/links.go", l.spec.Version, link.Code))
		}
		code := l.spec.Codes[i]
		res, err := l.refType(ref{file: file})
		if err != nil {
			return err
		}
		if res.t.Kind != KindObject {
			return errorf(file, "", "a details schema must be an object with properties")
		}
		s := &Shape{File: file, Name: name, Codes: []string{link.Code}, When: link.When, Doc: link.Doc, Type: res.t}
		if code.NoDetails {
			l.warn(file, "", "%s must not carry details, yet this schema is linked to it", link.Code)
		}
		code.Shapes = append(code.Shapes, s)
		l.spec.Shapes = append(l.spec.Shapes, s)
	}
	for _, c := range l.spec.Codes {
		r := sellerRules[c.Value]
		c.FieldRequired = r.field
		c.RequiredDetails = declaredMembers(c, r.required)
		c.RecommendedDetails = declaredMembers(c, r.recommended)
	}
	return nil
}

// declaredMembers returns the names a shape of c declares; all of them
// when c has no shape (the spec's prose is then all there is of its
// details).
func declaredMembers(c *Code, names []string) []string {
	if len(c.Shapes) == 0 {
		return names
	}
	var out []string
	for _, n := range names {
		if slices.ContainsFunc(c.Shapes, func(s *Shape) bool { return fieldOf(s.Type, n) != nil }) {
			out = append(out, n)
		}
	}
	return out
}

// EachType calls fn on every type reachable from the spec, once each, depth
// first in property order (pre-order): the error's, the scope vocabulary's,
// each shape's, then those of Types.
func (s *Spec) EachType(fn func(*Type)) {
	seen := map[*Type]bool{}
	var visit func(t *Type)
	visit = func(t *Type) {
		if t == nil || seen[t] {
			return
		}
		seen[t] = true
		fn(t)
		for _, f := range t.Fields {
			visit(f.Type)
		}
		visit(t.Elem)
		for _, v := range t.Variants {
			visit(v)
		}
	}
	visit(s.Error)
	visit(s.Scopes)
	for _, sh := range s.Shapes {
		visit(sh.Type)
	}
	for _, t := range s.Types {
		visit(t)
	}
}

// emitMembers are the exported members emit declares on every generated
// struct (the extras bag, the JSON and Validate methods): a field named like
// one gets a trailing "_" (see addProperties). A field, always exported,
// cannot meet emit's unexported members, nor a string type's Known method.
var emitMembers = []string{"Extra", "Validate", "MarshalJSON", "UnmarshalJSON", "UnmarshalValidJSON"}

// packageNames are the exported names emit declares in every generated
// package beside the ones checkNames derives: a file's type named like one
// gets a trailing "_" (see fileTypeName). The runtime lives in its own
// packages, so nothing else is reserved. emit's unexported package-level
// names are a fixed prefix and a type name ("members", "detailsShape",
// "schema" + the type's name; "detailsPattern" + a number), distinct
// whenever the type names are, and never those of the imports (adcp,
// adcpimpl, json, regexp, strconv).
var packageNames = []string{"SpecVersion", "Vocabulary"}

// checkNames declares every exported Go name the package will hold in one
// scope — code constants, types, enum constants, the details accessors
// (<Type>Of) and emit's own — and every struct's field names in another,
// and reports the first collision, naming both places.
func (l *loader) checkNames() error {
	pkg := map[string]nameOrigin{}
	for _, name := range packageNames {
		pkg[name] = nameOrigin{what: "the generated package's own " + name}
	}
	for i, c := range l.spec.Codes {
		if err := declareName(pkg, "the package", c.GoName, nameOrigin{codesFile, "/enum/" + strconv.Itoa(i), "code " + c.Value}); err != nil {
			return err
		}
	}
	for _, t := range l.spec.Types {
		if err := declareName(pkg, "the package", t.GoName, nameOrigin{t.File, t.Pointer, "type"}); err != nil {
			return err
		}
		for i, v := range t.Enum {
			if err := declareName(pkg, "the package", v.GoName, nameOrigin{t.File, t.Pointer + "/enum/" + strconv.Itoa(i), fmt.Sprintf("enum value %q", v.Value)}); err != nil {
				return err
			}
		}
		fields := map[string]nameOrigin{}
		for _, f := range t.Fields {
			at := l.fieldAt[f]
			if err := declareName(fields, "type "+t.GoName, f.GoName, nameOrigin{at.file, at.pointer, fmt.Sprintf("property %q", f.JSONName)}); err != nil {
				return err
			}
		}
	}
	for _, s := range l.spec.Shapes {
		if err := declareName(pkg, "the package", s.Accessor, nameOrigin{s.File, "", "the details accessor"}); err != nil {
			return err
		}
	}
	return nil
}
