package schemaload

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/adcp-gen/adcp-gen/internal/testfs"
)

// TestLoadRefusesSpecialFiles: a FIFO, a device, a symbolic link to either,
// and a symbolic link leaving the folder are refused, without blocking or
// reading them; a symbolic link inside the folder is followed.
func TestLoadRefusesSpecialFiles(t *testing.T) {
	outside := filepath.Join(t.TempDir(), "billing-party.json")
	for _, f := range fixtureFiles(t) {
		if f.Name == "enums/billing-party.json" {
			if err := os.WriteFile(outside, f.Data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	for _, tc := range []struct {
		name string
		make func(t *testing.T, p string)
		msg  string // "" = loads
	}{
		{"FIFO", func(t *testing.T, p string) {
			testfs.Mkfifo(t, p)
		}, "is not a regular file (p"},
		{"symlink to /dev/zero", func(t *testing.T, p string) { testfs.Symlink(t, "/dev/zero", p) }, "outside the spec folder"},
		{"symlink to a FIFO inside", func(t *testing.T, p string) {
			fifo := filepath.Join(filepath.Dir(p), "fifo")
			testfs.Mkfifo(t, fifo)
			testfs.Symlink(t, "fifo", p)
		}, "is not a regular file (p"},
		{"symlink leaving the folder", func(t *testing.T, p string) { testfs.Symlink(t, outside, p) }, "outside the spec folder"},
		{"relative symlink leaving the folder", func(t *testing.T, p string) {
			rel, err := filepath.Rel(filepath.Dir(p), outside)
			if err != nil {
				t.Fatal(err)
			}
			testfs.Symlink(t, rel, p)
		}, "outside the spec folder"},
		{"symlink inside the folder", func(t *testing.T, p string) {
			if err := os.Rename(p, p+".real"); err != nil {
				t.Fatal(err)
			}
			testfs.Symlink(t, filepath.Base(p)+".real", p)
		}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := writeFixture(t, nil)
			p := filepath.Join(dir, "enums", "billing-party.json")
			if tc.msg != "" {
				os.Remove(p)
			}
			tc.make(t, p)
			if tc.msg == "" {
				if _, err := Load(dir); err != nil {
					t.Fatal(err)
				}
				return
			}
			e := loadErr(t, dir, 5*time.Second)
			if e.File != "enums/billing-party.json" || !strings.Contains(e.Msg, tc.msg) {
				t.Errorf("error %v, want enums/billing-party.json: …%s…", e, tc.msg)
			}
			if _, err := FolderDigest(dir, []string{"enums/billing-party.json"}); err == nil {
				t.Error("FolderDigest read the file")
			}
		})
	}
}
