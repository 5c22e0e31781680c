module github.com/adcp-gen/adcp-gen/adcp

go 1.22
