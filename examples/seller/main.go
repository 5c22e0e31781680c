// Command seller is a compliant AdCP seller in one page of Go: an MCP server
// (go-sdk, Streamable HTTP) with get_adcp_capabilities, get_products and
// create_media_buy, whose errors come from the runtime's builders through the
// mcpsdk adapter. It speaks AdCP 3.0 and 3.1 (adcpversion negotiates the
// release of each request). Its catalogue is empty, so it checks a request
// and answers honestly: VERSION_UNSUPPORTED, INVALID_REQUEST,
// VALIDATION_ERROR or PRODUCT_NOT_FOUND, with the caller's context echoed on
// every answer.
//
//	go run . -addr 127.0.0.1:8080
//	npx adcp storyboard run http://127.0.0.1:8080/mcp error_compliance --allow-http
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"log"
	"net"
	"net/http"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/adcp-gen/adcp-gen/adapters/mcpsdk"
	"github.com/adcp-gen/adcp-gen/adcp"
	"github.com/adcp-gen/adcp-gen/adcp/adcpversion"
	"github.com/adcp-gen/adcp-gen/adcp/seller"
	"github.com/adcp-gen/adcp-gen/generated/adcperr"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

var v = adcperr.Vocabulary

// versions negotiates the release of each request among those this seller
// speaks.
var versions = must(adcpversion.NewNegotiator(v, "3.0", "3.1"))

func must[T any](x T, err error) T {
	if err != nil {
		panic(err)
	}
	return x
}

// echo is what every answer carries: the release served and the caller's
// context.
type echo struct {
	AdcpVersion string         `json:"adcp_version,omitempty"`
	Context     map[string]any `json:"context,omitempty"` // filled by mcpsdk.EchoContext
}

type capabilities struct {
	ADCP struct {
		MajorVersions     []int    `json:"major_versions"`
		SupportedVersions []string `json:"supported_versions"`
		Idempotency       struct {
			Supported bool `json:"supported"`
		} `json:"idempotency"`
	} `json:"adcp"`
	SupportedProtocols []string `json:"supported_protocols"`
	Account            struct {
		SupportedBilling []string `json:"supported_billing"`
	} `json:"account"`
	echo
}

type products struct {
	Products []any `json:"products"` // the catalogue is empty
	echo
}

type mediaBuy struct {
	MediaBuyID string `json:"media_buy_id"` // never sent: every product is unknown
	echo
}

// request holds the members the tools check.
type request struct {
	adcpversion.Envelope
	BuyingMode string `json:"buying_mode"`
	StartTime  string `json:"start_time"`
	EndTime    string `json:"end_time"`
	Packages   []struct {
		ProductID string   `json:"product_id"`
		Budget    *float64 `json:"budget"`
	} `json:"packages"`
}

// decode reads the arguments and negotiates the release to answer with:
// VERSION_UNSUPPORTED for a release or major this seller does not speak.
func decode(raw json.RawMessage) (request, echo, error) {
	var r request
	if len(raw) > 0 {
		if err := json.Unmarshal(raw, &r); err != nil {
			return r, echo{}, fail(adcperr.CodeInvalidRequest, "The request is not a well-formed JSON object of the right types.", "")
		}
	}
	release, err := versions.Negotiate(r.Envelope)
	if err != nil {
		return r, echo{}, err
	}
	return r, echo{AdcpVersion: release.String()}, nil
}

// parseStart reads start_time (core/start-timing.json): "asap", which
// starts at now, or a date-time.
func parseStart(s string, now time.Time) (time.Time, bool) {
	if s == "asap" {
		return now, true
	}
	return parseDateTime(s)
}

// parseDateTime reads an RFC 3339 date-time (JSON Schema's format
// date-time), which time.Parse reads but for a lower-case t or z and a
// leap second (23:59:60 in UTC), which it reads as the next second.
func parseDateTime(s string) (time.Time, bool) {
	u := strings.ToUpper(s)
	leap := len(u) > 19 && u[10] == 'T' && u[17:19] == "60"
	if leap {
		u = u[:17] + "59" + u[19:]
	}
	t, err := time.Parse(time.RFC3339Nano, u)
	if err != nil {
		return time.Time{}, false
	}
	if leap {
		t = t.Add(time.Second)
		if h, m, sec := t.UTC().Clock(); h != 0 || m != 0 || sec != 0 {
			return time.Time{}, false
		}
	}
	return t, true
}

// fail builds a correctable error on field; a builder refusal is returned
// as it is (a bug here, which the SDK reports as a plain tool error).
func fail(code adcp.Code, msg, field string) error {
	var opts []seller.Option
	if field != "" {
		opts = append(opts, seller.WithField(field))
	}
	e, err := seller.New(v, code, msg, opts...)
	if err != nil {
		return err
	}
	return e
}

