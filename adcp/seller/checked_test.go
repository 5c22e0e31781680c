package seller_test

import (
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/adcp-gen/adcp-gen/adcp"
	"github.com/adcp-gen/adcp-gen/adcp/seller"
)

// checkedBuilders are the wire builders, with a fixed timestamp so that two
// calls write the same bytes.
var checkedBuilders = func() []struct {
	name  string
	build func(e *adcp.Error, opts ...seller.WireOption) ([]byte, error)
} {
	at := seller.WithTimestamp(time.Date(2026, 12, 1, 10, 30, 0, 0, time.UTC))
	out := append(builders[:0:0], builders...)
	for i, b := range out {
		build := b.build
		out[i].build = func(e *adcp.Error, opts ...seller.WireOption) ([]byte, error) {
			return build(e, append(opts, at)...)
		}
	}
	return out
}()

// checkedSame fails t unless a builder's two results are the same bytes or
// the same refusal.
func checkedSame(t *testing.T, what string, got []byte, gotErr error, want []byte, wantErr error) {
	t.Helper()
	if fmt.Sprint(gotErr) != fmt.Sprint(wantErr) || string(got) != string(want) {
		t.Errorf("%s:\nremembered: %s, %v\nin full:    %s, %v", what, got, gotErr, want, wantErr)
	}
}

