// Command interop runs the cross-language interop matrix: the Go sellers and
// buyers (go-sdk, a2a-go and this repository's adapters) against the
// TypeScript MCP SDK, @adcp/sdk and @a2a-js/sdk 0.3 and 1.x, over HTTP on
// 127.0.0.1. It prints the matrix (sent, extracted and decided, against what
// transport-errors.md asks) and exits 1 on a disagreement that
// deviations.json does not list, or on a listed deviation that no longer
// happens.
//
//	npm ci && go run .        (make interop)
package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"slices"
	"strings"
	"time"
)

// Case is one entry of cases.json.
type Case struct {
	ID         string          `json:"id"`
	Transports []string        `json:"transports"`
	Mode       string          `json:"mode"`
	RPCCode    int             `json:"rpc_code"`
	HTTPStatus int             `json:"http_status"`
	Error      json.RawMessage `json:"error"`
	Expect     Got             `json:"expect"`
}

// A Row is one direction of the matrix: who sends, who extracts and decides.
// A row with Buy is a Go buyer, which Buy runs against the suite.mjs server
// named Server; the others are suite.mjs's buyers.
type Row struct {
	ID, Seller, Buyer string
	Transport         string
	Only              []string
	Server            string
	Buy               func(ctx context.Context, url string, cases []*Case) ([]Got, error)
}

var rows = []Row{
	{ID: "go-mcp>ts", Seller: "Go MCP seller (go-sdk + mcpsdk.AddTool/Reject/WriteHTTPRejection)", Buyer: "TS MCP Client.callTool after listTools + @adcp/sdk extract/decideRetry", Transport: "mcp"},
	{ID: "ts-mcp>go", Seller: "TS MCP server (McpServer, McpError) + gateway", Buyer: "go-sdk client + mcpsdk.KeepErrorBodies, mcpsdk.Extract + adcp.Policy", Transport: "mcp", Server: "mcp", Buy: mcpBuyer(true)},
	{ID: "ts-mcp>go-bare", Seller: "TS MCP server gateway (HTTP 429 / 503)", Buyer: "go-sdk client without KeepErrorBodies, mcpsdk.Extract", Transport: "mcp", Only: []string{"gateway_rate_limited", "gateway_service_unavailable"}, Server: "mcp", Buy: mcpBuyer(false)},
	{ID: "js-0.3>go", Seller: "@a2a-js/sdk 0.3 agent", Buyer: "a2a-go client, a2ago.Extract + adcp.Policy", Transport: "a2a", Server: "a2a03", Buy: a2aBuyer},
	{ID: "js-1.x>go", Seller: "@a2a-js/sdk 1.x agent (default mode)", Buyer: "a2ago.V1Client, adcp.Extract + adcp.Policy", Transport: "a2a", Server: "a2a10", Buy: a2aV1Buyer},
	{ID: "js-1.x>a2a-go-bare", Seller: "@a2a-js/sdk 1.x agent (default mode)", Buyer: "a2a-go v0.3.3 client as it is, a2ago.Extract", Transport: "a2a", Only: []string{"rate_limited"}, Server: "a2a10", Buy: a2aBuyer},
	{ID: "go-a2a>js-0.3", Seller: "Go A2A seller (a2a-go + a2ago.FailedTask)", Buyer: "@a2a-js/sdk 0.3 A2AClient + @adcp/sdk extractAdcpErrorInfo/decideRetry", Transport: "a2a"},
	{ID: "go-a2a-1.0>js-1.x", Seller: "Go A2A seller behind a2ago.V1Handler", Buyer: "@a2a-js/sdk 1.x JSON-RPC transport + @adcp/sdk extractAdcpErrorInfo/decideRetry", Transport: "a2a"},
}

// Deviation is one entry of deviations.json: a known deviation of another
// SDK, which must still happen.
type Deviation struct {
	Row      string          `json:"row"`
	Case     string          `json:"case"`
	SDK      string          `json:"sdk"`
	Observed json.RawMessage `json:"observed"` // members of Got that must match
	Breaks   string          `json:"breaks"`
}

// Cell is one (row, case) of the matrix.
type Cell struct {
	Row  *Row
	Case *Case
	Got  Got
}

