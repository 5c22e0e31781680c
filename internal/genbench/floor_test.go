package genbench

import (
	"os/exec"
	"path/filepath"
	"testing"
)

// TestFloorPatchApplies: floor.patch (make bench-gen-floor's measuring
// build) still applies to this tree's emit/emit.go, so that the README's
// command keeps working; a change to the lines it touches fails here, not
// in the next person's benchmark.
func TestFloorPatchApplies(t *testing.T) {
	git, err := exec.LookPath("git")
	if err != nil {
		t.Skip("git is absent")
	}
	root := filepath.Join("..", "..")
	if err := exec.Command(git, "-C", root, "rev-parse", "--is-inside-work-tree").Run(); err != nil {
		t.Skip("not in a git work tree")
	}
	out, err := exec.Command(git, "-C", root, "apply", "--check", filepath.Join("internal", "genbench", "floor.patch")).CombinedOutput()
	if err != nil {
		t.Fatalf("floor.patch no longer applies (make bench-gen-floor fails): %v\n%s\n"+
			"make it again: in a worktree, leave out the type check, the parse and the printing in emit/emit.go "+
			"as the patch did, then git diff > internal/genbench/floor.patch", err, out)
	}
}
