package report

import (
	"bytes"
	"fmt"
	"image"
	_ "image/jpeg" // decoding uploaded photos
	"image/png"
	"io"
	"strconv"
	"strings"

	"codeberg.org/go-pdf/fpdf"

	lang "dwsurvey/survey"
)

// PrintOptions is a print template: what an answer sheet shows.
type PrintOptions struct {
	// Header is printed at the top of every page (plain text; empty: the survey title).
	Header string
	// ShowScore prints the total and per-question scores.
	ShowScore bool
	// Fields are the answer facts shown under the title: time, duration, ip, region, id.
	Fields []string
	// Logo is a PNG or JPEG printed at the top left of the first page of each sheet.
	Logo []byte
	Lang string // en | zh
}

// Sheet is one answer to print.
type Sheet struct {
	Title    string
	Doc      *lang.Survey
	Answer   []*lang.AnQuestion
	Facts    map[string]string // field -> value (time, duration, ip, region, id)
	SumScore float64
	// Images returns an uploaded file or signature of the answer by its stored path (nil when
	// it is not an image or is gone).
	Images func(path string) []byte
}

var pdfTexts = map[string]map[string]string{
	"en": {"time": "Submitted", "duration": "Duration", "ip": "IP", "region": "Region", "id": "Answer ID", "score": "Total score", "qscore": "Score", "none": "(not answered)", "page": "Page %d"},
	"zh": {"time": "提交时间", "duration": "用时", "ip": "IP", "region": "地区", "id": "答卷编号", "score": "总分", "qscore": "得分", "none": "（未作答）", "page": "第 %d 页"},
}

func ptr(lng, k string) string {
	if m, ok := pdfTexts[lng]; ok {
		return m[k]
	}
	return pdfTexts["en"][k]
}

// pdfDoc writes mixed Latin and CJK text with the two fonts.
type pdfDoc struct {
	*fpdf.Fpdf
	fs   *Fonts
	imgs int
}

// write writes s in flowing mode at the current font size, switching fonts per run of runes.
func (p *pdfDoc) write(h float64, s string, style string) {
	size, _ := p.GetFontSize()
	var run []rune
	latin := true
	flush := func() {
		if len(run) == 0 {
			return
		}
		if latin {
			p.SetFont("latin", style, size)
		} else {
			p.SetFont("cjk", "", size)
		}
		p.Write(h, string(run))
		run = run[:0]
	}
	for _, r := range s {
		l := r < 0x80 || p.fs.HasLatin(r)
		if l != latin {
			flush()
			latin = l
		}
		run = append(run, r)
	}
	flush()
}

func (p *pdfDoc) line(h float64, s, style string, size float64) {
	p.SetFontSize(size)
	p.write(h, s, style)
	p.Ln(h)
}

// image places a PNG or JPEG at most maxW x maxH mm in the flow.
func (p *pdfDoc) image(b []byte, maxW, maxH float64) {
	cfg, kind, err := image.DecodeConfig(bytes.NewReader(b))
	if err != nil || cfg.Width == 0 || cfg.Height == 0 {
		return
	}
	if kind != "png" && kind != "jpeg" {
		return
	}
	if kind == "png" { // fpdf reads 8-bit PNGs; re-encode anything else
		img, err := png.Decode(bytes.NewReader(b))
		if err != nil {
			return
		}
		var buf bytes.Buffer
		if png.Encode(&buf, img) != nil {
			return
		}
		b = buf.Bytes()
	}
	w := maxW
	h := w * float64(cfg.Height) / float64(cfg.Width)
	if h > maxH {
		h, w = maxH, maxH*float64(cfg.Width)/float64(cfg.Height)
	}
	p.imgs++
	name := "img" + strconv.Itoa(p.imgs)
	opt := fpdf.ImageOptions{ImageType: map[string]string{"png": "PNG", "jpeg": "JPG"}[kind]}
	p.RegisterImageOptionsReader(name, opt, bytes.NewReader(b))
	_, pageH := p.GetPageSize()
	_, _, _, bottom := p.GetMargins()
	if p.GetY()+h > pageH-bottom {
		p.AddPage()
	}
	p.ImageOptions(name, p.GetX()+8, p.GetY(), w, h, true, opt, 0, "")
}

