package specdiff

import "github.com/adcp-gen/adcp-gen/templates"

// Markdown renders the report as a Markdown document
// (templates/diff.md.tmpl). The output depends on the report only.
func (r Report) Markdown() []byte {
	return templates.MustExecute(templates.Diff(), r.view())
}

// Summary returns a one-line account of the report, for listing many bumps
// (templates/diff-summary.txt.tmpl).
func (r Report) Summary() string {
	return string(templates.MustExecute(templates.DiffSummary(), r.view()))
}

// view is what the diff templates render.
type view struct {
	Old, New                       string
	Changes                        int // how many changes
	Breaking                       int // how many break code written against Old
	Compile, Validation, Behaviour int // how many break it, by impact
	Counts                         []count
	Breaks                         []row     // the breaking changes
	Others                         []section // the other changes, by section

	// For the summary.
	CodesAdded, CodesRemoved, RecoveryChanges, ShapesAdded, ShapesRemoved int
}

// count is how many changes are of one kind.
type count struct {
	Kind Kind
	N    int
}

// row is one change; Prose says its Old and New are text written for people
// (a suggestion), not literal text (patterns, types, values).
type row struct {
	Change
	Prose bool
}

// section is the non-breaking changes of one section of the report.
type section struct {
	Section Section
	Rows    []row
}

func (r Report) view() view {
	v := view{
		Old: r.Old, New: r.New,
		Changes:         len(r.Changes),
		Compile:         r.CountImpact(Compile),
		Validation:      r.CountImpact(Validation),
		Behaviour:       r.CountImpact(Behaviour),
		CodesAdded:      r.Count(CodeAdded),
		CodesRemoved:    r.Count(CodeRemoved),
		RecoveryChanges: r.Count(RecoveryChanged),
		ShapesAdded:     r.Count(ShapeAdded),
		ShapesRemoved:   r.Count(ShapeRemoved),
	}
	v.Breaking = v.Compile + v.Validation + v.Behaviour
	for k := Kind(0); k < numKinds; k++ {
		if n := r.Count(k); n > 0 {
			v.Counts = append(v.Counts, count{k, n})
		}
	}
	other := map[Section][]row{}
	for _, c := range r.Changes {
		row := row{Change: c, Prose: c.Kind == SuggestionChanged}
		if c.Impact.Breaking() {
			v.Breaks = append(v.Breaks, row)
		} else {
			other[c.Kind.Section()] = append(other[c.Kind.Section()], row)
		}
	}
	for s := SectionCodes; s <= SectionPolicy; s++ {
		if len(other[s]) > 0 {
			v.Others = append(v.Others, section{s, other[s]})
		}
	}
	return v
}
