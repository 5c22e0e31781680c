module github.com/adcp-gen/adcp-gen

go 1.23.0

require (
	github.com/adcp-gen/adcp-gen/adcp v0.0.0
	github.com/dave/jennifer v1.7.1
	github.com/dlclark/regexp2 v1.11.5
	github.com/iancoleman/strcase v0.3.0
	github.com/pmezard/go-difflib v1.0.0
	github.com/santhosh-tekuri/jsonschema/v6 v6.0.3
	golang.org/x/mod v0.25.0
	golang.org/x/text v0.26.0
	golang.org/x/tools v0.33.0
)

require golang.org/x/sync v0.15.0 // indirect

// The runtime module lives in this repository; generated packages import it.
replace github.com/adcp-gen/adcp-gen/adcp => ./adcp
