module github.com/adcp-gen/adcp-gen/adapters/a2ago

go 1.24.4

require (
	github.com/a2aproject/a2a-go v0.3.3
	github.com/adcp-gen/adcp-gen v0.0.0-00010101000000-000000000000
	github.com/adcp-gen/adcp-gen/adcp v0.0.0
)

require (
	github.com/google/uuid v1.6.0 // indirect
	golang.org/x/net v0.41.0 // indirect
	golang.org/x/sync v0.15.0 // indirect
	golang.org/x/sys v0.41.0 // indirect
	golang.org/x/text v0.26.0 // indirect
	google.golang.org/genproto/googleapis/api v0.0.0-20250715232539-7130f93afb79 // indirect
	google.golang.org/genproto/googleapis/rpc v0.0.0-20250715232539-7130f93afb79 // indirect
	google.golang.org/grpc v1.73.0 // indirect
	google.golang.org/protobuf v1.36.6 // indirect
)

// The core module is developed in the same repository: build against it.
replace github.com/adcp-gen/adcp-gen => ../..

replace github.com/adcp-gen/adcp-gen/adcp => ../../adcp
