// Package schemaload reads an AdCP spec folder laid out like a published
// version (core/error.json, enums/error-code.json, enums/error-scope.json,
// error-details/*.json, the files they $ref, and manifest.json when present)
// into a typed *Spec: every schema validated against its metaschema and
// compiled with $refs resolved (offline), the code vocabulary in spec order
// with recovery and docs, one details shape per details schema linked to its
// codes, every Go name settled and checked for collisions, the Go type
// of every type and field settled, and the check functions of the
// generated package settled: each one's name and the schema it checks,
// built from the model as JSON.
//
// Problems with the input are returned as *Error values naming the file and
// the JSON pointer; things a person should read but that do not stop
// generation are Spec.Warnings.
package schemaload

import (
	"fmt"
	"net/url"
	"path"
	"slices"
	"strconv"
	"strings"
)

// Well-known files of a spec folder.
const (
	errorFile    = "core/error.json"
	codesFile    = "enums/error-code.json"
	scopesFile   = "enums/error-scope.json"
	detailsDir   = "error-details"
	manifestFile = "manifest.json"

	// schemaHost is the origin of every published $id.
	schemaHost = "adcontextprotocol.org"
)

// loader holds the state of one Load.
type loader struct {
	folder  *folder
	files   map[string]*node   // schema files read, by relative path
	order   []string           // schema files in the order they were first reached
	refs    map[string]ref     // file#pointer of a $ref → its target
	types   map[string]typeRes // types of $ref targets, by file#pointer
	fieldAt map[*Field]ref     // where each field is declared
	spec    *Spec

	building    map[string]bool // $ref targets whose type is being built, by file#pointer
	recursiveAt map[string]ref  // the first $ref reaching each of them while it is built
}

// ref is a resolved $ref: a file of the folder and a pointer inside it.
type ref struct {
	file, pointer string
}

// Load reads the spec folder dir. Errors are *Error values.
func Load(dir string) (*Spec, error) {
	return LoadVersion(dir, "")
}

// LoadVersion is Load for a folder whose version may not be written in it,
// such as the spec repository's source tree, whose $ids carry no version.
// A non-empty version names it: it must agree with a versioned $id, and it
// takes precedence over manifest.json's adcp_version.
func LoadVersion(dir, version string) (*Spec, error) {
	if version != "" && !isVersion(version) {
		return nil, errorf(".", "", fmt.Sprintf("version %q is not a semantic version such as 3.2.0 or 3.3.0-beta.1", version))
	}
	f, err := openFolder(dir)
	if err != nil {
		return nil, errorf(".", "", fmt.Sprintf("spec folder %s cannot be read: %v", dir, err))
	}
	l := &loader{
		folder:  f,
		files:   map[string]*node{},
		refs:    map[string]ref{},
		types:   map[string]typeRes{},
		fieldAt: map[*Field]ref{},
		spec:    &Spec{Version: version},

		building:    map[string]bool{},
		recursiveAt: map[string]ref{},
	}
	if err := l.load(); err != nil {
		return nil, err
	}
	return l.spec, nil
}

func (l *loader) warn(file, pointer, format string, args ...any) {
	l.spec.Warnings = append(l.spec.Warnings, Diagnostic{File: file, Pointer: pointer, Msg: fmt.Sprintf(format, args...)})
}

func (l *loader) load() error {
	errDoc, err := l.read(errorFile)
	if err != nil {
		return err
	}
	var manifest *node
	if l.folder.exists(manifestFile) {
		if manifest, err = l.parse(manifestFile); err != nil {
			return err
		}
	}
	if err := l.readVersion(errDoc, manifest); err != nil {
		return err
	}
	if !l.folder.exists(codesFile) {
		return errorf(codesFile, "", fmt.Sprintf("AdCP %s has no standard code vocabulary (the file is absent): "+
			"adcp-gen does not generate a package for it, which would declare nothing but the Error type", l.spec.Version))
	}
	roots := []string{errorFile, codesFile}
	if l.folder.exists(scopesFile) {
		roots = append(roots, scopesFile)
	}
	details, err := l.folder.listDetails()
	if err != nil {
		return err
	}
	roots = append(roots, details...)
	if err := l.readAll(roots); err != nil {
		return err
	}
	if manifest == nil && l.spec.Source {
		l.warn(manifestFile, "", "absent from this source tree: the recovery for unknown codes is left to adcp.Policy")
	}
	if err := l.compile(); err != nil {
		return err
	}
	if err := l.buildError(); err != nil {
		return err
	}
	if err := l.buildCodes(manifest); err != nil {
		return err
	}
	if err := l.buildShapes(details); err != nil {
		return err
	}
	// The named types emit declares (the runtime declares the Fixed ones).
	var types []*Type
	l.spec.EachType(func(t *Type) {
		if t.GoName != "" && !t.Fixed {
			types = append(types, t)
		}
	})
	l.spec.Types = types
	if t, what := l.spec.settle(); t != nil {
		return errorf(t.File, t.Pointer, "the checks would write out "+what+": not supported")
	}
	l.spec.Sources = slices.Clone(l.order) // the schema files and manifest.json
	if manifest != nil {
		l.spec.Sources = append(l.spec.Sources, manifestFile)
	}
	slices.Sort(l.spec.Sources)
	return l.checkNames()
}

