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
	// The recovery is Policy{}.Classify's, which knows no vocabulary: the
	// wire recovery, else terminal.
	e := &adcp.Error{Code: "RATE_LIMITED", Recovery: adcp.RecoveryTransient, Message: "secret seller text", Field: "a\u202eb", RetryAfter: f64(2.2), Details: json.RawMessage(`{"k":1}`)}
	log.Info("call failed", "err", e)
	want := `{"level":"INFO","msg":"call failed","err":{"code":"RATE_LIMITED","recovery":"transient","field":"ab","retry_after":3000000000}}` + "\n"
	if buf.String() != want {
		t.Errorf("got  %swant %s", buf.String(), want)
	}
	buf.Reset()
	log.Info("x", "err", &adcp.Error{Code: "X_Y"})
	if want := `{"level":"INFO","msg":"x","err":{"code":"X_Y","recovery":"terminal"}}` + "\n"; buf.String() != want {
		t.Errorf("got  %swant %s", buf.String(), want)
	}
	buf.Reset()
	log.Info("x", "err", &adcp.Error{Code: "RATE_LIMITED", Recovery: "deferred", Field: "f\x00"})
	if want := `{"level":"INFO","msg":"x","err":{"code":"RATE_LIMITED","recovery":"terminal","field":"f"}}` + "\n"; buf.String() != want {
		t.Errorf("got  %swant %s", buf.String(), want)
	}
	if v := (*adcp.Error)(nil).LogValue(); v.Kind() != slog.KindAny || v.Any() != nil {
		t.Errorf("nil error logs as %v", v)
	}
}
