package seller

import (
	"errors"
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
		if check := pointerCheck(p); (check == nil) != (err == nil) {
			t.Fatalf("pointerCheck(%q) = %v, PointerToField's error %v", p, check, err)
		}
		validSyntax := p == "" || strings.HasPrefix(p, "/")
		if validSyntax {
			for _, tok := range strings.Split(p, "/") {
				if _, ok := pointerUnescape(tok); !ok {
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
			key, _ := pointerUnescape(tok)
			if (pointerIsIdent(key) || pointerIsIndex(key)) && !strings.Contains(got, key) {
				t.Fatalf("PointerToField(%q) = %q lost key %q", p, got, key)
			}
		}
		if p != "" && got == "" {
			t.Fatalf("PointerToField(%q) is empty", p)
		}
	})
}

// refPointerToField is PointerToField as it was on strings.Builder, before
// it appended to a byte slice (fewer inlined copy checks): the differential
// test and fuzz target below hold the two to the same fields and errors.
func refPointerToField(pointer string) (string, error) {
	if pointer == "" {
		return "", nil
	}
	if pointer[0] != '/' {
		return "", errors.New("adcp: JSON pointer must be empty or start with \"/\"")
	}
	var b strings.Builder
	b.Grow(len(pointer) + 8)
	for rest, more := pointer[1:], true; more; {
		var tok string
		tok, rest, more = strings.Cut(rest, "/")
		key, ok := pointerUnescape(tok)
		if !ok {
			return "", errors.New("adcp: JSON pointer has \"~\" not followed by 0 or 1")
		}
		switch {
		case pointerIsIndex(key):
			b.WriteByte('[')
			b.WriteString(key)
			b.WriteByte(']')
		case pointerIsIdent(key):
			if b.Len() > 0 {
				b.WriteByte('.')
			}
			b.WriteString(key)
		default:
			b.WriteString("['")
			for i := 0; i < len(key); i++ {
				if key[i] == '\'' || key[i] == '\\' {
					b.WriteByte('\\')
				}
				b.WriteByte(key[i])
			}
			b.WriteString("']")
		}
	}
	return b.String(), nil
}

// pointerSeeds are pointers of every token kind: indices, identifiers,
// quoted keys with quotes and backslashes, escapes, bad escapes, no slash.
var pointerSeeds = []string{"", "/", "//", "/packages/0/targeting", "/a~1b~0c", "/a.b/ /0x/01", "/~", "/~2", "x",
	"/it's/a\\b/7", "/_x/-1/00/9", "/é/ü~1/0"}

func checkPointerMatchesRef(t *testing.T, p string) {
	t.Helper()
	got, err := PointerToField(p)
	want, werr := refPointerToField(p)
	if got != want || (err == nil) != (werr == nil) || err != nil && err.Error() != werr.Error() {
		t.Fatalf("PointerToField(%q) = %q, %v; refPointerToField = %q, %v", p, got, err, want, werr)
	}
}

// TestPointerToFieldMatchesRef checks PointerToField against
// refPointerToField.
func TestPointerToFieldMatchesRef(t *testing.T) {
	for _, p := range pointerSeeds {
		checkPointerMatchesRef(t, p)
	}
}

// FuzzPointerToFieldMatchesRef checks PointerToField against
// refPointerToField on arbitrary strings.
func FuzzPointerToFieldMatchesRef(f *testing.F) {
	for _, s := range pointerSeeds {
		f.Add(s)
	}
	f.Fuzz(checkPointerMatchesRef)
}