// parse reads and decodes one file of the folder.
func (l *loader) parse(rel string) (*node, error) {
	data, err := l.folder.readFile(rel)
	if err != nil {
		return nil, err
	}
	return parseJSON(rel, data)
}

// read returns the schema file rel, reading it on first use, and checks that
// it is a draft-07 schema object whose $id (if any) names rel.
func (l *loader) read(rel string) (*node, error) {
	if n, ok := l.files[rel]; ok {
		return n, nil
	}
	if len(l.files) >= maxFiles {
		return nil, errorf(rel, "", fmt.Sprintf("the spec reaches more than the %d files a spec may have", maxFiles))
	}
	n, err := l.parse(rel)
	if err != nil {
		return nil, err
	}
	if n.kind != nodeObject {
		return nil, errorf(rel, "", "a schema file must hold a JSON object, not "+string(n.kind))
	}
	if s := n.get("$schema"); s != nil {
		if s.kind != nodeString || strings.TrimSuffix(s.str, "#") != "http://json-schema.org/draft-07/schema" {
			return nil, errorf(rel, "/$schema", fmt.Sprintf("unsupported $schema %s: the AdCP schemas are JSON Schema draft-07", s.src))
		}
	}
	l.files[rel] = n
	l.order = append(l.order, rel)
	return n, nil
}

// readVersion settles the version: core/error.json's $id when it carries
// one (a version given to LoadVersion must agree with it), else the given
// version, else manifest.json's adcp_version. A folder whose $ids carry no
// version is a source tree (Spec.Source).
func (l *loader) readVersion(errDoc, manifest *node) error {
	idVersion := ""
	if id, ok := errDoc.getString("$id"); ok {
		u, err := url.Parse(id)
		if err != nil {
			return errorf(errorFile, "/$id", fmt.Sprintf("invalid $id %q: %v", id, err))
		}
		if v, rest, ok := strings.Cut(strings.TrimPrefix(u.Path, "/schemas/"), "/"); ok && rest == errorFile && isVersion(v) {
			idVersion = v
		}
	}
	switch {
	case idVersion != "" && l.spec.Version != "" && idVersion != l.spec.Version:
		return errorf(errorFile, "/$id", fmt.Sprintf("the $id names version %s, not %s as asked", idVersion, l.spec.Version))
	case idVersion != "":
		l.spec.Version = idVersion
	default:
		l.spec.Source = true
	}
	if v, _ := manifest.getString("adcp_version"); l.spec.Version == "" && isVersion(v) {
		l.spec.Version = v
	}
	if l.spec.Version == "" {
		return errorf(errorFile, "/$id", "cannot tell the AdCP version: the $id carries none (a spec source tree?) "+
			"and there is no manifest.json with adcp_version; pass the version with -version (for example -version 3.3.0)")
	}
	return nil
}

// canonicalURL is the URL a file of the folder is published at.
func (l *loader) canonicalURL(rel string) string {
	return "https://" + schemaHost + "/schemas/" + l.spec.Version + "/" + rel
}

// fileOf maps an absolute schema URL to a file of the folder. It accepts the
// three $id spellings: https://adcontextprotocol.org/schemas/<v>/…,
// /schemas/<v>/… (already resolved against the https origin) and the
// unversioned /schemas/…; anything else would need the network and is refused.
func (l *loader) fileOf(u *url.URL) (string, error) {
	if (u.Scheme != "https" && u.Scheme != "http") || u.Host != schemaHost || u.User != nil {
		return "", fmt.Errorf("%s is not a published AdCP schema URL, and schemas are never fetched from the network", u.Redacted())
	}
	rest, ok := strings.CutPrefix(u.Path, "/schemas/")
	if !ok {
		return "", fmt.Errorf("%s is not under /schemas/", u.Redacted())
	}
	if v, after, ok := strings.Cut(rest, "/"); ok && isVersion(v) {
		if v != l.spec.Version {
			return "", fmt.Errorf("%s refers to AdCP %s, but this folder is %s", u.Redacted(), v, l.spec.Version)
		}
		rest = after
	}
	clean := path.Clean(rest)
	if clean != rest || strings.HasPrefix(clean, "../") || clean == ".." || !strings.HasSuffix(clean, ".json") {
		return "", fmt.Errorf("%s does not name a .json file inside the folder", u.Redacted())
	}
	if !plainName(clean) {
		return "", fmt.Errorf("%s names a file whose name holds %s", u.Redacted(), notPlain)
	}
	return clean, nil
}

