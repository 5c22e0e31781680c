package adcp

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand"
	"time"
)

// ErrRetriesExhausted is wrapped, together with the last error, by Retry
// when the retry budget (attempts or cumulative wait) runs out: a persistent
// transient error, to escalate as terminal.
var ErrRetriesExhausted = errors.New("adcp: retry budget exhausted")

// Retry defaults (transport-errors.md § "Recovery Behavior",
// error-handling.md § "Normative throttling behavior").
const (
	DefaultMaxAttempts = 3
	DefaultMaxWait     = 300 * time.Second
	DefaultBackoffBase = 2 * time.Second
	DefaultBackoffCap  = 60 * time.Second
	DefaultJitter      = 0.25
)

// Bounded disambiguation of SCOPE_INSUFFICIENT / READ_ONLY_SCOPE
// (error-handling.md § "Authorization (RBAC)").
const (
	disambiguationAttempts = 3
	disambiguationMin      = 1 * time.Second
	disambiguationMax      = 5 * time.Second
)

// RetryOptions configures Retry. Zero fields take the defaults.
type RetryOptions struct {
	// MaxAttempts bounds the attempts, the first included (default 3).
	MaxAttempts int
	// MaxWait bounds the cumulative wait between attempts (default 300 s):
	// a wait that would exceed it is not started.
	MaxWait time.Duration
	// Base, Cap and Jitter shape the backoff used when a transient error
	// has no retry_after: Base·2ⁿ⁻¹ before the nth retry, at most Cap, then
	// scaled by a uniform factor in [1-Jitter, 1+Jitter] (defaults 2 s,
	// 60 s, 0.25; a negative Jitter means none).
	Base, Cap time.Duration
	Jitter    float64
	// Policy classifies the errors (zero: unknown codes are terminal).
	Policy Policy
	// CredentialsPresented: the first attempt carries credentials.
	CredentialsPresented bool
	// Disambiguate opts in to the bounded retries error-handling.md allows
	// for SCOPE_INSUFFICIENT and READ_ONLY_SCOPE: at most 3 attempts, 1–5 s
	// apart, then the error is surfaced.
	Disambiguate bool
	// RefreshCredentials opts in to the one exception AUTH_INVALID allows:
	// an agent holding a valid OAuth 2.1 refresh grant whose token merely
	// expired may refresh it silently and retry once. On the first
	// AUTH_INVALID Retry calls it, then resends with
	// Attempt.CredentialsRefreshed set; a second AUTH_INVALID is returned
	// (escalate to a person). It returns an error to decline, for example
	// when the grant was revoked or the token had not expired: Retry then
	// returns the AUTH_INVALID error wrapped with it. Nil: AUTH_INVALID is
	// returned at once.
	RefreshCredentials func(ctx context.Context) error
	// Sleep waits d or until ctx is done (default: a timer). Rand returns a
	// uniform number in [0, 1) (default: math/rand). Tests inject both.
	Sleep func(ctx context.Context, d time.Duration) error
	Rand  func() float64
}

// Attempt tells an operation how to build the request of one attempt.
// Every attempt resends the same request, with the same idempotency_key
// (IDEMPOTENCY_IN_FLIGHT must be retried with it, never a new one), changed
// only as the fields below say.
type Attempt struct {
	// Number counts attempts from 1.
	Number int
	// Last is the error of the previous attempt, nil on the first.
	Last *Error
	//
	// The three fixes below are one-shot: each is made at most once per
	// Retry call, and once made it holds for every later attempt, also
	// after a transient error comes between (a retry after RATE_LIMITED
	// resends the fixed request, never the one the seller refused).
	//
	// SuggestedBilling, when set, is the billing value to send instead of
	// the rejected one (the one-shot BILLING_NOT_PERMITTED_FOR_AGENT retry).
	SuggestedBilling string
	// ProvideCredentials asks for credentials to be attached (the retry
	// after AUTH_REQUIRED on a request that carried none).
	ProvideCredentials bool
	// CredentialsRefreshed: RetryOptions.RefreshCredentials succeeded after
	// an AUTH_INVALID, and this attempt carries the new credentials.
	CredentialsRefreshed bool
}