// TestCheckedMatchesFullCheck: what a wire builder makes of an error it
// remembers as checked (built by New, Build or Finalize, or sent before) is
// what it makes of it when it checks it in full, whatever was done to the
// error in between, whichever options and vocabulary the builder is given.
func TestCheckedMatchesFullCheck(t *testing.T) {
	other := patchVocabulary(t, voc, "RATE_LIMITED", func(info *adcp.CodeInfo) { info.Recovery = adcp.RecoveryCorrectable })
	type made struct {
		name string
		make func() (*adcp.Error, error)
	}
	newErr := func(code adcp.Code, msg string, opts ...seller.Option) func() (*adcp.Error, error) {
		return func() (*adcp.Error, error) { return seller.New(voc, code, msg, opts...) }
	}
	makes := []made{
		{"rate limited", newErr("RATE_LIMITED", "Request rate exceeded", seller.WithRetryAfterSeconds(4.2),
			seller.WithDetails(map[string]any{"limit": 100, "remaining": 0, "window_seconds": 60, "scope": "account"}))},
		{"typical", newErr("BUDGET_TOO_LOW", "Budget is below the seller's minimum",
			seller.WithSuggestion("Increase the budget"), seller.WithField("packages[0].budget"))},
		{"flagged text allowed", newErr("SERVICE_UNAVAILABLE", "see postgres://app:hunter2@db.internal:5432/ads",
			seller.AllowFlaggedText())},
		{"vendor", newErr("X_ACME_QUOTA", "Quota reached", seller.WithRecovery(adcp.RecoveryTransient))},
		{"closed shape, members dropped", newErr("RATE_LIMITED", "Slow down",
			seller.WithDetails(json.RawMessage(`{"limit":10, "scope":"tool","x_debug":"y"}`)))},
		{"finalized with issues", func() (*adcp.Error, error) {
			e, err := seller.New(voc, "VALIDATION_ERROR", "Invalid request")
			if err != nil {
				return nil, err
			}
			e.Issues = []adcp.Issue{{Pointer: "/packages/0/budget", Message: "too low", Keyword: "minimum",
				Discriminator: []adcp.IssueDiscriminator{{PropertyName: "type", Value: json.RawMessage(`"a"`)}}}}
			e.Extra = map[string]json.RawMessage{"x_trace": json.RawMessage(`"t1"`)}
			e, _, err = seller.Finalize(voc, e)
			return e, err
		}},
		{"finalized, no recovery", func() (*adcp.Error, error) {
			e, _, err := seller.Finalize(voc, &adcp.Error{Code: "X_ACME_THING", Message: "m"})
			return e, err
		}},
		{"decoded", func() (*adcp.Error, error) {
			var e adcp.Error
			if err := e.UnmarshalJSON([]byte(`{"code":"SERVICE_UNAVAILABLE","message":"m","field":"","retry_after":5.0000000000000000001,"recovery":"transient"}`)); err != nil {
				return nil, err
			}
			e2, _, err := seller.Finalize(voc, &e)
			return e2, err
		}},
	}
	changes := map[string]func(e *adcp.Error) *adcp.Error{
		"unchanged":          func(e *adcp.Error) *adcp.Error { return e },
		"a copy":             func(e *adcp.Error) *adcp.Error { c := *e; return &c },
		"leaked message":     func(e *adcp.Error) *adcp.Error { e.Message = "dial postgres://u:p@10.0.0.1/db"; return e },
		"flagged suggestion": func(e *adcp.Error) *adcp.Error { e.Suggestion = "at main.go:12"; return e },
		"no message":         func(e *adcp.Error) *adcp.Error { e.Message = ""; return e },
		"other recovery":     func(e *adcp.Error) *adcp.Error { e.Recovery = adcp.RecoveryCorrectable; return e },
		"bad recovery":       func(e *adcp.Error) *adcp.Error { e.Recovery = "later"; return e },
		"vendor code":        func(e *adcp.Error) *adcp.Error { e.Code = "X_ACME_OTHER"; return e },
		"fractional retry":   func(e *adcp.Error) *adcp.Error { f := 0.5; e.RetryAfter = &f; return e },
		"NaN retry":          func(e *adcp.Error) *adcp.Error { f := math.NaN(); e.RetryAfter = &f; return e },
		"retry changed in place": func(e *adcp.Error) *adcp.Error {
			if e.RetryAfter != nil {
				*e.RetryAfter = 7200
			}
			return e
		},
		"details in place": func(e *adcp.Error) *adcp.Error {
			if len(e.Details) > 2 {
				e.Details[1] = '"' // now `{""limit"…`: not JSON
			}
			return e
		},
		"details undeclared": func(e *adcp.Error) *adcp.Error { e.Details = json.RawMessage(`{"x_debug":1}`); return e },
		"forged extra": func(e *adcp.Error) *adcp.Error {
			e.Extra = map[string]json.RawMessage{"x": json.RawMessage(`1,"code":"X_EVIL"`)}
			return e
		},
		"extra in place": func(e *adcp.Error) *adcp.Error {
			for k := range e.Extra {
				e.Extra[k] = json.RawMessage(`{"a":`)
			}
			return e
		},
		"issue added": func(e *adcp.Error) *adcp.Error {
			e.Issues = append(e.Issues, adcp.Issue{Pointer: "/x", Message: "m", Keyword: "errorMessage"})
			return e
		},
		"issue pointer": func(e *adcp.Error) *adcp.Error {
			if len(e.Issues) > 0 {
				e.Issues[0].Pointer = "/other"
			}
			return e
		},
		"discriminator in place": func(e *adcp.Error) *adcp.Error {
			if len(e.Issues) > 0 && len(e.Issues[0].Discriminator) > 0 {
				e.Issues[0].Discriminator[0].Value[0] = '{'
			}
			return e
		},
		"field":      func(e *adcp.Error) *adcp.Error { e.Field = "other"; return e },
		"sdk source": func(e *adcp.Error) *adcp.Error { e.Source = adcp.ErrorSource("sdk"); return e },
	}
	optSets := map[string][]seller.WireOption{"": nil, "flagged allowed": {seller.WithFlaggedTextAllowed()}}
	hits := 0
	for _, m := range makes {
		for cname, change := range changes {
			for oname, opts := range optSets {
				for _, b := range checkedBuilders {
					what := fmt.Sprintf("%s, %s, %s, %s", m.name, cname, b.name, oname)
					e, err := m.make()
					if err != nil {
						t.Fatalf("%s: %v", m.name, err)
					}
					e = change(e)
					if seller.Remembered(voc, e, oname != "") {
						hits++
					}
					got, gotErr := b.build(e, opts...)
					seller.ForgetChecked()
					want, wantErr := b.build(e, opts...)
					checkedSame(t, what, got, gotErr, want, wantErr)
				}
				// Another vocabulary: checked again.
				e, _ := m.make()
				e = change(e)
				got, gotErr := seller.MCPToolResult(other, e, "", opts...)
				seller.ForgetChecked()
				want, wantErr := seller.MCPToolResult(other, e, "", opts...)
				checkedSame(t, m.name+", "+cname+", other vocabulary, "+oname, got, gotErr, want, wantErr)
			}
		}
	}
	if hits == 0 {
		t.Fatal("no builder took an error as checked")
	}
}

// TestCheckedRemembers: which errors a wire builder takes as checked.
// TestCheckedRing fills the memory of checked errors: the oldest is
// forgotten first, every other entry is found wherever it sits, and an
// error remembered again takes its own entry's place, not the oldest's.
func TestCheckedRing(t *testing.T) {
	seller.ForgetChecked()
	built := make([]*adcp.Error, seller.CheckedSize+1)
	for i := range built {
		e, err := seller.New(voc, "SERVICE_UNAVAILABLE", "Try later", seller.WithSuggestion(strconv.Itoa(i)))
		if err != nil {
			t.Fatal(err)
		}
		built[i] = e
	}
	if seller.Remembered(voc, built[0], false) {
		t.Error("the oldest error is still remembered")
	}
	for i, e := range built[1:] {
		if !seller.Remembered(voc, e, false) {
			t.Fatalf("error %d of %d is not remembered", i+1, len(built))
		}
	}
	// Changed, then sent: checked in full and remembered in its own entry.
	e := built[10]
	e.Suggestion = "Wait"
	if _, err := seller.MCPToolResult(voc, e, ""); err != nil {
		t.Fatal(err)
	}
	for i, e := range built[1:] {
		if !seller.Remembered(voc, e, false) {
			t.Errorf("error %d is forgotten after error 10 was remembered again", i+1)
		}
	}
}

