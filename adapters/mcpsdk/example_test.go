package mcpsdk_test

import (
	"context"
	"fmt"
	"log"

	"github.com/adcp-gen/adcp-gen/adapters/mcpsdk"
	"github.com/adcp-gen/adcp-gen/adcp"
	"github.com/adcp-gen/adcp-gen/adcp/seller"
	"github.com/adcp-gen/adcp-gen/generated/adcperr"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type buyIn struct {
	ProductID string `json:"product_id"`
}

type buyOut struct {
	MediaBuyID string `json:"media_buy_id"`
}

// A seller registers a typed tool whose handler returns an *adcp.Error; a
// buyer calls it with the SDK's client and extracts the error from what
// CallTool returns.
func Example() {
	ctx := context.Background()
	server := mcp.NewServer(&mcp.Implementation{Name: "seller", Version: "1"}, nil)
	server.AddReceivingMiddleware(mcpsdk.EchoContext())
	mcpsdk.AddTool(server, adcperr.Vocabulary, &mcp.Tool{Name: "create_media_buy"},
		func(ctx context.Context, _ *mcp.CallToolRequest, in buyIn) (*mcp.CallToolResult, buyOut, error) {
			e, err := seller.New(adcperr.Vocabulary, adcperr.CodeProductNotFound, "No such product.",
				seller.WithField("product_id"))
			if err != nil {
				return nil, buyOut{}, err
			}
			return nil, buyOut{}, e
		})

	serverT, clientT := mcp.NewInMemoryTransports()
	if _, err := server.Connect(ctx, serverT, nil); err != nil {
		log.Fatal(err)
	}
	session, err := mcp.NewClient(&mcp.Implementation{Name: "buyer", Version: "1"}, nil).Connect(ctx, clientT, nil)
	if err != nil {
		log.Fatal(err)
	}
	defer session.Close()

	res, err := session.CallTool(ctx, &mcp.CallToolParams{Name: "create_media_buy", Arguments: map[string]any{"product_id": "p-9"}})
	x, ok := mcpsdk.Extract(res, err)
	if !ok {
		log.Fatal("no AdCP error")
	}
	d := adcp.Policy{Vocabulary: adcperr.Vocabulary}.DecideExtraction(x, adcp.RequestContext{})
	fmt.Println(x.Path, x.Err.Code, x.Err.Field, d.Action)
	// Output: structuredContent PRODUCT_NOT_FOUND product_id surface_to_caller
}
