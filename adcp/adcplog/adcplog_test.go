package adcplog_test

import (
	"bytes"
	"encoding/json"
	"log/slog"
	"testing"

	"github.com/adcp-gen/adcp-gen/adcp"
	"github.com/adcp-gen/adcp-gen/adcp/adcplog"
)

func f64(f float64) *float64 { return &f }

func TestAttr(t *testing.T) {
	var buf bytes.Buffer
	log := slog.New(slog.NewJSONHandler(&buf, &slog.HandlerOptions{ReplaceAttr: func(_ []string, a slog.Attr) slog.Attr {
		if a.Key == slog.TimeKey {
			return slog.Attr{}
		}
		return a
	}}))
	tests := []struct {
		name string
		e    *adcp.Error
		want string
	}{
		// The recovery logged is the wire's, sanitized, and only when sent.
		{"full", &adcp.Error{Code: "RATE_LIMITED", Recovery: adcp.RecoveryTransient, Message: "secret seller text", Field: "a\u202eb", RetryAfter: f64(2.2), Details: json.RawMessage(`{"k":1}`)},
			`{"level":"INFO","msg":"x","err":{"code":"RATE_LIMITED","recovery":"transient","field":"ab","retry_after":3000000000}}`},
		{"code only", &adcp.Error{Code: "X_Y"}, `{"level":"INFO","msg":"x","err":{"code":"X_Y"}}`},
		{"sanitized", &adcp.Error{Code: "RATE_LIMITED", Recovery: "deferred\u202e", Field: "f\x00"},
			`{"level":"INFO","msg":"x","err":{"code":"RATE_LIMITED","recovery":"deferred","field":"f"}}`},
	}
	for _, tt := range tests {
		for _, form := range []struct {
			name string
			arg  any
		}{{"Attr", adcplog.Attr("err", tt.e)}, {"Value", slog.Attr{Key: "err", Value: adcplog.Value(tt.e)}}} {
			buf.Reset()
			log.Info("x", form.arg)
			if got := buf.String(); got != tt.want+"\n" {
				t.Errorf("%s, %s: got  %swant %s", tt.name, form.name, got, tt.want)
			}
		}
	}
	if v := adcplog.Value(nil); v.Kind() != slog.KindAny || v.Any() != nil {
		t.Errorf("nil error logs as %v", v)
	}
}
