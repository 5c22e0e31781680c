package a2ago_test

import (
	"fmt"
	"log"

	"github.com/a2aproject/a2a-go/a2a"
	"github.com/adcp-gen/adcp-gen/adapters/a2ago"
	"github.com/adcp-gen/adcp-gen/adcp"
	"github.com/adcp-gen/adcp-gen/adcp/seller"
	"github.com/adcp-gen/adcp-gen/generated/adcperr"
)

// A seller's agent fails a task with an AdCP error (an executor writes the
// task to its event queue); a buyer extracts the error from the task its
// client receives.
func Example() {
	e, err := seller.New(adcperr.Vocabulary, adcperr.CodeBudgetTooLow, "Budget is under the minimum.",
		seller.WithField("packages[0].budget"))
	if err != nil {
		log.Fatal(err)
	}
	task, err := a2ago.FailedTask(adcperr.Vocabulary, &a2a.Task{ID: "task-1", ContextID: "ctx-1"}, e, "Budget too low.")
	if err != nil {
		log.Fatal(err)
	}

	x, ok := a2ago.Extract(task) // what the buyer's client received
	if !ok {
		log.Fatal("no AdCP error")
	}
	d := adcp.Policy{Vocabulary: adcperr.Vocabulary}.DecideExtraction(x, adcp.RequestContext{})
	fmt.Println(task.Status.State, x.Path, x.Err.Code, x.Err.Field, d.Action)
	// Output: failed artifact BUDGET_TOO_LOW packages[0].budget surface_to_caller
}
