package report

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/gomutex/godocx"
	"github.com/gomutex/godocx/common/units"
	"github.com/gomutex/godocx/docx"
	"github.com/gomutex/godocx/wml/stypes"

	"dwsurvey/services/analysis"
	surveysvc "dwsurvey/services/survey"
	lang "dwsurvey/survey"
)

// texts of the documents per interface language (en, zh).
var texts = map[string]map[string]string{
	"en": {
		"report": "Statistics report", "summary": "Summary", "answers": "Valid answers", "questions": "Questions", "made": "Made",
		"option": "Option", "count": "Count", "percent": "Percent", "item": "Item", "avg": "Average", "min": "Minimum", "max": "Maximum",
		"answered": "Answered: %d", "noData": "No answers yet", "row": "Row", "texts": "Latest answers", "nps": "NPS %.2f (promoters %d, passives %d, detractors %d)",
		"questionnaire": "Questionnaire", "blank": "Answer: ____________________________", "rank": "Rank (1 = first)", "score": "Score",
		"upload": "Attach a file", "signature": "Signature", "required": "(required)", "total": "Total",
		"cross": "Cross tables", "chi": "Chi-square %.2f, df %d, p = %.4f",
	},
	"zh": {
		"report": "统计报告", "summary": "概况", "answers": "有效答卷", "questions": "题目数", "made": "生成时间",
		"option": "选项", "count": "小计", "percent": "比例", "item": "项目", "avg": "平均值", "min": "最小值", "max": "最大值",
		"answered": "本题作答人数：%d", "noData": "暂无答卷", "row": "行", "texts": "最新回答", "nps": "NPS %.2f（推荐者 %d，被动者 %d，贬损者 %d）",
		"questionnaire": "问卷", "blank": "答：____________________________", "rank": "排序（1 为第一）", "score": "评分",
		"upload": "上传文件", "signature": "签名", "required": "（必答）", "total": "合计",
		"cross": "交叉分析", "chi": "卡方 %.2f，自由度 %d，p = %.4f",
	},
}

func tr(lng, key string) string {
	if m, ok := texts[lng]; ok {
		return m[key]
	}
	return texts["en"][key]
}

func plain(s string) string { return strings.Join(strings.Fields(surveysvc.PlainText(s)), " ") }

// Maker makes the documents.
type Maker struct {
	Fonts *Fonts
	// TempDir holds chart images while a document is made.
	TempDir string
}

// ReportInput is what the Word statistics report shows.
type ReportInput struct {
	Title  string
	Report *analysis.Report
	Lang   string // en | zh
	Chart  string // column | bar | line | pie
	Made   string // the time the report was made (server time zone)
	// Questions is the number of counted questions of the published version.
	Questions int
	// Cross, when set, adds the cross tables (row questions against a column question).
	Cross *analysis.Cross
}

func table(rd *docx.RootDoc, head []string, rows [][]string) {
	t := rd.AddTable()
	t.Style("TableGrid")
	hr := t.AddRow()
	for _, h := range head {
		hr.AddCell().BackgroundColor("D9E2F3").AddParagraph("").AddText(h).Bold(true)
	}
	for _, r := range rows {
		row := t.AddRow()
		for _, v := range r {
			row.AddCell().AddParagraph(v)
		}
	}
}

func num(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }

