package emit

import (
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/adcp-gen/adcp-gen/internal/hostile"
)

// helperEnv names the file of a writeJob when the test binary runs as a
// helper process (see TestMain).
const helperEnv = "ADCPGEN_EMIT_WRITE_HELPER"

// writeJob is what a helper process does: Write files into Dir, exiting
// with status 3 right after change number CrashAfter (0: never), and
// sleeping Delay after each change.
type writeJob struct {
	Dir        string
	Files      map[string]string
	CrashAfter int
	Delay      time.Duration
}

// TestMain runs the test binary as a helper process when helperEnv is set:
// the writer then runs in a process of its own, which a crash can stop at
// any change.
func TestMain(m *testing.M) {
	if p := os.Getenv(helperEnv); p != "" {
		os.Exit(helperMain(p))
	}
	os.Exit(m.Run())
}

func helperMain(jobFile string) int {
	data, err := os.ReadFile(jobFile)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 2
	}
	var job writeJob
	if err := json.Unmarshal(data, &job); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 2
	}
	n := 0
	step = func() error {
		n++
		if n == job.CrashAfter {
			os.Exit(3) // no deferred function runs: as if killed
		}
		time.Sleep(job.Delay)
		return nil
	}
	if err := Write(job.Dir, toBytes(job.Files)); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	return 0
}

// startHelper starts a helper process running job.
func startHelper(t *testing.T, job writeJob) *exec.Cmd {
	t.Helper()
	data, err := json.Marshal(job)
	if err != nil {
		t.Fatal(err)
	}
	f := filepath.Join(t.TempDir(), "job.json")
	if err := os.WriteFile(f, data, 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), helperEnv+"="+f)
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	return cmd
}

func exitCode(err error) int {
	if err == nil {
		return 0
	}
	if ee, ok := err.(*exec.ExitError); ok {
		return ee.ExitCode()
	}
	return -1
}

// genFile is a generated file of a made-up generation.
func genFile(body string) string { return owned + "\n// " + body + "\n" }

// withUser adds the hand-written files every scenario keeps.
func withUser(files map[string]string) map[string]string {
	out := map[string]string{"keep.go": "package p\n", "notes.txt": "mine\n"}
	for k, v := range files {
		out[k] = v
	}
	return out
}

// goFiles is what the go command would build in dir: the .go files whose
// name starts with neither "." nor "_".
func goFiles(all map[string]string) map[string]string {
	out := map[string]string{}
	for n, c := range all {
		if strings.HasSuffix(n, ".go") && !strings.HasPrefix(n, ".") && !strings.HasPrefix(n, "_") {
			out[n] = c
		}
	}
	return out
}

// buildState tells what the go command builds in a folder holding all,
// between the generations old and next: "old", "new", "does not compile"
// (the barrier is there), or "a mix".
func buildState(all, old, next map[string]string) string {
	seen := goFiles(all)
	_, broken := seen[barrierName]
	switch {
	case broken:
		return "does not compile"
	case reflect.DeepEqual(seen, goFiles(withUser(old))):
		return "old"
	case reflect.DeepEqual(seen, goFiles(withUser(next))):
		return "new"
	}
	return "a mix"
}

// TestWriteKilledAtEveryChange runs Write in a helper process that dies
// right after its first change, then its second, and so on until one run
// completes. After each death the package the go command sees is the old
// one, the new one, or one that does not compile (the barrier file is
// there); the next run then leaves exactly the new package (or, if it
// writes the old generation again, exactly the old one), with no temporary
// file, barrier or lock file left.
func TestWriteKilledAtEveryChange(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the helper exits with its files open")
	}
	old := map[string]string{"a.go": genFile("old a"), "b.go": genFile("b"), "stale.go": genFile("stale")}
	next := map[string]string{"a.go": genFile("new a"), "b.go": genFile("b"), "c.go": genFile("new c")}
	for _, again := range []struct {
		name  string
		files map[string]string
	}{{"rerun with the new generation", next}, {"rerun with the old generation", old}} {
		t.Run(again.name, func(t *testing.T) {
			completed := false
			states := map[string]int{}
			for n := 1; !completed && n < 100; n++ {
				dir := t.TempDir()
				writeFiles(t, dir, withUser(old))
				err := startHelper(t, writeJob{Dir: dir, Files: next, CrashAfter: n}).Wait()
				switch exitCode(err) {
				case 0:
					completed = true
				case 3:
				default:
					t.Fatalf("after %d changes: helper: %v", n, err)
				}
				state := buildState(readDir(t, dir), old, next)
				if state == "a mix" {
					t.Errorf("killed after %d changes: the go command sees a mix", n)
				}
				states[state]++
				if err := Write(dir, toBytes(again.files)); err != nil {
					t.Fatalf("killed after %d changes: the next run: %v", n, err)
				}
				if got := readDir(t, dir); !reflect.DeepEqual(got, withUser(again.files)) {
					t.Errorf("killed after %d changes, then rerun: folder holds %v, want %v", n, keys(got), keys(withUser(again.files)))
				}
			}
			if !completed {
				t.Fatal("the helper never completed")
			}
			// Old until the barrier is in place (it and the 2 new files
			// written); then no build until the barrier goes (3 renames, the
			// stale file removed); then new (the barrier removed, and the
			// completed run).
			if states["old"] != 3 || states["does not compile"] != 4 || states["new"] != 2 {
				t.Errorf("states after each kill: %v", states)
			}
		})
	}
}

