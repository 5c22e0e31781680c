package catalog

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/adcp-gen/adcp-gen/schemaload"
)

var update = flag.Bool("update", false, "rewrite testdata/*.golden from the current output")

func ptr[T any](v T) *T { return &v }

// fixture is a small spec exercising every part of the catalogue: table
// escaping, deprecated aliases, advisory and detail-less codes, conditional
// and shared shapes, enums (closed and open), nested objects, nullable and
// constrained fields. The wording is ours.
func fixture() *schemaload.Spec {
	str := func() *schemaload.Type { return &schemaload.Type{Kind: schemaload.KindString} }
	party := &schemaload.Type{GoName: "Party", File: "enums/party.json", Kind: schemaload.KindString,
		Doc: "Who pays.", Enum: []*schemaload.EnumValue{
			{Value: "buyer", GoName: "PartyBuyer", Doc: "The buying side."},
			{Value: "seller", GoName: "PartySeller"},
		}}
	kind := &schemaload.Type{GoName: "SlowDetailsKind", File: "error-details/slow.json", Pointer: "/properties/kind",
		Kind: schemaload.KindString, OpenEnum: true, Pattern: "^x_[a-z]+$",
		Enum: []*schemaload.EnumValue{{Value: "queue", GoName: "SlowDetailsKindQueue"}}}
	where := &schemaload.Type{GoName: "SlowDetailsWhere", File: "error-details/slow.json", Pointer: "/properties/where",
		Kind: schemaload.KindObject, Closed: true, Fields: []*schemaload.Field{
			{JSONName: "host", GoName: "Host", Type: &schemaload.Type{Kind: schemaload.KindString, Format: "uri"}, Required: true},
		}}
	target := &schemaload.Type{GoName: "SlowDetailsTarget", File: "error-details/slow.json", Pointer: "/properties/target",
		Kind: schemaload.KindAny, Doc: "A host, or a `{\"id\": <n>}` object.", Variants: []*schemaload.Type{
			{Kind: schemaload.KindString},
			where,
		}}
	slow := &schemaload.Type{GoName: "SlowDetails", File: "error-details/slow.json", Kind: schemaload.KindObject,
		Doc: "Why the answer is late.", Fields: []*schemaload.Field{
			{JSONName: "kind", GoName: "Kind", Type: kind, Required: true, Doc: "What is slow.\n\n- queue: the queue\n- x_*: your own"},
			{JSONName: "wait_seconds", GoName: "WaitSeconds", Type: &schemaload.Type{Kind: schemaload.KindNumber, Minimum: ptr(0.0), Maximum: ptr(60.0)}},
			{JSONName: "where", GoName: "Where", Type: where},
			{JSONName: "payers", GoName: "Payers", Type: &schemaload.Type{Kind: schemaload.KindArray, Elem: party, MinItems: ptr(1), UniqueItems: true}},
			{JSONName: "old_hint", GoName: "OldHint", Type: str(), Deprecated: true, Doc: "Use kind | where."},
			{JSONName: "value", GoName: "Value", Type: &schemaload.Type{Kind: schemaload.KindAny, Union: []string{"string", "number"}}, Required: true, Nullable: true},
			{JSONName: "target", GoName: "Target", Type: target},
		}}
	agent := &schemaload.Type{GoName: "AgentDeniedDetails", File: "error-details/agent-denied.json", Kind: schemaload.KindObject,
		Closed: true, Fields: []*schemaload.Field{
			{JSONName: "scope", GoName: "Scope", Type: &schemaload.Type{Kind: schemaload.KindString, Const: json.RawMessage(`"agent"`)}, Required: true},
		}}
	errType := &schemaload.Type{GoName: "Error", File: "core/error.json", Kind: schemaload.KindObject,
		Doc: "One failure.", Fields: []*schemaload.Field{
			{JSONName: "code", GoName: "Code", Type: &schemaload.Type{Kind: schemaload.KindString, MinLength: ptr(1), MaxLength: ptr(64)}, Required: true},
			{JSONName: "message", GoName: "Message", Type: str(), Required: true, Doc: "For people."},
			{JSONName: "retry_after", GoName: "RetryAfter", Type: &schemaload.Type{Kind: schemaload.KindNumber}},
			{JSONName: "details", GoName: "Details", Type: &schemaload.Type{Kind: schemaload.KindObject}},
			{JSONName: "recovery", GoName: "Recovery", Type: &schemaload.Type{GoName: "Recovery", File: "core/error.json", Pointer: "/properties/recovery",
				Kind: schemaload.KindString, Fixed: true, Enum: []*schemaload.EnumValue{
					{Value: "transient", GoName: "RecoveryTransient"}, {Value: "correctable", GoName: "RecoveryCorrectable"}, {Value: "terminal", GoName: "RecoveryTerminal"}}}},
		}}
	slowShape := &schemaload.Shape{File: "error-details/slow.json", Name: "slow", Codes: []string{"SLOW", "TOO_SLOW"}, Type: slow}
	agentShape := &schemaload.Shape{File: "error-details/agent-denied.json", Name: "agent-denied", Codes: []string{"DENIED"},
		When: &schemaload.Condition{Key: "scope", Value: "agent"}, Doc: "When an agent, not a person, is refused.", Type: agent}
	spec := &schemaload.Spec{
		Version:         "9.9.0-test.1",
		Error:           errType,
		UnknownRecovery: "transient",
		Codes: []*schemaload.Code{
			{Value: "SLOW", GoName: "CodeSlow", Recovery: "transient", RecoverySource: "enumMetadata",
				Suggestion: "wait | retry <n> seconds", Description: "The answer takes long.\nTry later.", Shapes: []*schemaload.Shape{slowShape}},
			{Value: "TOO_SLOW", GoName: "CodeTooSlow", Recovery: "transient", RecoverySource: "prose", Shapes: []*schemaload.Shape{slowShape}},
			{Value: "DENIED", GoName: "CodeDenied", Recovery: "correctable", Shapes: []*schemaload.Shape{agentShape}},
			{Value: "OLD_AUTH", GoName: "CodeOldAuth", Recovery: "correctable", Deprecated: true, ReplacedBy: []string{"DENIED", "NO_AUTH"}},
			{Value: "STALE", GoName: "CodeStale", Recovery: "correctable", Advisory: true, Description: "Served from a cache."},
			{Value: "BROKEN_SETUP", GoName: "CodeBrokenSetup", Recovery: "terminal", NoDetails: true},
		},
		Scopes: &schemaload.Type{GoName: "ErrorScope", File: "enums/error-scope.json", Kind: schemaload.KindString,
			Enum: []*schemaload.EnumValue{{Value: "account", GoName: "ErrorScopeAccount"}}},
		Shapes: []*schemaload.Shape{agentShape, slowShape},
	}
	spec.SettleGoTypes()
	return spec
}

