package emit

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/adcp-gen/adcp-gen/schemaload"
)

// TestModelKey: two graphs built alike get one key; a change of any value,
// of nil against empty, or of which pointers are shared gives another; a
// cycle ends; a graph holding a map or a function has no key.
func TestModelKey(t *testing.T) {
	type node struct {
		Name string
		Next *node
		Left *node
		Num  *float64
		Raw  json.RawMessage
		List []string
		Any  any
	}
	build := func(edit func(n *node)) any {
		f := 1.5
		shared := &node{Name: "shared"}
		n := &node{Name: "root", Next: shared, Left: shared, Num: &f, Raw: json.RawMessage(`{"a":1}`), List: []string{"x"}, Any: 3}
		n.Next.Next = n // a cycle
		if edit != nil {
			edit(n)
		}
		return n
	}
	base, ok := modelKey(build(nil))
	if !ok {
		t.Fatal("no key for the base graph")
	}
	negZero := func() *float64 { z := 0.0; z = -z; return &z }()
	for _, tc := range []struct {
		name string
		v    any
		want string // "same", "differs", "none"
	}{
		{"built again", build(nil), "same"},
		{"a string", build(func(n *node) { n.Left.Name = "other" }), "differs"},
		{"unshared", build(func(n *node) { n.Left = &node{Name: "shared", Next: n} }), "differs"},
		{"a number", build(func(n *node) { *n.Num = 1.25 }), "differs"},
		{"minus zero", build(func(n *node) { n.Num = negZero }), "differs"},
		{"raw bytes", build(func(n *node) { n.Raw = json.RawMessage(`{"a":2}`) }), "differs"},
		{"nil list", build(func(n *node) { n.List = nil }), "differs"},
		{"empty list", build(func(n *node) { n.List = []string{} }), "differs"},
		{"list split", build(func(n *node) { n.List = []string{"", "x"} }), "differs"},
		{"interface type", build(func(n *node) { n.Any = int64(3) }), "differs"},
		{"cycle elsewhere", build(func(n *node) { n.Next.Next = n.Next }), "differs"},
		{"a map", build(func(n *node) { n.Any = map[string]int{} }), "none"},
		{"a function", build(func(n *node) { n.Any = func() {} }), "none"},
	} {
		key, ok := modelKey(tc.v)
		got := "none"
		switch {
		case ok && key == base:
			got = "same"
		case ok:
			got = "differs"
		}
		if got != tc.want {
			t.Errorf("%s: key %s, want %s", tc.name, got, tc.want)
		}
	}
}

// TestDetailsSpecKey: the specs details.go is built from have one key for
// versions of one model that differ only in what its build does not read
// (version, folder, sources, digest, warnings, codes' text and recovery,
// error rules, manifest policy), another when what it reads differs.
func TestDetailsSpecKey(t *testing.T) {
	tag := uniqueTag(t)
	key := func(spec *schemaload.Spec) [32]byte {
		k, ok := modelKey(detailsSpec(spec))
		if !ok {
			t.Fatal("the fixture has no model key")
		}
		return k
	}
	base := key(versioned("1.0.0", tag))
	other := versioned("2.0.0-rc.1", tag)
	other.Dir, other.Sources, other.Digest = "elsewhere", []string{"core/error.json"}, "abc"
	other.Warnings = append(other.Warnings, schemaload.Diagnostic{File: "x.json", Msg: "a warning"})
	other.Codes[1].Description += " More."
	other.Codes[1].Suggestion += " More."
	other.Codes[1].Recovery = "terminal"
	other.Recoveries = append(other.Recoveries, "x")
	other.ErrorRules.CodeMaxLength++
	other.UnknownRecovery, other.HasManifest = "terminal", !other.HasManifest
	if key(other) != base {
		t.Error("another version, folder, sources, digest, warnings, code text, error rules or manifest policy changes the key")
	}
	for name, edit := range map[string]func(*schemaload.Spec){
		"a member's description": func(s *schemaload.Spec) { s.Shapes[0].Type.Fields[0].Doc += " More." },
		"a code's constant name": func(s *schemaload.Spec) { s.Codes[1].GoName += "X" },
		"a code's wire value":    func(s *schemaload.Spec) { s.Codes[1].Value += "_X" },
		"a shape's name":         func(s *schemaload.Spec) { s.Shapes[0].Name += "-x" },
		"the error type":         func(s *schemaload.Spec) { s.Error.Doc += " More." },
	} {
		changed := versioned("1.0.0", tag)
		edit(changed)
		if key(changed) == base {
			t.Errorf("%s does not change the key", name)
		}
	}
}

