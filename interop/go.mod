module github.com/adcp-gen/adcp-gen/interop

go 1.25.0

require (
	github.com/a2aproject/a2a-go v0.3.3
	github.com/adcp-gen/adcp-gen v0.0.0-00010101000000-000000000000
	github.com/adcp-gen/adcp-gen/adapters/a2ago v0.0.0
	github.com/adcp-gen/adcp-gen/adapters/mcpsdk v0.0.0
	github.com/adcp-gen/adcp-gen/adcp v0.0.0
	github.com/modelcontextprotocol/go-sdk v1.8.0
)

require (
	github.com/google/jsonschema-go v0.4.3 // indirect
	github.com/google/uuid v1.6.0 // indirect
	github.com/segmentio/asm v1.1.3 // indirect
	github.com/segmentio/encoding v0.5.4 // indirect
	github.com/yosida95/uritemplate/v3 v3.0.2 // indirect
	golang.org/x/net v0.41.0 // indirect
	golang.org/x/oauth2 v0.35.0 // indirect
	golang.org/x/sync v0.20.0 // indirect
	golang.org/x/sys v0.41.0 // indirect
	golang.org/x/text v0.26.0 // indirect
	golang.org/x/time v0.15.0 // indirect
	google.golang.org/genproto/googleapis/api v0.0.0-20250715232539-7130f93afb79 // indirect
	google.golang.org/genproto/googleapis/rpc v0.0.0-20250715232539-7130f93afb79 // indirect
	google.golang.org/grpc v1.73.0 // indirect
	google.golang.org/protobuf v1.36.6 // indirect
)

// The modules it tests are developed in the same repository.
replace (
	github.com/adcp-gen/adcp-gen => ..
	github.com/adcp-gen/adcp-gen/adapters/a2ago => ../adapters/a2ago
	github.com/adcp-gen/adcp-gen/adapters/mcpsdk => ../adapters/mcpsdk
	github.com/adcp-gen/adcp-gen/adcp => ../adcp
)