func TestMarkdownGolden(t *testing.T) {
	got := Markdown(fixture())
	golden := filepath.Join("testdata", "fixture.md.golden")
	if *update {
		if err := os.WriteFile(golden, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (run go test ./catalog -update)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("catalogue differs from %s (run go test ./catalog -update and review):\n%s", golden, got)
	}
}

func TestMarkdownProperties(t *testing.T) {
	md := string(Markdown(fixture()))
	if !strings.HasPrefix(md, "<!-- Code generated by adcp-gen docs (AdCP 9.9.0-test.1). DO NOT EDIT. -->\n") {
		t.Errorf("bad first line: %q", strings.SplitN(md, "\n", 2)[0])
	}
	// Every row of a table has as many unescaped cell separators as its header.
	for _, table := range tables(md) {
		want := cells(table[0])
		for _, row := range table[1:] {
			if n := cells(row); n != want {
				t.Errorf("row has %d cells, header %d: %q", n, want, row)
			}
		}
	}
	// One row per code, in spec order.
	section := md[strings.Index(md, "## Standard codes"):strings.Index(md, "## Code descriptions")]
	var rows []string
	for _, line := range strings.Split(section, "\n") {
		if strings.HasPrefix(line, "| `") {
			rows = append(rows, line)
		}
	}
	spec := fixture()
	if len(rows) != len(spec.Codes) {
		t.Fatalf("%d code rows, want %d", len(rows), len(spec.Codes))
	}
	for i, c := range spec.Codes {
		if !strings.HasPrefix(rows[i], "| `"+c.Value+"` |") {
			t.Errorf("row %d = %q, want code %s", i, rows[i], c.Value)
		}
	}
	// Links point at headings that exist.
	for _, name := range []string{"slowdetails", "agentdenieddetails", "party", "slowdetailswhere"} {
		if !strings.Contains(md, "](#"+name+")") {
			t.Errorf("no link to #%s", name)
		}
	}
	for _, line := range strings.Split(md, "\n") {
		for rest := line; strings.Contains(rest, "](#"); {
			i := strings.Index(rest, "](#")
			rest = rest[i+3:]
			target := rest[:strings.Index(rest, ")")]
			if !hasHeadingAnchor(md, target) {
				t.Errorf("link to #%s has no heading", target)
			}
		}
	}
	if !bytes.Equal(Markdown(fixture()), []byte(md)) {
		t.Error("not deterministic")
	}
}

// tables returns the Markdown tables of md, each as its lines.
func tables(md string) [][]string {
	var out [][]string
	var cur []string
	for _, line := range strings.Split(md, "\n") {
		if strings.HasPrefix(line, "|") {
			cur = append(cur, line)
			continue
		}
		if cur != nil {
			out = append(out, cur)
			cur = nil
		}
	}
	return out
}

// cells counts the cells of a table row: unescaped '|' minus one.
func cells(row string) int {
	return strings.Count(row, "|") - strings.Count(row, `\|`) - 1
}

// hasHeadingAnchor reports whether a heading of md gives the anchor a code
// host derives (lower case; spaces become '-'; other punctuation dropped).
func hasHeadingAnchor(md, target string) bool {
	for _, line := range strings.Split(md, "\n") {
		if !strings.HasPrefix(line, "#") {
			continue
		}
		text := strings.TrimSpace(strings.TrimLeft(line, "#"))
		var a strings.Builder
		for _, r := range strings.ToLower(text) {
			switch {
			case r == ' ':
				a.WriteRune('-')
			case r == '-' || r == '_' || 'a' <= r && r <= 'z' || '0' <= r && r <= '9':
				a.WriteRune(r)
			}
		}
		if a.String() == target {
			return true
		}
	}
	return false
}
