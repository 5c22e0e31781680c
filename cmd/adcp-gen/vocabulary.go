package main

import (
	"context"
	"flag"
	"fmt"

	"github.com/adcp-gen/adcp-gen/adcp"
	"github.com/adcp-gen/adcp-gen/adcp/adcpimpl"
	"github.com/adcp-gen/adcp-gen/generated/adcperr"
	"github.com/adcp-gen/adcp-gen/schemaload"
	"github.com/adcp-gen/adcp-gen/specfetch"
	"github.com/santhosh-tekuri/jsonschema/v6"
	"golang.org/x/text/language"
	"golang.org/x/text/message"
)

// specFlags defines -schemas and -version on fs, for a command that reads
// one spec version's vocabulary (explain, example), and returns the function
// that loads the vocabulary they name: the shipped one when neither is given.
func specFlags(fs *flag.FlagSet) (vocabulary func() (*adcp.Vocabulary, error)) {
	schemas := fs.String("schemas", "", "spec folder `DIR` to read instead of the shipped AdCP "+adcperr.SpecVersion)
	version := fs.String("version", "", "with -schemas: its AdCP `VERSION` when its $ids carry none;\nalone: the published version to fetch, verify and cache (see adcp-gen fetch -h)")
	return func() (*adcp.Vocabulary, error) {
		dir, v := *schemas, *version
		if dir == "" {
			if v == "" || v == adcperr.SpecVersion {
				return adcperr.Vocabulary, nil
			}
			b, err := specfetch.Fetch(context.Background(), v, specfetch.Options{})
			if err != nil {
				return nil, fmt.Errorf("-version %s: %v", v, err)
			}
			dir, v = b.Dir, b.SpecVersion
		}
		spec, err := loadSpec(dir, v)
		if err != nil {
			return nil, err
		}
		return runtimeVocabulary(spec)
	}
}

// runtimeVocabulary builds at run time the Vocabulary the package generated
// from spec declares.
func runtimeVocabulary(spec *schemaload.Spec) (*adcp.Vocabulary, error) {
	cfg := adcp.VocabularyConfig{
		SpecVersion:     spec.Version,
		UnknownRecovery: adcp.Recovery(spec.UnknownRecovery),
		ErrorCheck:      schemaCheck(spec.Compiled[spec.Error.File]),
	}
	shapes := map[*schemaload.Shape]*adcp.DetailsShape{}
	for _, s := range spec.Shapes {
		ds := &adcp.DetailsShape{Name: s.Name, Type: s.Type.GoName, Closed: s.Type.Closed, Check: schemaCheck(spec.Compiled[s.File])}
		for _, c := range s.Codes {
			ds.Codes = append(ds.Codes, adcp.Code(c))
		}
		if s.When != nil {
			ds.When = &adcp.DetailsCondition{Key: s.When.Key, Value: s.When.Value}
		}
		for _, f := range s.Type.Fields {
			ds.Fields = append(ds.Fields, f.JSONName)
			if f.Required {
				ds.Required = append(ds.Required, f.JSONName)
			}
		}
		shapes[s] = ds
		cfg.Shapes = append(cfg.Shapes, ds)
	}
	for _, c := range spec.Codes {
		info := adcp.CodeInfo{Code: adcp.Code(c.Value), Recovery: adcp.Recovery(c.Recovery), Suggestion: c.Suggestion,
			Deprecated: c.Deprecated, Advisory: c.Advisory, NoDetails: c.NoDetails,
			FieldRequired: c.FieldRequired, RequiredDetails: c.RequiredDetails, RecommendedDetails: c.RecommendedDetails}
		for _, r := range c.ReplacedBy {
			info.ReplacedBy = append(info.ReplacedBy, adcp.Code(r))
		}
		for _, s := range c.Shapes {
			info.Shapes = append(info.Shapes, shapes[s])
		}
		cfg.Codes = append(cfg.Codes, info)
	}
	return adcp.NewVocabulary(cfg)
}

// schemaCheck checks a value with the compiled schema sch, as the generated
// package's check function of the same schema does.
func schemaCheck(sch *jsonschema.Schema) adcpimpl.ValueCheck {
	return func(v *adcpimpl.Validator, path string, x any) {
		// Validate returns nil or a *jsonschema.ValidationError.
		if err := sch.Validate(x); err != nil {
			addLeaves(v, path, err.(*jsonschema.ValidationError))
		}
	}
}

// addLeaves adds each leaf of ve to v, at its JSON pointer under path, as
// the generated checks write it.
func addLeaves(v *adcpimpl.Validator, path string, ve *jsonschema.ValidationError) {
	if len(ve.Causes) == 0 {
		for _, tok := range ve.InstanceLocation {
			path += "/" + adcpimpl.PointerToken(tok)
		}
		v.Add(path, ve.ErrorKind.LocalizedString(message.NewPrinter(language.English)))
		return
	}
	for _, c := range ve.Causes {
		addLeaves(v, path, c)
	}
}
