package main

import (
	"cmp"
	"context"
	"crypto/x509"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"strings"
	"time"

	httptransport "github.com/go-openapi/runtime/client"
	"github.com/go-openapi/strfmt"
	protobundle "github.com/sigstore/protobuf-specs/gen/pb-go/bundle/v1"
	protocommon "github.com/sigstore/protobuf-specs/gen/pb-go/common/v1"
	protorekor "github.com/sigstore/protobuf-specs/gen/pb-go/rekor/v1"
	rekorclient "github.com/sigstore/rekor/pkg/generated/client"
	"github.com/sigstore/rekor/pkg/generated/client/entries"
	"github.com/sigstore/rekor/pkg/generated/client/index"
	"github.com/sigstore/rekor/pkg/generated/models"
	"github.com/sigstore/rekor/pkg/tle"
	"github.com/sigstore/sigstore-go/pkg/bundle"
	"github.com/sigstore/sigstore-go/pkg/root"
)

// envRekorURL names the Rekor log a .sig and .crt are looked up in, in
// place of the trusted root's (a mirror; the tests' log).
const envRekorURL = "ADCPGEN_REKOR_URL"

// Bounds on the lookup.
const (
	maxRekorEntries  = 8       // entries of one artifact tried
	maxRekorResponse = 1 << 20 // bytes of one answer of the log (an entry is a few KiB)
	rekorTimeout     = time.Minute
)

// rekorURL returns the Rekor log to look detached signatures up in:
// $ADCPGEN_REKOR_URL, else the trusted root's longest-running log (the
// earliest start, then the least base URL; "" when the root lists none):
// only the first generation of Rekor can be searched by digest, not the
// logs a root adds later (Rekor v2's yearly shards).
func rekorURL(tr *root.TrustedRoot) string {
	if u := os.Getenv(envRekorURL); u != "" {
		return strings.TrimRight(u, "/")
	}
	pick, start := "", time.Time{} // the base URL and start of the log picked so far
	for _, l := range tr.RekorLogs() {
		if l.BaseURL != "" && (pick == "" || cmp.Or(l.ValidityPeriodStart.Compare(start), strings.Compare(l.BaseURL, pick)) < 0) {
			pick, start = l.BaseURL, l.ValidityPeriodStart
		}
	}
	return strings.TrimRight(pick, "/")
}

// lookUp finds the Rekor entries of the archive's digest (cosign sign-blob
// uploads one) and returns the Sigstore bundles they make with the
// certificate and signature, for verify to find the one that agrees. A log
// that cannot be asked, or holds no entry, is an error: the signature is
// never accepted without its entry.
func (v *verifier) lookUp(digest []byte, leaf *x509.Certificate, sig []byte) ([]*bundle.Bundle, error) {
	if v.rekor == "" {
		return nil, fmt.Errorf("a .sig and .crt carry no transparency-log entry, and the trusted root lists no Rekor log to look it up in (set $%s)", envRekorURL)
	}
	u, err := url.Parse(v.rekor)
	if err != nil {
		return nil, fmt.Errorf("the transparency log %s: %v", v.rekor, err)
	}
	rt := httptransport.New(u.Host, u.Path+"/", []string{u.Scheme})
	rt.Transport = boundedTransport{}
	c := rekorclient.New(rt, strfmt.Default)
	ctx, cancel := context.WithTimeout(context.Background(), rekorTimeout)
	defer cancel()
	query := &models.SearchIndex{Hash: "sha256:" + hex.EncodeToString(digest)}
	found, err := c.Index.SearchIndex(index.NewSearchIndexParamsWithContext(ctx).WithQuery(query))
	if err != nil {
		return nil, fmt.Errorf("the transparency log %s, asked for the archive's entry: %v (a .sig and .crt are checked with their entry only: run again when the log can be reached)", v.rekor, err)
	}
	uuids := found.Payload[:min(len(found.Payload), maxRekorEntries)]
	var bundles []*bundle.Bundle
	var failures []string
	for _, id := range uuids {
		got, err := c.Entries.GetLogEntryByUUID(entries.NewGetLogEntryByUUIDParamsWithContext(ctx).WithEntryUUID(id))
		if err != nil {
			return nil, fmt.Errorf("the transparency log %s, entry %s: %v", v.rekor, id, err)
		}
		for _, e := range got.Payload { // one, from an honest log
			if len(bundles)+len(failures) == maxRekorEntries {
				break
			}
			b, err := entryBundle(e, digest, leaf, sig)
			if err != nil {
				failures = append(failures, err.Error())
				continue
			}
			bundles = append(bundles, b)
		}
	}
	if len(bundles) == 0 {
		return nil, fmt.Errorf("the transparency log %s holds no usable entry of the archive's digest (%d found) %q", v.rekor, len(uuids), failures)
	}
	return bundles, nil
}

// entryBundle makes the Sigstore bundle of a log entry, the certificate
// and the signature (verify then checks that they all agree).
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

// boundedTransport is http.DefaultTransport with every response body ending
// in an error past maxRekorResponse bytes, so that a log answering without
// end is refused before it fills the memory.
type boundedTransport struct{}

func (boundedTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	resp, err := http.DefaultTransport.RoundTrip(req)
	if err == nil {
		resp.Body = &boundedBody{ReadCloser: resp.Body}
	}
	return resp, err
}

// boundedBody is a response body that fails past maxRekorResponse bytes.
type boundedBody struct {
	io.ReadCloser
	read int64
}

func (b *boundedBody) Read(p []byte) (int, error) {
	n, err := b.ReadCloser.Read(p)
	if b.read += int64(n); b.read > maxRekorResponse {
		return n, fmt.Errorf("an answer of more than %d bytes", maxRekorResponse)
	}
	return n, err
}
