package survey

import (
	"encoding/json"

	lang "dwsurvey/survey"
)

// RefSurveyDetail is info.do's surveyDetail in the reference (DWSurvey v6) shape, which its
// web client reads on the link, statistics and data pages (flags as 0/1 integers; rule 3
// means an answer password, 1 open). It is derived from the draft: its surveyAttrs when
// the document has them, otherwise its legacy surveyDetail. The answer password itself
// (ruleCode) is never included.
type RefSurveyDetail struct {
	DwID           string     `json:"dwId"`
	Effective      int        `json:"effective"`
	EffectiveTime  int        `json:"effectiveTime"`
	EffectiveIP    int        `json:"effectiveIp"`
	Refresh        int        `json:"refresh"`
	RefreshNum     int        `json:"refreshNum"`
	Rule           int        `json:"rule"`
	RuleCode       *string    `json:"ruleCode"`
	YnEndNum       int        `json:"ynEndNum"`
	EndNum         int        `json:"endNum"`
	YnEndTime      int        `json:"ynEndTime"`
	EndTime        *string    `json:"endTime"`
	SurveyNote     string     `json:"surveyNote"`
	SurveyNoteText string     `json:"surveyNoteText"`
	SurveyQuNum    int        `json:"surveyQuNum"`
	SurveyNodeObj  *lang.Text `json:"surveyNodeObj"`
}

// refGate is the common shape of the v6 gate blocks (anBroAttr, anIpAttr, anEndNumAttr,
// anEndTimeAttr).
type refGate struct {
	Enabled lang.Bool `json:"enabled"`
	AnNum   lang.Num  `json:"anNum"`
	EndNum  lang.Num  `json:"endNum"`
	EndTime lang.Str  `json:"endTime"`
}

func readGate(raw json.RawMessage) refGate {
	var g refGate
	if len(raw) > 0 {
		_ = json.Unmarshal(raw, &g)
	}
	return g
}

func flag(b bool) int {
	if b {
		return 1
	}
	return 0
}

// refSurveyDetail builds surveyDetail from the document d with quNum counted questions.
func refSurveyDetail(d *lang.Survey, quNum int) *RefSurveyDetail {
	out := &RefSurveyDetail{Rule: 1, RefreshNum: 3, EffectiveTime: 1, SurveyQuNum: quNum}
	if d == nil {
		return out
	}
	if ld := d.SurveyDetail; ld != nil {
		out.DwID, out.SurveyNote, out.SurveyNoteText, out.SurveyNodeObj = string(ld.DwID), string(ld.SurveyNote), string(ld.SurveyNoteText), ld.SurveyNodeObj
	}
	if a := d.SurveyAttrs; a != nil {
		bro, ip := readGate(a.AnBroAttr), readGate(a.AnIPAttr)
		endNum, endTime := readGate(a.AnEndNumAttr), readGate(a.AnEndTimeAttr)
		out.Effective, out.EffectiveIP = flag(bool(bro.Enabled)), flag(bool(ip.Enabled))
		if bro.AnNum > 0 {
			out.EffectiveTime = bro.AnNum.Int()
		}
		if a.AnRefreshAttr != nil {
			out.Refresh = flag(bool(a.AnRefreshAttr.RandomCode))
			if a.AnRefreshAttr.RandomCodeNum > 0 {
				out.RefreshNum = a.AnRefreshAttr.RandomCodeNum.Int()
			}
		}
		if a.AnPwdAttr != nil && bool(a.AnPwdAttr.Enabled) {
			out.Rule = 3
		}
		out.YnEndNum, out.EndNum = flag(bool(endNum.Enabled)), endNum.EndNum.Int()
		out.YnEndTime = flag(bool(endTime.Enabled))
		if endTime.EndTime != "" {
			t := string(endTime.EndTime)
			out.EndTime = &t
		}
		return out
	}
	if ld := d.SurveyDetail; ld != nil {
		out.Effective, out.EffectiveIP, out.Refresh = flag(ld.Effective == 1), flag(ld.EffectiveIP == 1), flag(ld.Refresh == 1)
		if ld.RefreshNum > 0 {
			out.RefreshNum = ld.RefreshNum.Int()
		}
		if ld.Rule == 3 {
			out.Rule = 3
		}
		out.YnEndNum, out.EndNum, out.YnEndTime = flag(ld.YnEndNum == 1), ld.EndNum.Int(), flag(ld.YnEndTime == 1)
		if ld.EndTime != "" {
			t := string(ld.EndTime)
			out.EndTime = &t
		}
	}
	return out
}