func TestCheckedRemembers(t *testing.T) {
	other := patchVocabulary(t, voc, "RATE_LIMITED", func(info *adcp.CodeInfo) { info.Recovery = adcp.RecoveryCorrectable })
	seller.ForgetChecked()
	e, err := seller.New(voc, "SERVICE_UNAVAILABLE", "Try later")
	if err != nil {
		t.Fatal(err)
	}
	if !seller.Remembered(voc, e, false) || !seller.Remembered(voc, e, true) {
		t.Fatal("an error New built is not remembered")
	}
	if seller.Remembered(other, e, false) {
		t.Error("remembered for another vocabulary")
	}
	c := *e
	if seller.Remembered(voc, &c, false) {
		t.Error("a copy is remembered: only the error handed out is")
	}
	e.Suggestion = "Wait"
	if seller.Remembered(voc, e, false) {
		t.Error("remembered after a change")
	}
	e.Suggestion = ""
	if !seller.Remembered(voc, e, false) {
		t.Error("not remembered once the change is undone")
	}
	if _, err := seller.MCPToolResult(voc, &c, ""); err != nil {
		t.Fatal(err)
	}
	if !seller.Remembered(voc, &c, false) {
		t.Error("an error a builder checked in full is not remembered")
	}

	// Flagged text allowed when built: taken as checked only where allowed.
	f, err := seller.New(voc, "SERVICE_UNAVAILABLE", "see postgres://u:p@db.internal/x", seller.AllowFlaggedText())
	if err != nil {
		t.Fatal(err)
	}
	if seller.Remembered(voc, f, false) || !seller.Remembered(voc, f, true) {
		t.Error("flagged text allowed when built: remembered where it is not allowed, or not where it is")
	}
	if _, err := seller.MCPToolResult(voc, f, ""); err == nil {
		t.Error("MCPToolResult sent flagged text without WithFlaggedTextAllowed")
	}

	// Only the last errors are remembered.
	for i := 0; i < 1000; i++ {
		if _, err := seller.New(voc, "SERVICE_UNAVAILABLE", "Try later"); err != nil {
			t.Fatal(err)
		}
	}
	if seller.Remembered(voc, e, false) {
		t.Error("an error 1000 errors old is still remembered")
	}
}

// FuzzCheckedMatchesFullCheck: for any error Finalize accepts, the wire
// builders given what it returned send what they send once they have
// forgotten it: checking an error finalize returned again changes nothing.
func FuzzCheckedMatchesFullCheck(f *testing.F) {
	f.Add(`{"code":"RATE_LIMITED","message":"m","retry_after":0.2,"details":{"limit":1,"x":2}}`, false)
	f.Add(`{"code":"VALIDATION_ERROR","message":"m","issues":[{"pointer":"/a/0","message":"m","keyword":"type"}]}`, false)
	f.Add(`{"code":"X_ACME_A","message":"see jdbc:mysql://h/db","x_extra":[1,2]}`, true)
	f.Add(`{"code":"CREATIVE_REJECTED","message":"m","details":{"violations":[{"pointer":"/creatives/0/alt_text","rule":"r"}]}}`, false)
	f.Add(`{"code":"ACCOUNT_MOVED","message":"m","details":{"current_account":{"account_id":"a"}},"recovery":"correctable"}`, false)
	f.Fuzz(func(t *testing.T, errJSON string, allow bool) {
		var in adcp.Error
		if in.UnmarshalJSON([]byte(errJSON)) != nil {
			return
		}
		var opts []seller.Option
		var wopts []seller.WireOption
		if allow {
			opts, wopts = append(opts, seller.AllowFlaggedText()), append(wopts, seller.WithFlaggedTextAllowed())
		}
		for _, b := range checkedBuilders {
			e, _, err := seller.Finalize(voc, &in, opts...)
			if err != nil {
				return
			}
			got, gotErr := b.build(e, wopts...)
			seller.ForgetChecked()
			want, wantErr := b.build(e, wopts...)
			checkedSame(t, b.name+" of "+errJSON, got, gotErr, want, wantErr)
		}
	})
}

// TestCheckedConcurrent builds, changes and sends errors from several
// goroutines at once (run it with -race): every result is what the error
// as sent calls for.
func TestCheckedConcurrent(t *testing.T) {
	var wg sync.WaitGroup
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < 200; i++ {
				e, err := seller.New(voc, "BUDGET_TOO_LOW", fmt.Sprintf("Budget %d is too low", i))
				if err != nil {
					t.Error(err)
					return
				}
				leak := i%3 == 0
				if leak {
					e.Message = "see postgres://u:p@db.internal/x"
				}
				_, err = seller.MCPToolResult(voc, e, "")
				if (err != nil) != leak {
					t.Errorf("message %q: MCPToolResult error %v", e.Message, err)
				}
			}
		}()
	}
	wg.Wait()
}
