package seller_test

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/adcp-gen/adcp-gen/adcp"
	"github.com/adcp-gen/adcp-gen/adcp/internal/testvocab"
	"github.com/adcp-gen/adcp-gen/adcp/seller"
)

// patchVocabulary returns a copy of base with the catalogue entry of code
// edited, so that table-driven rules can be tested before the generated
// tables carry them. Shapes whose codes no longer list them are left out.
func patchVocabulary(t *testing.T, base *adcp.Vocabulary, code adcp.Code, edit func(*adcp.CodeInfo)) *adcp.Vocabulary {
	t.Helper()
	return rebuildVocabulary(t, base, code, func(info *adcp.CodeInfo) bool { edit(info); return true })
}

// vocabularyWithout returns a copy of voc without code, as a spec version
// that does not define it.
func vocabularyWithout(t *testing.T, code adcp.Code) *adcp.Vocabulary {
	t.Helper()
	return rebuildVocabulary(t, voc, code, func(*adcp.CodeInfo) bool { return false })
}

// rebuildVocabulary copies base, passing the entry of code to edit, which
// reports whether to keep it.
func rebuildVocabulary(t *testing.T, base *adcp.Vocabulary, code adcp.Code, edit func(*adcp.CodeInfo) bool) *adcp.Vocabulary {
	t.Helper()
	var infos []adcp.CodeInfo
	found := false
	for _, c := range base.Codes() {
		info, _ := base.Info(c)
		if c == code {
			found = true
			if !edit(&info) {
				continue
			}
		}
		infos = append(infos, info)
	}
	if !found {
		t.Fatalf("%s is not in the catalogue", code)
	}
	byCode := make(map[adcp.Code]adcp.CodeInfo, len(infos))
	for _, info := range infos {
		byCode[info.Code] = info
	}
	var shapes []*adcp.DetailsShape
	for _, s := range base.Shapes() {
		keep := true
		for _, c := range s.Codes {
			info, ok := byCode[c]
			listed := false
			for _, x := range info.Shapes {
				listed = listed || x == s
			}
			keep = keep && ok && listed
		}
		if keep {
			shapes = append(shapes, s)
		}
	}
	v, err := adcp.NewVocabulary(adcp.VocabularyConfig{
		SpecVersion:     base.SpecVersion(),
		UnknownRecovery: base.UnknownRecovery(),
		Codes:           infos,
		Shapes:          shapes,
		ErrorCheck:      testvocab.ErrorCheck,
	})
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// decodeTestError decodes an error from JSON, so that tests can set
// version-dependent members (issues[]) without naming generated types.
func decodeTestError(t *testing.T, s string) *adcp.Error {
	t.Helper()
	var e adcp.Error
	if err := json.Unmarshal([]byte(s), &e); err != nil {
		t.Fatalf("decode %s: %v", s, err)
	}
	return &e
}

// jsonValue decodes JSON for comparison by value.
func jsonValue(t *testing.T, b []byte) any {
	t.Helper()
	var v any
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatalf("invalid JSON %s: %v", b, err)
	}
	return v
}

// sameJSON fails unless got and want hold the same JSON value.
func sameJSON(t *testing.T, name string, got []byte, want string) {
	t.Helper()
	if !reflect.DeepEqual(jsonValue(t, got), jsonValue(t, []byte(want))) {
		t.Errorf("%s:\n got %s\nwant %s", name, got, want)
	}
}

// mustNew builds an error of voc or fails the test.
func mustNew(t testing.TB, code adcp.Code, msg string, opts ...seller.Option) *adcp.Error {
	t.Helper()
	e, err := seller.New(voc, code, msg, opts...)
	if err != nil {
		t.Fatalf("New(%s): %v", code, err)
	}
	return e
}

func containsSubstring(list []string, sub string) bool {
	for _, s := range list {
		if strings.Contains(s, sub) {
			return true
		}
	}
	return false
}

func jsonInt(n int) string { b, _ := json.Marshal(n); return string(b) }

func jsonString(s string) string { b, _ := json.Marshal(s); return string(b) }
