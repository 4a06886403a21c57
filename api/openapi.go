package api

import (
	"encoding/json"
	"sort"
	"strings"
)

// OpenAPI renders the route table as an OpenAPI 3 document. Every app/ and admin/
// operation lists the permission it needs (x-permission) and the bearer-less token scheme.
func OpenAPI(routes []Route) ([]byte, error) {
	paths := map[string]map[string]any{}
	for _, r := range routes {
		p := Prefix + "/" + r.Path
		for strings.Contains(p, "/:") {
			i := strings.Index(p, "/:")
			j := strings.IndexByte(p[i+1:], '/')
			name := p[i+2:]
			rest := ""
			if j >= 0 {
				name, rest = p[i+2:i+1+j], p[i+1+j:]
			}
			p = p[:i] + "/{" + name + "}" + rest
		}
		if paths[p] == nil {
			paths[p] = map[string]any{}
		}
		op := map[string]any{"summary": r.Name, "tags": []string{strings.SplitN(r.Path, "/", 2)[0]},
			"responses": map[string]any{"200": map[string]any{"description": "Envelope {resultCode, resultMsg, data} (PageResult for lists, see docs/api-foundation.md)"}}}
		if r.Perm != "" {
			op["security"] = []map[string][]string{{"token": {}}}
			op["x-permission"] = r.Perm
		}
		if strings.HasPrefix(r.Path, "open/") {
			op["security"] = []map[string][]string{{"appKey": {}, "appTimestamp": {}, "appNonce": {}, "appSignature": {}}}
			op["responses"] = map[string]any{
				"200": map[string]any{"description": "Envelope {resultCode: 200, resultMsg, data}"},
				"400": map[string]any{"description": "Bad input (envelope resultCode 400, resultMsg says what)"},
				"401": map[string]any{"description": "Signature refused: missing headers, timestamp outside 5 minutes, bad nonce, unknown key or wrong signature, nonce already used"},
				"403": map[string]any{"description": "Application disabled, its account inactive, or the account lacks the permission"},
				"404": map[string]any{"description": "Not found (also another account's survey or export)"},
				"429": map[string]any{"description": "The application's rate limit is reached; Retry-After in seconds"},
			}
		}
		paths[p][strings.ToLower(r.Method)] = op
	}
	keys := make([]string, 0, len(paths))
	for k := range paths {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	doc := map[string]any{
		"openapi": "3.0.3",
		"info":    map[string]any{"title": "DWSurvey API", "version": "8.0", "description": "Conventions: ../shared/API.md; contracts: docs/api-foundation.md"},
		"paths":   paths,
		"components": map[string]any{"securitySchemes": map[string]any{
			"token":        map[string]any{"type": "apiKey", "in": "header", "name": "Authorization", "description": "raw token from login.do"},
			"appKey":       map[string]any{"type": "apiKey", "in": "header", "name": "X-Dw-App-Key", "description": "Open API: the application's key (System > App secret)"},
			"appTimestamp": map[string]any{"type": "apiKey", "in": "header", "name": "X-Dw-Timestamp", "description": "Open API: Unix seconds, within 5 minutes of the server's clock"},
			"appNonce":     map[string]any{"type": "apiKey", "in": "header", "name": "X-Dw-Nonce", "description": "Open API: 16-64 characters of A-Z a-z 0-9 _ -, never reused by the application"},
			"appSignature": map[string]any{"type": "apiKey", "in": "header", "name": "X-Dw-Signature", "description": OpenAPISigning},
		}},
	}
	return json.MarshalIndent(doc, "", "  ")
}

// OpenAPISigning documents the open API's signature in the OpenAPI file (docs/open-api.md
// has the same text with Go and Python examples).
const OpenAPISigning = `Open API signature: lower-case hex HMAC-SHA256(app secret, string to sign), where the string to sign is
METHOD + "\n" + TARGET + "\n" + TIMESTAMP + "\n" + NONCE + "\n" + hex(SHA-256(request body))
(METHOD upper case; TARGET the path and query exactly as sent, e.g. /api/dwsurvey/open/v1/surveys?pageSize=20; no body: the SHA-256 of nothing).
Copy-paste (shell):
KEY=dwk_...; SECRET=dws_...; BASE=http://127.0.0.1:8080
TARGET='/api/dwsurvey/open/v1/surveys?current=1&pageSize=20'
TS=$(date +%s); NONCE=$(openssl rand -hex 16); BODY=''
BODY_HASH=$(printf '%s' "$BODY" | openssl dgst -sha256 -hex | sed 's/^.* //')
SIG=$(printf 'GET\n%s\n%s\n%s\n%s' "$TARGET" "$TS" "$NONCE" "$BODY_HASH" | openssl dgst -sha256 -hmac "$SECRET" -hex | sed 's/^.* //')
curl -s "$BASE$TARGET" -H "X-Dw-App-Key: $KEY" -H "X-Dw-Timestamp: $TS" -H "X-Dw-Nonce: $NONCE" -H "X-Dw-Signature: $SIG"`
