package testvocab

import "github.com/adcp-gen/adcp-gen/adcp/adcpimpl"

// ErrorCheck is the fixture's check of core/error.json, for tests that
// build a vocabulary of their own from the entries of Vocabulary.
var ErrorCheck adcpimpl.ValueCheck = checkError