// Retry runs op until it succeeds or Policy.Decide says not to retry:
// transient errors after their retry_after (never sooner) or the jittered
// backoff; a BILLING_NOT_PERMITTED_FOR_AGENT once with its suggested
// billing; an AUTH_REQUIRED once with credentials when the request carried
// none; an AUTH_INVALID once after RefreshCredentials, when set;
// SCOPE_INSUFFICIENT / READ_ONLY_SCOPE within the disambiguation budget when
// opted in. Everything else, and errors that are not *Error, is
// returned at once. When attempts or cumulative wait run out the last error
// is returned wrapped with ErrRetriesExhausted, so a seller that answers
// transient forever cannot make Retry loop. When ctx ends, Retry returns its
// error wrapped with the last one.
func Retry(ctx context.Context, opts RetryOptions, op func(ctx context.Context, a Attempt) error) error {
	o := opts.withDefaults()
	a := Attempt{Number: 1}
	var waited time.Duration
	for {
		if err := ctx.Err(); err != nil {
			if a.Last != nil {
				return fmt.Errorf("%w; last error: %w", err, a.Last)
			}
			return err
		}
		err := op(ctx, a)
		if err == nil {
			return nil
		}
		e, ok := As(err)
		if !ok {
			return err
		}
		d := o.Policy.Decide(e, RequestContext{
			CredentialsPresented:  o.CredentialsPresented || a.ProvideCredentials,
			SuggestedBillingTried: a.SuggestedBilling != "",
		})
		// The one-shot fixes already made hold for every later attempt.
		next := a
		next.Number, next.Last = a.Number+1, e
		var delay time.Duration
		switch {
		case d.Action == ActionRetry && d.RetryAfter:
			delay = d.Delay
		case d.Action == ActionRetry:
			delay = o.backoff(a.Number)
		case e.Code == "AUTH_INVALID" && o.RefreshCredentials != nil && !a.CredentialsRefreshed:
			next.CredentialsRefreshed = true
		case d.Action != ActionSurfaceToCaller:
			return err
		case d.SuggestedBilling != "":
			next.SuggestedBilling = d.SuggestedBilling
		case e.Code == "AUTH_REQUIRED":
			next.ProvideCredentials = true
		case o.Disambiguate && (e.Code == "SCOPE_INSUFFICIENT" || e.Code == "READ_ONLY_SCOPE"):
			if a.Number >= disambiguationAttempts {
				return err
			}
			delay = disambiguationMin + time.Duration(o.Rand()*float64(disambiguationMax-disambiguationMin))
		default:
			return err
		}
		if a.Number >= o.MaxAttempts || delay > o.MaxWait-waited { // waited ≤ MaxWait: no overflow
			return fmt.Errorf("%w after %d attempts and %v of waiting: %w", ErrRetriesExhausted, a.Number, waited, err)
		}
		if next.CredentialsRefreshed && !a.CredentialsRefreshed {
			if rerr := o.RefreshCredentials(ctx); rerr != nil {
				return fmt.Errorf("%w; refreshing credentials failed: %w", err, rerr)
			}
		}
		if err := o.Sleep(ctx, delay); err != nil {
			return fmt.Errorf("%w; last error: %w", err, e)
		}
		waited += delay
		a = next
	}
}

// withDefaults fills the zero fields.
func (o RetryOptions) withDefaults() RetryOptions {
	if o.MaxAttempts <= 0 {
		o.MaxAttempts = DefaultMaxAttempts
	}
	if o.MaxWait <= 0 {
		o.MaxWait = DefaultMaxWait
	}
	if o.Base <= 0 {
		o.Base = DefaultBackoffBase
	}
	if o.Cap <= 0 {
		o.Cap = DefaultBackoffCap
	}
	if o.Jitter == 0 {
		o.Jitter = DefaultJitter
	}
	o.Jitter = max(0, min(o.Jitter, 1))
	if o.Sleep == nil {
		o.Sleep = retrySleep
	}
	if o.Rand == nil {
		o.Rand = rand.Float64
	}
	return o
}

// backoff returns the jittered delay before retry n (n ≥ 1). It saturates
// at the largest duration: no doubling or jitter overflows.
func (o RetryOptions) backoff(n int) time.Duration {
	k := uint(n - 1)
	d := o.Cap
	if o.Base <= o.Cap>>k { // Base·2ᵏ ≤ Cap, without overflow
		d = o.Base << k
	}
	ns := float64(d) * (1 + o.Jitter*(2*o.Rand()-1))
	switch {
	case ns >= math.MaxInt64: // 2⁶³ as a float64: beyond every duration
		return time.Duration(math.MaxInt64)
	case ns <= 0:
		return 0
	}
	return time.Duration(ns)
}

// retrySleep waits d, or until ctx is done.
func retrySleep(ctx context.Context, d time.Duration) error {
	if d <= 0 {
		return ctx.Err()
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}
