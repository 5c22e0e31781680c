package specdiff

import (
	"slices"
	"strings"

	"github.com/adcp-gen/adcp-gen/schemaload"
)

// Compare returns the changes from old to new. Both specs are only read.
func Compare(old, new *schemaload.Spec) Report {
	c := &comparer{}
	c.codes(old, new)
	c.shapes(old, new)
	c.types(old, new)
	c.policy(old, new)
	sortChanges(c.out)
	return Report{Old: old.Version, New: new.Version, Changes: c.out}
}

type comparer struct{ out []Change }

func (c *comparer) add(k Kind, imp Impact, subject, goName, old, new string) {
	c.out = append(c.out, Change{Kind: k, Impact: imp, Subject: subject, Go: goName, Old: old, New: new})
}

// match pairs the elements of olds and news by key: it calls both (unless
// nil) for each element of news with a counterpart in olds, added for each
// without, then removed for each element of olds without a counterpart in
// news.
func match[T any](olds, news []T, key func(T) string, both func(o, n T), added, removed func(T)) {
	oldBy := make(map[string]T, len(olds))
	for _, o := range olds {
		oldBy[key(o)] = o
	}
	inNew := make(map[string]bool, len(news))
	for _, n := range news {
		inNew[key(n)] = true
		if o, ok := oldBy[key(n)]; !ok {
			added(n)
		} else if both != nil {
			both(o, n)
		}
	}
	for _, o := range olds {
		if !inNew[key(o)] {
			removed(o)
		}
	}
}

// codes compares the standard code vocabularies, matched by wire value.
func (c *comparer) codes(old, new *schemaload.Spec) {
	match(old.Codes, new.Codes, func(k *schemaload.Code) string { return k.Value }, c.code,
		func(n *schemaload.Code) { c.add(CodeAdded, None, n.Value, n.GoName, "", describeCode(n)) },
		func(o *schemaload.Code) { c.add(CodeRemoved, Compile, o.Value, o.GoName, describeCode(o), "") })
}

// describeCode summarises a code for the added and removed rows.
func describeCode(k *schemaload.Code) string {
	parts := []string{"recovery " + orNone(k.Recovery)}
	if len(k.Shapes) > 0 {
		var names []string
		for _, s := range k.Shapes {
			names = append(names, s.Type.GoName)
		}
		parts = append(parts, "details "+strings.Join(names, ", "))
	}
	if k.Deprecated {
		parts = append(parts, "deprecated")
	}
	if k.Advisory {
		parts = append(parts, "advisory")
	}
	return strings.Join(parts, "; ")
}

func (c *comparer) code(o, n *schemaload.Code) {
	v := n.Value
	if o.Recovery != n.Recovery {
		c.add(RecoveryChanged, Behaviour, v, n.GoName, orNone(o.Recovery), orNone(n.Recovery))
	}
	if o.RecoverySource != n.RecoverySource {
		c.add(RecoverySourceChanged, None, v, n.GoName, orNone(o.RecoverySource), orNone(n.RecoverySource))
	}
	if o.Suggestion != n.Suggestion {
		c.add(SuggestionChanged, None, v, n.GoName, o.Suggestion, n.Suggestion)
	}
	switch {
	case !o.Deprecated && n.Deprecated:
		c.add(CodeDeprecated, None, v, n.GoName, "", strings.Join(n.ReplacedBy, ", "))
	case o.Deprecated && !n.Deprecated:
		c.add(CodeUndeprecated, None, v, n.GoName, "", "")
	case o.Deprecated && n.Deprecated && !slices.Equal(o.ReplacedBy, n.ReplacedBy):
		c.add(ReplacedByChanged, None, v, n.GoName, strings.Join(o.ReplacedBy, ", "), strings.Join(n.ReplacedBy, ", "))
	}
	// Whether an error is advisory decides whether a successful payload
	// carrying it is treated as a failure.
	c.toggled(o.Advisory, n.Advisory, v, n.GoName, AdvisoryChanged, AdvisoryChanged, Behaviour, Behaviour, "no", "yes")
}

// shapes reports the details shapes added and removed, matched by name. A
// shape in both versions is the same shape (its code, condition and type
// name follow from its name); its type is compared with the other types.
func (c *comparer) shapes(old, new *schemaload.Spec) {
	match(old.Shapes, new.Shapes, func(s *schemaload.Shape) string { return s.Name }, nil, func(n *schemaload.Shape) {
		c.add(ShapeAdded, None, n.Name, n.Type.GoName, "", describeShape(n))
	}, func(o *schemaload.Shape) {
		c.add(ShapeRemoved, Compile, o.Name, o.Type.GoName, describeShape(o), "")
	})
}

func describeShape(s *schemaload.Shape) string {
	d := "codes " + orNone(strings.Join(s.Codes, ", "))
	if s.When != nil {
		d += "; when " + s.When.Key + " == " + s.When.Value
	}
	return d
}

// policy compares the unknown-code recovery. A source tree states none (the
// manifest.json that does is built at release), so its policy is unknown,
// and unknown against any value is not reported as a change.
func (c *comparer) policy(old, new *schemaload.Spec) {
	o, n := old.UnknownRecovery, new.UnknownRecovery
	if o != n && !(old.Source && o == "") && !(new.Source && n == "") {
		c.add(UnknownRecoveryChanged, Behaviour, "default_unknown_recovery", "ManifestUnknownRecovery", orNone(o), orNone(n))
	}
}

func orNone(s string) string {
	if s == "" {
		return "(none)"
	}
	return s
}
