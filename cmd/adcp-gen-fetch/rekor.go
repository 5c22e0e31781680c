package main

import (
	"bytes"
	"context"
	"crypto/x509"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"strings"
	"time"

	protobundle "github.com/sigstore/protobuf-specs/gen/pb-go/bundle/v1"
	protocommon "github.com/sigstore/protobuf-specs/gen/pb-go/common/v1"
	protorekor "github.com/sigstore/protobuf-specs/gen/pb-go/rekor/v1"
	"github.com/sigstore/rekor/pkg/generated/models"
	"github.com/sigstore/rekor/pkg/tle"
	"github.com/sigstore/sigstore-go/pkg/bundle"
)

// envRekorURL names the Rekor log a .sig and .crt are looked up in, in
// place of the trusted root's (a mirror; the tests' log).
const envRekorURL = "ADCPGEN_REKOR_URL"

// Bounds on the lookup.
const (
	maxRekorEntries  = 8       // entries of one artifact tried
	maxRekorResponse = 1 << 20 // bytes of one answer
	rekorTimeout     = time.Minute
)

// errUnreachable marks a Rekor log that could not be asked at all.
var errUnreachable = errors.New("transparency log not reachable")

// lookUp finds the Rekor entry of a detached signature (cosign sign-blob
// uploads one) and returns the Sigstore bundle it makes with the
// certificate and signature, for verifyBundle. An error wrapping
// errUnreachable: the log could not be asked; any other error: it was,
// and holds no entry of this signature.
func (v *verifier) lookUp(digest []byte, leaf *x509.Certificate, sig []byte) (*bundle.Bundle, error) {
	if v.rekor == "" {
		return nil, fmt.Errorf("%w: the trusted root lists no Rekor log", errUnreachable)
	}
	ctx, cancel := context.WithTimeout(context.Background(), rekorTimeout)
	defer cancel()
	var uuids []string
	query, _ := json.Marshal(map[string]string{"hash": "sha256:" + hex.EncodeToString(digest)})
	if err := v.rekorCall(ctx, http.MethodPost, "/api/v1/index/retrieve", query, &uuids); err != nil {
		return nil, err
	}
	if len(uuids) > maxRekorEntries {
		uuids = uuids[:maxRekorEntries]
	}
	var failures []string
	for _, id := range uuids {
		var entries models.LogEntry
		if err := v.rekorCall(ctx, http.MethodGet, "/api/v1/log/entries/"+url.PathEscape(id), nil, &entries); err != nil {
			return nil, err
		}
		for _, e := range entries {
			b, err := entryBundle(e, digest, leaf, sig)
			if err != nil {
				failures = append(failures, err.Error())
				continue
			}
			return b, nil
		}
	}
	if len(failures) == 0 {
		failures = append(failures, "none")
	}
	return nil, fmt.Errorf("the transparency log %s holds no usable entry of the archive's digest (%d found: %s)", v.rekor, len(uuids), strings.Join(failures, "; "))
}

// rekorCall sends one request to the Rekor API and decodes its JSON answer
// into out.
func (v *verifier) rekorCall(ctx context.Context, method, path string, body []byte, out any) error {
	req, err := http.NewRequestWithContext(ctx, method, v.rekor+path, bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("User-Agent", "adcp-gen-fetch")
	resp, err := v.client.Do(req)
	if err != nil {
		return fmt.Errorf("%w: %v", errUnreachable, err)
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, maxRekorResponse+1))
	switch {
	case err != nil:
		return fmt.Errorf("%w: %s: %v", errUnreachable, req.URL.Redacted(), err)
	case resp.StatusCode != http.StatusOK:
		return fmt.Errorf("%w: %s: HTTP %s", errUnreachable, req.URL.Redacted(), resp.Status)
	case len(data) > maxRekorResponse:
		return fmt.Errorf("%s: an answer over %d bytes", req.URL.Redacted(), maxRekorResponse)
	}
	if err := json.Unmarshal(data, out); err != nil {
		return fmt.Errorf("%s: not a Rekor answer: %v", req.URL.Redacted(), err)
	}
	return nil
}

// entryBundle makes the Sigstore bundle of a log entry, the certificate
// and the signature (verifyBundle then checks that they all agree).
func entryBundle(e models.LogEntryAnon, digest []byte, leaf *x509.Certificate, sig []byte) (*bundle.Bundle, error) {
	if e.LogID == nil || e.LogIndex == nil || e.IntegratedTime == nil || e.Verification == nil || e.Verification.InclusionProof == nil ||
		e.Verification.InclusionProof.RootHash == nil || e.Verification.InclusionProof.LogIndex == nil ||
		e.Verification.InclusionProof.TreeSize == nil || e.Verification.InclusionProof.Checkpoint == nil {
		return nil, errors.New("an entry without its inclusion proof")
	}
	entry, err := tle.GenerateTransparencyLogEntry(e)
	if err != nil {
		return nil, err
	}
	return bundle.NewBundle(&protobundle.Bundle{
		MediaType: "application/vnd.dev.sigstore.bundle.v0.3+json",
		VerificationMaterial: &protobundle.VerificationMaterial{
			Content:     &protobundle.VerificationMaterial_Certificate{Certificate: &protocommon.X509Certificate{RawBytes: leaf.Raw}},
			TlogEntries: []*protorekor.TransparencyLogEntry{entry},
		},
		Content: &protobundle.Bundle_MessageSignature{MessageSignature: &protocommon.MessageSignature{
			MessageDigest: &protocommon.HashOutput{Algorithm: protocommon.HashAlgorithm_SHA2_256, Digest: digest},
			Signature:     sig,
		}},
	})
}

// rekorURL returns the Rekor log to look detached signatures up in:
// $ADCPGEN_REKOR_URL, else the first log of the trusted root ("" when it
// lists none).
func rekorURL(logs []string) string {
	if u := os.Getenv(envRekorURL); u != "" {
		return strings.TrimRight(u, "/")
	}
	for _, l := range logs {
		if l != "" {
			return strings.TrimRight(l, "/")
		}
	}
	return ""
}
