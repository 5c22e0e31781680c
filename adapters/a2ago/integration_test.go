package a2ago_test

import (
	"context"
	"errors"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/a2aproject/a2a-go/a2a"
	"github.com/a2aproject/a2a-go/a2aclient"
	"github.com/a2aproject/a2a-go/a2asrv"
	"github.com/a2aproject/a2a-go/a2asrv/eventqueue"
	"github.com/adcp-gen/adcp-gen/adapters/a2ago"
	"github.com/adcp-gen/adcp-gen/adcp"
	"github.com/adcp-gen/adcp-gen/adcp/seller"
	"github.com/adcp-gen/adcp-gen/generated/adcperr"
)

// errCase is an error a seller sends and what the buyer must make of it.
type errCase struct {
	name     string
	err      func(t *testing.T) *adcp.Error
	recovery adcp.Recovery
	action   adcp.Action
	delay    time.Duration // the retry delay the buyer must wait, 0 for none
}

// mustNew builds an error with the seller builder.
func mustNew(code adcp.Code, msg string, opts ...seller.Option) func(t *testing.T) *adcp.Error {
	return func(t *testing.T) *adcp.Error {
		t.Helper()
		e, err := seller.New(adcperr.Vocabulary, code, msg, opts...)
		if err != nil {
			t.Fatalf("seller.New(%s): %v", code, err)
		}
		return e
	}
}

// cases covers every recovery class, a vendor code and an unknown code
// passed through without recovery.
var cases = []errCase{
	{"transient retry_after", mustNew(adcperr.CodeRateLimited, "Too many requests.", seller.WithRetryAfter(30*time.Second)),
		adcp.RecoveryTransient, adcp.ActionRetry, 30 * time.Second},
	{"transient backoff", mustNew(adcperr.CodeServiceUnavailable, "Try again later."),
		adcp.RecoveryTransient, adcp.ActionRetry, 0},
	{"correctable field", mustNew(adcperr.CodeBudgetTooLow, "Budget is under the minimum.", seller.WithField("packages[0].budget")),
		adcp.RecoveryCorrectable, adcp.ActionSurfaceToCaller, 0},
	{"correctable", mustNew(adcperr.CodeProductNotFound, "Unknown product.", seller.WithSuggestion("Discover products again.")),
		adcp.RecoveryCorrectable, adcp.ActionSurfaceToCaller, 0},
	{"terminal", mustNew(adcperr.CodeAccountSuspended, "The account is suspended."),
		adcp.RecoveryTerminal, adcp.ActionEscalateToHuman, 0},
	{"vendor code", mustNew("X_ACME_INVENTORY_HOLD", "Inventory is on hold.", seller.WithRecovery(adcp.RecoveryTransient), seller.WithRetryAfterSeconds(2.5)),
		adcp.RecoveryTransient, adcp.ActionRetry, 3 * time.Second},
	{"unknown code without recovery", func(*testing.T) *adcp.Error {
		return &adcp.Error{Code: "X_OTHER_UNLISTED", Message: "Passed through from upstream."}
	}, adcp.RecoveryTerminal, adcp.ActionEscalateToHuman, 0},
}

// fakeSeller is an AgentExecutor whose tasks fail with the error named by the
// request's text part; "!" makes Execute return an error instead.
type fakeSeller struct {
	t    *testing.T
	errs map[string]*adcp.Error
}

func (s *fakeSeller) Execute(ctx context.Context, reqCtx *a2asrv.RequestContext, q eventqueue.Queue) error {
	name := ""
	if reqCtx.Message != nil && len(reqCtx.Message.Parts) > 0 {
		if p, ok := reqCtx.Message.Parts[0].(a2a.TextPart); ok {
			name = p.Text
		}
	}
	if name == "!" {
		return errors.New("inventory backend down")
	}
	e, ok := s.errs[name]
	if !ok {
		s.t.Errorf("no case %q", name)
		return errors.New("no such case")
	}
	task, err := a2ago.FailedTask(adcperr.Vocabulary, reqCtx, e, "", seller.WithErrorMIMEType())
	if err != nil {
		return err
	}
	return q.Write(ctx, task)
}

func (s *fakeSeller) Cancel(context.Context, *a2asrv.RequestContext, eventqueue.Queue) error {
	return errors.New("not supported")
}

