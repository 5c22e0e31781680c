package testshared

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// VectorResponses returns the responses of the official test vectors in
// files (names in ../shared/test-vectors), keyed "file/id"; it skips t when
// the vectors are absent.
func VectorResponses(t testing.TB, files ...string) map[string][]byte {
	t.Helper()
	dir := Dir(t, "test-vectors")
	out := map[string][]byte{}
	for _, name := range files {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		var file struct {
			Vectors []struct {
				ID       string          `json:"id"`
				Response json.RawMessage `json:"response"`
			} `json:"vectors"`
		}
		if err := json.Unmarshal(b, &file); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		for _, v := range file.Vectors {
			out[name+"/"+v.ID] = v.Response
		}
	}
	return out
}
