package main

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"path"
	"testing"
	"time"

	"github.com/sigstore/rekor/pkg/generated/models"
	"github.com/sigstore/sigstore-go/pkg/root"
)

// TestRekorURL: detached signatures are looked up in the trusted root's
// longest-running log, not in a shard a newer root adds, whatever the
// order of their names; $ADCPGEN_REKOR_URL takes precedence.
func TestRekorURL(t *testing.T) {
	start := func(year int) time.Time { return time.Date(year, 1, 1, 0, 0, 0, 0, time.UTC) }
	tests := []struct {
		name string
		logs map[string]*root.TransparencyLog
		want string
	}{
		{"none", nil, ""},
		{"one", map[string]*root.TransparencyLog{"a": {BaseURL: "https://rekor.example/", ValidityPeriodStart: start(2021)}}, "https://rekor.example"},
		{"a later shard sorts first", map[string]*root.TransparencyLog{
			"v1": {BaseURL: "https://rekor.example", ValidityPeriodStart: start(2021)},
			"v2": {BaseURL: "https://log2025-1.rekor.example", ValidityPeriodStart: start(2025)},
		}, "https://rekor.example"},
		{"same start: the least name", map[string]*root.TransparencyLog{
			"b": {BaseURL: "https://b.example", ValidityPeriodStart: start(2021)},
			"a": {BaseURL: "https://a.example", ValidityPeriodStart: start(2021)},
			"x": {ValidityPeriodStart: start(2020)},
		}, "https://a.example"},
	}
	for _, tt := range tests {
		tr, err := root.NewTrustedRoot(root.TrustedRootMediaType01, nil, nil, nil, tt.logs)
		if err != nil {
			t.Fatal(err)
		}
		if got := rekorURL(tr); got != tt.want {
			t.Errorf("%s: rekorURL = %q, want %q", tt.name, got, tt.want)
		}
	}
	t.Setenv(envRekorURL, "https://mirror.example/")
	tr, _ := root.NewTrustedRoot(root.TrustedRootMediaType01, nil, nil, nil, nil)
	if got := rekorURL(tr); got != "https://mirror.example" {
		t.Errorf("with $%s: %q", envRekorURL, got)
	}
}

// TestLookUpBounded: a log answering many ids, each with many entries, has
// at most maxRekorEntries of them tried (each costs a verification, and
// the error of each failing one is in the message).
func TestLookUpBounded(t *testing.T) {
	a := newAuthority(t)
	good := a.sign(t, goodSAN, goodIssuer, []byte("the release bundle"))
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		if r.Method == http.MethodPost { // index/retrieve: 20 ids
			ids := make([]string, 20)
			for i := range ids {
				ids[i] = fmt.Sprintf("%064x", i)
			}
			json.NewEncoder(w).Encode(ids)
			return
		}
		es := models.LogEntry{} // 50 entries for one id
		for i := 0; i < 50; i++ {
			es[fmt.Sprintf("%s%016x", path.Base(r.URL.Path), i)] = good.entry
		}
		json.NewEncoder(w).Encode(es)
	}))
	defer srv.Close()
	t.Setenv(envRekorURL, srv.URL)
	v, err := newVerifier(a.rootFile)
	if err != nil {
		t.Fatal(err)
	}
	leaf, err := parseCertificate(good.crt)
	if err != nil {
		t.Fatal(err)
	}
	sig, _ := base64.StdEncoding.DecodeString(string(good.sig))
	bundles, err := v.(*verifier).lookUp(good.digest, leaf, sig)
	if err != nil {
		t.Fatal(err)
	}
	if len(bundles) == 0 || len(bundles) > maxRekorEntries {
		t.Errorf("lookUp tried %d entries, want 1 to %d", len(bundles), maxRekorEntries)
	}
}
