package api_test

import (
	"bytes"
	"net/http"
	"strings"
	"testing"

	"dwsurvey/internal/testenv"
	"dwsurvey/models"
)

// Admin template management: covers (JPG/PNG by content, ≤ 2MB) served to every author who may see
// the template, industry/scene facets, edits that keep another administrator's cover, and refused
// input that changes nothing.
func TestAuthoringTemplateCoversAndFacets(t *testing.T) {
	both(t, testenv.Options{}, func(t *testing.T, e *testenv.Env) {
		adm := e.Client(t, e.AdminToken(t))
		e.CreateUser(t, "tpladmin", "secret-pw", models.PermSurveyManage, models.PermAdminTemplate)
		adm2 := e.Client(t, e.Login(t, "tpladmin", "secret-pw"))
		a := author(t, e, "coverauthor")

		png := pngBytes(t)
		var ups []struct {
			ID string `json:"id"`
		}
		adm.Upload("up/up-file.do", "file", "cover.png", png, nil).OK(t, &ups)
		cover := ups[0].ID
		// a renamed non-image is refused by the upload itself (content check), nothing stored
		before := testenv.Count(t, e.DB, &models.UploadFile{})
		adm.Upload("up/up-file.do", "file", "fake.png", []byte("<html><script>alert(1)</script></html>"), nil).Refused(t, 400, "not a .png file")
		if testenv.Count(t, e.DB, &models.UploadFile{}) != before {
			t.Fatal("refused upload stored a file")
		}
		// an image that is not JPG/PNG is refused as a cover
		gif := []byte("GIF89a\x01\x00\x01\x00\x80\x00\x00\x00\x00\x00\xff\xff\xff!\xf9\x04\x01\x00\x00\x00\x00,\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;")
		adm.Upload("up/up-file.do", "file", "c.gif", gif, nil).OK(t, &ups)
		gifID := ups[0].ID
		snap := authoringSnapshot(t, e.DB)
		adm.Post("app/survey-template/add.do", map[string]any{"templateName": "Gif", "coverId": gifID}).Refused(t, 400, "JPG or PNG")
		adm.Post("app/survey-template/add.do", map[string]any{"templateName": "Nope", "coverId": "no-such-upload"}).Refused(t, 400, "upload it again")
		adm.Post("app/survey-template/add.do", map[string]any{"templateName": "", "coverId": cover}).Refused(t, 400, "template name")
		adm.Post("app/survey-template/add.do", map[string]any{"templateName": "X", "templateState": 7}).Refused(t, 400, "Template state")
		a.Post("app/survey-template/add.do", map[string]any{"templateName": "Mine", "coverId": cover}).Refused(t, 403, "")
		if authoringSnapshot(t, e.DB) != snap {
			t.Fatal("refused template calls changed data")
		}

		var site struct {
			ID       string `json:"id"`
			CoverID  string `json:"coverId"`
			CoverURL string `json:"coverUrl"`
		}
		adm.Post("app/survey-template/add.do", map[string]any{"templateName": "School trip", "coverId": cover, "industry": "education",
			"scene": "feedback", "notes": "n", "templateState": 0}).OK(t, &site)
		if site.CoverID != cover || !strings.Contains(site.CoverURL, "cover.do?id="+site.ID) {
			t.Fatalf("site template %+v", site)
		}
		coverPath := strings.TrimPrefix(site.CoverURL, "/api/dwsurvey/")
		// unpublished: the author neither sees it nor its cover
		if r := a.Get(coverPath); r.Code(t) != 404 {
			t.Fatalf("cover of an unpublished template: %d", r.Code(t))
		}
		var f struct {
			Industries []string `json:"industries"`
			Scenes     []string `json:"scenes"`
		}
		a.Get("app/survey-template/facets.do").OK(t, &f)
		if len(f.Industries) != 0 {
			t.Fatalf("facets leak unpublished templates: %+v", f)
		}
		// another administrator publishes it without re-uploading the cover (kept although not its upload)
		adm2.Post("app/survey-template/edit.do", map[string]any{"id": site.ID, "templateName": "School trip", "coverId": cover,
			"industry": "education", "scene": "feedback", "templateState": 1}).OK(t, nil)
		// and cannot attach a cover uploaded by someone else
		adm2.Post("app/survey-template/edit.do", map[string]any{"id": site.ID, "templateName": "School trip", "coverId": gifID,
			"templateState": 1}).Refused(t, 400, "upload it again")
		r := a.Get(coverPath)
		if r.Status != http.StatusOK || !bytes.Equal(r.Body, png) || r.Header.Get("Content-Type") != "image/png" ||
			r.Header.Get("X-Content-Type-Options") != "nosniff" {
			t.Fatalf("cover for an author: %d %v", r.Status, r.Header)
		}
		a.Get("app/survey-template/facets.do").OK(t, &f)
		if len(f.Industries) != 1 || f.Industries[0] != "education" || len(f.Scenes) != 1 || f.Scenes[0] != "feedback" {
			t.Fatalf("facets %+v", f)
		}
		// anonymous callers get nothing
		anon := e.Client(t, "")
		if r := anon.Get(coverPath); r.Code(t) == 200 {
			t.Fatal("anonymous cover download")
		}
		// bad edit input changes nothing
		snap = authoringSnapshot(t, e.DB)
		adm.Post("app/survey-template/edit.do", map[string]any{"id": site.ID, "templateName": strings.Repeat("x", 19)}).Refused(t, 400, "at most 18")
		adm.Post("app/survey-template/edit.do", map[string]any{"id": site.ID, "templateName": "ok", "notes": strings.Repeat("n", 501)}).Refused(t, 400, "at most 500")
		if authoringSnapshot(t, e.DB) != snap {
			t.Fatal("refused edits changed data")
		}
		// removing the cover
		adm.Post("app/survey-template/edit.do", map[string]any{"id": site.ID, "templateName": "School trip", "removeCover": true, "templateState": 1}).OK(t, &site)
		if site.CoverID != "" || site.CoverURL != "" {
			t.Fatalf("cover not removed %+v", site)
		}
		if r := a.Get(coverPath); r.Code(t) != 404 {
			t.Fatal("removed cover still served")
		}
	})
}
