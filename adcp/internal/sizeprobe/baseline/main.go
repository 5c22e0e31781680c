// Command baseline is the encoding/json-only twin of the runtime probe.
package main

import (
	"encoding/json"
	"fmt"
	"os"
)

type adcpError struct {
	Code       string   `json:"code"`
	Message    string   `json:"message"`
	Recovery   string   `json:"recovery,omitempty"`
	RetryAfter *float64 `json:"retry_after,omitempty"`
}

func main() {
	var resp struct {
		IsError           bool `json:"isError"`
		StructuredContent struct {
			AdcpError *adcpError `json:"adcp_error"`
		} `json:"structuredContent"`
	}
	if err := json.NewDecoder(os.Stdin).Decode(&resp); err != nil || resp.StructuredContent.AdcpError == nil {
		fmt.Println("generic error")
		return
	}
	e := resp.StructuredContent.AdcpError
	action := "escalate_to_human"
	switch e.Recovery {
	case "transient":
		action = "retry"
	case "correctable":
		action = "surface_to_caller"
	}
	out, _ := json.Marshal(map[string]any{
		"isError":           true,
		"content":           []any{map[string]any{"type": "text", "text": e.Message}},
		"structuredContent": map[string]any{"adcp_error": e},
	})
	fmt.Println(action, string(out))
}