// WordReport writes the statistics report: a cover, the summary, then per question its
// frequency table (or numbers, matrix cells, NPS, latest texts) and its chart.
func (m *Maker) WordReport(in ReportInput, w io.Writer) error {
	lng := in.Lang
	rd, err := godocx.NewDocument()
	if err != nil {
		return err
	}
	dir, err := os.MkdirTemp(m.TempDir, "dwsurvey-report-*")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	// cover
	for i := 0; i < 6; i++ {
		rd.AddEmptyParagraph()
	}
	t := rd.AddParagraph("")
	t.Justification(stypes.JustificationCenter)
	t.AddText(in.Title).Bold(true).Size(44)
	sub := rd.AddParagraph("")
	sub.Justification(stypes.JustificationCenter)
	sub.AddText(tr(lng, "report")).Size(32)
	made := rd.AddParagraph("")
	made.Justification(stypes.JustificationCenter)
	made.AddText(tr(lng, "made") + ": " + in.Made).Size(22)
	rd.AddPageBreak()
	// summary
	if _, err := rd.AddHeading(tr(lng, "summary"), 1); err != nil {
		return err
	}
	total := int64(0)
	if in.Report != nil {
		total = in.Report.Total
	}
	table(rd, []string{tr(lng, "item"), tr(lng, "count")}, [][]string{
		{tr(lng, "answers"), strconv.FormatInt(total, 10)},
		{tr(lng, "questions"), strconv.Itoa(in.Questions)},
	})
	if in.Report == nil || total == 0 {
		rd.AddParagraph(tr(lng, "noData"))
	}
	chart := 0
	for qi, q := range reportQuestions(in.Report) {
		if _, err := rd.AddHeading(fmt.Sprintf("%d. %s", qi+1, plain(q.QuTitle)), 2); err != nil {
			return err
		}
		rd.AddParagraph(fmt.Sprintf(tr(lng, "answered"), q.Count))
		var s Series
		switch {
		case len(q.Options) > 0:
			var rows [][]string
			for _, o := range q.Options {
				rows = append(rows, []string{plain(o.Title), strconv.FormatInt(o.Count, 10), num(o.Percent) + "%"})
				s.Labels, s.Values, s.Percent = append(s.Labels, plain(o.Title)), append(s.Values, float64(o.Count)), append(s.Percent, o.Percent)
			}
			table(rd, []string{tr(lng, "option"), tr(lng, "count"), tr(lng, "percent")}, rows)
		case len(q.Cells) > 0:
			var rows [][]string
			for _, c := range q.Cells {
				rows = append(rows, []string{plain(c.RowTitle), plain(c.ColTitle), strconv.FormatInt(c.Count, 10), num(c.Percent) + "%"})
				s.Labels, s.Values = append(s.Labels, plain(c.RowTitle)+" · "+plain(c.ColTitle)), append(s.Values, float64(c.Count))
			}
			table(rd, []string{tr(lng, "row"), tr(lng, "option"), tr(lng, "count"), tr(lng, "percent")}, rows)
		case len(q.Numbers) > 0:
			var rows [][]string
			for _, n := range q.Numbers {
				rows = append(rows, []string{plain(n.Title), strconv.FormatInt(n.Count, 10), num(round2(n.Avg)), num(n.Min), num(n.Max)})
				s.Labels, s.Values = append(s.Labels, plain(n.Title)), append(s.Values, round2(n.Avg))
			}
			table(rd, []string{tr(lng, "item"), tr(lng, "count"), tr(lng, "avg"), tr(lng, "min"), tr(lng, "max")}, rows)
		}
		if q.NPS != nil {
			rd.AddParagraph(fmt.Sprintf(tr(lng, "nps"), q.NPS.NPS, q.NPS.Promoters, q.NPS.Passives, q.NPS.Detractors))
		}
		if q.Texts != nil {
			if rows, ok := q.Texts.Result.([]analysis.TextRow); ok && len(rows) > 0 {
				rd.AddParagraph("").AddText(tr(lng, "texts")).Bold(true)
				for _, r := range rows {
					rd.AddParagraph("• " + r.Text)
				}
			}
		}
		if len(s.Values) == 0 || q.Count == 0 {
			continue
		}
		kind := in.Chart
		if kind == ChartPie && len(q.Cells) > 0 {
			kind = ChartBar
		}
		h := 300
		if kind == ChartBar {
			h = min(60+28*len(s.Values), 900)
		}
		img, err := m.Fonts.Chart(kind, s, 720, h)
		if err != nil {
			return err
		}
		chart++
		p := filepath.Join(dir, fmt.Sprintf("chart-%d.png", chart))
		if err := os.WriteFile(p, img, 0o600); err != nil {
			return err
		}
		if _, err := rd.AddPicture(p, units.Inch(6.5), units.Inch(6.5*float64(h)/720)); err != nil {
			return err
		}
	}
	if in.Cross != nil && len(in.Cross.Tables) > 0 {
		if _, err := rd.AddHeading(tr(lng, "cross"), 1); err != nil {
			return err
		}
		for _, t := range in.Cross.Tables {
			if _, err := rd.AddHeading(plain(t.RowTitle)+" × "+plain(in.Cross.ColTitle), 2); err != nil {
				return err
			}
			head := []string{""}
			for _, c := range t.Cols {
				head = append(head, plain(c.Title))
			}
			head = append(head, tr(lng, "total"))
			var rows [][]string
			for _, r := range t.Rows {
				row := []string{plain(r.Title)}
				for _, c := range r.Cells {
					row = append(row, fmt.Sprintf("%d (%s%%)", c.Count, num(c.RowPercent)))
				}
				rows = append(rows, append(row, strconv.FormatInt(r.Total, 10)))
			}
			table(rd, head, rows)
			rd.AddParagraph(fmt.Sprintf(tr(lng, "chi"), t.ChiSquare, t.DF, t.PValue))
		}
	}
	_, err = rd.WriteTo(w)
	return err
}

func round2(v float64) float64 { return float64(int64(v*100+0.5*sign(v))) / 100 }

func sign(v float64) float64 {
	if v < 0 {
		return -1
	}
	return 1
}