// AnswerSheets writes one or more answers as a PDF (each answer starts on a new page).
func (fs *Fonts) AnswerSheets(w io.Writer, sheets []Sheet, o PrintOptions) error {
	latin, cjk, err := fs.TTF()
	if err != nil {
		return err
	}
	f := fpdf.New("P", "mm", "A4", "")
	f.AddUTF8FontFromBytes("latin", "", latin)
	f.AddUTF8FontFromBytes("latin", "B", latin)
	f.AddUTF8FontFromBytes("cjk", "", cjk)
	f.SetAutoPageBreak(true, 15)
	p := &pdfDoc{Fpdf: f, fs: fs}
	lng := o.Lang
	header := ""
	f.SetHeaderFunc(func() {
		if header == "" {
			return
		}
		f.SetTextColor(120, 120, 120)
		f.SetFontSize(9)
		p.write(5, header, "")
		f.Ln(8)
		f.SetTextColor(0, 0, 0)
	})
	f.SetFooterFunc(func() {
		f.SetY(-12)
		f.SetTextColor(120, 120, 120)
		f.SetFontSize(9)
		p.write(5, fmt.Sprintf(ptr(lng, "page"), f.PageNo()), "")
		f.SetTextColor(0, 0, 0)
	})
	f.SetFont("latin", "", 11)
	for _, s := range sheets {
		header = o.Header
		if header == "" {
			header = s.Title
		}
		f.AddPage()
		if len(o.Logo) > 0 {
			p.image(o.Logo, 30, 15)
			f.Ln(2)
		}
		p.line(9, s.Title, "B", 16)
		fields := o.Fields
		if len(fields) == 0 {
			fields = []string{"time", "duration", "ip", "region"}
		}
		var facts []string
		for _, k := range fields {
			if v := s.Facts[k]; v != "" {
				facts = append(facts, ptr(lng, k)+": "+v)
			}
		}
		if o.ShowScore {
			facts = append(facts, ptr(lng, "score")+": "+strconv.FormatFloat(s.SumScore, 'f', -1, 64))
		}
		if len(facts) > 0 {
			f.SetTextColor(90, 90, 90)
			p.line(6, strings.Join(facts, "    "), "", 9)
			f.SetTextColor(0, 0, 0)
		}
		f.Ln(3)
		answers := map[string]*lang.AnQuestion{}
		for _, a := range s.Answer {
			if a != nil && !a.IsLogicHide {
				answers[string(a.QuDwID)] = a
			}
		}
		ix := lang.NewIndex(s.Doc)
		// titles quote earlier answers of this sheet (survey/pipe.go, the server's renderer)
		piped := lang.NewPiper(s.Doc, nil).With(s.Answer)
		for i, q := range s.Doc.Questions {
			if q == nil || q.IsDisplayOnly() || !q.IsCounted() {
				continue
			}
			title := fmt.Sprintf("%d. %s", ix.Num[i], piped.Text(plain(q.Title())))
			a := answers[string(q.DwID)]
			if o.ShowScore && a != nil && a.QuAnScore != nil {
				title += fmt.Sprintf("  [%s %s]", ptr(lng, "qscore"), strconv.FormatFloat(float64(*a.QuAnScore), 'f', -1, 64))
			}
			p.line(7, title, "B", 11)
			lines := AnswerLines(q, a)
			if len(lines) == 0 {
				f.SetTextColor(150, 150, 150)
				p.line(6, "    "+ptr(lng, "none"), "", 10)
				f.SetTextColor(0, 0, 0)
			}
			for _, l := range lines {
				p.line(6, "    "+l, "", 10)
			}
			if a != nil && s.Images != nil {
				for _, up := range a.AnUploadFiles {
					if up == nil {
						continue
					}
					if img := s.Images(string(up.FilePath)); len(img) > 0 {
						p.image(img, 70, 45)
					}
				}
			}
			f.Ln(2)
		}
	}
	if err := f.Error(); err != nil {
		return err
	}
	return f.Output(w)
}

