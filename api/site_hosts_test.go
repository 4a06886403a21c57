package api_test

import (
	"encoding/json"
	"net/http"
	"testing"

	"dwsurvey/internal/testenv"
	"dwsurvey/models"
	"dwsurvey/services/site"
)

type sysProp struct {
	PropertyJSON struct {
		SysTheme struct {
			PrimaryColor string `json:"primaryColor"`
			Logo         string `json:"logo"`
		} `json:"sysTheme"`
	} `json:"propertyJson"`
	Hostname string `json:"hostname"`
	SiteName string `json:"siteName"`
}

func siteBody(name, color, logo string) M {
	return M{"footerInfo": M{"siteName": name}, "propertyJson": M{"sysTheme": M{"primaryColor": color, "logo": logo}}}
}

// TestSiteThemeAndHostnames: the theme colour (AA contrast with white text) and logo are
// served to anonymous pages; hostnames with their own settings get them (by the hostname
// parameter or the Host header), others the site-wide ones; bad input changes nothing.
func TestSiteThemeAndHostnames(t *testing.T) {
	both(t, testenv.Options{}, func(t *testing.T, e *testenv.Env) {
		admin := e.Client(t, e.AdminToken(t))
		anon := e.Client(t, "")
		logo := "/api/dwsurvey/up/download/abc?resourceToken=t1"
		admin.Post("admin/site/save.do", siteBody("Main site", "#7B1FA2", logo)).OK(t, nil)
		var p sysProp
		anon.Get("anon/web/get-sys-property?hostname=unknown.example.org").OK(t, &p)
		if p.PropertyJSON.SysTheme.PrimaryColor != "#7B1FA2" || p.PropertyJSON.SysTheme.Logo != logo || p.SiteName != "Main site" {
			t.Fatalf("site-wide property: %+v", p)
		}

		snap := testenv.Snapshot(t, e.DB)
		for _, c := range []struct {
			body M
			msg  string
		}{
			{siteBody("x", "#FFEB3B", ""), site.MsgContrast},
			{siteBody("x", "#1677ff", ""), site.MsgContrast}, // 4.1:1
			{siteBody("x", "blue", ""), "hex colour"},
			{siteBody("x", "#015AB4", "javascript:alert(1)"), "logo"},
			{siteBody("x", "#015AB4", "//evil.example.com/x.png"), "logo"},
			{siteBody("", "#015AB4", ""), "site name"},
		} {
			admin.Post("admin/site/save.do", c.body).Refused(t, 400, c.msg)
			admin.Post("admin/site/host-save.do", M{"hostname": "brand.example.com", "settings": c.body}).Refused(t, 400, c.msg)
		}
		for _, h := range []string{"", "http://brand.example.com/x", "10.0.0.1", "bad_host!", "-x.example.com"} {
			admin.Post("admin/site/host-save.do", M{"hostname": h, "settings": siteBody("B", "#015AB4", "")}).Refused(t, 400, "hostname")
		}
		admin.Post("admin/site/host-delete.do", M{"hostname": "nope.example.com"}).Refused(t, 404, "Not found")
		if testenv.Snapshot(t, e.DB) != snap {
			t.Fatal("refused saves changed data")
		}

		var h site.Host
		admin.Post("admin/site/host-save.do", M{"hostname": " Brand.Example.COM:8443 ", "settings": siteBody("Brand", "#1B5E20", "https://cdn.example.com/brand.png")}).OK(t, &h)
		if h.Hostname != "brand.example.com" {
			t.Fatalf("hostname %q", h.Hostname)
		}
		anon.Get("anon/web/get-sys-property?hostname=brand.example.com").OK(t, &p)
		if p.PropertyJSON.SysTheme.PrimaryColor != "#1B5E20" || p.SiteName != "Brand" || p.Hostname != "brand.example.com" {
			t.Fatalf("brand property: %+v", p)
		}
		var foot site.FooterInfo
		anon.Get("anon/web/footer-info.do?hostname=BRAND.example.com").OK(t, &foot)
		if foot.SiteName != "Brand" || foot.VersionNumber != site.VersionNumber {
			t.Fatalf("brand footer: %+v", foot)
		}
		// without the parameter, the request's Host decides
		req, _ := http.NewRequest(http.MethodGet, e.Server.URL+"/api/dwsurvey/anon/web/footer-info.do", nil)
		req.Host = "brand.example.com"
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		var env struct{ Data site.FooterInfo }
		if err := json.NewDecoder(res.Body).Decode(&env); err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if env.Data.SiteName != "Brand" {
			t.Fatalf("by Host header: %+v", env.Data)
		}
		var hosts []site.Host
		admin.Get("admin/site/host-list.do").OK(t, &hosts)
		if len(hosts) != 1 || hosts[0].Settings.FooterInfo.SiteName != "Brand" {
			t.Fatalf("hosts: %+v", hosts)
		}
		admin.Post("admin/site/host-delete.do", M{"hostname": "brand.example.com"}).OK(t, nil)
		anon.Get("anon/web/get-sys-property?hostname=brand.example.com").OK(t, &p)
		if p.SiteName != "Main site" {
			t.Fatalf("after delete: %+v", p)
		}

		var v site.VersionInfo
		admin.Get("admin/site/version.do").OK(t, &v)
		if v.SchemaVersion != models.LatestVersion() || v.VersionNumber != site.VersionNumber || v.GoVersion == "" {
			t.Fatalf("version: %+v", v)
		}
	})
}
