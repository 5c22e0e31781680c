package adcperr

// Details is implemented by every generated details struct.
type Details interface {
	// Validate checks the details against every constraint of its schema.
	Validate() error
}

// DetailsShape describes one details schema (error-details/<Name>.json) and
// the codes whose details it types.
type DetailsShape struct {
	Name  string // schema file name without .json, e.g. "rate-limited"
	Type  string // Go type name, e.g. "RateLimitedDetails"
	Codes []Code
	// When, if set, limits the shape to details whose string property
	// When.Key equals When.Value (PERMISSION_DENIED with scope "agent").
	When *DetailsCondition
	// Closed shapes reject (and builders drop) members they do not declare.
	Closed   bool
	Fields   []string // declared members, in schema order
	Required []string // required members

	new func() Details
}

// DetailsCondition selects a shape by a string member of the details object.
type DetailsCondition struct {
	Key   string
	Value string
}

// New returns a new zero value of the shape's Go type.
func (s *DetailsShape) New() Details { return s.new() }

// DetailsShapes returns every details shape of SpecVersion, sorted by name.
func DetailsShapes() []*DetailsShape { return detailsShapes }
