package adcperr_test

import (
	"reflect"
	"sort"
	"testing"

	"github.com/adcp-gen/adcp-gen/adcp"
	"github.com/adcp-gen/adcp-gen/generated/adcperr"
)

// TestCodecShapesTable checks the generated vocabulary's details shapes
// against its codes table, both ways.
func TestCodecShapesTable(t *testing.T) {
	v := adcperr.Vocabulary
	shapes := v.Shapes()
	if len(shapes) == 0 {
		t.Fatal("no details shapes")
	}
	names := make([]string, 0, len(shapes))
	for _, s := range shapes {
		names = append(names, s.Name)
		if len(s.Codes) == 0 {
			t.Errorf("%s: no code carries it", s.Name)
		}
		for _, c := range s.Codes {
			info, ok := v.Info(c)
			if !ok {
				t.Errorf("%s: code %s is not standard", s.Name, c)
				continue
			}
			found := false
			for _, cs := range info.Shapes {
				found = found || cs == s
			}
			if !found {
				t.Errorf("%s: code %s does not list it", s.Name, c)
			}
		}
	}
	if !sort.StringsAreSorted(names) {
		t.Errorf("shapes not sorted: %v", names)
	}
	for _, c := range v.Codes() {
		info, _ := v.Info(c)
		for _, s := range info.Shapes {
			if !s.Carries(c) {
				t.Errorf("code %s lists %s, which does not name it", c, s.Name)
			}
		}
	}
}

// TestGeneratedErrorRules checks that the rules generated from
// core/error.json of AdCP 3.2.0-beta.5 are DefaultErrorRules, the rules the
// runtime documents as those of 3.2.
func TestGeneratedErrorRules(t *testing.T) {
	if got := adcperr.Vocabulary.Rules(); !reflect.DeepEqual(got, adcp.DefaultErrorRules) {
		t.Errorf("generated rules %+v\nDefaultErrorRules %+v", got, adcp.DefaultErrorRules)
	}
	if got := (*adcp.Vocabulary)(nil).Rules(); !reflect.DeepEqual(got, adcp.DefaultErrorRules) {
		t.Errorf("nil vocabulary rules %+v", got)
	}
}