// AnswerLines is an answer to one question as printable lines of text.
func AnswerLines(q *lang.Question, a *lang.AnQuestion) []string {
	if a == nil {
		return nil
	}
	title := map[string]string{}
	for _, o := range q.Options() {
		title[string(o.DwID)] = optText(o)
	}
	rows, cols := map[string]string{}, map[string]string{}
	for _, r := range q.QuRows {
		rows[string(r.DwID)] = optText(r)
	}
	for _, c := range q.QuCols {
		cols[string(c.DwID)] = optText(c)
	}
	var out []string
	if a.AnRadio != nil {
		l := title[string(a.AnRadio.OptionDwID)]
		if a.AnRadio.OtherText != "" {
			l += ": " + string(a.AnRadio.OtherText)
		}
		out = append(out, "● "+l)
	}
	for _, c := range a.AnCheckboxs {
		if c != nil {
			l := title[string(c.OptionDwID)]
			if c.OtherText != "" {
				l += ": " + string(c.OtherText)
			}
			out = append(out, "■ "+l)
		}
	}
	if a.AnFbk != nil && a.AnFbk.Answer != "" {
		out = append(out, string(a.AnFbk.Answer))
	}
	for _, m := range a.AnMFbks {
		if m != nil {
			out = append(out, title[string(m.OptionDwID)]+": "+string(m.Answer))
		}
	}
	for _, s := range a.AnScores {
		if s != nil {
			out = append(out, title[string(s.OptionDwID)]+": "+strconv.FormatFloat(float64(s.AnswerScore), 'f', -1, 64))
		}
	}
	for _, o := range a.AnOrders {
		if o != nil {
			out = append(out, strconv.FormatFloat(float64(o.OrderNum), 'f', -1, 64)+". "+title[string(o.OptionDwID)])
		}
	}
	if a.AnScale != nil && a.AnScale.AnswerScore != nil {
		out = append(out, strconv.FormatFloat(float64(*a.AnScale.AnswerScore), 'f', -1, 64))
	}
	for _, m := range a.AnMatrixRadios {
		if m != nil {
			out = append(out, rows[string(m.RowDwID)]+": "+cols[string(m.ColDwID)])
		}
	}
	for _, m := range a.AnMatrixCheckboxes {
		if m != nil {
			var cs []string
			for _, c := range m.RowAnCheckboxs {
				if c != nil {
					cs = append(cs, cols[string(c.ColDwID)])
				}
			}
			out = append(out, rows[string(m.RowDwID)]+": "+strings.Join(cs, ", "))
		}
	}
	for _, m := range a.AnMatrixFbks {
		if m != nil {
			for _, c := range m.RowAnFbks {
				if c != nil && c.Answer != "" {
					out = append(out, rows[string(m.RowDwID)]+" / "+cols[string(c.ColDwID)]+": "+string(c.Answer))
				}
			}
		}
	}
	for _, m := range a.AnMatrixScales {
		if m != nil {
			out = append(out, rows[string(m.RowDwID)]+": "+strconv.FormatFloat(float64(m.AnswerScore), 'f', -1, 64))
		}
	}
	var cs []string
	for _, c := range a.AnCascades {
		if c != nil && c.Value != "" {
			cs = append(cs, string(c.Value))
		}
	}
	if len(cs) > 0 {
		out = append(out, strings.Join(cs, " / "))
	}
	if g := a.AnLocation; g != nil && (g.FormattedAddress != "" || g.Latitude != 0) {
		out = append(out, fmt.Sprintf("%s (%g, %g)", g.FormattedAddress, float64(g.Latitude), float64(g.Longitude)))
	}
	for _, u := range a.AnUploadFiles {
		if u != nil {
			out = append(out, "[file] "+string(u.FileName))
		}
	}
	return out
}
