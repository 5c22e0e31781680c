// Package testvocabgen generates the runtime's test vocabulary,
// adcp/internal/testvocab, with adcp-gen from the fixture schema folder
// adcp/internal/testvocab/testdata/schemas. The directive lives in the
// generator's module because the runtime module requires nothing but
// itself and cannot run adcp-gen; go generate ./... (make generate) runs it.
package testvocabgen

//go:generate go run ../../cmd/adcp-gen generate -schemas ../../adcp/internal/testvocab/testdata/schemas -out ../../adcp/internal/testvocab -package testvocab
