package adcpversion

import (
	"errors"
	"slices"
	"strconv"
	"strings"

	"github.com/adcp-gen/adcp-gen/adcp"
	"github.com/adcp-gen/adcp-gen/adcp/seller"
)

// codeVersionUnsupported is spelled out: the runtime has no generated
// constants.
const codeVersionUnsupported = adcp.Code("VERSION_UNSUPPORTED")

// Envelope holds the members of core/version-envelope.json, which every
// AdCP request and response carries. Embed it in a request type to decode
// them; an empty Version is an absent one.
type Envelope struct {
	// Version is adcp_version, the release at release precision ("3.1").
	Version string `json:"adcp_version,omitempty"`
	// MajorVersion is adcp_major_version, deprecated in favour of
	// adcp_version; sellers honour it through 3.x.
	MajorVersion *int `json:"adcp_major_version,omitempty"`
}

// Pin returns the envelope a buyer sends to pin release r: adcp_version,
// and adcp_major_version too, as buyers should send both through 3.x for
// the sellers that read only the deprecated member.
func Pin(r Release) Envelope {
	major := r.Major
	return Envelope{Version: r.String(), MajorVersion: &major}
}

// Negotiator is a seller's side of version negotiation: the releases it
// speaks, and the vocabulary its VERSION_UNSUPPORTED errors are built for.
// It is safe for concurrent use.
type Negotiator struct {
	v        *adcp.Vocabulary
	releases []Release // ascending, without duplicates
}

// NewNegotiator returns the Negotiator of a seller that speaks the releases
// supported (release precision, "3.0", "3.1-beta"; order and repeats do not
// matter), whose errors are built for vocabulary v. At least one must be a
// final release: it is what a request without a pin is answered with.
func NewNegotiator(v *adcp.Vocabulary, supported ...string) (*Negotiator, error) {
	if v == nil {
		return nil, errors.New("adcpversion: nil vocabulary")
	}
	n := &Negotiator{v: v}
	for _, s := range supported {
		r, err := ParseRelease(s)
		if err != nil {
			return nil, err
		}
		n.releases = append(n.releases, r)
	}
	if !slices.ContainsFunc(n.releases, Release.Final) {
		return nil, errors.New("adcpversion: a seller must support a final release, which answers requests that pin none")
	}
	slices.SortFunc(n.releases, Release.Compare)
	n.releases = slices.Compact(n.releases)
	return n, nil
}

// SupportedVersions returns the releases at release precision, oldest
// first: VERSION_UNSUPPORTED's details.supported_versions.
func (n *Negotiator) SupportedVersions() []string {
	out := make([]string, len(n.releases))
	for i, r := range n.releases {
		out[i] = r.String()
	}
	return out
}

// Majors returns the majors of the seller's final releases, ascending:
// the deprecated details.supported_majors, and get_adcp_capabilities'
// adcp.major_versions.
func (n *Negotiator) Majors() []int {
	var out []int
	for _, r := range n.releases {
		if r.Final() && (len(out) == 0 || out[len(out)-1] != r.Major) {
			out = append(out, r.Major)
		}
	}
	return out
}

// maxEcho is the longest adcp_version VERSION_UNSUPPORTED repeats (in its
// message, and in details when it is a release): a buyer's longer one,
// which no release needs, would make the error too large for clients to
// keep, and checking it for leaks (seller.CheckMessage) slow.
const maxEcho = 64

// Negotiate returns the release to answer a request with, from its
// version envelope:
//
//   - adcp_version set: the release pinned, when the seller speaks it;
//     otherwise the seller downshifts to its newest final release of that
//     major not above the pin, or when all of that major's are above it,
//     to the oldest of them (the spec refuses only across majors). A
//     pre-release is served only to a buyer that pins it.
//   - only adcp_major_version set: the newest final release of that major.
//   - neither: the seller's newest final release.
//
// When the pin is not one it can serve (another major, or adcp_version not
// at release precision), the error is an *adcp.Error VERSION_UNSUPPORTED
// naming the member negotiated on in field, with details listing
// supported_versions and, as servers should through 3.x, supported_majors,
// and echoing that member when its value is valid and at most 64 bytes long.
// Any other error means that error could not be built for the
// vocabulary (see seller.New).
func (n *Negotiator) Negotiate(req Envelope) (Release, error) {
	if req.Version != "" {
		pin, err := ParseRelease(req.Version)
		if err == nil {
			if r, ok := n.serve(pin); ok {
				return r, nil
			}
		}
		switch {
		case len(req.Version) > maxEcho:
			return Release{}, n.unsupported("adcp_version", unsupportedDetails{},
				"the adcp_version pinned ("+strconv.Itoa(len(req.Version))+" bytes, too long to repeat) is not an AdCP release this seller supports")
		case err != nil:
			return Release{}, n.unsupported("adcp_version", unsupportedDetails{},
				strconv.Quote(req.Version)+" is not an AdCP release at release precision (VERSION.RELEASE, as in \"3.1\")")
		}
		return Release{}, n.unsupported("adcp_version", unsupportedDetails{AdcpVersion: req.Version}, "AdCP release "+pin.String()+" is not supported")
	}
	if req.MajorVersion != nil {
		if r, ok := n.newest(func(r Release) bool { return r.Major == *req.MajorVersion }); ok {
			return r, nil
		}
		var d unsupportedDetails
		if m := *req.MajorVersion; m >= 1 && m <= 99 { // the schema's range
			d.AdcpMajorVersion = &m
		}
		return Release{}, n.unsupported("adcp_major_version", d, "AdCP major version "+strconv.Itoa(*req.MajorVersion)+" is not supported")
	}
	r, _ := n.newest(func(Release) bool { return true }) // NewNegotiator saw a final release
	return r, nil
}

// serve returns the release that answers a buyer pinned to pin.
func (n *Negotiator) serve(pin Release) (Release, bool) {
	if slices.Contains(n.releases, pin) {
		return pin, true
	}
	if r, ok := n.newest(func(r Release) bool { return r.Major == pin.Major && r.Compare(pin) < 0 }); ok {
		return r, true
	}
	for _, r := range n.releases { // ascending: the oldest above the pin
		if r.Final() && r.Major == pin.Major {
			return r, true
		}
	}
	return Release{}, false
}

// newest returns the newest final release for which keep holds.
func (n *Negotiator) newest(keep func(Release) bool) (Release, bool) {
	for i := len(n.releases) - 1; i >= 0; i-- {
		if r := n.releases[i]; r.Final() && keep(r) {
			return r, true
		}
	}
	return Release{}, false
}

// unsupportedDetails is error-details/version-unsupported.json.
type unsupportedDetails struct {
	AdcpVersion       string   `json:"adcp_version,omitempty"`
	AdcpMajorVersion  *int     `json:"adcp_major_version,omitempty"`
	SupportedVersions []string `json:"supported_versions"`
	SupportedMajors   []int    `json:"supported_majors"`
}

// unsupported builds VERSION_UNSUPPORTED on field, the member negotiated
// on, which d echoes when its value is valid: why, then the releases the
// seller supports.
func (n *Negotiator) unsupported(field string, d unsupportedDetails, why string) error {
	d.SupportedVersions, d.SupportedMajors = n.SupportedVersions(), n.Majors()
	msg := why + "; this seller supports " + strings.Join(d.SupportedVersions, ", ") + "."
	e, err := seller.New(n.v, codeVersionUnsupported, msg, seller.WithField(field), seller.WithDetails(&d))
	if err != nil {
		return err
	}
	return e
}
