package emit

import (
	"path/filepath"
	"reflect"
	"testing"

	"github.com/adcp-gen/adcp-gen/schemaload"
)

// ModelSet (exported to the external tests) holds the distinct models seen so far, so that a test whose
// check depends only on the model runs once per distinct model instead of
// once per published version (most patch releases leave the error schemas
// alone: their models differ only in Version and in where they were read
// from).
type ModelSet struct {
	models []*schemaload.Spec
}

// Add reports whether spec's model is new to the set, and adds it. Two
// specs are the same model when they are deeply equal leaving aside what
// names the folder they came from: Version, Dir and Sources. Everything else (codes, shapes, types, rules,
// warnings, manifest policy) must be equal.
func (s *ModelSet) Add(spec *schemaload.Spec) bool {
	m := specModel(spec)
	for _, seen := range s.models {
		if reflect.DeepEqual(seen, m) {
			return false
		}
	}
	s.models = append(s.models, m)
	return true
}

// Len returns the number of distinct models added.
func (s *ModelSet) Len() int { return len(s.models) }

// specModel returns a shallow copy of spec without the fields that name its
// folder: Version and Sources.
func specModel(spec *schemaload.Spec) *schemaload.Spec {
	m := *spec
	m.Version, m.Sources = "", nil
	return &m
}

func TestModelSetAdd(t *testing.T) {
	spec, err := schemaload.Load(filepath.Join("..", "schemas"))
	if err != nil {
		t.Fatal(err)
	}
	again, err := schemaload.Load(filepath.Join("..", "schemas"))
	if err != nil {
		t.Fatal(err)
	}
	renamed := *again
	renamed.Version, renamed.Sources = "9.9.9", []string{"x.json"}

	codeless := *again
	codeless.Codes = codeless.Codes[1:]
	typeless := *again
	typeless.Types = append([]*schemaload.Type{}, typeless.Types[:len(typeless.Types)-1]...)
	changed := *again.Types[0]
	changed.GoName += "X"
	retyped := *again
	retyped.Types = append([]*schemaload.Type{&changed}, again.Types[1:]...)
	policy := *again
	policy.UnknownRecovery += "x"

	var s ModelSet
	for _, tc := range []struct {
		name string
		spec *schemaload.Spec
		new  bool
	}{
		{"first", spec, true},
		{"the same folder loaded again", again, false},
		{"another version name, folder and digest", &renamed, false},
		{"one code fewer", &codeless, true},
		{"one type fewer", &typeless, true},
		{"a type renamed", &retyped, true},
		{"another unknown recovery", &policy, true},
		{"the changed model again", &policy, false},
	} {
		if got := s.Add(tc.spec); got != tc.new {
			t.Errorf("%s: Add = %v, want %v", tc.name, got, tc.new)
		}
	}
	if s.Len() != 5 {
		t.Errorf("Len = %d, want 5", s.Len())
	}
	if spec.Version == "" || renamed.Version != "9.9.9" {
		t.Error("Add changed the spec it was given")
	}
}