// TestWriteFailsAtEveryChange makes each change of Write fail in turn, as
// a full disk would: a failure before the barrier is in place leaves exactly
// the old package and no temporary file; one after it, a package the go
// command does not compile; the next run finishes the change.
func TestWriteFailsAtEveryChange(t *testing.T) {
	old := map[string]string{"a.go": genFile("old a"), "b.go": genFile("b"), "stale.go": genFile("stale")}
	next := map[string]string{"a.go": genFile("new a"), "b.go": genFile("b"), "c.go": genFile("new c")}
	defer func(keep func() error) { step = keep }(step)
	for n := 1; ; n++ {
		dir := t.TempDir()
		writeFiles(t, dir, withUser(old))
		count := 0
		step = func() error {
			if count++; count == n {
				return fmt.Errorf("no space left on device (change %d)", n)
			}
			return nil
		}
		err := Write(dir, toBytes(next))
		if err == nil {
			break
		}
		got := readDir(t, dir)
		if _, barred := got[barrierName]; !barred && !reflect.DeepEqual(got, withUser(old)) && !reflect.DeepEqual(got, withUser(next)) {
			t.Errorf("failed at change %d (%v): folder holds %v, want one package exactly", n, err, keys(got))
		}
		if err := Write(dir, toBytes(next)); err != nil {
			t.Fatalf("failed at change %d, then the next run: %v", n, err)
		}
		if got := readDir(t, dir); !reflect.DeepEqual(got, withUser(next)) {
			t.Errorf("failed at change %d, then rerun: folder holds %v", n, keys(got))
		}
	}
}

// TestWriteConcurrent runs pairs of writers at once on one folder, each
// slowed down at every change: they take turns, so the folder ends with
// exactly the files of one of them (the last), and nothing else of theirs.
func TestWriteConcurrent(t *testing.T) {
	if testing.Short() {
		t.Skip("runs helper processes")
	}
	one := map[string]string{"common.go": genFile("one"), "one.go": genFile("one")}
	two := map[string]string{"common.go": genFile("two"), "two.go": genFile("two")}
	for round := 0; round < 4; round++ {
		dir := t.TempDir()
		writeFiles(t, dir, withUser(nil))
		a := startHelper(t, writeJob{Dir: dir, Files: one, Delay: 5 * time.Millisecond})
		b := startHelper(t, writeJob{Dir: dir, Files: two, Delay: 5 * time.Millisecond})
		if err := a.Wait(); err != nil {
			t.Fatalf("writer one: %v", err)
		}
		if err := b.Wait(); err != nil {
			t.Fatalf("writer two: %v", err)
		}
		got := readDir(t, dir)
		if !reflect.DeepEqual(got, withUser(one)) && !reflect.DeepEqual(got, withUser(two)) {
			t.Errorf("round %d: folder holds %v: a mix of the two writers", round, keys(got))
		}
	}
}