func reportQuestions(r *analysis.Report) []analysis.ReportQuestion {
	if r == nil {
		return nil
	}
	var out []analysis.ReportQuestion
	for _, q := range r.Questions {
		switch q.QuType {
		case lang.TypePageTag, lang.TypeParagraph, lang.TypeComponent, lang.TypeMap, lang.TypeScrollText:
			continue
		}
		out = append(out, q)
	}
	return out
}

func optText(o *lang.Option) string {
	if o.OptionTitleObj != nil && strings.TrimSpace(o.OptionTitleObj.DwText) != "" {
		return plain(o.OptionTitleObj.DwText)
	}
	if t := plain(string(o.OptionTitle)); t != "" {
		return t
	}
	return plain(string(o.OptionName))
}

// Questionnaire writes the survey as a printable Word document: title and note, then the
// numbered questions with their options (a box to tick), blanks, ranking and score lines
// and matrix grids.
func (m *Maker) Questionnaire(d *lang.Survey, title, lng string, w io.Writer) error {
	rd, err := godocx.NewDocument()
	if err != nil {
		return err
	}
	h := rd.AddParagraph("")
	h.Justification(stypes.JustificationCenter)
	h.AddText(title).Bold(true).Size(36)
	if d.SurveyDetail != nil {
		note := ""
		if d.SurveyDetail.SurveyNodeObj != nil {
			note = d.SurveyDetail.SurveyNodeObj.DwText
		}
		if note == "" {
			note = plain(string(d.SurveyDetail.SurveyNote))
		}
		if note = strings.TrimSpace(note); note != "" {
			rd.AddParagraph(note)
		}
	}
	ix := lang.NewIndex(d)
	for i, q := range d.Questions {
		if q == nil || q.IsDisplayOnly() || !q.IsCounted() {
			if q != nil && string(q.QuType) == lang.TypeParagraph {
				rd.AddParagraph(plain(q.Title()))
			}
			continue
		}
		p := rd.AddParagraph("")
		p.Spacing(240, 60)
		p.AddText(fmt.Sprintf("%d. %s", ix.Num[i], plain(q.Title()))).Bold(true)
		if q.Required() {
			p.AddText(" " + tr(lng, "required")).Color("A8071A")
		}
		if note := plain(string(q.QuNote)); note != "" {
			rd.AddParagraph(note).Style("Subtitle")
		}
		t := string(q.QuType)
		switch {
		case q.IsRadioLike() || q.IsCheckboxLike():
			box := "○ "
			if q.IsCheckboxLike() {
				box = "□ "
			}
			for _, o := range q.Options() {
				line := box + optText(o)
				if o.ShowOptionNote > 0 || o.IsNote > 0 {
					line += " ________"
				}
				rd.AddParagraph("    " + line)
			}
		case t == lang.TypeMultiFillblank:
			for _, o := range q.Options() {
				rd.AddParagraph("    " + optText(o) + ": ____________________")
			}
		case t == lang.TypeOrderQu:
			rd.AddParagraph("    " + tr(lng, "rank"))
			for _, o := range q.Options() {
				rd.AddParagraph("    [   ] " + optText(o))
			}
		case t == lang.TypeScore || t == lang.TypeChenScore:
			maxScore := int(q.ParamInt02)
			if maxScore <= 0 {
				maxScore = 5
			}
			for _, o := range q.Options() {
				rd.AddParagraph("    " + optText(o) + ":  " + strings.TrimSpace(strings.Repeat("□ ", maxScore)))
			}
		case t == lang.TypeScaleNPS:
			rd.AddParagraph("    0  1  2  3  4  5  6  7  8  9  10")
		case q.IsMatrix():
			head := []string{""}
			for _, c := range q.QuCols {
				head = append(head, optText(c))
			}
			var rows [][]string
			cell := "○"
			if t == lang.TypeMatrixCheckbox {
				cell = "□"
			} else if t != lang.TypeMatrixRadio {
				cell = ""
			}
			for _, r := range q.QuRows {
				row := []string{optText(r)}
				for range q.QuCols {
					row = append(row, cell)
				}
				rows = append(rows, row)
			}
			if len(q.QuCols) == 0 { // scale and slider matrices: one value per row
				head = append(head, tr(lng, "score"))
				for i := range rows {
					rows[i] = append(rows[i], "")
				}
			}
			table(rd, head, rows)
		case t == lang.TypeUploadFile || t == lang.TypeUploadImage:
			rd.AddParagraph("    " + tr(lng, "upload") + ": ____________________")
		case t == lang.TypeSignature:
			rd.AddParagraph("    " + tr(lng, "signature") + ": ____________________")
		default:
			rd.AddParagraph("    " + tr(lng, "blank"))
		}
	}
	_, err = rd.WriteTo(w)
	return err
}
