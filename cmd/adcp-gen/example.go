package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/adcp-gen/adcp-gen/adcp"
	"github.com/adcp-gen/adcp-gen/adcp/seller"
	"github.com/adcp-gen/adcp-gen/generated/adcperr"
	"github.com/adcp-gen/adcp-gen/internal/cliflags"
)

const exampleUsage = "usage: adcp-gen example CODE [-schemas DIR] [-version VERSION] [-transport mcp|jsonrpc|a2a] [-message M]\n" +
	"                          [-field F] [-retry-after N] [-suggestion S] [-details JSON] [-recovery R] [-text T]"

// runExample implements adcp-gen example: it prints, indented, the exact
// response a conformant seller of the spec version sends for CODE on the
// transport (for an advisory code, a successful payload carrying it), built
// by the runtime's own builders (package seller).
func runExample(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := cliflags.New("adcp-gen example", exampleUsage, stderr)
	transport := fs.String("transport", "mcp", "wire shape: mcp, jsonrpc or a2a")
	message := fs.String("message", "", "error message; empty: the code in words")
	field := fs.String("field", "", "JSONPath-lite path of the offending field, e.g. packages[0].budget")
	retryAfter := fs.Float64("retry-after", 0, "seconds before a retry (rounded up, clamped to 1..3600)")
	suggestion := fs.String("suggestion", "", "generic correction guidance")
	details := fs.String("details", "", "details, as a JSON object")
	recovery := fs.String("recovery", "", "recovery of a vendor code X_{VENDOR}_{CODE}; empty: terminal")
	text := fs.String("text", "", "one-sentence human text (MCP second content item, A2A TextPart)")
	vocabulary := specFlags(fs)
	pos, exit, stop := cliflags.Parse(fs, args, stdout)
	if stop {
		return exit
	}
	switch {
	case len(pos) == 0:
		return cliflags.UsageError(fs, "missing CODE")
	case len(pos) > 1:
		return cliflags.UsageError(fs, "unexpected argument %q", pos[1])
	case !slices.Contains([]string{"mcp", "jsonrpc", "a2a"}, *transport):
		return cliflags.Fail(fs, "-transport must be mcp, jsonrpc or a2a, not %q", *transport)
	}
	code := adcp.Code(pos[0])
	voc, err := vocabulary()
	if err != nil {
		return cliflags.Fail(fs, "%v", err)
	}
	// seller.Build refuses a code that is neither standard nor a valid
	// vendor code; a vendor code needs a recovery.
	info, known := voc.Info(code)
	if !known && *recovery == "" {
		*recovery = string(adcp.RecoveryTerminal)
	}

	for _, sh := range info.Shapes {
		if *details != "" || len(sh.Required) == 0 {
			continue
		}
		fmt.Fprintf(stderr, "adcp-gen example: %s details (%s) have required members %s", code, sh.Name, strings.Join(sh.Required, ", "))
		if d, ok := exampleDetails[sh.Name]; ok && voc == adcperr.Vocabulary {
			fmt.Fprintf(stderr, "; a valid value: -details '%s'", d)
		}
		fmt.Fprintln(stderr)
	}

	var opts []seller.Option
	if *field != "" {
		opts = append(opts, seller.WithField(*field))
	}
	if *suggestion != "" {
		opts = append(opts, seller.WithSuggestion(*suggestion))
	}
	if *recovery != "" {
		opts = append(opts, seller.WithRecovery(adcp.Recovery(*recovery)))
	}
	if *details != "" {
		opts = append(opts, seller.WithDetails(json.RawMessage(*details)))
	}
	if cliflags.IsSet(fs, "retry-after") {
		opts = append(opts, seller.WithRetryAfterSeconds(*retryAfter))
	}
	msg := *message
	if msg == "" {
		msg = exampleMessage(code)
	}
	e, warnings, err := seller.Build(voc, code, msg, opts...)
	if err != nil {
		return cliflags.Fail(fs, "%v", err)
	}
	for _, w := range warnings {
		fmt.Fprintf(stderr, "adcp-gen example: warning: %s\n", w)
	}

	var out []byte
	switch {
	case info.Advisory && *transport != "jsonrpc":
		fmt.Fprintf(stderr, "adcp-gen example: %s is a non-fatal advisory: it rides in the errors[] of a successful payload (the transport reports success), never in adcp_error\n", code)
		// An advisory accompanies data (STALE_RESPONSE requires it): a
		// placeholder result stands for the task's own payload.
		out, err = seller.SuccessPayloadWithWarnings(voc, json.RawMessage(`{"products":[{"product_id":"prod_example"}]}`), []*adcp.Error{e})
	case *transport == "mcp":
		out, err = seller.MCPToolResult(voc, e, *text)
	case *transport == "jsonrpc":
		out, err = seller.JSONRPCError(voc, 1, e)
	default:
		out, err = seller.A2AFailedTask(voc, "task_1", e, *text)
	}
	if err != nil {
		return cliflags.Fail(fs, "%v", err)
	}
	if st := seller.HTTPStatus(e); st != 200 {
		fmt.Fprintf(stderr, "adcp-gen example: send it with HTTP status %d: %s must flip every transport failure marker\n", st, code)
	}
	var pretty bytes.Buffer
	if err := json.Indent(&pretty, out, "", "  "); err != nil {
		return cliflags.Fail(fs, "%v", err)
	}
	pretty.WriteByte('\n')
	if _, err := stdout.Write(pretty.Bytes()); err != nil {
		return cliflags.Fail(fs, "%v", err)
	}
	return 0
}

// exampleDetails holds a valid details value, with every required member,
// for each details shape of the shipped vocabulary that has required members
// (TestExampleRequiredDetails checks that it covers them all).
var exampleDetails = map[string]string{
	"accessibility-violation":          `{"violations":[{"pointer":"/creatives/0/assets/logo","criterion":"1.1.1","criterion_source":"WCAG22","required_level":"A","failure_kind":"alt_text_missing"}]}`,
	"account-moved":                    `{"current_account":{"account_id":"acc_2"}}`,
	"action-not-allowed":               `{"attempted_action":"pause","reason":"wrong_status"}`,
	"agent-permission-denied":          `{"scope":"agent","reason":"sandbox_only"}`,
	"billing-not-permitted-for-agent":  `{"rejected_billing":"agent"}`,
	"stale-response":                   `{"served_from_cache":true,"cache_age_seconds":120}`,
	"unsupported-refinement-dimension": `{"unsupported_dimension":"daypart","supported_dimensions":["geo"]}`,
	"version-unsupported":              `{"supported_versions":["3.2"],"supported_majors":[3]}`,
}

// exampleMessage turns a code into a message: RATE_LIMITED → "Rate limited",
// X_ACME_FLOOR_NOT_MET → "Floor not met".
func exampleMessage(code adcp.Code) string {
	s := string(code)
	if rest, ok := strings.CutPrefix(s, "X_"); ok {
		if _, c, ok := strings.Cut(rest, "_"); ok {
			s = c
		}
	}
	s = strings.ToLower(strings.ReplaceAll(s, "_", " "))
	if s == "" {
		return "Request failed"
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
