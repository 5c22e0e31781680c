package main

import (
	"crypto/x509"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"encoding/pem"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/go-openapi/strfmt"
	protobundle "github.com/sigstore/protobuf-specs/gen/pb-go/bundle/v1"
	protocommon "github.com/sigstore/protobuf-specs/gen/pb-go/common/v1"
	protorekor "github.com/sigstore/protobuf-specs/gen/pb-go/rekor/v1"
	"github.com/sigstore/rekor/pkg/generated/models"
	"github.com/sigstore/sigstore-go/pkg/root"
	"github.com/sigstore/sigstore-go/pkg/testing/ca"
	"github.com/sigstore/sigstore-go/pkg/tlog"
	"google.golang.org/protobuf/encoding/protojson"
)

// The identity the release workflow signs with, and its OIDC issuer.
const (
	goodSAN    = "https://github.com/adcontextprotocol/adcp/.github/workflows/release.yml@refs/tags/v3.2.0-beta.5"
	goodIssuer = releaseIssuer
)

// authority is a throwaway Sigstore (sigstore-go's VirtualSigstore: a
// Fulcio CA, a Rekor log, a timestamp authority) and its trusted_root.json.
type authority struct {
	vs       *ca.VirtualSigstore
	rootFile string
}

// newAuthority returns a new authority whose trusted root is written to a
// file of t. It lists no CT log: the virtual Fulcio embeds no SCT.
func newAuthority(t testing.TB) *authority {
	t.Helper()
	vs, err := ca.NewVirtualSigstore()
	if err != nil {
		t.Fatal(err)
	}
	a := &authority{vs: vs}
	a.rootFile = writeRoot(t, a, a)
	return a
}

// writeRoot writes a trusted_root.json with the Fulcio CA of ca and the
// Rekor log and timestamp authority of log, and returns its path.
func writeRoot(t testing.TB, fulcio, log *authority) string {
	t.Helper()
	// The virtual log's ID is its hex key ID as text; a trusted_root.json
	// holds the raw key ID, which the log entries name.
	logs := map[string]*root.TransparencyLog{}
	for id, l := range log.vs.RekorLogs() {
		raw, err := hex.DecodeString(id)
		if err != nil {
			t.Fatal(err)
		}
		c := *l
		c.ID = raw
		logs[id] = &c
	}
	tr, err := root.NewTrustedRoot(root.TrustedRootMediaType01, fulcio.vs.FulcioCertificateAuthorities(), nil, log.vs.TimestampingAuthorities(), logs)
	if err != nil {
		t.Fatal(err)
	}
	js, err := tr.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), "trusted_root.json")
	if err := os.WriteFile(file, js, 0o644); err != nil {
		t.Fatal(err)
	}
	return file
}

// signed is what a release publishes beside a bundle, and the entry the
// log holds.
type signed struct {
	bundle []byte // {tgz}.sigstore.json, with its Rekor entry
	sig    []byte // {tgz}.sig
	crt    []byte // {tgz}.crt
	digest []byte // the artifact's SHA-256
	entry  models.LogEntryAnon
}

