package schemaload

import (
	"errors"
	"strings"
	"testing"
)

// replaceIn returns the fixture file name with old replaced by new (once).
func replaceIn(t *testing.T, name, old, new string) string {
	t.Helper()
	for _, f := range fixtureFiles(t) {
		if f.Name == name {
			s := string(f.Data)
			if !strings.Contains(s, old) {
				t.Fatalf("%s does not contain %q", name, old)
			}
			return strings.Replace(s, old, new, 1)
		}
	}
	t.Fatalf("no fixture file %s", name)
	return ""
}

func TestLoadErrors(t *testing.T) {
	tests := []struct {
		name    string
		edits   func(t *testing.T) map[string]string
		file    string
		pointer string
		msg     string // substring of Msg
	}{
		{
			name:  "missing core/error.json",
			edits: func(*testing.T) map[string]string { return map[string]string{"core/error.json": ""} },
			file:  "core/error.json", msg: "missing file",
		},
		{
			name:  "no code vocabulary",
			edits: func(*testing.T) map[string]string { return map[string]string{"enums/error-code.json": ""} },
			file:  "enums/error-code.json", msg: "has no standard code vocabulary",
		},
		{
			name: "invalid JSON",
			edits: func(t *testing.T) map[string]string {
				return map[string]string{"error-details/rate-limited.json": replaceIn(t, "error-details/rate-limited.json", `"exclusiveMinimum": 0}`, `"exclusiveMinimum": 0,}`)}
			},
			file: "error-details/rate-limited.json", pointer: "/properties/limit", msg: "byte offset",
		},
		{
			name: "duplicate member",
			edits: func(t *testing.T) map[string]string {
				return map[string]string{"enums/billing-party.json": replaceIn(t, "enums/billing-party.json", `"type": "string",`, `"type": "string", "type": "string",`)}
			},
			file: "enums/billing-party.json", pointer: "/type", msg: "duplicate member",
		},
		{
			name: "invalid schema",
			edits: func(t *testing.T) map[string]string {
				return map[string]string{"error-details/creative-rejected.json": replaceIn(t, "error-details/creative-rejected.json", `"maxItems": 5`, `"maxItems": -5`)}
			},
			file: "error-details/creative-rejected.json", pointer: "/properties/reasons/maxItems", msg: "not a valid draft-07 schema",
		},
		{
			name: "invalid ECMAScript pattern",
			edits: func(t *testing.T) map[string]string {
				return map[string]string{"core/version-envelope.json": replaceIn(t, "core/version-envelope.json", `"^\\d+\\.\\d+$"`, `"^([0-9]+$"`)}
			},
			file: "core/version-envelope.json", pointer: "/properties/adcp_version/pattern", msg: "is not valid regex",
		},
		{
			name:  "unresolvable $ref: missing file",
			edits: func(*testing.T) map[string]string { return map[string]string{"core/version-envelope.json": ""} },
			file:  "error-details/version-unsupported.json", pointer: "/allOf/0/$ref", msg: "does not exist",
		},
		{
			name: "unresolvable $ref: missing pointer",
			edits: func(t *testing.T) map[string]string {
				return map[string]string{"error-details/account-moved.json": replaceIn(t, "error-details/account-moved.json", `account-ref.json"`, `account-ref.json#/definitions/nope"`)}
			},
			file: "error-details/account-moved.json", pointer: "/properties/current_account/$ref", msg: "unresolvable $ref",
		},
		{
			name: "unresolvable $ref: other version",
			edits: func(t *testing.T) map[string]string {
				return map[string]string{"error-details/account-moved.json": replaceIn(t, "error-details/account-moved.json", `/schemas/9.0.0-test.1/core`, `/schemas/3.1.0/core`)}
			},
			file: "error-details/account-moved.json", pointer: "/properties/current_account/$ref", msg: "refers to AdCP 3.1.0",
		},
		{
			name: "unresolvable $ref: network",
			edits: func(t *testing.T) map[string]string {
				return map[string]string{"error-details/account-moved.json": replaceIn(t, "error-details/account-moved.json", `"/schemas/9.0.0-test.1/core/account-ref.json"`, `"https://example.com/account-ref.json"`)}
			},
			file: "error-details/account-moved.json", pointer: "/properties/current_account/$ref", msg: "never fetched from the network",
		},
		{
			name: "error member of another kind than the runtime's Error holds",
			edits: func(t *testing.T) map[string]string {
				return map[string]string{"core/error.json": replaceIn(t, "core/error.json", `"schemaPath": {"type": "string"},`, `"schemaPath": {"type": "integer"},`)}
			},
			file: "core/error.json", pointer: "/properties/issues/items/properties/schemaPath", msg: `models "schemaPath" as a JSON string`,
		},
		{
			name: "error issues that are not objects",
			edits: func(t *testing.T) map[string]string {
				return map[string]string{"core/error.json": replaceIn(t, "core/error.json", `"items": {
        "type": "object",`, `"items": {
        "type": "string",`)}
			},
			file: "core/error.json", pointer: "/properties/issues/items", msg: `models the items of "issues" as objects`,
		},
		{
			name: "name collision: two fields named like an emit member",
			edits: func(t *testing.T) map[string]string {
				return map[string]string{"error-details/creative-rejected.json": replaceIn(t, "error-details/creative-rejected.json", `"policy_url"`, `"extra": {"type": "string"}, "extra_": {"type": "string"}, "policy_url"`)}
			},
			file: "error-details/creative-rejected.json", pointer: "/properties/extra_", msg: "Extra_",
		},
		{
			name: "name collision: enum values",
			edits: func(t *testing.T) map[string]string {
				return map[string]string{"enums/billing-party.json": replaceIn(t, "enums/billing-party.json", `["operator", "agent"]`, `["operator", "agent", "Agent"]`)}
			},
			file: "enums/billing-party.json", pointer: "/enum/2", msg: "BillingPartyAgent",
		},
		{
			name: "name collision: a symbol spelled out and its word",
			edits: func(t *testing.T) map[string]string {
				return map[string]string{"error-details/rate-limited.json": replaceIn(t, "error-details/rate-limited.json", `"global"]`, `"global", "+", "plus"]`)}
			},
			file: "error-details/rate-limited.json", pointer: "/properties/scope/enum/4", msg: "RateLimitedDetailsScopePlus",
		},
		{
			name: "recursive array",
			edits: func(t *testing.T) map[string]string {
				return map[string]string{"error-details/rate-limited.json": replaceIn(t, "error-details/rate-limited.json", `"properties": {`, `"definitions": {"list": {"type": "array", "items": {"$ref": "#/definitions/list"}}}, "properties": {"list": {"$ref": "#/definitions/list"},`)}
			},
			file: "error-details/rate-limited.json", pointer: "/definitions/list/items/$ref", msg: "recursive $ref",
		},
		{
			name: "details schema with no code",
			edits: func(*testing.T) map[string]string {
				return map[string]string{"error-details/widget-exploded.json": `{"$schema": "http://json-schema.org/draft-07/schema#", "type": "object", "properties": {"size": {"type": "number"}}}`}
			},
			file: "error-details/widget-exploded.json", msg: "maps to no code",
		},
		{
			name: "bad recovery in enumMetadata",
			edits: func(t *testing.T) map[string]string {
				return map[string]string{"enums/error-code.json": replaceIn(t, "enums/error-code.json", `{"recovery": "terminal"}`, `{"recovery": "deferred"}`)}
			},
			file: "enums/error-code.json", pointer: "/enumMetadata/CONFIGURATION_ERROR/recovery", msg: "must be one of",
		},
		{
			name: "code without any recovery",
			edits: func(t *testing.T) map[string]string {
				return map[string]string{"enums/error-code.json": replaceIn(t, "enums/error-code.json", `Recovery: terminal.`, `No hint.`)}
			},
			file: "enums/error-code.json", pointer: "/enumMetadata/WIDGET_BROKEN", msg: "no enumMetadata entry",
		},
		{
			name: "unsupported draft",
			edits: func(t *testing.T) map[string]string {
				return map[string]string{"enums/billing-party.json": replaceIn(t, "enums/billing-party.json", "draft-07/schema#", "draft/2020-12/schema")}
			},
			file: "enums/billing-party.json", pointer: "/$schema", msg: "unsupported $schema",
		},
		{
			name: "$ref to a file name with a line break",
			edits: func(t *testing.T) map[string]string {
				return map[string]string{
					"error-details/rate-limited.json": replaceIn(t, "error-details/rate-limited.json", "enums/billing-party.json", "enums/billing%0Aparty.json"),
					"enums/billing\nparty.json":       "{}",
				}
			},
			file: "error-details/rate-limited.json", pointer: "/properties/parties/items/$ref", msg: "a control or format character",
		},
		{
			name: "details file name with a line break",
			edits: func(t *testing.T) map[string]string {
				return map[string]string{"error-details/rate\nlimited.json": "{}"}
			},
			file: "error-details", msg: "a control or format character",
		},
		{
			name: "bad unknown-code policy",
			edits: func(t *testing.T) map[string]string {
				return map[string]string{"manifest.json": replaceIn(t, "manifest.json", `"default_unknown_recovery": "transient"`, `"default_unknown_recovery": "later"`)}
			},
			file: "manifest.json", pointer: "/error_code_policy/default_unknown_recovery", msg: "not a recovery class",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Load(writeFixture(t, tt.edits(t)))
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("Load error = %v (%T), want an *Error", err, err)
			}
			t.Log(err)
			if e.File != tt.file || e.Pointer != tt.pointer || !strings.Contains(e.Msg, tt.msg) {
				t.Errorf("got  %s#%s: %s\nwant %s#%s: …%s…", e.File, e.Pointer, e.Msg, tt.file, tt.pointer, tt.msg)
			}
			if !strings.HasPrefix(err.Error(), tt.file) {
				t.Errorf("message %q does not start with the file", err.Error())
			}
		})
	}
}

func TestLoadMissingFolder(t *testing.T) {
	_, err := Load(t.TempDir() + "/nope")
	var e *Error
	if !errors.As(err, &e) || e.File != "." {
		t.Fatalf("err = %v", err)
	}
}
