package emit

import (
	"bytes"
	"strings"
	"testing"

	"github.com/adcp-gen/adcp-gen/emit/runtimeapi"
)

// TestStdMisuseRefused: generated code that misuses the standard packages
// it imports (checked against their API stubs, with no go command) is
// refused with the type error; the unchanged output is accepted.
func TestStdMisuseRefused(t *testing.T) {
	files, err := Files(fixtureSpec(), Options{Package: "fixture"})
	if err != nil {
		t.Fatal(err)
	}
	if err := runtimeapi.Check(files); err != nil {
		t.Fatalf("the unchanged output: %v", err)
	}
	for _, tc := range []struct {
		name, old, new, want string
	}{
		{"Itoa of a string", "strconv.Itoa(i)", "strconv.Itoa(p)", "cannot use p"},
		{"no such strconv function", "strconv.Itoa(i)", "strconv.Itoa64(i)", "undefined: strconv.Itoa64"},
		// Declarations added to the file that imports encoding/json.
		{"RawMessage as a string", "\tExtra map[string]json.RawMessage", "+var _ string = json.RawMessage(nil)\n", "cannot use json.RawMessage(nil)"},
		{"RawMessage value method", "\tExtra map[string]json.RawMessage", "+var _ = json.RawMessage(nil).UnmarshalJSON\n", "cannot call pointer method UnmarshalJSON"},
		{"RawMessage value as an Unmarshaler", "\tExtra map[string]json.RawMessage", "+var _ json.Unmarshaler = json.RawMessage(nil)\n", "does not implement json.Unmarshaler"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			changed := map[string][]byte{}
			found := false
			for n, src := range files {
				if !found && bytes.Contains(src, []byte(tc.old)) {
					if add, ok := strings.CutPrefix(tc.new, "+"); ok {
						src = append(append([]byte{}, src...), "\n"+add...)
					} else {
						src = bytes.Replace(src, []byte(tc.old), []byte(tc.new), 1)
					}
					found = true
				}
				changed[n] = src
			}
			if !found {
				t.Fatalf("the fixture's output has no %q", tc.old)
			}
			if err := runtimeapi.Check(changed); err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("Check = %v, want %q", err, tc.want)
			}
		})
	}
}
