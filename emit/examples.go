package emit

import "github.com/adcp-gen/adcp-gen/schemaload"

// exampleNeeds is what a runnable example file of templates/runtime uses
// from the schema-dependent tables: standard codes (by wire value) and
// details shapes (by name).
type exampleNeeds struct {
	codes  []string
	shapes []string
}

// runtimeExamples lists the only test files of templates/runtime that emit
// copies: the runnable examples shown by go doc and pkg.go.dev, which also
// run as tests of the generated package. Each is copied into a package whose
// spec has every code and shape it uses, and left out otherwise (3.0.0-rc.1
// and rc.2 have no details shapes). TestRuntimeExampleNeeds keeps the lists
// in step with the files.
var runtimeExamples = map[string]exampleNeeds{
	"example_test.go": {
		codes: []string{"BUDGET_TOO_LOW", "POLICY_VIOLATION", "RATE_LIMITED", "SERVICE_UNAVAILABLE"},
	},
	"example_details_test.go": {
		codes:  []string{"BUDGET_TOO_LOW", "RATE_LIMITED"},
		shapes: []string{"rate-limited"},
	},
}

// copyExample reports whether the runtime file name is an example file
// whose needs spec meets.
func copyExample(spec *schemaload.Spec, name string) bool {
	needs, ok := runtimeExamples[name]
	if !ok {
		return false
	}
	codes := map[string]bool{}
	for _, c := range spec.Codes {
		codes[c.Value] = true
	}
	shapes := map[string]bool{}
	for _, s := range spec.Shapes {
		shapes[s.Name] = true
	}
	for _, c := range needs.codes {
		if !codes[c] {
			return false
		}
	}
	for _, s := range needs.shapes {
		if !shapes[s] {
			return false
		}
	}
	return true
}
