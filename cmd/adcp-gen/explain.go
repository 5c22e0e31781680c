package main

import (
	"encoding/json"
	"io"
	"os"

	"github.com/adcp-gen/adcp-gen/adcp"
	"github.com/adcp-gen/adcp-gen/internal/cliflags"
)

// explainMaxInput bounds the response explain reads.
const explainMaxInput = 64 << 20

// explanation is the one JSON object explain prints.
type explanation struct {
	Found             bool            `json:"found"`
	Path              *adcp.Path      `json:"path"`
	Error             json.RawMessage `json:"error"`
	Recovery          *string         `json:"recovery"`
	Action            adcp.Action     `json:"action"`
	RetryAfterSeconds *int64          `json:"retry_after_seconds"`
	Display           *adcp.Display   `json:"display"` // the sanitized seller strings
}

// runExplain implements adcp-gen explain (its usage line below). It reads
// one response (an MCP tool result, a JSON-RPC response or an A2A task;
// stdin when FILE is absent or "-"), extracts the AdCP error the way the
// runtime does, and prints a conformant client's decision on it.
func runExplain(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := cliflags.New("adcp-gen explain", "usage: adcp-gen explain [-schemas DIR] [-version VERSION] [-unknown-recovery terminal|transient] [FILE]", stderr)
	unknown := fs.String("unknown-recovery", string(adcp.RecoveryTerminal),
		"recovery of an unknown code without recovery: terminal or transient")
	vocabulary := specFlags(fs)
	pos, exit, stop := cliflags.Parse(fs, args, stdout)
	if stop {
		return exit
	}
	switch {
	case *unknown != string(adcp.RecoveryTerminal) && *unknown != string(adcp.RecoveryTransient):
		return cliflags.Fail(fs, "-unknown-recovery must be terminal or transient, not %q", *unknown)
	case len(pos) > 1:
		return cliflags.UsageError(fs, "unexpected argument %q (one FILE at most)", pos[1])
	}
	voc, err := vocabulary()
	if err != nil {
		return cliflags.Fail(fs, "%v", err)
	}
	policy := adcp.Policy{Vocabulary: voc, UnknownCodeRecovery: adcp.Recovery(*unknown)}
	name, in := "stdin", stdin
	if len(pos) == 1 && pos[0] != "-" {
		name = pos[0]
		f, err := os.Open(name)
		if err != nil {
			return cliflags.Fail(fs, "%v", err)
		}
		defer f.Close()
		in = f
	}
	data, err := io.ReadAll(io.LimitReader(in, explainMaxInput+1))
	if err != nil {
		return cliflags.Fail(fs, "%s: %v", name, err)
	}
	if len(data) > explainMaxInput {
		return cliflags.Fail(fs, "%s: larger than %d bytes", name, explainMaxInput)
	}
	if err := json.Unmarshal(data, new(json.RawMessage)); err != nil {
		return cliflags.Fail(fs, "%s: input is not JSON: %v", name, err)
	}
	enc := json.NewEncoder(stdout)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(explain(data, policy)); err != nil {
		return cliflags.Fail(fs, "%v", err)
	}
	return 0
}

// explain extracts and decides one response.
func explain(data []byte, policy adcp.Policy) explanation {
	x, ok := adcp.Extract(data)
	d := policy.DecideExtraction(x, adcp.RequestContext{})
	if !ok {
		return explanation{Action: d.Action}
	}
	rec := string(d.Recovery)
	disp := x.Err.Display()
	e := explanation{
		Found:    true,
		Path:     &x.Path,
		Error:    x.Raw(),
		Recovery: &rec,
		Action:   d.Action,
		Display:  &disp,
	}
	if d.Action == adcp.ActionRetry && d.RetryAfter {
		s := int64(d.Delay.Seconds())
		e.RetryAfterSeconds = &s
	}
	return e
}
