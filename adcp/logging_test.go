package adcp_test

import (
	"bytes"
	"encoding/json"
	"log/slog"
	"testing"

	"github.com/adcp-gen/adcp-gen/adcp"
)

func TestLogValue(t *testing.T) {
	var buf bytes.Buffer
	log := slog.New(slog.NewJSONHandler(&buf, &slog.HandlerOptions{ReplaceAttr: func(_ []string, a slog.Attr) slog.Attr {
		if a.Key == slog.TimeKey {
			return slog.Attr{}
		}
		return a
	}}))
	// The recovery logged is the wire's, sanitized, and only when sent.
	e := &adcp.Error{Code: "RATE_LIMITED", Recovery: adcp.RecoveryTransient, Message: "secret seller text", Field: "a\u202eb", RetryAfter: f64(2.2), Details: json.RawMessage(`{"k":1}`)}
	log.Info("call failed", "err", e)
	want := `{"level":"INFO","msg":"call failed","err":{"code":"RATE_LIMITED","recovery":"transient","field":"ab","retry_after":3000000000}}` + "\n"
	if buf.String() != want {
		t.Errorf("got  %swant %s", buf.String(), want)
	}
	buf.Reset()
	log.Info("x", "err", &adcp.Error{Code: "X_Y"})
	if want := `{"level":"INFO","msg":"x","err":{"code":"X_Y"}}` + "\n"; buf.String() != want {
		t.Errorf("got  %swant %s", buf.String(), want)
	}
	buf.Reset()
	log.Info("x", "err", &adcp.Error{Code: "RATE_LIMITED", Recovery: "deferred\u202e", Field: "f\x00"})
	if want := `{"level":"INFO","msg":"x","err":{"code":"RATE_LIMITED","recovery":"deferred","field":"f"}}` + "\n"; buf.String() != want {
		t.Errorf("got  %swant %s", buf.String(), want)
	}
	if v := (*adcp.Error)(nil).LogValue(); v.Kind() != slog.KindAny || v.Any() != nil {
		t.Errorf("nil error logs as %v", v)
	}
}