// sign signs artifact as san, issued by issuer, logs it in the authority's
// Rekor log, and returns the files cosign sign-blob writes for it.
func (a *authority) sign(t testing.TB, san, issuer string, artifact []byte) signed {
	t.Helper()
	e, err := a.vs.Sign(san, issuer, artifact)
	if err != nil {
		t.Fatal(err)
	}
	vc, err := e.VerificationContent()
	if err != nil {
		t.Fatal(err)
	}
	leaf := vc.Certificate()
	sc, err := e.SignatureContent()
	if err != nil {
		t.Fatal(err)
	}
	msg := sc.MessageSignatureContent()
	entries, err := e.TlogEntries()
	if err != nil || len(entries) != 1 {
		t.Fatalf("%d log entries, %v", len(entries), err)
	}
	tle := entries[0].TransparencyLogEntry()

	// The entry at index 0 of a one-entry log: its inclusion proof and its
	// signed entry timestamp.
	logID, err := a.vs.RekorLogID()
	if err != nil {
		t.Fatal(err)
	}
	rawID, err := hex.DecodeString(logID)
	if err != nil {
		t.Fatal(err)
	}
	set, err := a.vs.RekorSignPayload(tlog.RekorPayload{Body: base64.StdEncoding.EncodeToString(tle.CanonicalizedBody),
		IntegratedTime: tle.IntegratedTime, LogIndex: 0, LogID: logID})
	if err != nil {
		t.Fatal(err)
	}
	proof, err := a.vs.GetInclusionProof(tle.CanonicalizedBody)
	if err != nil {
		t.Fatal(err)
	}
	rootHash, err := hex.DecodeString(*proof.RootHash)
	if err != nil {
		t.Fatal(err)
	}
	pb := &protobundle.Bundle{
		MediaType: "application/vnd.dev.sigstore.bundle.v0.3+json",
		VerificationMaterial: &protobundle.VerificationMaterial{
			Content: &protobundle.VerificationMaterial_Certificate{Certificate: &protocommon.X509Certificate{RawBytes: leaf.Raw}},
			TlogEntries: []*protorekor.TransparencyLogEntry{{
				LogIndex:          0,
				LogId:             &protocommon.LogId{KeyId: rawID},
				KindVersion:       &protorekor.KindVersion{Kind: "hashedrekord", Version: "0.0.1"},
				IntegratedTime:    tle.IntegratedTime,
				InclusionPromise:  &protorekor.InclusionPromise{SignedEntryTimestamp: set},
				InclusionProof:    &protorekor.InclusionProof{LogIndex: 0, RootHash: rootHash, TreeSize: *proof.TreeSize, Checkpoint: &protorekor.Checkpoint{Envelope: *proof.Checkpoint}},
				CanonicalizedBody: tle.CanonicalizedBody,
			}},
		},
		Content: &protobundle.Bundle_MessageSignature{MessageSignature: &protocommon.MessageSignature{
			MessageDigest: &protocommon.HashOutput{Algorithm: protocommon.HashAlgorithm_SHA2_256, Digest: msg.Digest()},
			Signature:     msg.Signature(),
		}},
	}
	js, err := protojson.Marshal(pb)
	if err != nil {
		t.Fatal(err)
	}
	zero := int64(0)
	entry := models.LogEntryAnon{Body: base64.StdEncoding.EncodeToString(tle.CanonicalizedBody), IntegratedTime: &tle.IntegratedTime,
		LogID: &logID, LogIndex: &zero, Verification: &models.LogEntryAnonVerification{InclusionProof: proof, SignedEntryTimestamp: strfmt.Base64(set)}}
	return signed{bundle: js, sig: []byte(base64.StdEncoding.EncodeToString(msg.Signature())), crt: certFile(leaf), digest: msg.Digest(), entry: entry}
}

// certFile is a {tgz}.crt of cert as cosign writes it: base64 of the PEM.
func certFile(cert *x509.Certificate) []byte {
	return []byte(base64.StdEncoding.EncodeToString(pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: cert.Raw})))
}

// rekor is a Rekor log's lookup API (index/retrieve by digest, entries by
// UUID) on 127.0.0.1, serving the entries given to add.
type rekor struct {
	*httptest.Server
	mu      sync.Mutex
	byHash  map[string][]string
	entries map[string]models.LogEntryAnon
}

func newRekor(t testing.TB) *rekor {
	r := &rekor{byHash: map[string][]string{}, entries: map[string]models.LogEntryAnon{}}
	r.Server = httptest.NewServer(http.HandlerFunc(r.serve))
	t.Cleanup(r.Close)
	return r
}

// add makes the log hold the entry of s.
func (r *rekor) add(s signed) {
	r.mu.Lock()
	defer r.mu.Unlock()
	id := fmt.Sprintf("%064x", len(r.entries)+1)
	h := "sha256:" + hex.EncodeToString(s.digest)
	r.byHash[h] = append(r.byHash[h], id)
	r.entries[id] = s.entry
}

func (r *rekor) serve(w http.ResponseWriter, req *http.Request) {
	r.mu.Lock()
	defer r.mu.Unlock()
	w.Header().Set("Content-Type", "application/json")
	switch {
	case req.Method == http.MethodPost && req.URL.Path == "/api/v1/index/retrieve":
		var q struct{ Hash string }
		if err := json.NewDecoder(req.Body).Decode(&q); err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		ids := r.byHash[q.Hash]
		if ids == nil {
			ids = []string{}
		}
		json.NewEncoder(w).Encode(ids)
	case req.Method == http.MethodGet && strings.HasPrefix(req.URL.Path, "/api/v1/log/entries/"):
		id := strings.TrimPrefix(req.URL.Path, "/api/v1/log/entries/")
		e, ok := r.entries[id]
		if !ok {
			http.NotFound(w, req)
			return
		}
		json.NewEncoder(w).Encode(models.LogEntry{id: e})
	default:
		http.NotFound(w, req)
	}
}