func getCapabilities(_ context.Context, _ *mcp.CallToolRequest, in json.RawMessage) (*mcp.CallToolResult, capabilities, error) {
	var c capabilities
	_, ec, err := decode(in)
	if err != nil {
		return nil, c, err
	}
	c.echo = ec
	c.ADCP.MajorVersions = versions.Majors()
	c.ADCP.SupportedVersions = versions.SupportedVersions()
	c.SupportedProtocols = []string{"media_buy"}
	c.Account.SupportedBilling = []string{"operator"}
	return nil, c, nil
}

func getProducts(_ context.Context, _ *mcp.CallToolRequest, in json.RawMessage) (*mcp.CallToolResult, products, error) {
	r, ec, err := decode(in)
	if err != nil {
		return nil, products{}, err
	}
	switch r.BuyingMode {
	case "brief", "wholesale", "refine":
		return nil, products{Products: []any{}, echo: ec}, nil
	case "":
		return nil, products{}, fail(adcperr.CodeInvalidRequest, "buying_mode is required.", "buying_mode")
	}
	return nil, products{}, fail(adcperr.CodeInvalidRequest, "buying_mode must be brief, wholesale or refine.", "buying_mode")
}

// maxErrors bounds the errors one answer reports: each is built and
// checked (seller.New), and a request may list a million packages.
const maxErrors = 16

func createMediaBuy(_ context.Context, _ *mcp.CallToolRequest, in json.RawMessage) (*mcp.CallToolResult, mediaBuy, error) {
	r, _, err := decode(in)
	if err != nil {
		return nil, mediaBuy{}, err
	}
	var errs []error
	start, sok := parseStart(r.StartTime, time.Now())
	end, eok := parseDateTime(r.EndTime)
	switch {
	case !sok:
		errs = append(errs, fail(adcperr.CodeInvalidRequest, `start_time must be "asap" or an RFC 3339 date-time.`, "start_time"))
	case !eok:
		errs = append(errs, fail(adcperr.CodeInvalidRequest, "end_time must be an RFC 3339 date-time.", "end_time"))
	case !end.After(start):
		errs = append(errs, fail(adcperr.CodeValidationError, "end_time must be after start_time.", "end_time"))
	}
	if len(r.Packages) == 0 {
		errs = append(errs, fail(adcperr.CodeInvalidRequest, "At least one package is required.", "packages"))
	}
	for i, p := range r.Packages {
		if len(errs) == maxErrors {
			break
		}
		if p.Budget == nil || *p.Budget <= 0 {
			errs = append(errs, fail(adcperr.CodeValidationError, "A package budget must be a positive amount.", fmt.Sprintf("packages[%d].budget", i)))
		}
	}
	if len(errs) == 0 { // a sound request names a product, and the catalogue is empty
		errs = append(errs, fail(adcperr.CodeProductNotFound, "No product has this id.", "packages[0].product_id"))
	}
	return nil, mediaBuy{}, errors.Join(errs...) // adcp_error is the first; errors[] holds them all
}

func main() {
	addr := flag.String("addr", "127.0.0.1:8080", "address to listen on")
	lifetime := flag.Duration("exit-after", 0, "stop after this long (0: run until interrupted)")
	flag.Parse()

	s := mcp.NewServer(&mcp.Implementation{Name: "adcp-gen-example-seller", Version: "0.1.0"}, nil)
	s.AddReceivingMiddleware(mcpsdk.EchoContext())
	anyObject := json.RawMessage(`{"type":"object"}`) // the handlers check what they read
	mcpsdk.AddTool(s, v, &mcp.Tool{Name: "get_adcp_capabilities", Description: "AdCP capabilities of this seller.", InputSchema: anyObject}, getCapabilities)
	mcpsdk.AddTool(s, v, &mcp.Tool{Name: "get_products", Description: "Products matching a brief.", InputSchema: anyObject}, getProducts)
	mcpsdk.AddTool(s, v, &mcp.Tool{Name: "create_media_buy", Description: "Buy media.", InputSchema: anyObject}, createMediaBuy)

	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		log.Fatal(err)
	}
	mux := http.NewServeMux()
	mux.Handle("/mcp", mcpsdk.RequireExactIDs( // refuse ids go-sdk would answer with another id
		mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return s }, &mcp.StreamableHTTPOptions{Stateless: true, JSONResponse: true})))
	srv := &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if *lifetime > 0 {
		ctx, stop = context.WithTimeout(ctx, *lifetime)
		defer stop()
	}
	go func() {
		<-ctx.Done()
		_ = srv.Close()
	}()
	fmt.Printf("AdCP seller listening on http://%s/mcp\n", ln.Addr())
	if err := srv.Serve(ln); !errors.Is(err, http.ErrServerClosed) {
		log.Fatal(err)
	}
}