// resolveRef resolves the $ref value s found in file at pointer, against
// the file's $id resolved against its canonical URL.
func (l *loader) resolveRef(file, pointer, s string) (ref, error) {
	base, _ := url.Parse(l.canonicalURL(file))
	if id, ok := l.files[file].getString("$id"); ok {
		if u, err := base.Parse(id); err == nil {
			base = u
		}
	}
	u, err := base.Parse(s)
	if err != nil {
		return ref{}, errorf(file, pointer, fmt.Sprintf("invalid $ref %q: %v", s, err))
	}
	frag := u.Fragment
	u.Fragment, u.RawFragment = "", ""
	target, err := l.fileOf(u)
	if err != nil {
		return ref{}, errorf(file, pointer, fmt.Sprintf("unresolvable $ref %q: %v", s, err))
	}
	if frag != "" && !strings.HasPrefix(frag, "/") {
		return ref{}, errorf(file, pointer, fmt.Sprintf("unresolvable $ref %q: only JSON-pointer fragments are supported", s))
	}
	if _, err := l.read(target); err != nil {
		if e, ok := err.(*Error); ok && e.Msg == errMissing {
			return ref{}, errorf(file, pointer, fmt.Sprintf("unresolvable $ref %q: %s does not exist in the folder", s, target))
		}
		return ref{}, err
	}
	if l.files[target].lookup(frag) == nil {
		return ref{}, errorf(file, pointer, fmt.Sprintf("unresolvable $ref %q: no %s#%s", s, target, frag))
	}
	return ref{file: target, pointer: frag}, nil
}

// readAll reads the root files and, breadth first, every file they $ref,
// resolving every $ref.
func (l *loader) readAll(roots []string) error {
	for _, r := range roots {
		if _, err := l.read(r); err != nil {
			return err
		}
	}
	schemas, locations := 0, 0
	for i := 0; i < len(l.order); i++ {
		file := l.order[i]
		err := walkSchemas(l.files[file], "", func(n *node, ptr string) error {
			if schemas++; schemas > maxSchemas {
				return errorf(file, ptr, fmt.Sprintf("the spec holds more than the %d schemas a spec may have", maxSchemas))
			}
			if locations += len(file) + len(ptr); locations > maxLocations {
				return errorf(file, ptr, fmt.Sprintf("the locations (file and JSON pointer) of the spec's schemas take more than the %d bytes a spec may need", maxLocations))
			}
			r := n.get("$ref")
			if r == nil {
				return nil
			}
			p := pointerJoin(ptr, "$ref")
			if r.kind != nodeString {
				return errorf(file, p, "$ref must be a string")
			}
			target, err := l.resolveRef(file, p, r.str)
			if err == nil {
				l.refs[file+"#"+ptr] = target
			}
			return err
		})
		if err != nil {
			return err
		}
	}
	return nil
}

// walkSchemas calls fn for n and every sub-schema of n (draft-07 keywords,
// and $defs, where a later draft keeps the schemas a $ref names),
// in document order, with its JSON pointer, until fn returns an error.
func walkSchemas(n *node, ptr string, fn func(n *node, ptr string) error) error {
	if n == nil || n.kind != nodeObject {
		return nil
	}
	err := fn(n, ptr)
	for _, k := range n.keys {
		v, p := n.members[k], pointerJoin(ptr, k)
		switch k {
		case "properties", "patternProperties", "definitions", "$defs", "dependencies":
			for _, name := range v.keys {
				if err == nil {
					err = walkSchemas(v.members[name], pointerJoin(p, name), fn)
				}
			}
		case "additionalProperties", "additionalItems", "contains", "propertyNames", "if", "then", "else", "not":
			if err == nil {
				err = walkSchemas(v, p, fn)
			}
		case "items", "allOf", "anyOf", "oneOf":
			if err == nil && k == "items" && v.kind != nodeArray {
				err = walkSchemas(v, p, fn)
			}
			for j, e := range v.elems {
				if err == nil {
					err = walkSchemas(e, pointerJoin(p, strconv.Itoa(j)), fn)
				}
			}
		}
	}
	return err
}