// TestDetailsRemembered: with Remember, a version whose model was built
// before gets details.go from the remembered body under its own header and
// package clause, and every file as Files renders it without remembering.
func TestDetailsRemembered(t *testing.T) {
	tag := uniqueTag(t)
	first := versioned("81.0.0", tag)
	if _, err := Files(first, Options{Package: "first", Remember: true}); err != nil {
		t.Fatal(err)
	}
	k, _ := modelKey(detailsSpec(first))
	if _, ok := rememberedDetails(k); !ok {
		t.Fatal("details.go's body is not remembered")
	}
	for _, tc := range []struct{ version, pkg string }{{"81.0.1", "second"}, {"81.0.10", "a_much_longer_package_name"}} {
		spec := versioned(tc.version, tag)
		got, err := Files(spec, Options{Package: tc.pkg, Remember: true})
		if err != nil {
			t.Fatal(err)
		}
		want, err := Files(versioned(tc.version, tag), Options{Package: tc.pkg})
		if err != nil {
			t.Fatal(err)
		}
		for name, w := range want {
			if !bytes.Equal(got[name], w) {
				t.Errorf("%s %s: %s differs from Files' render:\n%s", tc.version, tc.pkg, name, Diff("want", "got", w, got[name]))
			}
		}
	}
}

// TestHoledRenders: with Remember, codes.go and vocabulary.go of a version
// whose model was built before are its remembered bodies with the version
// for the hole, and every file is as Files renders it without remembering:
// for versions of other lengths, a version that is not safe, and a model
// whose text holds the hole (built directly).
func TestHoledRenders(t *testing.T) {
	tag := uniqueTag(t)
	holeInText := func(version string) *schemaload.Spec {
		s := versioned(version, tag+"-hole")
		s.Codes[1].Description += " " + versionHole
		return s
	}
	for i, tc := range []struct {
		spec *schemaload.Spec
		pkg  string
		hit  bool // whether codes.go's body is remembered before the call
	}{
		{versioned("82.0.0", tag), "first", false},
		{versioned("82.0.1", tag), "second", true},
		{versioned("82.0.10-rc.1", tag), "a_longer_name", true},
		{versioned("82 0 1", tag), "unsafe", true},
		{holeInText("82.0.2"), "hole", false},
		{holeInText("82.0.3"), "hole", false},
	} {
		s := *tc.spec
		s.Version, s.Dir, s.Sources, s.Digest, s.Warnings = versionHole, "", nil, "", nil
		k, _ := modelKey(&s)
		versionedBodies.Lock()
		_, hit := versionedBodies.bodies[holedKey{"codes.go", k}]
		versionedBodies.Unlock()
		if hit != tc.hit {
			t.Errorf("case %d (%s): remembered before %v, want %v", i, tc.spec.Version, hit, tc.hit)
		}
		got, err := Files(tc.spec, Options{Package: tc.pkg, Remember: true})
		if err != nil {
			t.Fatal(err)
		}
		want, err := Files(tc.spec, Options{Package: tc.pkg})
		if err != nil {
			t.Fatal(err)
		}
		for name, w := range want {
			if !bytes.Equal(got[name], w) {
				t.Errorf("case %d (%s): %s differs from Files' render:\n%s", i, tc.spec.Version, name, Diff("want", "got", w, got[name]))
			}
		}
	}
}