// TestWriteConflicts: a produced name held by a symbolic link, a folder, a
// FIFO, a hand-written file or another generator's file, or one of the names
// Write works with held by something it cannot replace, stops Write before
// it changes anything, the lock file included.
func TestWriteConflicts(t *testing.T) {
	files := map[string]string{"a.go": genFile("a"), "b.go": genFile("b")}
	for _, tc := range []struct {
		name string
		make func(t *testing.T, dir string)
		want string
	}{
		{"symlink", func(t *testing.T, dir string) { hostile.Symlink(t, "keep.go", filepath.Join(dir, "b.go")) }, "b.go is a symbolic link"},
		{"symlink to an owned file", func(t *testing.T, dir string) {
			writeFiles(t, dir, map[string]string{"real.go": genFile("real")})
			hostile.Symlink(t, "real.go", filepath.Join(dir, "b.go"))
		}, "b.go is a symbolic link"},
		{"folder", func(t *testing.T, dir string) { mkdir(t, filepath.Join(dir, "b.go")) }, "b.go is a folder"},
		{"FIFO", func(t *testing.T, dir string) {
			hostile.Mkfifo(t, filepath.Join(dir, "b.go"))
		}, "b.go is not a regular file"},
		{"hand-written file", func(t *testing.T, dir string) { writeFiles(t, dir, map[string]string{"b.go": "package p\n"}) }, "not generated by adcp-gen"},
		{"another generator's file", func(t *testing.T, dir string) {
			writeFiles(t, dir, map[string]string{"b.go": "// Code generated by adcp-gen-mocks from x. DO NOT EDIT.\n\npackage p\n"})
		}, "not generated by adcp-gen"},
		{"folder under the barrier's name", func(t *testing.T, dir string) { mkdir(t, filepath.Join(dir, barrierName)) }, barrierName + " is a folder"},
		{"hand-written file under the barrier's name", func(t *testing.T, dir string) {
			writeFiles(t, dir, map[string]string{barrierName: "package p\n"})
		}, "not generated by adcp-gen"},
		{"hand-written file under a temporary name", func(t *testing.T, dir string) {
			writeFiles(t, dir, map[string]string{tempName("a.go"): "package p\n"})
		}, "not generated by adcp-gen"},
		{"folder under a temporary name", func(t *testing.T, dir string) { mkdir(t, filepath.Join(dir, tempName("a.go"))) }, "is a folder"},
		{"symlink under the lock's name", func(t *testing.T, dir string) { hostile.Symlink(t, "keep.go", filepath.Join(dir, lockName)) }, "is a symbolic link"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			writeFiles(t, dir, withUser(map[string]string{"a.go": genFile("old a"), "stale.go": genFile("stale")}))
			tc.make(t, dir)
			before := hostile.Snapshot(t, dir)
			err := Write(dir, toBytes(files))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("Write = %v, want an error with %q", err, tc.want)
			}
			if after := hostile.Snapshot(t, dir); !reflect.DeepEqual(before, after) {
				t.Errorf("the folder changed:\nbefore %v\nafter  %v", before, after)
			}
		})
	}
}

// TestWriteCleansLeftovers: the temporary files and the barrier of an
// interrupted run are removed, and the run writes its generation whole.
func TestWriteCleansLeftovers(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, withUser(map[string]string{
		"a.go": genFile("old a"), "gone.go": genFile("gone"), barrierName: genFile("barrier"),
		tempName("a.go"): genFile("staged a"), tempName("x.go"): genFile("staged x"),
		tempName("half.go"): genFile("half")[:10], tempName("empty.go"): "",
	}))
	// Files named like temporary files that adcp-gen did not write stay.
	foreign := map[string]string{".adcp-gen.notes.new": "mine\n", tempName("hand.go"): "package p\n"}
	writeFiles(t, dir, foreign)
	next := map[string]string{"a.go": genFile("new a")}
	if err := Write(dir, toBytes(next)); err != nil {
		t.Fatal(err)
	}
	want := withUser(next)
	maps.Copy(want, foreign)
	if got := readDir(t, dir); !reflect.DeepEqual(got, want) {
		t.Errorf("folder holds %v, want %v", keys(got), keys(want))
	}
}

// TestIsOwned: only the header this generator writes.
func TestIsOwned(t *testing.T) {
	for _, tc := range []struct {
		head string
		want bool
	}{
		{"// Code generated by adcp-gen from core/error.json (AdCP 3.2.0). DO NOT EDIT.", true},
		{"// Code generated by adcp-gen from x. DO NOT EDIT.\r", true},
		{"// Code generated by adcp-gen-mocks from x. DO NOT EDIT.", false},
		{"// Code generated by adcp-genny from x. DO NOT EDIT.", false},
		{"// Code generated by adcp-gen. DO NOT EDIT.", false},
		{"// Code generated by adcp-gen from x. DO NOT EDIT. (edited)", false},
		{"// Code generated by adcp-gen from x. Do not edit.", false},
		{"package p // Code generated by adcp-gen from x. DO NOT EDIT.", false},
		{"", false},
	} {
		if got := IsOwned([]byte(tc.head + "\n\npackage p\n")); got != tc.want {
			t.Errorf("IsOwned(%q) = %v", tc.head, got)
		}
	}
}

func mkdir(t *testing.T, p string) {
	t.Helper()
	if err := os.Mkdir(p, 0o755); err != nil {
		t.Fatal(err)
	}
}
