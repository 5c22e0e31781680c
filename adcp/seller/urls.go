package seller

import "github.com/adcp-gen/adcp-gen/adcp/internal/urlcheck"

// buildCheckURLs refuses details holding a URL no buyer would follow: every
// string that adcp.CheckDetailsURLs checks (members named url or ending in
// _url, at any depth) must pass its checks but the known hosts, which only
// the buyer has: https, no userinfo, a host that is a plain DNS name or IP
// address. A javascript:, data: or http: setup_url is refused, not sent.
func buildCheckURLs(details []byte) error {
	return urlcheck.Details(details, func(s string) error {
		_, err := urlcheck.Form(s)
		return err
	})
}
