package validationdiff

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// edgesVersion is the version of the keyword-edges spec (edgesFolder).
const edgesVersion = "0.0.0-edges"

// edgesConflict is the details shape of CONFLICT in the keyword-edges spec:
// the value keywords the published schemas do not use yet, in every place
// the generated code checks them differently (a typed member, an object's
// validate, an array's encoding, a member held raw), and schemas without a
// type (schemaload.Type.Untyped), alone and as alternatives.
const edgesConflict = `{
  "$schema": "http://json-schema.org/draft-07/schema#",
  "$id": "https://adcontextprotocol.org/schemas/0.0.0-edges/error-details/conflict.json",
  "title": "Keyword edges",
  "description": "const and enum on every kind of value.",
  "type": "object",
  "properties": {
    "object_const": {"type": "object", "properties": {"a": {"type": "string"}}, "const": {"a": "x"}},
    "object_enum": {"type": "object", "properties": {"n": {"type": "integer"}}, "required": ["n"], "enum": [{"n": 1}, {"n": 2, "m": true}]},
    "array_const": {"type": "array", "items": {"type": "integer"}, "const": [1, 2]},
    "array_enum": {"type": "array", "items": {"type": "string"}, "enum": [["a"], ["b", "c"]]},
    "integer_enum": {"type": "integer", "enum": [1, 3, 9007199254740993]},
    "number_enum": {"type": "number", "enum": [0.5, 2, 1e300]},
    "boolean_enum": {"type": "boolean", "enum": [true]},
    "union_enum": {"type": ["string", "number"], "enum": ["a", 1]},
    "union_const": {"type": ["string", "integer"], "const": 7},
    "mixed_enum": {"enum": [1, "a", null, {"k": [true]}]},
    "nullable_object_const": {"type": ["object", "null"], "properties": {"a": {"type": "integer"}}, "const": {"a": 1}},
    "items_enum": {"type": "array", "items": {"type": "object", "properties": {"k": {"type": "string"}}, "enum": [{"k": "a"}, {}]}},
    "items_integer_enum": {"type": "array", "items": {"type": "integer", "enum": [4, 5]}, "maxItems": 3},
    "untyped_pattern": {"pattern": "^a", "maxLength": 3},
    "untyped_minimum": {"minimum": 3},
    "untyped_items": {"items": {"type": "integer"}, "maxItems": 2},
    "untyped_properties": {"properties": {"a": {"type": "string"}}, "required": ["a"]},
    "untyped_const": {"const": {"a": 1}},
    "untyped_enum_strings": {"enum": ["a", "b"]},
    "untyped_alternatives": {"oneOf": [{"pattern": "^a"}, {"minimum": 1}]},
    "never": false,
    "uuid": {"type": "string", "format": "uuid"},
    "date": {"type": "string", "format": "date"},
    "time": {"type": "string", "format": "time"},
    "lookahead": {"type": "string", "pattern": "^(?!0)\\d+$"},
    "lookahead_alternatives": {"type": "string", "pattern": "^ab(?!c|d[^x])[a-z]*$", "maxLength": 6},
    "big_integer_const": {"type": "integer", "const": 9007199254740993},
    "number_const": {"type": "number", "const": 0.1},
    "one_of_objects": {"type": "object", "oneOf": [{"properties": {"a": {"type": "string"}}}, {"properties": {"b": {"type": "string"}}, "required": ["b"]}]},
    "a/b~c": {"type": "integer", "enum": [1]},
    "nullable_enum": {"type": ["integer", "null"], "enum": [1, null]},
    "nullable_string_enum": {"type": ["string", "null"], "enum": ["a", null]},
    "string_true_items": {"type": "array", "items": true, "maxItems": 1},
    "integer_fraction": {"type": "integer", "maximum": 5},
    "allof_required": {"type": "object", "properties": {"a": {"type": "string"}, "b": {"type": "integer"}}, "allOf": [{"required": ["a"]}, {"anyOf": [{"required": ["b"]}, {"properties": {"a": {"const": "x"}}}]}]},
    "tree": {"$ref": "#/definitions/tree"},
    "empty_string": {"type": "string", "maxLength": 0},
    "integer_decimal_bounds": {"type": "integer", "exclusiveMinimum": 0.5, "maximum": 2.5},
    "required_nullable": {"type": "object", "properties": {"v": {"type": ["string", "null"], "minLength": 2}}, "required": ["v"], "additionalProperties": false},
    "string_map": {"type": "object", "additionalProperties": {"type": "string", "maxLength": 2}},
    "typed_extras": {"type": "object", "properties": {"a": {"type": "integer"}}, "additionalProperties": {"type": "integer", "enum": [1]}, "required": ["a"]},
    "required_undeclared": {"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a", "z"]},
    "free_required": {"type": "object", "required": ["q"]},
    "allof_closed_member": {"type": "object", "allOf": [{"additionalProperties": false}]},
    "closed_allof": {"type": "object", "additionalProperties": false, "properties": {"b": {"type": "string"}}, "allOf": [{"properties": {"a": {"type": "string"}}}]},
    "nullable_array": {"type": ["array", "null"], "items": {"type": "integer"}, "maxItems": 1},
    "nested": {"type": "object", "properties": {"deep": {"type": "object", "properties": {"n": {"type": "integer", "enum": [7]}}, "required": ["n"], "additionalProperties": false}}, "required": ["deep"]},
    "anything_goes": true,
    "null_only": {"type": "null"},
    "const_null": {"const": null},
    "nested_arrays": {"type": "array", "items": {"type": "array", "items": {"type": "integer", "enum": [1, 2]}, "maxItems": 2}},
    "unique_objects": {"type": "array", "items": {"type": "object"}, "uniqueItems": true},
    "no_items": {"type": "array", "items": false},
    "typed_alternatives": {"type": "object", "anyOf": [{"$ref": "#/definitions/p"}, {"properties": {"q": {"type": "integer"}}, "required": ["q"]}]}
  },
  "definitions": {
    "p": {"properties": {"p": {"type": "string", "maxLength": 2}}, "required": ["p"]},
    "tree": {"type": "object", "properties": {"leaf": {"type": "integer", "enum": [1, 2]}, "kids": {"type": "array", "items": {"$ref": "#/definitions/tree"}, "maxItems": 2}}, "required": ["leaf"], "additionalProperties": false}
  },
  "required": ["object_enum"],
  "additionalProperties": true
}
`

// edgesFolder writes the keyword-edges spec: this repository's schemas
// (schemas/, version 3.2.0-beta.5) as version edgesVersion, with one
// details shape, CONFLICT's, edgesConflict (the others are the published
// ones, which the corpus checks: leaving them out halves the package to
// build). It returns the folder.
func edgesFolder(t *testing.T) string {
	t.Helper()
	src, err := filepath.Abs(filepath.Join("..", "..", "schemas"))
	if err != nil {
		t.Fatal(err)
	}
	dst := filepath.Join(t.TempDir(), edgesVersion)
	err = filepath.WalkDir(src, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".json") {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		if filepath.Dir(rel) == "error-details" {
			return nil // CONFLICT's, written below, is the one shape checked
		}
		writeFile(t, filepath.Join(dst, rel), strings.ReplaceAll(string(b), "3.2.0-beta.5", edgesVersion))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	writeFile(t, filepath.Join(dst, "error-details", "conflict.json"), edgesConflict)
	return dst
}
