package api_test

import (
	"bytes"
	"image/png"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"rsc.io/qr"

	"dwsurvey/internal/testenv"
	"dwsurvey/models"
)

type verifyInfo struct {
	AnswerID   string `json:"answerId"`
	Code       string `json:"code"`
	ImgType    string `json:"imgType"`
	Source     string `json:"source"`
	ExpireDate string `json:"expireDate"`
	Expired    bool   `json:"expired"`
}

func verifyDoc(attr M) M {
	return M{"surveyAttrs": M{"verifyCodeAttr": attr}, "questions": []M{
		{"dwId": "q1", "quType": "RADIO", "quTitle": "Q1", "quAttr": M{"isRequired": true}, "quRadios": []M{opt("q1a1"), opt("q1a2")}},
		{"dwId": "vc", "quType": "DW_COMPONENT", "childType": "verifycode", "quTitle": "Code"},
	}}
}

func anCode(code string) M {
	return M{"quDwId": "vc", "quType": "DW_COMPONENT", "anFbk": M{"answer": code}}
}

func verifyQuery(answerID, token string) string {
	return "answerId=" + url.QueryEscape(answerID) + "&resumeToken=" + url.QueryEscape(token)
}

func TestAnswerVerifyCode(t *testing.T) {
	both(t, testenv.Options{}, func(t *testing.T, e *testenv.Env) {
		owner := author(t, e, "vcowner")
		stranger := author(t, e, "vcother")
		anon := e.Client(t, "")

		// barcode (default type and expiry), code from the component
		id, _ := publishDoc(t, owner, "survey", verifyDoc(M{"enabled": true}))
		d := expectSaveCode(t, anon, answerBody(id, newDwID(), []M{anRadio("q1", "q1a1"), anCode("AB12cd")}, nil), 201)
		var v verifyInfo
		anon.Get(ans+"verify-code.do?"+verifyQuery(d.DbAnswerID, d.ResumeToken)).OK(t, &v)
		if v.Code != "AB12cd" || v.ImgType != "barcode" || v.Source != "component" || v.Expired || v.AnswerID != d.DbAnswerID {
			t.Fatalf("verify code: %+v", v)
		}
		var row models.Answer
		if err := e.DB.Where("id = ?", d.DbAnswerID).Take(&row).Error; err != nil {
			t.Fatal(err)
		}
		if want := models.FormatTime(row.EndAnDate.Add(24 * time.Hour)); v.ExpireDate != want {
			t.Fatalf("default expiry should be one day after the submit: %q, want %q", v.ExpireDate, want)
		}
		// access rule: no token, a wrong token, another user: not found; the owner may read it
		anon.Get(ans+"verify-code.do?answerId="+d.DbAnswerID).Refused(t, 404, "")
		anon.Get(ans+"verify-code.do?"+verifyQuery(d.DbAnswerID, "wrong")).Refused(t, 404, "")
		stranger.Get(ans+"verify-code.do?answerId="+d.DbAnswerID).Refused(t, 404, "")
		anon.Get(ans+"verify-code.do?"+verifyQuery("", d.ResumeToken)).Refused(t, 404, "")
		anon.Get(ans+"verify-code.do?"+verifyQuery(strings.Repeat("x", 200), d.ResumeToken)).Refused(t, 404, "")
		var ov verifyInfo
		owner.Get(ans+"verify-code.do?answerId="+d.DbAnswerID).OK(t, &ov)
		if ov.Code != "AB12cd" {
			t.Fatalf("owner sees %+v", ov)
		}

		// the QR image: the PNG of exactly the stored code
		r := anon.Get(ans + "verify-code-qr.do?" + verifyQuery(d.DbAnswerID, d.ResumeToken))
		if r.Status != 200 || r.Header.Get("Content-Type") != "image/png" || r.Header.Get("Cache-Control") != "no-store" {
			t.Fatalf("qr: HTTP %d %v", r.Status, r.Header)
		}
		img, err := png.Decode(bytes.NewReader(r.Body))
		if err != nil {
			t.Fatalf("qr is not a PNG: %v", err)
		}
		want, _ := qr.Encode("AB12cd", qr.M)
		want.Scale = 6
		if img.Bounds() != want.Image().Bounds() {
			t.Fatalf("qr does not encode the code: %v vs %v", img.Bounds(), want.Image().Bounds())
		}
		wimg := want.Image()
		for y := 0; y < img.Bounds().Dy(); y += 3 {
			for x := 0; x < img.Bounds().Dx(); x += 3 {
				r1, _, _, _ := img.At(x, y).RGBA()
				r2, _, _, _ := wimg.At(x, y).RGBA()
				if (r1 > 0x7fff) != (r2 > 0x7fff) {
					t.Fatalf("qr pixel (%d,%d) differs from the QR of the code", x, y)
				}
			}
		}
		for _, bad := range []*testenv.Response{
			anon.Get(ans + "verify-code-qr.do?answerId=" + d.DbAnswerID),
			anon.Get(ans + "verify-code-qr.do?" + verifyQuery(d.DbAnswerID, "wrong")),
			anon.Get(ans + "verify-code-qr.do?" + verifyQuery("no-such-answer", d.ResumeToken)),
			stranger.Get(ans + "verify-code-qr.do?answerId=" + d.DbAnswerID),
		} {
			if bad.Status != 404 || strings.HasPrefix(string(bad.Body), "\x89PNG") {
				t.Fatalf("qr without access: HTTP %d", bad.Status)
			}
		}

		// expired (submitted three days ago): flagged, and no image any more
		if err := e.DB.Model(&models.Answer{}).Where("id = ?", d.DbAnswerID).Update("end_an_date", time.Now().Add(-72*time.Hour)).Error; err != nil {
			t.Fatal(err)
		}
		anon.Get(ans+"verify-code.do?"+verifyQuery(d.DbAnswerID, d.ResumeToken)).OK(t, &v)
		if !v.Expired || v.Code != "AB12cd" {
			t.Fatalf("expired: %+v", v)
		}
		if r := anon.Get(ans + "verify-code-qr.do?" + verifyQuery(d.DbAnswerID, d.ResumeToken)); r.Status != 404 {
			t.Fatalf("qr of an expired code: HTTP %d", r.Status)
		}

		// QR type, 2 days; a browser-sent code of another shape is replaced by the server's code
		id2, _ := publishDoc(t, owner, "survey", verifyDoc(M{"enabled": true, "imgType": "qr", "expireDays": 2}))
		d2 := expectSaveCode(t, anon, answerBody(id2, newDwID(), []M{anRadio("q1", "q1a1"), anCode("<b>x</b>")}, nil), 201)
		var v2 verifyInfo
		anon.Get(ans+"verify-code.do?"+verifyQuery(d2.DbAnswerID, d2.ResumeToken)).OK(t, &v2)
		if v2.ImgType != "qr" || v2.Source != "server" || !regexp.MustCompile(`^[A-Z2-9]{10}$`).MatchString(v2.Code) || v2.Expired {
			t.Fatalf("server code: %+v", v2)
		}
		var again verifyInfo
		owner.Get(ans+"verify-code.do?answerId="+d2.DbAnswerID).OK(t, &again)
		if again.Code != v2.Code {
			t.Fatalf("server code not stable: %q vs %q", again.Code, v2.Code)
		}
		d3 := expectSaveCode(t, anon, answerBody(id2, newDwID(), []M{anRadio("q1", "q1a2")}, nil), 201)
		var v3 verifyInfo
		anon.Get(ans+"verify-code.do?"+verifyQuery(d3.DbAnswerID, d3.ResumeToken)).OK(t, &v3)
		if v3.Source != "server" || v3.Code == v2.Code {
			t.Fatalf("codes of two answers: %+v %+v", v2, v3)
		}
		var row2 models.Answer
		if err := e.DB.Where("id = ?", d2.DbAnswerID).Take(&row2).Error; err != nil {
			t.Fatal(err)
		}
		if want := models.FormatTime(row2.EndAnDate.Add(48 * time.Hour)); v2.ExpireDate != want {
			t.Fatalf("expireDays 2: %q, want %q", v2.ExpireDate, want)
		}

		// attribute off: not found; drafts: not found
		id4, _ := publishDoc(t, owner, "survey", verifyDoc(M{"enabled": false}))
		d4 := expectSaveCode(t, anon, answerBody(id4, newDwID(), []M{anRadio("q1", "q1a1"), anCode("AB12cd")}, nil), 201)
		anon.Get(ans+"verify-code.do?"+verifyQuery(d4.DbAnswerID, d4.ResumeToken)).Refused(t, 404, "")
		_, dr := save(t, anon, answerBody(id, newDwID(), []M{anRadio("q1", "q1a1"), anCode("ZZ99")}, M{"saveStatus": 1}))
		if dr.DbAnswerID == "" {
			t.Fatalf("draft not saved: %+v", dr)
		}
		anon.Get(ans+"verify-code.do?"+verifyQuery(dr.DbAnswerID, dr.ResumeToken)).Refused(t, 404, "")
	})
}
