package mcpsdk

import (
	"context"
	"encoding/json"
	"fmt"
	"reflect"

	"github.com/adcp-gen/adcp-gen/adcp"
	"github.com/adcp-gen/adcp-gen/adcp/seller"
	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// AddTool registers a typed tool, as mcp.AddTool does, whose AdCP errors
// reach every client, strict ones included: it publishes AdmitErrorResult
// of Out's output schema (see the package documentation's traps).
//
// h returns the *adcp.Error (wrapped or not) as its error, or a result built
// by ToolResult; either goes out as ToolResult's result, with both layers of
// the error model. Several errors joined with errors.Join go out together:
// the first as adcp_error, all of them in the payload's errors[]. Any other
// error is handled as mcp.AddTool handles it. Out should be a struct (or a
// pointer to one, never nil on success).
func AddTool[In, Out any](s *mcp.Server, v *adcp.Vocabulary, t *mcp.Tool, h mcp.ToolHandlerFor[In, Out]) {
	tt := *t
	out, err := outputSchema[Out](t.OutputSchema)
	if err != nil {
		panic(fmt.Errorf("mcpsdk.AddTool %q: output schema: %v", t.Name, err))
	}
	tt.OutputSchema = AdmitErrorResult(out)
	mcp.AddTool(s, &tt, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		res, out, err := h(ctx, req, in)
		if e, ok := adcp.As(err); ok {
			var opts []seller.WireOption
			if all := joined(err); len(all) > 1 {
				opts = append(opts, seller.WithPayloadErrors(all...))
			}
			if tr, terr := ToolResult(v, e, "", opts...); terr == nil {
				return tr, nil, nil
			}
		}
		if err != nil || (res != nil && res.IsError) {
			// A nil Out keeps the SDK from overwriting structuredContent.
			return res, nil, err
		}
		return res, out, nil
	})
}

// joined returns the AdCP errors of an errors.Join, in order.
func joined(err error) []*adcp.Error {
	j, ok := err.(interface{ Unwrap() []error })
	if !ok {
		return nil
	}
	var all []*adcp.Error
	for _, e := range j.Unwrap() {
		if a, ok := adcp.As(e); ok {
			all = append(all, a)
		}
	}
	return all
}

// AdmitErrorResult returns an output schema that admits what out admits and
// also the structuredContent of an AdCP error result (an object with an
// adcp_error object whose code is a string). Publish it on a tool whose
// raw handler returns ToolResult's results; AddTool does it for typed tools.
func AdmitErrorResult(out *jsonschema.Schema) *jsonschema.Schema {
	errResult := &jsonschema.Schema{
		Type:     "object",
		Required: []string{"adcp_error"},
		Properties: map[string]*jsonschema.Schema{
			"adcp_error": {
				Type:       "object",
				Required:   []string{"code"},
				Properties: map[string]*jsonschema.Schema{"code": {Type: "string"}},
			},
		},
	}
	return &jsonschema.Schema{Type: "object", AnyOf: []*jsonschema.Schema{out, errResult}}
}

// outputSchema returns the schema a tool publishes for Out: the one given
// (of any type that encodes to a JSON Schema), else the one inferred from
// Out, as mcp.AddTool infers it.
func outputSchema[Out any](given any) (*jsonschema.Schema, error) {
	if given != nil {
		if s, ok := given.(*jsonschema.Schema); ok {
			return s, nil
		}
		raw, err := json.Marshal(given)
		if err != nil {
			return nil, err
		}
		s := new(jsonschema.Schema)
		return s, json.Unmarshal(raw, s)
	}
	rt := reflect.TypeFor[Out]()
	if rt.Kind() == reflect.Pointer {
		rt = rt.Elem()
	}
	return jsonschema.ForType(rt, &jsonschema.ForOptions{})
}
