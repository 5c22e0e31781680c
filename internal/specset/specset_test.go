package specset

import (
	"path/filepath"
	"testing"

	"github.com/adcp-gen/adcp-gen/schemaload"
)

func TestAdd(t *testing.T) {
	spec, err := schemaload.Load(filepath.Join("..", "..", "schemas"))
	if err != nil {
		t.Fatal(err)
	}
	again, err := schemaload.Load(filepath.Join("..", "..", "schemas"))
	if err != nil {
		t.Fatal(err)
	}
	renamed := *again
	renamed.Version, renamed.Dir, renamed.Sources = "9.9.9", "elsewhere", []string{"x.json"}

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

	var s Set
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
