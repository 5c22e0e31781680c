package sharedtest

import (
	_ "embed"
	"strconv"
	"strings"
	"testing"
)

//go:embed url-samples.txt
var urlSamples string

// URLSamples returns the URLs and near-URLs of url-samples.txt (one
// Go-quoted string per line; # starts a comment line): every part of
// url.Parse's grammar, valid and broken. netparse's and adcpimpl's tests
// compare their parsers with the standard library's on them.
func URLSamples(t testing.TB) []string {
	t.Helper()
	var out []string
	for i, line := range strings.Split(urlSamples, "\n") {
		if line == "" || line[0] == '#' {
			continue
		}
		s, err := strconv.Unquote(line)
		if err != nil {
			t.Fatalf("url-samples.txt:%d: %v", i+1, err)
		}
		out = append(out, s)
	}
	return out
}
