package survey_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"dwsurvey/internal/testenv"
	"dwsurvey/models"
	"dwsurvey/services/account"
	svc "dwsurvey/services/survey"
	lang "dwsurvey/survey"
)

func TestSanitizeHTML(t *testing.T) {
	cases := map[string]string{
		`plain & simple`:                                         `plain &amp; simple`,
		`<b>bold</b><script>alert(1)</script>`:                   `<b>bold</b>`,
		`<img src="a.png" onerror="x()">`:                        `<img src="a.png">`,
		`<a href="javascript:alert(1)">x</a>`:                    `<a>x</a>`,
		`<a href=" JaVa&#x09;script:alert(1)">x</a>`:             `<a>x</a>`,
		`<a href="https://example.com" target="_blank">x</a>`:    `<a href="https://example.com" target="_blank">x</a>`,
		`<span style="color:red">r</span>`:                       `<span style="color: red;">r</span>`,
		`<span style="background:url(javascript:x)">r</span>`:    `<span>r</span>`,
		`<style>p{}</style><iframe src="x"></iframe>t<unknown>u`: `tu`,
		`<p onclick="x">p</p>`:                                   `<p>p</p>`,
		`<img src="data:image/png;base64,AAAA">`:                 `<img>`,
		`<img src="data:text/html;base64,AAAA">`:                 `<img>`,
	}
	for in, want := range cases {
		if got := svc.SanitizeHTML(in); got != want {
			t.Errorf("SanitizeHTML(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestServiceRules(t *testing.T) {
	for _, driver := range testenv.Drivers {
		t.Run(driver, func(t *testing.T) {
			db := testenv.DB(t, driver)
			ctx := context.Background()
			s := &svc.Service{DB: db}
			owner := account.NewPrincipalForTest("u-owner", models.PermSurveyManage)
			other := account.NewPrincipalForTest("u-other", models.PermSurveyManage)
			admin := account.NewPrincipalForTest("1", models.RoleSuperAdmin)
			info, err := s.Add(ctx, owner, svc.AddInput{SurveyName: "Exam", SurveyType: "exam"})
			if err != nil {
				t.Fatal(err)
			}
			for _, p := range []*account.Principal{other, admin, nil} {
				if _, err := s.Check(ctx, p, info.ID, svc.NeedAny); !errors.Is(err, models.ErrNotFound) {
					t.Fatalf("access for %v: %v", p, err)
				}
			}
			if _, _, err := s.PublishedDocument(ctx, info.Sid); !errors.Is(err, svc.ErrNotPublished) {
				t.Fatalf("unpublished: %v", err)
			}
			doc := `{"surveyAttrs":{"anPwdAttr":{"enabled":true,"anPwdCode":"secret"}},"questions":[{"dwId":"q1","quType":"RADIO","quTitle":"1+1","quRadios":[{"dwId":"a","optionTitle":"2","isRight":1,"scoreNum":5},{"dwId":"b","optionTitle":"3"}]}]}`
			if _, err := s.Save(ctx, owner, svc.SaveInput{SurveyID: info.ID, SurveyJSONText: []byte(doc)}); err != nil {
				t.Fatal(err)
			}
			if _, err := s.Publish(ctx, owner, info.ID); err != nil {
				t.Fatal(err)
			}
			if _, err := s.Save(ctx, owner, svc.SaveInput{SurveyID: info.ID, SurveyJSONText: []byte(strings.Replace(doc, "1+1", "2+2", 1))}); err != nil {
				t.Fatal(err)
			}
			d, v, err := s.PublishedDocument(ctx, info.ID)
			if err != nil || v != 1 || d.Questions[0].QuTitle != "1+1" {
				t.Fatalf("published: v%d %v", v, err)
			}
			if d.Questions[0].QuRadios[0].OptionTitle != "2" || !bool(d.Questions[0].QuRadios[0].IsRight) {
				t.Fatal("the frozen version lost its answer key")
			}
			_ = lang.TypeRadio
		})
	}
}
