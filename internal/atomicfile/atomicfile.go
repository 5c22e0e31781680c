// Package atomicfile writes a file whole or not at all: to a temporary file
// beside it, renamed over it, so that a reader (or a later run after a
// crash) never sees a half-written file.
package atomicfile

import (
	"os"
	"path/filepath"
)

// Write writes data to name with permission 0644 through a temporary file
// in name's folder, renamed over name. On failure name is left as it was
// and the temporary file is removed.
func Write(name string, data []byte) error {
	tmp, err := os.CreateTemp(filepath.Dir(name), "."+filepath.Base(name)+".*.tmp")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name()) // fails harmlessly after the rename
	_, err = tmp.Write(data)
	if err == nil {
		err = tmp.Chmod(0o644)
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return err
	}
	return os.Rename(tmp.Name(), name)
}
