// Command runtime extracts, decides and builds an MCP error with the
// runtime and the 3.2 vocabulary.
package main

import (
	"fmt"
	"io"
	"os"

	"github.com/adcp-gen/adcp-gen/adcp"
	"github.com/adcp-gen/adcp-gen/adcp/internal/adcperr"
	"github.com/adcp-gen/adcp-gen/adcp/seller"
)

func main() {
	body, _ := io.ReadAll(os.Stdin)
	x, ok := adcp.Extract(body)
	if !ok {
		fmt.Println("generic error")
		return
	}
	d := adcp.Policy{Vocabulary: adcperr.Vocabulary}.Decide(x.Err, adcp.RequestContext{})
	e, err := seller.New(adcperr.Vocabulary, x.Err.Code, x.Err.Message)
	if err != nil {
		fmt.Println(err)
		return
	}
	out, _ := seller.MCPToolResult(adcperr.Vocabulary, e, "")
	fmt.Println(d.Action, string(out))
}
