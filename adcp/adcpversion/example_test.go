package adcpversion_test

import (
	"fmt"

	"github.com/adcp-gen/adcp-gen/adcp"
	"github.com/adcp-gen/adcp-gen/adcp/adcpversion"
	adcperr "github.com/adcp-gen/adcp-gen/adcp/internal/testvocab" // stands for a package adcp-gen generates
)

// A seller that speaks 3.0 and 3.1 downshifts a buyer pinned to 3.2 and
// refuses one pinned to 4.0 with VERSION_UNSUPPORTED; the buyer, which
// speaks 4.0 and 3.1, picks 3.1 from the error and retries.
func Example() {
	n, err := adcpversion.NewNegotiator(adcperr.Vocabulary, "3.0", "3.1")
	if err != nil {
		fmt.Println(err)
		return
	}

	// Seller: the request's adcp_version (and adcp_major_version) decide.
	served, err := n.Negotiate(adcpversion.Envelope{Version: "3.2"})
	fmt.Println("pinned 3.2, served", served, err)
	_, err = n.Negotiate(adcpversion.Envelope{Version: "4.0"})
	e, _ := adcp.As(err)
	fmt.Println(e.Code, e.Field, string(e.Details))
	fmt.Println(e.Message)

	// Buyer: re-pin from supported_versions, send both members.
	speaks := []adcpversion.Release{{Major: 4, Minor: 0}, {Major: 3, Minor: 1}}
	if r, ok := adcpversion.Repin(e, speaks...); ok {
		pin := adcpversion.Pin(r)
		fmt.Println("retry with", pin.Version, *pin.MajorVersion)
		served, err = n.Negotiate(pin)
		fmt.Println("served", served, err)
	}
	// Output:
	// pinned 3.2, served 3.1 <nil>
	// VERSION_UNSUPPORTED adcp_version {"adcp_version":"4.0","supported_versions":["3.0","3.1"],"supported_majors":[3]}
	// AdCP release 4.0 is not supported; this seller supports 3.0, 3.1.
	// retry with 3.1 3
	// served 3.1 <nil>
}
