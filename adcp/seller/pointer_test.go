package seller

import (
	"strings"
	"testing"
)

// checklist: 45
func TestPointerToField(t *testing.T) {
	tests := []struct {
		pointer, want string
	}{
		{"", ""},
		{"/packages/0/targeting", "packages[0].targeting"},
		{"/packages/0/targeting/geo_countries/2", "packages[0].targeting.geo_countries[2]"},
		{"/budget", "budget"},
		{"/0/name", "[0].name"},
		{"/scores/10", "scores[10]"},       // numeric keys read as indices
		{"/scores/01", "scores['01']"},     // not a canonical index
		{"/a~1b", "['a/b']"},               // ~1 is "/"
		{"/a~0b", "['a~b']"},               // ~0 is "~"
		{"/a~01", "['a~1']"},               // ~0 then a literal 1
		{"/a.b", "['a.b']"},                // a dot must not split the key
		{"/a b/c", "['a b'].c"},            // space
		{"/0x", "['0x']"},                  // starts with a digit
		{"/", "['']"},                      // the empty key
		{"/a//b", "a[''].b"},               // an empty key in the middle
		{"/packages/-", "packages['-']"},   // "-" is not an index here
		{"/it's", `['it\'s']`},             // quote escaped
		{`/back\slash`, `['back\\slash']`}, // backslash escaped
		{"/hero-image", "['hero-image']"},  // hyphen
		{"/_x1", "_x1"},                    // identifier with _ and digit
		{"/créative", "['créative']"},      // non-ASCII
		{"/a[0]", "['a[0]']"},              // brackets in a key
		{"/creative_id", "creative_id"},
	}
	for _, tt := range tests {
		got, err := PointerToField(tt.pointer)
		if err != nil {
			t.Errorf("PointerToField(%q): %v", tt.pointer, err)
			continue
		}
		if got != tt.want {
			t.Errorf("PointerToField(%q) = %q, want %q", tt.pointer, got, tt.want)
		}
	}
}

func TestPointerToFieldRefuses(t *testing.T) {
	for _, p := range []string{"packages/0", "#/packages/0", "/a~", "/a~2", "/~x/b"} {
		if got, err := PointerToField(p); err == nil {
			t.Errorf("PointerToField(%q) = %q, want an error", p, got)
		}
	}
}

// FuzzPointerToField checks that translation never panics, accepts exactly
// the pointers with valid escapes, and keeps every unescaped key readable:
// each plain identifier or index of the pointer appears in the field.
func FuzzPointerToField(f *testing.F) {
	for _, s := range []string{"", "/", "/packages/0/targeting", "/a~1b~0c", "/a.b/ /0x/01", "/~", "x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, p string) {
		got, err := PointerToField(p)
		validSyntax := p == "" || strings.HasPrefix(p, "/")
		if validSyntax {
			for _, tok := range strings.Split(p, "/") {
				if strings.Contains(strings.NewReplacer("~0", "", "~1", "").Replace(tok), "~") {
					validSyntax = false
				}
			}
		}
		if (err == nil) != validSyntax {
			t.Fatalf("PointerToField(%q) error = %v, want error %v", p, err, !validSyntax)
		}
		if err != nil {
			return
		}
		for _, tok := range strings.Split(p, "/")[1:] {
			key := strings.ReplaceAll(strings.ReplaceAll(tok, "~1", "/"), "~0", "~")
			if (pointerIdent.MatchString(key) || pointerIndex.MatchString(key)) && !strings.Contains(got, key) {
				t.Fatalf("PointerToField(%q) = %q lost key %q", p, got, key)
			}
		}
		if p != "" && got == "" {
			t.Fatalf("PointerToField(%q) is empty", p)
		}
	})
}
