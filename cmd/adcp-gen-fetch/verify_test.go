package main

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/adcp-gen/adcp-gen/internal/hostile"
	"github.com/adcp-gen/adcp-gen/specfetch"
)

// TestVerify: a Sigstore bundle of the release workflow verifies with its
// log entry, a .sig and .crt pair with the entry looked up in the log, and
// every other signature is refused, whatever is wrong with it, a .sig and
// .crt whose log cannot be reached included.
func TestVerify(t *testing.T) {
	a, b := newAuthority(t), newAuthority(t)
	artifact := []byte("the release bundle")
	good := a.sign(t, goodSAN, goodIssuer, artifact)
	other := b.sign(t, goodSAN, goodIssuer, artifact)
	otherRepo := a.sign(t, "https://github.com/attacker/adcp/.github/workflows/release.yml@refs/tags/v3.2.0", goodIssuer, artifact)
	otherWorkflow := a.sign(t, "https://github.com/adcontextprotocol/adcp/.github/workflows/ci.yml@refs/heads/main", goodIssuer, artifact)
	suffix := a.sign(t, goodSAN+"\nhttps://github.com/attacker/x", goodIssuer, artifact)
	otherIssuer := a.sign(t, goodSAN, "https://accounts.google.com", artifact)
	otherBytes := a.sign(t, goodSAN, goodIssuer, []byte("other bytes"))

	// The log holds good's entry, and otherRepo's (of the same archive).
	rk := newRekor(t)
	rk.add(good)
	rk.add(otherRepo)
	t.Setenv(envRekorURL, rk.URL)
	v, err := newVerifier(a.rootFile)
	if err != nil {
		t.Fatal(err)
	}
	// A log that holds only otherRepo's entry of the archive, one that
	// holds nothing, one that cannot be reached, one that answers nonsense.
	rkOther, rkEmpty, rkDown := newRekor(t), newRekor(t), newRekor(t)
	rkOther.add(otherRepo)
	rkDown.Close()
	nonsense := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.Write([]byte("<html>")) }))
	defer nonsense.Close()
	// A log answering a JSON array of 4 MiB.
	huge := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.Write([]byte("[" + strings.Repeat(`"x",`, 1<<20) + `"x"]`))
	}))
	defer huge.Close()
	withLog := func(u string) specfetch.SignatureVerifier {
		c := *v.(*verifier)
		c.rekor = u
		return &c
	}
	// a's log, b's Fulcio: the log entry verifies, the certificate does not.
	otherCA, err := newVerifier(writeRoot(t, b, a))
	if err != nil {
		t.Fatal(err)
	}
	builtin, err := newVerifier("")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(builtin.(*verifier).detail, "certificate in a CT log") {
		t.Error("the built-in public-good root lists no CT log: SCTs would not be required")
	}

	tests := []struct {
		name  string
		v     specfetch.SignatureVerifier
		files specfetch.SignatureFiles
		want  string // in the error; "" when it verifies
	}{
		{"bundle", v, specfetch.SignatureFiles{Bundle: good.bundle}, ""},
		{"bundle beside a bad .sig", v, specfetch.SignatureFiles{Bundle: good.bundle, Sig: []byte("x"), Cert: []byte("y")}, ""},
		{"sig and crt, looked up in the log", v, specfetch.SignatureFiles{Sig: good.sig, Cert: good.crt}, ""},
		{"sig and plain PEM crt", v, specfetch.SignatureFiles{Sig: good.sig, Cert: decoded(t, good.crt)}, ""},
		{"sig and crt, log unreachable", withLog(rkDown.URL), specfetch.SignatureFiles{Sig: good.sig, Cert: good.crt}, "run again when the log can be reached"},
		{"sig and crt, not in the log", withLog(rkEmpty.URL), specfetch.SignatureFiles{Sig: good.sig, Cert: good.crt}, "holds no usable entry of the archive's digest (0 found"},
		{"sig and crt, another signature's entry", withLog(rkOther.URL), specfetch.SignatureFiles{Sig: good.sig, Cert: good.crt}, "its entry in the transparency log"},
		{"sig and crt, a log answering nonsense", withLog(nonsense.URL), specfetch.SignatureFiles{Sig: good.sig, Cert: good.crt}, "asked for the archive's entry"},
		{"sig and crt, a log answering too much", withLog(huge.URL), specfetch.SignatureFiles{Sig: good.sig, Cert: good.crt}, "an answer of more than 1048576 bytes"},

		{"bundle of other bytes", v, specfetch.SignatureFiles{Bundle: otherBytes.bundle}, "failed to verify signature"},
		{"bundle of another authority", v, specfetch.SignatureFiles{Bundle: other.bundle}, "transparency log"},
		{"bundle, certificate of an untrusted CA", otherCA, specfetch.SignatureFiles{Bundle: good.bundle}, "leaf certificate verification failed"},
		{"bundle of another repository", v, specfetch.SignatureFiles{Bundle: otherRepo.bundle}, "attacker"},
		{"bundle of another workflow", v, specfetch.SignatureFiles{Bundle: otherWorkflow.bundle}, "ci.yml"},
		{"bundle of a SAN with a suffix", v, specfetch.SignatureFiles{Bundle: suffix.bundle}, "attacker"},
		{"bundle of another issuer", v, specfetch.SignatureFiles{Bundle: otherIssuer.bundle}, "accounts.google.com"},
		{"bundle without its log entry", v, specfetch.SignatureFiles{Bundle: edit(t, good.bundle, dropLog)}, "transparency log"},
		{"bundle with another log time", v, specfetch.SignatureFiles{Bundle: edit(t, good.bundle, moveLogTime)}, "log inclusion"},
		{"bundle of another artifact's entry", v, specfetch.SignatureFiles{Bundle: swapEntry(t, good.bundle, otherBytes.bundle)}, "transparency log signature does not match"},
		{"bundle against the built-in root", builtin, specfetch.SignatureFiles{Bundle: good.bundle}, "transparency log"},
		{"not a bundle", v, specfetch.SignatureFiles{Bundle: []byte("{}")}, "not a Sigstore bundle"},
		{"garbage bundle", v, specfetch.SignatureFiles{Bundle: []byte("\x00\xff")}, "not a Sigstore bundle"},

		{"sig of other bytes", v, specfetch.SignatureFiles{Sig: otherBytes.sig, Cert: otherBytes.crt}, "its entry in the transparency log"},
		{"sig with another certificate", v, specfetch.SignatureFiles{Sig: good.sig, Cert: otherBytes.crt}, "its entry in the transparency log"},
		{"crt of another authority", v, specfetch.SignatureFiles{Sig: other.sig, Cert: other.crt}, "its entry in the transparency log"},
		{"crt of another repository", v, specfetch.SignatureFiles{Sig: otherRepo.sig, Cert: otherRepo.crt}, "its entry in the transparency log"},
		{"crt of another issuer", v, specfetch.SignatureFiles{Sig: otherIssuer.sig, Cert: otherIssuer.crt}, "its entry in the transparency log"},
		{"crt against the built-in root", builtin, specfetch.SignatureFiles{Sig: good.sig, Cert: good.crt}, "its entry in the transparency log"},
		{"sig not base64", v, specfetch.SignatureFiles{Sig: []byte("!!"), Cert: good.crt}, "signature file: not base64"},
		{"empty sig", v, specfetch.SignatureFiles{Sig: []byte{}, Cert: good.crt}, "signature file"},
		{"crt not a certificate", v, specfetch.SignatureFiles{Sig: good.sig, Cert: []byte("bm90IGEgY2VydA==")}, "certificate file"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := tt.v.Verify(artifact, tt.files)
			if tt.want != "" {
				if err == nil || !strings.Contains(err.Error(), tt.want) {
					t.Fatalf("Verify = %+v, %v; want an error containing %q", s, err, tt.want)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if s.Signer != goodSAN || !strings.Contains(s.Detail, "trusted root trusted_root.json (sha256 ") {
				t.Errorf("Verify = %+v, want identity %s, the trusted root named", s, goodSAN)
			}
		})
	}
}

