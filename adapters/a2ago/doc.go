// Package a2ago carries AdCP errors (package adcperr) over the A2A Go SDK,
// github.com/a2aproject/a2a-go. It lives in its own module so that the core
// module and the generated package stay standard-library only.
//
// Every task this package builds comes from seller.A2AFailedTask, and every
// extraction goes through the runtime's detection order (adcp.ExtractValue
// on the SDK's values where the client decoded them, adcp.Extract on
// bytes): the wire rules live in one place.
//
// # Seller side
//
// An AgentExecutor whose task fails writes the failed task as its one
// terminal event; the server stores it and returns it to the client:
//
//	func (x *seller) Execute(ctx context.Context, reqCtx *a2asrv.RequestContext, q eventqueue.Queue) error {
//		e, err := seller.New(v, adcperr.CodeBudgetTooLow, "Budget is below the minimum.",
//			seller.WithField("packages[0].budget"))
//		if err != nil {
//			return err
//		}
//		task, err := a2ago.FailedTask(v, reqCtx, e, "")
//		if err != nil {
//			return err
//		}
//		return q.Write(ctx, task)
//	}
//
// The task has status.state "failed" and one artifact whose parts are a
// TextPart, a DataPart {"adcp_error": …} and a DataPart with the payload's
// errors[] (both layers of the error model).
//
// A2A 1.0 clients (such as @a2a-js/sdk 1.x) send SendMessage, GetTask and
// CancelTask with the A2A-Version: 1.0 header; a2a-go v0.3.3 speaks 0.3.
// Serve both from one endpoint with V1Handler:
//
//	http.Handle("/", a2ago.V1Handler(a2asrv.NewJSONRPCHandler(a2asrv.NewHandler(executor))))
//
// # Buyer side
//
//	res, err := client.SendMessage(ctx, params)
//	if err == nil {
//		if x, ok := a2ago.Extract(res); ok {
//			d := adcp.Policy{Vocabulary: adcperr.Vocabulary}.DecideExtraction(x, adcp.RequestContext{})
//			// d.Action: retry, surface_to_caller or escalate_to_human
//		}
//	}
//
// An A2A 1.0 agent answers a2a-go with -32009 (version not supported) and
// an array in error.data, which a2a-go cannot decode. Call it with
// V1Client, which returns the response's bytes, and extract with
// adcp.Extract, which reads A2A responses of any version:
//
//	resp, err := (&a2ago.V1Client{Endpoint: url}).SendText(ctx, "…")
//	if err == nil {
//		if x, ok := adcp.Extract(resp); ok { … }
//	}
//
// # What to know about a2a-go v0.3.3
//
//   - a2a-go speaks A2A 0.3: a part is decoded by its "kind" member
//     (ContentParts.UnmarshalJSON), and a part without one is an
//     error ("unknown part kind"). A2A 1.0 parts have no kind and 1.0 states
//     are spelled TASK_STATE_FAILED, so an A2A 1.0 task cannot be decoded
//     into an a2a.Task: use V1Client and extract from its bytes with
//     adcp.Extract.
//   - DataPart.Data is a map[string]any: numbers in a decoded task are
//     float64, and Extraction.Raw() is a re-encoding of the decoded value,
//     not the bytes on the wire, written when it is called.
//   - The task store validates a written task against the request's task and
//     context ids (internal/taskupdate, Manager.Process): build the task from
//     the RequestContext (FailedTask takes any a2a.TaskInfoProvider).
//   - An executor that returns an error instead of writing a failed task
//     gives the client a JSON-RPC error with no AdCP error in it: return the
//     failure as a task.
package a2ago