// startSeller serves the seller over JSON-RPC on a loopback httptest server
// and returns an a2a-go client to it.
func startSeller(t *testing.T, errs map[string]*adcp.Error) *a2aclient.Client {
	t.Helper()
	srv := httptest.NewServer(a2asrv.NewJSONRPCHandler(a2asrv.NewHandler(&fakeSeller{t, errs})))
	t.Cleanup(srv.Close)
	client, err := a2aclient.NewFromEndpoints(context.Background(),
		[]a2a.AgentInterface{{URL: srv.URL, Transport: a2a.TransportProtocolJSONRPC}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = client.Destroy() })
	return client
}

// checkDecision asserts that the extracted error has the sent code and that
// the buyer decides the expected recovery and action, the same as for the
// error the seller built.
func checkDecision(t *testing.T, x adcp.Extraction, sent *adcp.Error, c errCase) {
	t.Helper()
	if x.Path != adcp.PathArtifact || x.NonFatal {
		t.Errorf("path = %s (non-fatal %v), want %s", x.Path, x.NonFatal, adcp.PathArtifact)
	}
	if x.Err.Code != sent.Code {
		t.Errorf("code = %q, want %q", x.Err.Code, sent.Code)
	}
	got := adcp.Policy{Vocabulary: adcperr.Vocabulary}.Decide(x.Err, adcp.RequestContext{NonFatal: x.NonFatal})
	want := adcp.Policy{Vocabulary: adcperr.Vocabulary}.Decide(sent, adcp.RequestContext{})
	if got.Recovery != c.recovery || got.Action != c.action || got.Delay != c.delay {
		t.Errorf("decision = %s/%s/%v, want %s/%s/%v", got.Recovery, got.Action, got.Delay, c.recovery, c.action, c.delay)
	}
	if got.Recovery != want.Recovery || got.Action != want.Action || got.Delay != want.Delay || got.Field != want.Field {
		t.Errorf("decision on the wire %+v differs from the decision on the sent error %+v", got, want)
	}
}

// TestFailedTaskEveryPath: a failed task carrying each kind of AdCP error
// reaches an a2a-go client over HTTP the same way whether it is returned by
// SendMessage, fetched with GetTask, or streamed.
//
// checklist: 43
func TestFailedTaskEveryPath(t *testing.T) {
	errs := map[string]*adcp.Error{}
	for _, c := range cases {
		errs[c.name] = c.err(t)
	}
	client := startSeller(t, errs)
	ctx := context.Background()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			msg := &a2a.MessageSendParams{Message: a2a.NewMessage(a2a.MessageRoleUser, a2a.TextPart{Text: c.name})}
			res, err := client.SendMessage(ctx, msg)
			if err != nil {
				t.Fatalf("SendMessage: %v", err)
			}
			task, ok := res.(*a2a.Task)
			if !ok || task.Status.State != a2a.TaskStateFailed {
				t.Fatalf("SendMessage = %#v, want a failed task", res)
			}
			x, ok := a2ago.Extract(res)
			if !ok {
				t.Fatalf("no AdCP error in %+v", task)
			}
			checkDecision(t, x, errs[c.name], c)

			stored, err := client.GetTask(ctx, &a2a.TaskQueryParams{ID: task.ID})
			if err != nil {
				t.Fatalf("GetTask: %v", err)
			}
			if x, ok = a2ago.Extract(stored); !ok {
				t.Fatal("no AdCP error in the stored task")
			}
			checkDecision(t, x, errs[c.name], c)

			streamed := 0
			for ev, err := range client.SendStreamingMessage(ctx, msg) {
				if err != nil {
					t.Fatalf("SendStreamingMessage: %v", err)
				}
				if x, ok := a2ago.Extract(ev); ok {
					streamed++
					checkDecision(t, x, errs[c.name], c)
				}
			}
			if streamed != 1 {
				t.Errorf("%d streamed events carried the error, want 1", streamed)
			}
		})
	}
}

// TestExecutorErrorHasNoAdCPError: an executor that returns an error
// instead of writing a failed task gives the client a bare internal error,
// with nothing to extract (the reason to return failures as tasks).
func TestExecutorErrorHasNoAdCPError(t *testing.T) {
	client := startSeller(t, nil)
	res, err := client.SendMessage(context.Background(), &a2a.MessageSendParams{Message: a2a.NewMessage(a2a.MessageRoleUser, a2a.TextPart{Text: "!"})})
	if !errors.Is(err, a2a.ErrInternalError) || res != nil {
		t.Fatalf("SendMessage = %#v, %v; want a2a.ErrInternalError", res, err)
	}
	if x, ok := a2ago.Extract(res); ok {
		t.Fatalf("extracted %+v", x)
	}
}
