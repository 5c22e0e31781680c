package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/adcp-gen/adcp-gen/adcp"
	"github.com/adcp-gen/adcp-gen/internal/cliflags"
)

func init() {
	commands["explain"] = command{
		summary: "show what a conformant client makes of one AdCP response",
		run:     runExplain,
	}
}

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
	Display           *explainDisplay `json:"display"`
}

// explainDisplay holds the sanitized seller strings.
type explainDisplay struct {
	Message    string `json:"message"`
	Suggestion string `json:"suggestion"`
	Field      string `json:"field"`
}

// runExplain implements
//
//	adcp-gen explain [-schemas DIR] [-version VERSION] [-unknown-recovery terminal|transient] [FILE]
//
// It reads one response (an MCP tool result, a JSON-RPC response or an A2A
// task; stdin when FILE is absent or "-"), extracts the AdCP error the way
// the runtime does, and prints what a conformant client of the spec version
// (the shipped one, or the one -schemas or -version names) does about it.
func runExplain(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("explain", flag.ContinueOnError)
	fs.SetOutput(stderr)
	unknown := fs.String("unknown-recovery", string(adcp.RecoveryTerminal),
		"recovery of an unknown code without recovery: terminal or transient")
	spec := addSpecFlags(fs)
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: adcp-gen explain [-schemas DIR] [-version VERSION] [-unknown-recovery terminal|transient] [FILE]")
		fs.PrintDefaults()
	}
	pos, exit, stop := cliflags.Parse(fs, args, stdout)
	if stop {
		return exit
	}
	policy := adcp.Policy{UnknownCodeRecovery: adcp.Recovery(*unknown)}
	if r := policy.UnknownCodeRecovery; r != adcp.RecoveryTerminal && r != adcp.RecoveryTransient {
		fmt.Fprintf(stderr, "adcp-gen explain: -unknown-recovery must be terminal or transient, not %q\n", *unknown)
		return 2
	}
	if len(pos) > 1 {
		fmt.Fprintf(stderr, "adcp-gen explain: unexpected argument %q (one FILE at most)\n", pos[1])
		fs.Usage()
		return 2
	}
	voc, err := spec.vocabulary()
	if err != nil {
		fmt.Fprintf(stderr, "adcp-gen explain: %v\n", err)
		return 2
	}
	policy.Vocabulary = voc
	name, in := "stdin", stdin
	if len(pos) == 1 && pos[0] != "-" {
		name = pos[0]
		f, err := os.Open(name)
		if err != nil {
			fmt.Fprintf(stderr, "adcp-gen explain: %v\n", err)
			return 2
		}
		defer f.Close()
		in = f
	}
	data, err := io.ReadAll(io.LimitReader(in, explainMaxInput+1))
	if err != nil {
		fmt.Fprintf(stderr, "adcp-gen explain: %s: %v\n", name, err)
		return 2
	}
	if len(data) > explainMaxInput {
		fmt.Fprintf(stderr, "adcp-gen explain: %s: larger than %d bytes\n", name, explainMaxInput)
		return 2
	}
	if err := explainCheckJSON(data); err != nil {
		fmt.Fprintf(stderr, "adcp-gen explain: %s: input is not JSON: %v\n", name, err)
		return 2
	}
	out, err := explainMarshal(explain(data, policy))
	if err != nil {
		fmt.Fprintf(stderr, "adcp-gen explain: %v\n", err)
		return 2
	}
	if _, err := stdout.Write(out); err != nil {
		return 2
	}
	return 0
}

// explainCheckJSON reports why data is not one JSON value.
func explainCheckJSON(data []byte) error {
	if json.Valid(data) {
		return nil
	}
	var v any
	if err := json.Unmarshal(data, &v); err != nil {
		return err
	}
	return fmt.Errorf("not a single JSON value")
}

// explain extracts and decides one response.
func explain(data []byte, policy adcp.Policy) explanation {
	x, ok := adcp.Extract(data)
	if !ok {
		return explanation{Action: policy.Decide(nil, adcp.RequestContext{}).Action}
	}
	d := policy.Decide(x.Err, adcp.RequestContext{NonFatal: x.NonFatal})
	rec := string(d.Recovery)
	disp := x.Err.Display()
	e := explanation{
		Found:    true,
		Path:     &x.Path,
		Error:    x.Raw(),
		Recovery: &rec,
		Action:   d.Action,
		Display:  &explainDisplay{Message: disp.Message, Suggestion: disp.Suggestion, Field: disp.Field},
	}
	if d.Action == adcp.ActionRetry && d.RetryAfter {
		s := int64(d.Delay.Seconds())
		e.RetryAfterSeconds = &s
	}
	return e
}

// explainMarshal encodes e, indented, without HTML escaping.
func explainMarshal(e explanation) ([]byte, error) {
	if e.Error == nil {
		e.Error = json.RawMessage("null")
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(e); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}
