package emit

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"go/parser"
	"go/token"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"time"
)

// Write makes dir hold exactly files among the .go files adcp-gen owns, as
// one unit:
//
//   - Every conflict is found before anything is written: a produced name
//     held by a symbolic link, a folder, anything but a regular file, or a
//     file without the adcp-gen header. A file without the header is never
//     touched.
//   - Concurrent runs on one folder take turns: a lock file
//     (.adcp-gen.lock, removed when done) serialises them.
//   - The new content is first written beside the old, under names the go
//     command ignores (.adcp-gen.<name>.new); then a journal
//     (.adcp-gen.journal) records the change, and only then are the files
//     renamed into place and the stale owned files removed. While that
//     happens, the package holds adcp_gen_incomplete.go, which keeps it from
//     compiling, so no build uses a mix of two generations.
//   - A run interrupted before the journal leaves the old package (and
//     temporary files); one interrupted after it, a package that does not
//     compile until the next run. The next Write finishes the journaled
//     change, removes the leftovers, then writes its own.
//
// Only the files whose bytes differ are written. changed lists, sorted, the
// names written or removed.
func Write(dir string, files map[string][]byte) (changed []string, err error) {
	if _, err := Plan(dir, files); err != nil {
		return nil, err // a conflict, found before touching the folder
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	unlock, err := lockFolder(dir)
	if err != nil {
		return nil, err
	}
	defer unlock()
	if err := finishInterrupted(dir); err != nil {
		return nil, err
	}
	plan, err := Plan(dir, files)
	if err != nil {
		return nil, err
	}
	if len(plan.Write) == 0 && len(plan.Remove) == 0 {
		return nil, nil
	}
	if err := commit(dir, plan, files); err != nil {
		return nil, err
	}
	changed = append(append(changed, plan.Write...), plan.Remove...)
	sort.Strings(changed)
	return changed, nil
}

// Names adcp-gen uses in an output folder besides the files it produces.
const (
	lockName    = ".adcp-gen.lock"
	journalName = ".adcp-gen.journal"
	tempPrefix  = ".adcp-gen."
	tempSuffix  = ".new"
	// barrierName is the file that keeps a package from compiling while it
	// is being rewritten.
	barrierName = "adcp_gen_incomplete.go"
)

// tempName is the name the new content of file name is written under.
func tempName(name string) string { return tempPrefix + name + tempSuffix }

// Changes is what Write would do in a folder.
type Changes struct {
	Write  []string          // produced files that are new or differ, sorted
	Remove []string          // owned files no longer produced, sorted
	Old    map[string][]byte // current content of the files in Write and Remove
}

// Plan compares files with dir without changing anything, and reports the
// first conflict that would stop Write. Write plans once before it takes
// the folder's lock, when another run may be changing the folder: a plan
// that sees the folder change under it (an entry listed but gone when read,
// or one not listed but there when looked up) is made again, every 10 ms
// for up to lockWait, so another run's change is never taken for a
// conflict.
func Plan(dir string, files map[string][]byte) (*Changes, error) {
	deadline := time.Now().Add(lockWait)
	for {
		c, err := planOnce(dir, files)
		if err != errFolderChanged || time.Now().After(deadline) {
			if err == errFolderChanged {
				err = fmt.Errorf("emit: %s kept changing for %v while adcp-gen compared it with the files to write", dir, lockWait)
			}
			return c, err
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// errFolderChanged is planOnce's report of a folder that changed while it
// was read.
var errFolderChanged = errors.New("emit: the folder changed while it was read")

// listedHook, when set (by tests), is called by planOnce after it lists the
// folder.
var listedHook func()

func planOnce(dir string, files map[string][]byte) (*Changes, error) {
	c := &Changes{Old: map[string][]byte{}}
	for name := range files {
		if !isGoFileName(name) || name == barrierName {
			return nil, fmt.Errorf("emit: %q is not a Go file name adcp-gen can produce", name)
		}
	}
	entries, err := os.ReadDir(dir)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return nil, err
	}
	if listedHook != nil {
		listedHook()
	}
	for _, name := range append(slices.Sorted(maps.Keys(files)), barrierName, journalName, lockName) {
		if err := checkName(dir, name); err != nil {
			return nil, err
		}
		if name != lockName {
			if err := checkName(dir, tempName(name)); err != nil {
				return nil, err
			}
		}
	}
	listed := map[string]bool{}
	for _, e := range entries {
		name := e.Name()
		listed[name] = true
		if !e.Type().IsRegular() || !strings.HasSuffix(name, ".go") {
			continue
		}
		old, err := os.ReadFile(filepath.Join(dir, name))
		if errors.Is(err, fs.ErrNotExist) {
			return nil, errFolderChanged // removed since listed
		}
		if err != nil {
			return nil, err
		}
		b, produced := files[name]
		switch {
		case (produced || name == barrierName) && !IsOwned(old):
			return nil, fmt.Errorf("emit: %s exists and was not generated by adcp-gen; refusing to overwrite it", filepath.Join(dir, name))
		case produced && !bytes.Equal(old, b):
			c.Write = append(c.Write, name)
			c.Old[name] = old
		case !produced && IsOwned(old):
			c.Remove = append(c.Remove, name)
			c.Old[name] = old
		}
	}
	for name := range files {
		if listed[name] {
			continue
		}
		if _, err := os.Lstat(filepath.Join(dir, name)); !errors.Is(err, fs.ErrNotExist) {
			// Made since listed, or, on a case-insensitive file system,
			// another entry.
			if listedNow(dir, name) {
				return nil, errFolderChanged
			}
			return nil, fmt.Errorf("emit: %s names an entry spelled differently; refusing to replace it", filepath.Join(dir, name))
		}
		c.Write = append(c.Write, name)
	}
	sort.Strings(c.Write)
	sort.Strings(c.Remove)
	return c, nil
}

// listedNow reports whether a listing of dir made now holds name, spelled
// exactly so.
func listedNow(dir, name string) bool {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return false
	}
	for _, e := range entries {
		if e.Name() == name {
			return true
		}
	}
	return false
}

// checkName reports a name Write would need to create or replace that is
// held by anything but a regular file.
func checkName(dir, name string) error {
	st, err := os.Lstat(filepath.Join(dir, name))
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil
	case err != nil:
		return err
	case st.Mode()&fs.ModeSymlink != 0:
		return fmt.Errorf("emit: %s is a symbolic link; refusing to replace it", filepath.Join(dir, name))
	case st.IsDir():
		return fmt.Errorf("emit: %s is a folder; refusing to replace it", filepath.Join(dir, name))
	case !st.Mode().IsRegular():
		return fmt.Errorf("emit: %s is not a regular file (%s); refusing to replace it", filepath.Join(dir, name), st.Mode().Type())
	}
	return nil
}

// isGoFileName reports whether name is a plain .go file name of a folder.
func isGoFileName(name string) bool {
	return name == filepath.Base(name) && strings.HasSuffix(name, ".go") && !strings.HasPrefix(name, ".") &&
		!strings.ContainsAny(name, `/\`)
}

// Check returns a unified diff of what Write would change in dir ("" when
// dir is up to date).
func Check(dir string, files map[string][]byte) (string, error) {
	c, err := Plan(dir, files)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	for _, name := range c.Write {
		old, had := c.Old[name]
		from := filepath.ToSlash(filepath.Join(dir, name))
		if !had {
			from = "/dev/null"
		}
		b.WriteString(Diff(from, filepath.ToSlash(filepath.Join(dir, name)), old, files[name]))
	}
	for _, name := range c.Remove {
		b.WriteString(Diff(filepath.ToSlash(filepath.Join(dir, name)), "/dev/null", c.Old[name], nil))
	}
	return b.String(), nil
}

// journal is the record of a change between its commit point and its end.
type journal struct {
	Format  int      `json:"format"`
	Write   []string `json:"write"`   // files whose new content waits under tempName
	Remove  []string `json:"remove"`  // owned files to remove
	Barrier bool     `json:"barrier"` // barrierName's content waits under tempName
}

const journalFormat = 1

// stepHook, when set (by tests), is called after each change commit makes
// to the folder; an error it returns stands for the next change failing.
var stepHook func() error

func step() error {
	if stepHook != nil {
		return stepHook()
	}
	return nil
}

// commit applies plan: the new files and the barrier under temporary names,
// the journal (the commit point), then apply. A failure before the journal
// removes what it wrote and leaves the old package. The temporary files are
// flushed to disk together, after they are all written and before the
// journal takes effect.
func commit(dir string, plan *Changes, files map[string][]byte) (err error) {
	j := journal{Format: journalFormat, Write: plan.Write, Remove: plan.Remove}
	var temps []string
	var written []*os.File
	defer func() {
		for _, f := range written {
			f.Close()
		}
		if err != nil && temps != nil {
			for _, t := range temps {
				os.Remove(filepath.Join(dir, t))
			}
		}
	}()
	create := func(name string, data []byte) error {
		temps = append(temps, tempName(name))
		f, err := writeNew(filepath.Join(dir, tempName(name)), data)
		if err != nil {
			return err
		}
		written = append(written, f)
		return step()
	}
	for _, name := range plan.Write {
		if err := create(name, files[name]); err != nil {
			return err
		}
	}
	if b := barrier(files); b != nil {
		j.Barrier = true
		if err := create(barrierName, b); err != nil {
			return err
		}
	}
	data, err := json.Marshal(j)
	if err != nil {
		return err
	}
	if err := create(journalName, data); err != nil {
		return err
	}
	if err := syncAll(written); err != nil {
		return err
	}
	var closeErr error
	for _, f := range written {
		if err := f.Close(); err != nil && closeErr == nil {
			closeErr = err
		}
	}
	written = nil
	if closeErr != nil {
		return closeErr
	}
	if err := os.Rename(filepath.Join(dir, tempName(journalName)), filepath.Join(dir, journalName)); err != nil {
		return err
	}
	syncDir(dir)
	temps = nil // committed: from here on, the journal finishes the change
	err = step()
	if err == nil {
		err = apply(dir, j)
	}
	if err != nil {
		return fmt.Errorf("emit: %s: %v (the next run finishes the change)", dir, err)
	}
	return nil
}

// apply carries out a journaled change. It is idempotent, so that the next
// run can finish an interrupted one: a temporary file already renamed is
// skipped, a file already removed is ignored.
func apply(dir string, j journal) error {
	rename := func(name string) error {
		err := os.Rename(filepath.Join(dir, tempName(name)), filepath.Join(dir, name))
		if errors.Is(err, fs.ErrNotExist) {
			return nil
		}
		if err != nil {
			return err
		}
		return step()
	}
	remove := func(name string) error {
		err := os.Remove(filepath.Join(dir, name))
		if errors.Is(err, fs.ErrNotExist) {
			return nil
		}
		if err != nil {
			return err
		}
		return step()
	}
	if j.Barrier {
		if err := rename(barrierName); err != nil {
			return err
		}
	}
	for _, name := range j.Write {
		if err := rename(name); err != nil {
			return err
		}
	}
	for _, name := range j.Remove {
		p := filepath.Join(dir, name)
		if st, err := os.Lstat(p); err != nil || !st.Mode().IsRegular() {
			continue // gone, or replaced by something not ours since
		}
		if b, err := os.ReadFile(p); err == nil && IsOwned(b) {
			if err := remove(name); err != nil {
				return err
			}
		}
	}
	if err := remove(barrierName); err != nil {
		return err
	}
	syncDir(dir)
	return remove(journalName)
}

// finishInterrupted finishes, in dir, a change a previous Write recorded in its
// journal but did not complete, and removes the temporary files an
// interrupted Write left. Write calls it under the folder's lock.
func finishInterrupted(dir string) error {
	if err := checkName(dir, journalName); err != nil {
		return err
	}
	data, err := os.ReadFile(filepath.Join(dir, journalName))
	switch {
	case errors.Is(err, fs.ErrNotExist):
	case err != nil:
		return err
	default:
		var j journal
		if err := json.Unmarshal(data, &j); err != nil || j.Format != journalFormat || !validNames(j.Write) || !validNames(j.Remove) {
			return fmt.Errorf("emit: %s is not a journal adcp-gen can finish: remove it, and the %s*%s files, by hand",
				filepath.Join(dir, journalName), tempPrefix, tempSuffix)
		}
		if err := apply(dir, j); err != nil {
			return fmt.Errorf("emit: finishing the interrupted change recorded in %s: %v", filepath.Join(dir, journalName), err)
		}
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return err
	}
	for _, e := range entries {
		if n := e.Name(); e.Type().IsRegular() && isLeftover(n) {
			if err := os.Remove(filepath.Join(dir, n)); err != nil {
				return err
			}
		}
	}
	return nil
}

// isLeftover reports whether name is a temporary file of an interrupted
// Write: one of ours, or one of the earlier writer's (.adcp-gen-*.tmp).
func isLeftover(name string) bool {
	return strings.HasPrefix(name, tempPrefix) && strings.HasSuffix(name, tempSuffix) ||
		strings.HasPrefix(name, ".adcp-gen-") && strings.HasSuffix(name, ".tmp")
}

func validNames(names []string) bool {
	for _, n := range names {
		if !isGoFileName(n) {
			return false
		}
	}
	return true
}

// barrier returns the content of barrierName for the package files belong
// to, or nil when no file names a package.
func barrier(files map[string][]byte) []byte {
	for _, name := range slices.Sorted(maps.Keys(files)) {
		f, err := parser.ParseFile(token.NewFileSet(), name, files[name], parser.PackageClauseOnly)
		if err != nil {
			continue
		}
		return []byte(HeaderPrefix + " from an interrupted run. DO NOT EDIT.\n\n" +
			"// adcp-gen is rewriting this package, or a run was interrupted while it did:\n" +
			"// the package may mix two generations, so it does not compile until\n" +
			"// adcp-gen generate (go generate) runs again and removes this file.\n\n" +
			"package " + f.Name.Name + "\n\nconst _ = adcpGenWriteInterrupted_RunGoGenerateAgain\n")
	}
	return nil
}

// writeNew creates path (which must not exist) with data and returns it
// open, for syncAll.
func writeNew(path string, data []byte) (*os.File, error) {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return nil, err
	}
	if _, err := f.Write(data); err != nil {
		f.Close()
		os.Remove(path)
		return nil, err
	}
	return f, nil
}

// syncAll flushes files to disk and returns the first error.
func syncAll(files []*os.File) error {
	for _, f := range files {
		if err := f.Sync(); err != nil {
			return err
		}
	}
	return nil
}

// syncDir flushes a folder's entries (renames, removals) to disk, where the
// platform allows it.
func syncDir(dir string) {
	if d, err := os.Open(dir); err == nil {
		d.Sync()
		d.Close()
	}
}
