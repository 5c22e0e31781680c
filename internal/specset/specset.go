// Package specset tells tests which loaded specs are the same model under
// another version name, so that a test whose check depends only on the model
// runs once per distinct model instead of once per published version.
//
// Of the 73 published versions from 3.0.0-rc.1 on, most patch releases leave
// the error schemas alone: their models differ only in Version and in where
// they were read from.
package specset

import (
	"reflect"

	"github.com/adcp-gen/adcp-gen/schemaload"
)

// Set holds the distinct models seen so far.
type Set struct {
	models []*schemaload.Spec
}

// Add reports whether spec's model is new to the set, and adds it. Two
// specs are the same model when they are deeply equal leaving aside what
// names the folder they came from: Version, Dir and Sources. Everything else (codes, shapes, types, rules,
// warnings, manifest policy) must be equal.
func (s *Set) Add(spec *schemaload.Spec) bool {
	m := Model(spec)
	for _, seen := range s.models {
		if reflect.DeepEqual(seen, m) {
			return false
		}
	}
	s.models = append(s.models, m)
	return true
}

// Len returns the number of distinct models added.
func (s *Set) Len() int { return len(s.models) }

// Model returns a shallow copy of spec without the fields that name its
// folder: Version, Dir and Sources.
func Model(spec *schemaload.Spec) *schemaload.Spec {
	m := *spec
	m.Version, m.Dir, m.Sources = "", "", nil
	return &m
}
