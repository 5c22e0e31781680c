package schemaload

import (
	"errors"
	"fmt"
	"net/url"
	"strings"

	"github.com/adcp-gen/adcp-gen/internal/ecmaregexp"
	"github.com/santhosh-tekuri/jsonschema/v6"
)

// compile validates every schema file read against its metaschema and
// compiles it with santhosh-tekuri/jsonschema (one compiler for the folder,
// so each file is compiled once), with the ECMAScript regexp engine the
// schemas are written for and a loader that only serves files of the folder.
func (l *loader) compile() error {
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft7)
	c.UseRegexpEngine(ecmaregexp.Compile)
	c.UseLoader(folderLoader{l})
	for _, rel := range l.order {
		if err := c.AddResource(l.canonicalURL(rel), decodeJSON(l.files[rel].src)); err != nil {
			return errorf(rel, "", err.Error())
		}
	}
	l.spec.Compiled = make(map[string]*jsonschema.Schema, len(l.order))
	for _, rel := range l.order {
		sch, err := c.Compile(l.canonicalURL(rel))
		if err != nil {
			return l.compileError(rel, err)
		}
		l.spec.Compiled[rel] = sch
	}
	return nil
}

// folderLoader serves schema URLs from the folder; it never touches the
// network. With every file added as a resource up front it is only reached
// for a $ref that readAll did not see.
type folderLoader struct{ l *loader }

func (f folderLoader) Load(s string) (any, error) {
	u, err := url.Parse(s)
	if err != nil {
		return nil, err
	}
	rel, err := f.l.fileOf(u)
	if err != nil {
		return nil, err
	}
	n, err := f.l.read(rel)
	if err != nil {
		return nil, err
	}
	return decodeJSON(n.src), nil
}

// compileError turns a jsonschema error into an *Error naming the file and
// the pointer of the offending schema location. (An invalid pattern is a
// SchemaValidationError: the metaschema's "regex" format is checked with
// the same engine. An *Error of folderLoader comes wrapped in a
// LoadURLError.)
func (l *loader) compileError(rel string, err error) error {
	var (
		sv *jsonschema.SchemaValidationError
		lu *jsonschema.LoadURLError
		np *jsonschema.JSONPointerNotFoundError
	)
	switch {
	case errors.As(err, &sv):
		file, _ := l.locate(sv.URL, rel)
		ve := sv.Err.(*jsonschema.ValidationError) // the metaschema's verdict: the library returns no other
		for len(ve.Causes) > 0 {
			ve = ve.Causes[0]
		}
		msg := ve.Error()
		if _, after, ok := strings.Cut(msg, ": "); ok && strings.HasPrefix(msg, "at ") {
			msg = after
		}
		return errorf(file, pointerOf(ve.InstanceLocation), "not a valid draft-07 schema: "+msg)
	case errors.As(err, &lu):
		file, ptr := l.locate(lu.URL, rel)
		return errorf(file, ptr, fmt.Sprintf("cannot load $ref target %s: %v", lu.URL, lu.Err))
	case errors.As(err, &np):
		file, ptr := l.locate(np.URL, rel)
		return errorf(file, ptr, "unresolvable $ref: no such JSON pointer")
	}
	return errorf(rel, "", err.Error())
}

// locate maps a schema URL with a fragment to (file, pointer), falling back
// to def for the file.
func (l *loader) locate(s, def string) (string, string) {
	u, err := url.Parse(s)
	if err != nil {
		return def, ""
	}
	frag := u.Fragment
	u.Fragment, u.RawFragment = "", ""
	if rel, err := l.fileOf(u); err == nil {
		def = rel
	}
	return def, frag
}

// pointerOf joins unescaped tokens into a JSON pointer.
func pointerOf(toks []string) string {
	p := ""
	for _, t := range toks {
		p = pointerJoin(p, t)
	}
	return p
}
