package main

import (
	"encoding/json"
	"fmt"
	"io"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"time"
)

// ours matches the names of this repository's code: a disagreement of ours
// is never a known deviation.
var ours = regexp.MustCompile(`adcp-gen|mcpsdk|a2ago|adcp\.`)

// agrees reports whether a buyer made of a case what transport-errors.md
// asks: the same code (or none), path, action, and for a retry the delay.
func agrees(got, want Got) bool {
	if str(got.Code) != str(want.Code) || got.Path != want.Path || got.Action != want.Action {
		return false
	}
	if want.Action == "retry" && got.Delay != want.Delay {
		return false
	}
	return want.Field == "" || got.Field == want.Field
}

// matches reports whether got has every member of observed.
func matches(got Got, observed json.RawMessage) bool {
	var want map[string]any
	if json.Unmarshal(observed, &want) != nil {
		return false
	}
	raw, _ := json.Marshal(got)
	var have map[string]any
	_ = json.Unmarshal(raw, &have)
	for k, w := range want {
		if k == "note" {
			if s, _ := have[k].(string); !strings.Contains(s, fmt.Sprint(w)) {
				return false
			}
			continue
		}
		if !reflect.DeepEqual(have[k], w) {
			return false
		}
	}
	return true
}

func str(p *string) string {
	if p == nil {
		return "-"
	}
	return *p
}

func describe(g Got) string {
	return fmt.Sprintf("%s @%s", str(g.Code), g.Path)
}

func decided(g Got) string {
	s := g.Action
	if g.Action == "retry" {
		if g.Delay == 0 {
			s += " backoff"
		} else {
			s += fmt.Sprintf(" %gs", g.Delay)
		}
	}
	if g.Field != "" {
		s += " " + g.Field
	}
	return s
}

// sent summarises what the seller sent for a case.
func sent(c *Case) string {
	var e struct {
		Code string `json:"code"`
	}
	_ = json.Unmarshal(c.Error, &e)
	switch c.Mode {
	case "rpc":
		return fmt.Sprintf("%s %d", e.Code, c.RPCCode)
	case "gateway":
		return fmt.Sprintf("%s %d HTTP %d", e.Code, c.RPCCode, c.HTTPStatus)
	case "advisory":
		return e.Code + " in errors[] (success)"
	case "text_only":
		return e.Code + " text/status only"
	}
	if c.ID == "oversized" {
		return e.Code + " >4096 B"
	}
	return e.Code
}

// report prints the matrix and the deviations check; it returns true when
// the suite fails.
func report(w io.Writer, cells []Cell, devs []Deviation, versions map[string]string, took time.Duration) bool {
	fmt.Fprintf(w, "Interop matrix (TS MCP SDK %s, @adcp/sdk %s, @a2a-js/sdk %s and %s; go-sdk v1.8.0, a2a-go v0.3.3)\n",
		versions["mcp"], versions["adcp"], versions["a2a03"], versions["a2a10"])
	type key struct{ row, c string }
	known := map[key]*Deviation{}
	failed := false
	for i := range devs {
		d := &devs[i]
		if rowIndex(d.Row) < 0 || d.SDK == "" || ours.MatchString(d.SDK) {
			fmt.Fprintf(w, "FAIL deviations.json: %s/%s: a deviation names a row of the matrix and another SDK, never ours\n", d.Row, d.Case)
			failed = true
			continue
		}
		known[key{d.Row, d.Case}] = d
	}
	slices.SortStableFunc(cells, func(a, b Cell) int { return rowIndex(a.Row.ID) - rowIndex(b.Row.ID) })
	pass, fail, dev := 0, 0, 0
	seen := map[key]bool{}
	var last *Row
	for _, c := range cells {
		if c.Row != last {
			last = c.Row
			fmt.Fprintf(w, "\n[%s]  %s  →  %s\n", c.Row.ID, c.Row.Seller, c.Row.Buyer)
			fmt.Fprintf(w, "  %-28s %-34s %-32s %-36s %s\n", "case", "sent", "extracted", "decided", "verdict")
		}
		k := key{c.Row.ID, c.Case.ID}
		seen[k] = true
		d := known[k]
		verdict := "agree"
		switch ok := agrees(c.Got, c.Case.Expect); {
		case ok && d != nil:
			verdict = "FAIL: listed deviation no longer happens (remove it from deviations.json)"
			fail++
		case ok:
			pass++
		case d != nil && matches(c.Got, d.Observed):
			verdict = fmt.Sprintf("known deviation of %s (%s)", d.SDK, d.Breaks)
			dev++
			pass++
		case d != nil:
			verdict = "FAIL: listed deviation changed; expected " + describe(c.Case.Expect) + " " + decided(c.Case.Expect)
			fail++
		default:
			verdict = "FAIL: disagree; expected " + describe(c.Case.Expect) + " " + decided(c.Case.Expect)
			fail++
		}
		fmt.Fprintf(w, "  %-28s %-34s %-32s %-36s %s\n", c.Case.ID, sent(c.Case), describe(c.Got), decided(c.Got), verdict)
		if c.Got.Note != "" && verdict != "agree" {
			fmt.Fprintf(w, "  %-28s note: %s\n", "", c.Got.Note)
		}
	}
	for k, d := range known {
		if !seen[k] {
			fmt.Fprintf(w, "FAIL deviations.json: %s/%s (%s) was not run\n", d.Row, d.Case, d.SDK)
			fail++
		}
	}
	fmt.Fprintf(w, "\n%d cells: %d agree with the spec, %d known deviations of other SDKs (still happening), %d failures; %.1fs\n",
		len(cells), pass-dev, dev, fail, took.Seconds())
	fmt.Fprintf(w, "interop: %d passed, %d failed\n", pass, fail)
	return failed || fail > 0
}
