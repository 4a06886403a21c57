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
			"token": map[string]any{"type": "apiKey", "in": "header", "name": "Authorization", "description": "raw token from login.do"}}},
	}
	return json.MarshalIndent(doc, "", "  ")
}
