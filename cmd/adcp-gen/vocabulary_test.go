package main

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/adcp-gen/adcp-gen/adcp"
	"github.com/adcp-gen/adcp-gen/generated/adcperr"
	"github.com/adcp-gen/adcp-gen/internal/testshared"
	"github.com/adcp-gen/adcp-gen/schemaload"
)

// TestRuntimeVocabularyShipped: the vocabulary built at run time from
// schemas/ is the one generated/adcperr declares: version, policy, codes,
// and error and shape checks that agree.
func TestRuntimeVocabularyShipped(t *testing.T) {
	spec, err := schemaload.Load(filepath.Join(testshared.ModuleRoot(), "schemas"))
	if err != nil {
		t.Fatal(err)
	}
	got, err := runtimeVocabulary(spec)
	if err != nil {
		t.Fatal(err)
	}
	want := adcperr.Vocabulary
	if got.SpecVersion() != want.SpecVersion() || got.UnknownRecovery() != want.UnknownRecovery() {
		t.Errorf("version %s, policy %q; want %s, %q", got.SpecVersion(), got.UnknownRecovery(), want.SpecVersion(), want.UnknownRecovery())
	}
	// The errors' checks agree on validity; their messages differ.
	for _, in := range []string{
		`{"code":"X","message":"m","retry_after":5,"recovery":"transient","issues":[{"pointer":"/a","message":"m","keyword":"type"}]}`,
		`{"code":"X","message":"m","retry_after":0}`, `{"code":"X","message":"m","recovery":"deferred"}`, `{"code":"X"}`,
		`{"code":"X","message":"m","details":[1]}`, `{"code":"X","message":"m","issues":[{}]}`,
	} {
		var e adcp.Error
		if err := e.UnmarshalJSON([]byte(in)); err != nil {
			t.Fatal(err)
		}
		if ge, we := got.Validate(&e), want.Validate(&e); (ge == nil) != (we == nil) {
			t.Errorf("Validate(%s) = %v, want %v", in, ge, we)
		}
	}
	if !reflect.DeepEqual(got.Codes(), want.Codes()) {
		t.Fatalf("codes %v\nwant %v", got.Codes(), want.Codes())
	}
	names := func(shapes []*adcp.DetailsShape) (out []string) {
		for _, s := range shapes {
			out = append(out, s.Name)
		}
		return out
	}
	for _, c := range want.Codes() {
		g, _ := got.Info(c)
		w, _ := want.Info(c)
		if !reflect.DeepEqual(names(g.Shapes), names(w.Shapes)) {
			t.Errorf("%s: shapes %v, want %v", c, names(g.Shapes), names(w.Shapes))
		}
		g.Shapes, w.Shapes = nil, nil
		if !reflect.DeepEqual(g, w) {
			t.Errorf("%s: %+v\nwant %+v", c, g, w)
		}
	}
	gs, ws := got.Shapes(), want.Shapes()
	if !reflect.DeepEqual(names(gs), names(ws)) {
		t.Fatalf("shapes %v, want %v", names(gs), names(ws))
	}
	for i := range ws {
		g, w := *gs[i], *ws[i]
		for _, in := range []string{`{}`, `[]`, `{"x": 1}`, exampleDetails[w.Name]} {
			if in == "" {
				continue
			}
			// The generated check and jsonschema agree on validity (as
			// internal/validationdiff shows on every version); their
			// messages differ.
			ge, we := g.Validate([]byte(in)), w.Validate([]byte(in))
			if (ge == nil) != (we == nil) {
				t.Errorf("%s: Validate(%s) = %v, want %v", w.Name, in, ge, we)
			}
		}
		g.Check, w.Check = nil, nil
		if !reflect.DeepEqual(g, w) {
			t.Errorf("shape %+v\nwant %+v", g, w)
		}
	}
}

// TestExampleExplainOtherVersion: example and explain read the version
// -schemas names (here the newest 3.0 release, which lacks 3.1's
// ACCOUNT_MOVED), -version with the shipped version needs no folder, and a
// folder that does not load is named with the file.
func TestExampleExplainOtherVersion(t *testing.T) {
	dir := newest30(t, testshared.Dir(t, "adcp-schemas"))
	v := filepath.Base(dir)
	if code, out, stderr := runCmd("example", "RATE_LIMITED", "-schemas", dir); code != 0 || !strings.Contains(out, `"RATE_LIMITED`) {
		t.Errorf("example -schemas %s: exit %d, stdout %s, stderr %s", v, code, out, stderr)
	}
	if code, _, stderr := runCmd("example", "ACCOUNT_MOVED", "-schemas", dir); code != 2 || !strings.Contains(stderr, "not a standard code of AdCP "+v) {
		t.Errorf("example ACCOUNT_MOVED -schemas %s: exit %d, stderr %s", v, code, stderr)
	}
	if code, _, stderr := runCmd("example", "RATE_LIMITED", "-schemas", dir, "-details", `{"scope": "planet"}`); code != 2 || !strings.Contains(stderr, "/scope: ") {
		t.Errorf("example RATE_LIMITED -schemas %s with bad details: exit %d, stderr %s; want exit 2 naming /scope", v, code, stderr)
	}
	if code, _, stderr := runCmd("example", "AUTH_MISSING", "-version", adcperr.SpecVersion); code != 0 {
		t.Errorf("example -version %s: exit %d, stderr %s", adcperr.SpecVersion, code, stderr)
	}
	in := []byte(`{"isError": true, "structuredContent": {"adcp_error": {"code": "ACCOUNT_MOVED", "message": "m"}}}`)
	shipped, _ := runExplainOn(t, in)
	older, _ := runExplainOn(t, in, "-schemas", dir)
	if shipped.Recovery == nil || older.Recovery == nil || *shipped.Recovery == *older.Recovery {
		t.Errorf("explain of ACCOUNT_MOVED: recovery %v shipped, %v with -schemas %s: want them to differ (unknown in %s)", shipped.Recovery, older.Recovery, v, v)
	}

	bad := copySchemas(t)
	if err := os.WriteFile(filepath.Join(bad, "enums", "error-code.json"), []byte(`{"enum": [`), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, cmd := range []string{"example", "explain"} {
		code, _, stderr := runCmd(cmd, "RATE_LIMITED", "-schemas", bad)
		if cmd == "explain" {
			code, _, stderr = runCmd(cmd, "-schemas", bad)
		}
		if code != 2 || !strings.Contains(stderr, filepath.ToSlash(filepath.Join(bad, "enums", "error-code.json"))) {
			t.Errorf("%s -schemas of a broken folder: exit %d, stderr %s", cmd, code, stderr)
		}
	}
}
