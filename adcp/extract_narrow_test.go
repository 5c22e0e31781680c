package adcp

import (
	"bytes"
	"encoding/json"
	"errors"
)

// The narrow-struct baseline of the extraction benchmarks (impl=narrow):
// what a Go client written on encoding/json alone would do, decoding only
// the members the detection order looks at into small structs (the other
// members are skipped by the decoder, not built), then running the rules
// on them, checking the adcp_error found with Validate and decoding it with
// json.Unmarshal. It follows the detection order closely enough for the
// benchmark inputs (it finds what Extract finds in each), not every edge
// case of extract_ref_test.go.

// narrowHolder is an object that may carry an error or be the payload.
type narrowHolder struct {
	AdcpError json.RawMessage   `json:"adcp_error"`
	Payload   *narrowErrors     `json:"payload"`
	Errors    []json.RawMessage `json:"errors"`
}

type narrowErrors struct {
	Errors []json.RawMessage `json:"errors"`
}

type narrowPart struct {
	Kind *string       `json:"kind"`
	Data *narrowHolder `json:"data"`
}

type narrowResponse struct {
	IsError           bool          `json:"isError"`
	StructuredContent *narrowHolder `json:"structuredContent"`
	Content           []struct {
		Type string `json:"type"`
		Text string `json:"text"`
	} `json:"content"`
	Artifacts []struct {
		Parts []narrowPart `json:"parts"`
	} `json:"artifacts"`
	Status *struct {
		State   string `json:"state"`
		Message *struct {
			Parts []narrowPart `json:"parts"`
		} `json:"message"`
	} `json:"status"`
	Payload *narrowErrors     `json:"payload"`
	Errors  []json.RawMessage `json:"errors"`
}

type narrowRoot struct {
	narrowResponse
	Result *narrowResponse `json:"result"`
	Error  *struct {
		Data *narrowHolder `json:"data"`
	} `json:"error"`
}

// narrowTruthy reports whether an encoded member is present and truthy.
func narrowTruthy(raw json.RawMessage) bool {
	switch string(raw) {
	case "", "null", "false", "0", `""`:
		return false
	}
	return true
}

// narrowDecide validates and decodes the error found.
func narrowDecide(raw json.RawMessage) (*Error, bool) {
	if Validate(raw) != nil {
		return nil, false
	}
	e := new(Error)
	if json.Unmarshal(raw, e) != nil {
		return nil, false
	}
	return e, true
}

// narrowDataPart returns the data of the first data part, or the last.
func narrowDataPart(parts []narrowPart, last bool) *narrowHolder {
	var h *narrowHolder
	for _, p := range parts {
		if p.Data != nil && (p.Kind == nil || *p.Kind == "data") {
			h = p.Data
			if !last {
				break
			}
		}
	}
	return h
}

// narrowExtract is the narrow-struct baseline of Extract.
func narrowExtract(in []byte) (*Error, bool) {
	var root narrowRoot
	if err := json.Unmarshal(in, &root); err != nil {
		var typeErr *json.UnmarshalTypeError
		if !errors.As(err, &typeErr) {
			return nil, false
		}
	}
	resp := &root.narrowResponse
	if root.Result != nil {
		resp = root.Result
	}
	// 1. to 4.
	if sc := resp.StructuredContent; resp.IsError && sc != nil && narrowTruthy(sc.AdcpError) {
		return narrowDecide(sc.AdcpError)
	}
	for _, a := range resp.Artifacts {
		for _, p := range a.Parts {
			if (p.Kind == nil || *p.Kind == "data") && p.Data != nil && narrowTruthy(p.Data.AdcpError) {
				return narrowDecide(p.Data.AdcpError)
			}
		}
	}
	if s := resp.Status; s != nil && s.Message != nil {
		for _, p := range s.Message.Parts {
			if (p.Kind == nil || *p.Kind == "data") && p.Data != nil && narrowTruthy(p.Data.AdcpError) {
				return narrowDecide(p.Data.AdcpError)
			}
		}
	}
	if e := root.Error; e != nil && e.Data != nil && narrowTruthy(e.Data.AdcpError) {
		return narrowDecide(e.Data.AdcpError)
	}
	// 5. the text fallback; the first text item that is an object is also
	// a payload holder.
	var text *narrowHolder
	for _, c := range resp.Content {
		if c.Type != "text" {
			continue
		}
		t := bytes.TrimLeft([]byte(c.Text), " \t\r\n")
		if len(t) == 0 || t[0] != '{' {
			continue
		}
		h := new(narrowHolder)
		if json.Unmarshal(t, h) != nil {
			continue
		}
		if resp.IsError && narrowTruthy(h.AdcpError) {
			return narrowDecide(h.AdcpError)
		}
		if text == nil {
			text = h
		}
		if !resp.IsError {
			break
		}
	}
	// 6. the payload layer.
	var a2a *narrowHolder
	if s := resp.Status; s != nil {
		switch s.State {
		case "completed", "failed", "canceled", "rejected":
			if len(resp.Artifacts) > 0 {
				a2a = narrowDataPart(resp.Artifacts[0].Parts, true)
			}
		}
		if a2a == nil && s.Message != nil {
			a2a = narrowDataPart(s.Message.Parts, false)
		}
	}
	self := &narrowHolder{Payload: resp.Payload, Errors: resp.Errors}
	for _, h := range [...]*narrowHolder{resp.StructuredContent, text, a2a, self} {
		if h == nil {
			continue
		}
		if h.Payload != nil && len(h.Payload.Errors) > 0 {
			return narrowDecide(h.Payload.Errors[0])
		}
		if len(h.Errors) > 0 {
			return narrowDecide(h.Errors[0])
		}
	}
	return nil, false
}
