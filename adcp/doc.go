// Package adcp is the runtime of the AdCP error model for Go: the types every
// spec version shares and what a buyer (client) does with an error. It uses
// the standard library only, and every package adcp-gen generates imports it.
//
// # Codes, errors and vocabularies
//
// [Code] is an open string type: every wire value decodes. [Error] is
// core/error.json, owned by the runtime for every spec version: it decodes
// leniently (a missing message, an unknown recovery, an out-of-range
// retry_after all decode), keeps unknown members so that it re-encodes to
// the same object, and is a Go error:
//
//	if errors.Is(err, adcperr.CodeRateLimited) { … }
//	e, ok := adcp.As(err)
//
// What varies by spec version is a [Vocabulary]: the standard codes with
// their recovery, suggestion, advisory and deprecation, the details shapes,
// the check of core/error.json (applied by [Vocabulary.Validate]) and the
// policy for unknown codes. A generated package exports its version's as
// the variable Vocabulary, together with the code constants and the details
// structs. Everything here that depends on the version takes a Vocabulary,
// so several versions meet in one program.
//
// # Extract
//
// [Extract] finds the AdCP error in a raw response of any transport, in the
// specification's detection order: MCP structuredContent and text content
// (only when isError is set), A2A artifacts and status message, JSON-RPC
// error.data, then the payload's errors[]. It validates what it finds (code
// of 1..64 characters, at most 4096 bytes) and reports false when there is
// no usable error, so the caller falls back to generic handling:
//
//	x, ok := adcp.Extract(body)
//	if !ok {
//		return errGeneric
//	}
//	if x.NonFatal {
//		// an advisory on a successful response: never a failure
//	}
//
// [ExtractValue] takes a response an SDK has already decoded;
// [ExtractMCPData] and [ExtractA2AData] return the
// payload of a successful response. Extraction does not depend on the spec
// version. To log an error with log/slog, use package adcplog.
//
// # Classify and decide
//
// [Policy.Classify] gives the recovery class and [Policy.Decide] the action:
// retry after a delay, surface to the caller, or escalate to a human,
// applying the per-code rules of the specification (credentials, billing,
// authorization, per-agent gates). Policy.Vocabulary gives the recovery of a
// standard code sent without one; what an unknown code without recovery
// means is Policy.UnknownCodeRecovery. Decisions never read the seller's
// text.
//
//	p := adcp.Policy{Vocabulary: adcperr.Vocabulary}
//	switch d := p.Decide(x.Err, adcp.RequestContext{}); d.Action {
//	case adcp.ActionRetry:
//		time.Sleep(d.Delay)
//	case adcp.ActionSurfaceToCaller:
//		// fix the request: d.Field, d.Suggestion (sanitized: Display)
//	}
//
// A governance denial is read with [GovernanceDenial]: the response's
// rejection arm first, a GOVERNANCE_DENIED error only when there is none.
//
// # Retry
//
// [Retry] runs an operation under those decisions: it honours retry_after
// (rounded up, never sooner), backs off with jitter otherwise, performs the
// one-shot retries the specification allows (suggested billing, missing
// credentials, an opted-in credential refresh after AUTH_INVALID), and stops
// within a budget of attempts and cumulative wait ([ErrRetriesExhausted]).
//
// # Safety
//
// Every string in an error is seller-controlled. [Error.Display] and
// [Sanitize] strip every invisible character, decided by Unicode property
// (controls, format characters such as zero-width, bidirectional and tag
// characters, line and paragraph separators, private use, unassigned and
// default-ignorable code points), and cut to the specification's byte
// limits; [Policy.RenderUntrusted]
// fences an error as data for an LLM context; [CheckSellerURL] and
// [CheckDetailsURLs] accept only https URLs, without userinfo, on the
// seller's known hosts. Never act on message, suggestion or details text,
// and never use field as a path to mutate state.
//
// # The other packages of the module
//
//   - seller: building conformant errors and their MCP, JSON-RPC and A2A wire
//     shapes, upstream translation, message hygiene;
//   - adcphttp: the helpers that need net/http (FromHTTP, Retry-After), kept
//     apart so that this package never links net/http;
//   - adcptest: helpers for tests (the storyboard error_code check);
//   - adcpversion: version negotiation, a seller's release for a request's
//     adcp_version or VERSION_UNSUPPORTED, and a buyer's re-pin from it;
//   - adcpimpl: for generated code only.
package adcp
