package schemaload

import (
	"sort"
	"testing"
)

func TestCompareVersions(t *testing.T) {
	tests := []struct {
		a, b string
		want int
	}{
		{"3.0.0", "3.0.0", 0},
		{"3.0.0-beta.1", "3.0.0-rc.1", -1},
		{"3.0.0-rc.1", "3.0.0", -1},
		{"3.0.0", "3.0.1", -1},
		{"3.0.1", "3.0.10", -1},
		{"3.0.9", "3.0.10", -1},
		{"3.1.0-rc.9", "3.1.0-rc.10", -1},
		{"3.1.0-beta.7", "3.1.0-rc.1", -1},
		{"3.0.26", "3.1.0-beta.0", -1},
		{"3.2.0-beta.3", "3.0.26", 1},
		{"2.5.3", "3.0.0-beta.1", -1},
		{"3.0.0-rc", "3.0.0-rc.1", -1},
		{"3.0.0-1", "3.0.0-alpha", -1},
		{"3.0.0+build.1", "3.0.0", 0},
		{"10.0.0", "9.99.99", 1},
		{"not-a-version", "3.0.0", 1},
		{"abc", "abd", -1},
	}
	for _, tt := range tests {
		if got := CompareVersions(tt.a, tt.b); got != tt.want {
			t.Errorf("CompareVersions(%q, %q) = %d, want %d", tt.a, tt.b, got, tt.want)
		}
		if got := CompareVersions(tt.b, tt.a); got != -tt.want {
			t.Errorf("CompareVersions(%q, %q) = %d, want %d", tt.b, tt.a, got, -tt.want)
		}
	}
}

func TestCompareVersionsSortsCorpus(t *testing.T) {
	_, versions := corpusVersions(t)
	sort.Slice(versions, func(i, j int) bool { return CompareVersions(versions[i], versions[j]) < 0 })
	pos := map[string]int{}
	for i, v := range versions {
		pos[v] = i
	}
	chain := []string{"2.5.0", "2.5.3", "3.0.0-beta.1", "3.0.0-beta.3", "3.0.0-rc.1", "3.0.0-rc.3", "3.0.0", "3.0.1", "3.0.2",
		"3.0.9", "3.0.10", "3.0.26", "3.1.0-beta.0", "3.1.0-rc.1", "3.1.0-rc.9", "3.1.0-rc.10", "3.1.0-rc.15", "3.1.0",
		"3.1.1", "3.1.9", "3.1.10", "3.1.19", "3.2.0-beta.0", "3.2.0-beta.5"}
	for i := 1; i < len(chain); i++ {
		a, b := chain[i-1], chain[i]
		pa, oka := pos[a]
		pb, okb := pos[b]
		if !oka || !okb {
			t.Fatalf("corpus lacks %s or %s", a, b)
		}
		if pa >= pb {
			t.Errorf("%s sorts after %s", a, b)
		}
	}
}

func FuzzCompareVersions(f *testing.F) {
	for _, s := range []string{"3.0.0", "3.0.0-rc.1", "3.1.0-rc.10", "1.2.3-a.b.1+x", "x", "01.0.0"} {
		f.Add(s, "3.0.0-beta.1")
	}
	f.Fuzz(func(t *testing.T, a, b string) {
		ab, ba := CompareVersions(a, b), CompareVersions(b, a)
		if ab != -ba {
			t.Fatalf("not antisymmetric: %q %q → %d, %d", a, b, ab, ba)
		}
		if CompareVersions(a, a) != 0 {
			t.Fatalf("%q != itself", a)
		}
	})
}
