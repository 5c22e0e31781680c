package adcperr_test

import (
	"testing"

	"github.com/adcp-gen/adcp-gen/adcp"
	"github.com/adcp-gen/adcp-gen/generated/adcperr"
)

// TestGeneratedValidateIsExact checks, on the 3.2.0-beta.5 package, the
// constraints generated validation used to miss: anyOf over objects held
// raw, if/then, a oneOf open enum, integers beyond int64 and decimals a
// float64 rounds, and format date-time. internal/validationdiff checks the
// same against jsonschema over every published version.
func TestGeneratedValidateIsExact(t *testing.T) {
	tests := []struct {
		name  string
		d     adcp.Details
		json  string
		valid bool
	}{
		{"current_account: account_id form", new(adcperr.AccountMovedDetails), `{"current_account":{"account_id":"acc_2"}}`, true},
		{"current_account: natural key form", new(adcperr.AccountMovedDetails), `{"current_account":{"brand":{"domain":"acme.example"},"operator":"agency.example"}}`, true},
		{"current_account null", new(adcperr.AccountMovedDetails), `{"current_account":null}`, false},
		{"current_account a string", new(adcperr.AccountMovedDetails), `{"current_account":"acc_2"}`, false},
		{"current_account empty", new(adcperr.AccountMovedDetails), `{"current_account":{}}`, false},
		{"current_account empty account_id", new(adcperr.AccountMovedDetails), `{"current_account":{"account_id":""}}`, false},
		{"current_account both forms", new(adcperr.AccountMovedDetails), `{"current_account":{"account_id":"a","operator":"o.example","brand":{"domain":"a.example"}}}`, false},
		{"revision beyond int64", new(adcperr.AccountMovedDetails), `{"current_account":{"account_id":"a"},"revision":92233720368547758080}`, true},
		{"revision fractional", new(adcperr.AccountMovedDetails), `{"current_account":{"account_id":"a"},"revision":1.5}`, false},
		{"missing connection with provider", new(adcperr.AuthorizationRequiredDetails), `{"missing_connections":[{"connection_type":"advertiser_account","status":"missing","provider":"social.example"}]}`, true},
		{"missing connection without provider or URL", new(adcperr.AuthorizationRequiredDetails), `{"missing_connections":[{"connection_type":"advertiser_account","status":"missing"}]}`, false},
		{"connected connection without provider", new(adcperr.AuthorizationRequiredDetails), `{"missing_connections":[{"connection_type":"advertiser_account","status":"connected"}]}`, true},
		{"expires_at a date-time", new(adcperr.AuthorizationRequiredDetails), `{"missing_connections":[{"connection_type":"advertiser_account","expires_at":"2026-01-02T03:04:05Z"}]}`, true},
		{"expires_at not a date-time", new(adcperr.AuthorizationRequiredDetails), `{"missing_connections":[{"connection_type":"advertiser_account","expires_at":"tomorrow"}]}`, false},
		{"cache age beyond int64", new(adcperr.StaleResponseDetails), `{"served_from_cache":true,"cache_age_seconds":18446744073709551616}`, true},
		{"cache age negative beyond int64", new(adcperr.StaleResponseDetails), `{"served_from_cache":true,"cache_age_seconds":-18446744073709551616}`, false},
		{"budget a float64 rounds", new(adcperr.BudgetTooLowDetails), `{"minimum_budget":0.10000000000000001}`, true},
		{"failure_kind listed", new(adcperr.AccessibilityViolationDetails), `{"violations":[{"pointer":"/a","criterion":"1","criterion_source":"W","required_level":"A","failure_kind":"other"}]}`, true},
		{"failure_kind extension", new(adcperr.AccessibilityViolationDetails), `{"violations":[{"pointer":"/a","criterion":"1","criterion_source":"W","required_level":"A","failure_kind":"x_flash_rate"}]}`, true},
		{"failure_kind neither", new(adcperr.AccessibilityViolationDetails), `{"violations":[{"pointer":"/a","criterion":"1","criterion_source":"W","required_level":"A","failure_kind":"Other"}]}`, false},
	}
	for _, tt := range tests {
		err := tt.d.UnmarshalJSON([]byte(tt.json))
		if err == nil {
			err = tt.d.Validate()
		}
		if (err == nil) != tt.valid {
			t.Errorf("%s: %s: err = %v, want valid %v", tt.name, tt.json, err, tt.valid)
		}
	}
}