func main() {
	timeout := flag.Duration("timeout", 170*time.Second, "stop everything after this long")
	flag.Parse()
	ctx, cancel := context.WithTimeout(context.Background(), *timeout)
	defer cancel()
	start := time.Now()
	cells, versions, err := run(ctx)
	if err != nil {
		fmt.Fprintln(os.Stderr, "interop:", err)
		os.Exit(2)
	}
	var devs struct{ Deviations []Deviation }
	if err := loadJSON("deviations.json", &devs); err != nil {
		fmt.Fprintln(os.Stderr, "interop:", err)
		os.Exit(2)
	}
	failed := report(os.Stdout, cells, devs.Deviations, versions, time.Since(start))
	if failed {
		os.Exit(1)
	}
}

// loadJSON decodes the file name into v.
func loadJSON(name string, v any) error {
	b, err := os.ReadFile(name)
	if err != nil {
		return err
	}
	return json.Unmarshal(b, v)
}

// run starts every server, runs every buyer and returns the cells.
func run(ctx context.Context) (_ []Cell, _ map[string]string, err error) {
	var f struct{ Cases []*Case }
	if err := loadJSON("cases.json", &f); err != nil {
		return nil, nil, err
	}
	list := f.Cases
	byID := map[string]*Case{}
	for _, c := range list {
		byID[c.ID] = c
	}
	goMCP, err := startGoMCP(ctx, byID)
	if err != nil {
		return nil, nil, err
	}
	goA2A, err := startGoA2A(ctx, byID)
	if err != nil {
		return nil, nil, err
	}

	node := exec.CommandContext(ctx, "node", "suite.mjs")
	node.Env = append(os.Environ(), "GO_MCP_URL="+goMCP, "GO_A2A_URL="+goA2A, "GO_A2A_V1_URL="+goA2A+"/")
	var stderr strings.Builder // printed only when the Node side fails
	node.Stderr = &stderr
	defer func() {
		if err != nil && stderr.Len() > 0 {
			fmt.Fprintf(os.Stderr, "suite.mjs stderr:\n%s", stderr.String())
		}
	}()
	stdin, err := node.StdinPipe()
	if err != nil {
		return nil, nil, err
	}
	stdout, err := node.StdoutPipe()
	if err != nil {
		return nil, nil, err
	}
	if err := node.Start(); err != nil {
		return nil, nil, fmt.Errorf("starting node (run npm ci first): %w", err)
	}
	defer func() { _ = stdin.Close(); _ = node.Wait() }()
	lines := bufio.NewScanner(stdout)
	lines.Buffer(make([]byte, 1<<20), 16<<20)
	var ready struct {
		Ready    map[string]string `json:"ready"`
		Versions map[string]string `json:"versions"`
	}
	if !lines.Scan() || json.Unmarshal(lines.Bytes(), &ready) != nil || ready.Ready == nil {
		return nil, nil, errors.New("suite.mjs did not start its servers")
	}

	casesFor := func(r *Row) []*Case {
		var out []*Case
		for _, c := range list {
			if slices.Contains(c.Transports, r.Transport) && (r.Only == nil || slices.Contains(r.Only, c.ID)) {
				out = append(out, c)
			}
		}
		return out
	}
	// The Go buyers run against the Node sellers while the Node buyers run
	// against the Go sellers.
	var cells []Cell
	for i := range rows {
		r := &rows[i]
		if r.Buy == nil {
			continue
		}
		cs := casesFor(r)
		got, err := r.Buy(ctx, ready.Ready[r.Server], cs)
		for j, c := range cs {
			g := errGot(err)
			if err == nil {
				g = got[j]
			}
			cells = append(cells, Cell{r, c, g})
		}
	}
	var results struct {
		Results []struct {
			Row  string `json:"row"`
			Case string `json:"case"`
			Got  Got    `json:"got"`
		} `json:"results"`
	}
	if !lines.Scan() || json.Unmarshal(lines.Bytes(), &results) != nil {
		return nil, nil, errors.New("suite.mjs reported no results")
	}
	for _, res := range results.Results {
		i := rowIndex(res.Row)
		if i < 0 {
			return nil, nil, fmt.Errorf("suite.mjs reported an unknown row %q", res.Row)
		}
		r := &rows[i]
		if res.Case == "*" { // the whole buyer failed
			for _, c := range casesFor(r) {
				cells = append(cells, Cell{r, c, res.Got})
			}
			continue
		}
		cells = append(cells, Cell{r, byID[res.Case], res.Got})
	}
	return cells, ready.Versions, nil
}

// rowIndex returns the index in rows of the row named id, or -1.
func rowIndex(id string) int {
	return slices.IndexFunc(rows, func(r Row) bool { return r.ID == id })
}
