package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"

	"github.com/adcp-gen/adcp-gen/schemaload"
)

// loadSpec loads the spec folder dir; version is as for
// schemaload.LoadVersion. The error names the file as the user can open it
// (inside the folder) and the JSON pointer.
func loadSpec(dir, version string) (*schemaload.Spec, error) {
	spec, err := schemaload.LoadVersion(dir, version)
	var le *schemaload.Error
	switch {
	case errors.As(err, &le):
		return nil, errors.New(schemaload.Diagnostic{File: filepath.ToSlash(filepath.Join(dir, filepath.FromSlash(le.File))), Pointer: le.Pointer, Msg: le.Msg}.String())
	case err != nil:
		return nil, fmt.Errorf("%s: %w", dir, err)
	}
	return spec, nil
}

// versionDirs returns the names of the sub-folders of dir, ordered by
// semantic version.
func versionDirs(dir string) ([]string, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var names []string
	for _, e := range entries {
		if e.IsDir() {
			names = append(names, e.Name())
		}
	}
	slices.SortFunc(names, schemaload.CompareVersions)
	return names, nil
}
