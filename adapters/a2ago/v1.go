package a2ago

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"net/http"
	"strings"

	"github.com/a2aproject/a2a-go/a2a"
)

// V1Version is the A2A protocol version V1Client sends and V1Handler serves.
const V1Version = "1.0"

// maxV1Body bounds the bytes V1Client and V1Handler read from one body.
const maxV1Body = 8 << 20

// V1Client calls an A2A 1.0 agent over its JSON-RPC binding with the
// A2A-Version: 1.0 header. Its methods return the JSON-RPC response as it
// came, so that adcp.Extract finds the AdCP error wherever it is: a failed
// task's artifacts or status message (under result.task for SendMessage), or
// error.data of a JSON-RPC error.
type V1Client struct {
	Endpoint   string       // the agent's JSON-RPC URL
	HTTPClient *http.Client // nil: http.DefaultClient
}

// SendText sends a user message with one text part (SendMessage) and
// returns the response.
func (c *V1Client) SendText(ctx context.Context, text string) (json.RawMessage, error) {
	params := map[string]any{"message": map[string]any{
		"messageId": a2a.NewMessageID(),
		"role":      "ROLE_USER",
		"parts":     []any{map[string]any{"text": text}},
	}}
	return c.Call(ctx, "SendMessage", params)
}

// Call sends one JSON-RPC request and returns the response body. A JSON-RPC
// error is a response like any other (err is nil); err reports a request
// that could not be made or a reply that is not a JSON object, whatever its
// HTTP status.
func (c *V1Client) Call(ctx context.Context, method string, params any) (json.RawMessage, error) {
	body, err := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": a2a.NewMessageID(), "method": method, "params": params})
	if err != nil {
		return nil, err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.Endpoint, bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json")
	req.Header.Set("A2A-Version", V1Version)
	hc := c.HTTPClient
	if hc == nil {
		hc = http.DefaultClient
	}
	resp, err := hc.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	out, err := io.ReadAll(io.LimitReader(resp.Body, maxV1Body))
	if err != nil {
		return nil, err
	}
	var probe map[string]json.RawMessage
	if json.Unmarshal(out, &probe) != nil {
		return nil, fmt.Errorf("a2ago: %s: HTTP %d, not a JSON-RPC response", method, resp.StatusCode)
	}
	return out, nil
}

// v1Methods maps the A2A 1.0 JSON-RPC methods V1Handler serves to A2A 0.3's.
var v1Methods = map[string]string{
	"SendMessage": "message/send",
	"GetTask":     "tasks/get",
	"CancelTask":  "tasks/cancel",
}

// V1Handler serves A2A 1.0 clients from an a2a-go JSON-RPC handler
// (a2asrv.NewJSONRPCHandler), which speaks A2A 0.3. A request with a 1.0
// method (SendMessage, GetTask, CancelTask) is translated to 0.3 for next,
// and next's answer back to 1.0: results without "kind" members,
// TASK_STATE_* states, ROLE_* roles, and SendMessage's result wrapped as
// {"task": …} or {"message": …}. The AdCP error in a failed task, written
// by FailedTask, comes through unchanged. Every other request, 0.3 ones
// included, goes to next as it is: streaming (SendStreamingMessage) is not
// translated, and next answers it with a JSON-RPC "method not found" error.
func V1Handler(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, err := io.ReadAll(io.LimitReader(r.Body, maxV1Body))
		r.Body.Close()
		if err != nil {
			http.Error(w, "request body unreadable", http.StatusBadRequest)
			return
		}
		var req map[string]any
		dec := json.NewDecoder(bytes.NewReader(body))
		dec.UseNumber()
		method := ""
		if dec.Decode(&req) == nil {
			method, _ = req["method"].(string)
		}
		legacy, ok := v1Methods[method]
		if !ok {
			r.Body = io.NopCloser(bytes.NewReader(body))
			next.ServeHTTP(w, r)
			return
		}
		req["method"] = legacy
		if p, ok := req["params"].(map[string]any); ok {
			if m, ok := p["message"].(map[string]any); ok {
				p["message"] = toV03(m, "message")
			}
			delete(p, "configuration") // 0.3 and 1.0 differ; a2a-go's defaults serve
		}
		legacyBody, err := marshal(req)
		if err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		r2 := r.Clone(r.Context())
		r2.Body = io.NopCloser(bytes.NewReader(legacyBody))
		r2.ContentLength = int64(len(legacyBody))
		r2.Header.Del("A2A-Version")
		rec := &recorder{header: http.Header{}, status: http.StatusOK}
		next.ServeHTTP(rec, r2)
		var resp map[string]any
		dec = json.NewDecoder(bytes.NewReader(rec.body.Bytes()))
		dec.UseNumber()
		if err := dec.Decode(&resp); err != nil {
			maps.Copy(w.Header(), rec.header)
			w.WriteHeader(rec.status)
			_, _ = w.Write(rec.body.Bytes())
			return
		}
		if res, ok := resp["result"].(map[string]any); ok {
			kind, _ := res["kind"].(string)
			v1 := toV1(res)
			if method == "SendMessage" {
				v1 = map[string]any{kind: v1}
			}
			resp["result"] = v1
		}
		out, err := marshal(resp)
		if err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write(out)
	})
}

// marshal encodes v as json.Marshal does, but writes <, > and & as they
// are: a peer's text of them would grow six times on each re-encoding.
func marshal(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n")), nil
}

// toV03 gives an A2A 1.0 message (or part) its 0.3 spelling.
func toV03(m map[string]any, kind string) map[string]any {
	m["kind"] = kind
	if role, ok := m["role"].(string); ok {
		m["role"] = strings.ToLower(strings.TrimPrefix(role, "ROLE_"))
	}
	if parts, ok := m["parts"].([]any); ok {
		for _, p := range parts {
			pm, ok := p.(map[string]any)
			if !ok {
				continue
			}
			switch {
			case pm["text"] != nil:
				pm["kind"] = "text"
			case pm["data"] != nil:
				pm["kind"] = "data"
			default:
				pm["kind"] = "file"
			}
		}
	}
	return m
}

// toV1 rewrites an A2A 0.3 value in 1.0's spelling, in place.
func toV1(v any) any {
	switch x := v.(type) {
	case map[string]any:
		delete(x, "kind")
		for k, val := range x {
			switch k {
			case "state":
				if s, ok := val.(string); ok {
					x[k] = "TASK_STATE_" + strings.ToUpper(strings.ReplaceAll(s, "-", "_"))
				}
			case "role":
				if s, ok := val.(string); ok {
					x[k] = "ROLE_" + strings.ToUpper(s)
				}
			case "data", "metadata":
				// Payloads are the agent's own: never rewritten.
			default:
				x[k] = toV1(val)
			}
		}
	case []any:
		for i := range x {
			x[i] = toV1(x[i])
		}
	}
	return v
}

// recorder buffers a response of next.
type recorder struct {
	header http.Header
	status int
	body   bytes.Buffer
}

func (r *recorder) Header() http.Header         { return r.header }
func (r *recorder) WriteHeader(status int)      { r.status = status }
func (r *recorder) Write(b []byte) (int, error) { return r.body.Write(b) }
