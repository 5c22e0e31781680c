package main

import (
	"testing"
	"time"

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
