package api_test

import (
	"bytes"
	"encoding/json"
	"image"
	"image/color"
	"image/png"
	"os"
	"strings"
	"testing"

	"rsc.io/qr"

	"dwsurvey/internal/testenv"
	"dwsurvey/models"
)

type posterRow struct {
	ID        string `json:"id"`
	Name      string `json:"name"`
	Status    int    `json:"status"`
	IsDefault bool   `json:"isDefault"`
	Layout    struct {
		BgColor, TextColor, Subtitle, Footer, CoverID string
	} `json:"layout"`
}

// posterQR finds the white QR square of a poster (x 175..575) and reads its modules back.
func posterQR(t *testing.T, img image.Image, size int) func(x, y int) bool {
	t.Helper()
	white := func(x, y int) bool {
		r, g, b, _ := img.At(x, y).RGBA()
		return r > 0xf000 && g > 0xf000 && b > 0xf000
	}
	top := -1
	for y := 0; y+400 <= img.Bounds().Dy() && top < 0; y++ {
		ok := true
		for yy := y; yy < y+400 && ok; yy += 7 {
			ok = white(176, yy) && white(574, yy)
		}
		if ok {
			top = y
		}
	}
	if top < 0 {
		t.Fatal("no QR square on the poster")
	}
	mod := 360 / size
	off := (400 - mod*size) / 2
	return func(x, y int) bool { return !white(175+off+x*mod+mod/2, top+off+y*mod+mod/2) }
}