// TestNewVerifier: a -trusted-root that cannot be read, is not a regular
// file, or is not a trusted root is an error naming it.
func TestNewVerifier(t *testing.T) {
	dir := t.TempDir()
	notRoot := filepath.Join(dir, "root.json")
	if err := os.WriteFile(notRoot, []byte(`{"mediaType": "nope"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	big := filepath.Join(dir, "big.json")
	if err := os.WriteFile(big, bytes.Repeat([]byte(" "), maxTrustedRootSize+1), 0o644); err != nil {
		t.Fatal(err)
	}
	fifo := filepath.Join(dir, "fifo.json") // opening it would wait for a writer
	hostile.Mkfifo(t, fifo)
	for file, want := range map[string]string{
		filepath.Join(dir, "absent.json"): "absent.json",
		notRoot:                           notRoot + ": not a Sigstore trusted root",
		big:                               "more than",
		fifo:                              fifo + ": not a regular file",
	} {
		if _, err := newVerifier(file); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("newVerifier(%s) = %v, want an error containing %q", file, err, want)
		}
	}
}

// decoded is the PEM inside a cosign .crt.
func decoded(t *testing.T, crt []byte) []byte {
	t.Helper()
	b, err := base64.StdEncoding.DecodeString(string(crt))
	if err != nil || !bytes.HasPrefix(b, []byte("-----BEGIN CERTIFICATE-----")) {
		t.Fatalf("not a cosign .crt: %v", err)
	}
	return b
}

// edit decodes a bundle's JSON, applies f, and encodes it again.
func edit(t *testing.T, bundle []byte, f func(m map[string]any)) []byte {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(bundle, &m); err != nil {
		t.Fatal(err)
	}
	f(m)
	b, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func logEntry(m map[string]any) map[string]any {
	return m["verificationMaterial"].(map[string]any)["tlogEntries"].([]any)[0].(map[string]any)
}

func dropLog(m map[string]any) {
	delete(m["verificationMaterial"].(map[string]any), "tlogEntries")
}

// moveLogTime claims the entry was logged a minute later than the log
// signed.
func moveLogTime(m map[string]any) {
	e := logEntry(m)
	i, err := strconv.ParseInt(e["integratedTime"].(string), 10, 64)
	if err != nil {
		panic(err)
	}
	e["integratedTime"] = strconv.FormatInt(i+60, 10)
}

// swapEntry puts the log entry of other into bundle.
func swapEntry(t *testing.T, bundle, other []byte) []byte {
	t.Helper()
	var o map[string]any
	if err := json.Unmarshal(other, &o); err != nil {
		t.Fatal(err)
	}
	return edit(t, bundle, func(m map[string]any) {
		m["verificationMaterial"].(map[string]any)["tlogEntries"] = o["verificationMaterial"].(map[string]any)["tlogEntries"]
	})
}

// FuzzVerify: signature files of any bytes never crash the verifier, and
// whatever verifies is signed by the release workflow.
func FuzzVerify(f *testing.F) {
	a := newAuthority(f)
	artifact := []byte("the release bundle")
	s := a.sign(f, goodSAN, goodIssuer, artifact)
	f.Add(s.bundle, s.sig, s.crt)
	f.Add([]byte(nil), s.sig, s.crt)
	f.Add([]byte("{}"), []byte("!"), []byte("-----BEGIN CERTIFICATE-----"))
	rk := newRekor(f)
	rk.add(s)
	f.Setenv(envRekorURL, rk.URL)
	v, err := newVerifier(a.rootFile)
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, bundle, sig, crt []byte) {
		got, err := v.Verify(artifact, specfetch.SignatureFiles{Bundle: bundle, Sig: sig, Cert: crt})
		if err == nil && got.Signer != goodSAN {
			t.Errorf("verified for %q", got.Signer)
		}
	})
}
