package adcp_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/adcp-gen/adcp-gen/adcp"
	"github.com/adcp-gen/adcp-gen/adcp/internal/testvocab"
)

// FuzzExtract checks that extraction from any bytes never panics, that what
// it returns is a valid error taken from the input, and that bytes and the
// decoded value agree.
func FuzzExtract(f *testing.F) {
	seeds := []string{
		`{"isError":true,"structuredContent":{"adcp_error":{"code":"RATE_LIMITED","retry_after":5}}}`,
		`{"isError":true,"content":[{"type":"text","text":"{\"adcp_error\":{\"code\":\"X\"}}"}]}`,
		`{"jsonrpc":"2.0","error":{"code":-32029,"data":{"adcp_error":{"code":"RATE_LIMITED"}}}}`,
		`{"status":{"state":"failed","message":{"parts":[{"data":{"adcp_error":{"code":"X","retry_after":1e400}}}]}}}`,
		`{"task":{"status":{"state":"TASK_STATE_FAILED"},"artifacts":[{"parts":[{"data":{"adcp_error":{"code":"Y"}}}]}]}}`,
		`{"payload":{"errors":[{"code":"Z"}]}}`,
		`[[[[[[`, `null`, ``,
	}
	if b, err := os.ReadFile(filepath.Join("testdata", "client", "errors.json")); err == nil {
		var doc struct {
			Vectors []struct{ Response json.RawMessage }
		}
		if json.Unmarshal(b, &doc) == nil {
			for _, v := range doc.Vectors {
				seeds = append(seeds, string(v.Response))
			}
		}
	}
	for _, s := range seeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		x, ok := adcp.Extract(in)
		if !ok {
			return
		}
		if x.Err == nil || adcp.Validate(x.Raw()) != nil {
			t.Fatalf("invalid extraction %+v", x)
		}
		_ = (adcp.Policy{}).Decide(x.Err, adcp.RequestContext{NonFatal: x.NonFatal})
		_ = (adcp.Policy{Vocabulary: testvocab.Vocabulary}).Decide(x.Err, adcp.RequestContext{NonFatal: x.NonFatal})
		_ = adcp.Policy{}.RenderUntrusted(x.Err)
		_ = testvocab.Vocabulary.Validate(x.Err)
		var v any
		if json.Unmarshal(in, &v) != nil {
			return // numbers float64 cannot hold: the decoded form differs
		}
		y, ok := adcp.ExtractValue(v)
		if !ok || y.Path != x.Path || y.Err.Code != x.Err.Code {
			t.Fatalf("bytes %+v, decoded %+v %v", x, y, ok)
		}
	})
}