func TestPostersAndStyleTemplates(t *testing.T) {
	both(t, testenv.Options{}, func(t *testing.T, e *testenv.Env) {
		admin := e.Client(t, e.AdminToken(t))
		e.CreateUser(t, "author01", "poster-pw", models.PermSurveyManage)
		e.CreateUser(t, "author02", "poster-pw", models.PermSurveyManage)
		author := e.Client(t, e.Login(t, "author01", "poster-pw"))
		other := e.Client(t, e.Login(t, "author02", "poster-pw"))
		snap := func() string {
			return testenv.TableSnapshot(t, e.DB, "poster_templates", "id") + testenv.TableSnapshot(t, e.DB, "style_templates", "id")
		}

		// bad input: clear errors, nothing stored
		before := snap()
		for _, c := range []struct {
			body map[string]any
			msg  string
		}{
			{map[string]any{"name": strings.Repeat("海", 19)}, "at most 18"},
			{map[string]any{"name": ""}, "poster name"},
			{map[string]any{"name": "Pale", "layout": map[string]any{"bgColor": "#FFFFFF", "textColor": "#EEEEEE"}}, "contrast"},
			{map[string]any{"name": "Bad colour", "layout": map[string]any{"bgColor": "red"}}, "#015AB4"},
			{map[string]any{"name": "Long", "layout": map[string]any{"subtitle": strings.Repeat("x", 41)}}, "at most 40"},
			{map[string]any{"name": "Cover", "layout": map[string]any{"coverId": "nope"}}, "upload it again"},
		} {
			admin.Post("admin/poster/save.do", c.body).Refused(t, 400, c.msg)
		}
		for _, c := range []struct {
			body map[string]any
			msg  string
		}{
			{map[string]any{"name": strings.Repeat("x", 19), "style": map[string]any{}}, "at most 18"},
			{map[string]any{"name": "Red", "style": map[string]any{"themeColor": "javascript:1"}}, "themeColor"},
			{map[string]any{"name": "Img", "style": map[string]any{"logoImg": map[string]any{"src": "javascript:alert(1)"}}}, "logoImg"},
			{map[string]any{"name": "Unknown", "style": map[string]any{"fontFamily": "x"}}, "surveyStyle"},
			{map[string]any{"name": "Array", "style": []int{1}}, "surveyStyle"},
		} {
			admin.Post("admin/style-template/save.do", c.body).Refused(t, 400, c.msg)
		}
		if after := snap(); after != before {
			t.Fatalf("refused saves changed the tables:\n%s\n%s", before, after)
		}

		// a user without admin:style is refused the admin calls
		author.Post("admin/poster/save.do", map[string]any{"name": "Mine"}).Refused(t, 403, "")
		author.Get("admin/style-template/list.do").Refused(t, 403, "")

		var p1, p2 posterRow
		admin.Post("admin/poster/save.do", map[string]any{"name": "Blue", "layout": map[string]any{"bgColor": "#015AB4", "subtitle": "Takes 3 minutes", "footer": "Scan to answer"}}).OK(t, &p1)
		admin.Post("admin/poster/save.do", map[string]any{"name": "Dark", "isDefault": true, "layout": map[string]any{"bgColor": "#222222", "textColor": "#FFD666"}}).OK(t, &p2)
		admin.Post("admin/poster/save.do", map[string]any{"id": p1.ID, "isDefault": true}).OK(t, nil)
		var rows []posterRow
		admin.Get("admin/poster/list.do").Page(t, &rows)
		if len(rows) != 2 || rows[0].ID != p1.ID || !rows[0].IsDefault || rows[1].IsDefault || rows[0].Layout.Subtitle != "Takes 3 minutes" {
			t.Fatalf("list = %+v", rows)
		}
		admin.Post("admin/poster/save.do", map[string]any{"id": p2.ID, "status": 0}).OK(t, nil)
		author.Get("app/poster/list.do").Page(t, &rows)
		if len(rows) != 1 || rows[0].ID != p1.ID {
			t.Fatalf("authors see %+v", rows)
		}

		// the author's survey poster: a PNG whose QR code holds the answer link
		var sv struct{ ID, Sid string }
		author.Post("app/survey/add.do", map[string]any{"surveyName": "Canteen survey 食堂", "surveyType": "survey"}).OK(t, &sv)
		if sv.Sid == "" {
			var got models.Survey
			if err := e.DB.Take(&got, "id = ?", sv.ID).Error; err != nil {
				t.Fatal(err)
			}
			sv.Sid = got.Sid
		}
		res := author.Get("app/poster/survey.png?surveyId=" + sv.ID)
		if res.Status != 200 || res.Header.Get("Content-Type") != "image/png" {
			t.Fatalf("poster: %d %s %.200s", res.Status, res.Header.Get("Content-Type"), res.Body)
		}
		if out := os.Getenv("DWS_POSTER_OUT"); out != "" {
			_ = os.WriteFile(out, res.Body, 0o644) // look at it
		}
		img, err := png.Decode(bytes.NewReader(res.Body))
		if err != nil || img.Bounds().Dx() != 750 || img.Bounds().Dy() < 700 || img.Bounds().Dy() > 1200 {
			t.Fatalf("poster image: %v %v", err, img.Bounds())
		}
		if got := color.RGBAModel.Convert(img.At(5, 5)); got != (color.RGBA{0x01, 0x5A, 0xB4, 255}) {
			t.Fatalf("background %v, want the default template's #015AB4", img.At(5, 5))
		}
		link := e.Server.URL + "/v8/diaowen/an/" + sv.Sid
		code, err := qr.Encode(link, qr.M)
		if err != nil {
			t.Fatal(err)
		}
		dark := posterQR(t, img, code.Size)
		for y := 0; y < code.Size; y++ {
			for x := 0; x < code.Size; x++ {
				if dark(x, y) != code.Black(x, y) {
					t.Fatalf("QR module (%d,%d) differs from the code of %s", x, y, link)
				}
			}
		}
		// another author's survey, a disabled template: not found
		if res := other.Get("app/poster/survey.png?surveyId=" + sv.ID); res.Status != 404 {
			t.Fatalf("another author's survey: %d", res.Status)
		}
		if res := author.Get("app/poster/survey.png?surveyId=" + sv.ID + "&templateId=" + p2.ID); res.Status != 404 {
			t.Fatalf("disabled template: %d", res.Status)
		}
		// the admin preview of an unsaved layout
		res = admin.Post("admin/poster/preview.do", map[string]any{"layout": map[string]any{"bgColor": "#5B2C6F"}})
		if img, err := png.Decode(bytes.NewReader(res.Body)); err != nil || img.Bounds().Dx() != 750 {
			t.Fatalf("preview: %v %.200s", err, res.Body)
		}

		// style templates: saved normalised, authors list the enabled ones, delete
		var st struct {
			ID    string          `json:"id"`
			Style json.RawMessage `json:"style"`
		}
		admin.Post("admin/style-template/save.do", map[string]any{"name": "Forest", "note": "green", "style": map[string]any{"themeColor": "#1F6F3F", "pageBgColor": "#F0F7F2", "showQuNum": true}}).OK(t, &st)
		var style map[string]any
		_ = json.Unmarshal(st.Style, &style)
		if style["themeColor"] != "#1F6F3F" || style["showQuNum"] != true {
			t.Fatalf("style %s", st.Style)
		}
		var styles []struct{ ID, Name string }
		author.Get("app/style-template/list.do").Page(t, &styles)
		if len(styles) != 1 || styles[0].Name != "Forest" {
			t.Fatalf("authors see %+v", styles)
		}
		admin.Post("admin/style-template/save.do", map[string]any{"id": st.ID, "status": 0}).OK(t, nil)
		author.Get("app/style-template/list.do").Page(t, &styles)
		if len(styles) != 0 {
			t.Fatalf("a disabled template is listed: %+v", styles)
		}
		admin.Post("admin/style-template/delete.do", map[string]any{"ids": []string{st.ID}}).OK(t, nil)
		admin.Post("admin/poster/delete.do", map[string]any{"ids": []string{p1.ID, p2.ID}}).OK(t, nil)
		if n := testenv.Count(t, e.DB, &models.PosterTemplate{}); n != 0 {
			t.Fatalf("%d poster templates left", n)
		}
	})
}
