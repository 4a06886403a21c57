package export

import (
	"database/sql"
	"encoding/json"
	"math"
	"strconv"
	"strings"
	"time"

	"dwsurvey/models"
	lang "dwsurvey/survey"
)

// Cell kinds.
const (
	CellEmpty uint8 = iota
	CellNum
	CellStr
)

// Cell is one value of a row: empty, a number or a string.
type Cell struct {
	Kind uint8
	Num  float64
	Str  string
}

// NumCell is a number.
func NumCell(v float64) Cell { return Cell{Kind: CellNum, Num: v} }

// StrCell is a string the product made (titles, times): kept as it is.
func StrCell(s string) Cell {
	if s == "" {
		return Cell{}
	}
	return Cell{Kind: CellStr, Str: s}
}

// UserCell is text somebody typed: neutralised so that no spreadsheet runs it as a formula.
func UserCell(s string) Cell { return StrCell(Neutralise(s)) }

// Neutralise makes text inert in spreadsheets: a value starting with =, +, -, @, a tab or a
// carriage return (what Excel, LibreOffice and Google Sheets start a formula or DDE call
// with) gets a leading apostrophe, the mark spreadsheets use for "this is text" (OWASP CSV
// injection). Other text is unchanged.
func Neutralise(s string) string {
	if s == "" {
		return s
	}
	switch s[0] {
	case '=', '+', '-', '@', '\t', '\r':
		return "'" + s
	}
	return s
}

// String is the cell as text (CSV): numbers without trailing zeros.
func (c Cell) String() string {
	switch c.Kind {
	case CellNum:
		return formatNum(c.Num)
	case CellStr:
		return c.Str
	}
	return ""
}

func formatNum(v float64) string {
	if v == math.Trunc(v) && math.Abs(v) < 1e15 {
		return itoa(int64(v))
	}
	b, _ := json.Marshal(v)
	return string(b)
}

// appendNum appends formatNum(v) (integers without an allocation).
func appendNum(b []byte, v float64) []byte {
	if v == math.Trunc(v) && math.Abs(v) < 1e15 {
		return strconv.AppendInt(b, int64(v), 10)
	}
	return append(b, formatNum(v)...)
}

func itoa(v int64) string {
	if v == 0 {
		return "0"
	}
	neg := v < 0
	if neg {
		v = -v
	}
	var buf [24]byte
	i := len(buf)
	for v > 0 {
		i--
		buf[i] = byte('0' + v%10)
		v /= 10
	}
	if neg {
		i--
		buf[i] = '-'
	}
	return string(buf[i:])
}

// rawAnQuestion is lang.AnQuestion decoded field by field (no UnmarshalJSON of its own).
type rawAnQuestion lang.AnQuestion

// File is an uploaded file or signature of an answer, copied into the ZIP.
type File struct {
	AnswerID string
	// Key is the blob key (server-made); Name the original file name (untrusted).
	Key  string
	Name string
}

// answerRec is what an export reads of an answer row.
type answerRec struct {
	ID, ClientIP, Province, City, SourceName, SourceCode, UserID, ContactID string
	SurveyVersion, IsEff, HandleState                                       int
	BgAnDate, EndAnDate                                                     time.Time
	DurationMs                                                              int64
	SumScore                                                                float64
	// ExportCopy is the stored export copy (survey.AppendExportCopy); Document the stored
	// answer document, read only for answers without a copy. Cells may point into either
	// (not to be reused).
	ExportCopy, Document []byte
}

// answerCols are answerRec's columns in scan order (analysis.Pager.Rows).
const answerCols = "a.id, a.client_ip, a.province, a.city, a.source_name, a.source_code, a.user_id, a.contact_id, " +
	"a.survey_version, a.is_eff, a.handle_state, a.bg_an_date, a.end_an_date, a.duration_ms, a.sum_score, " +
	"a.export_copy, CASE WHEN a.export_copy IS NULL THEN a.document END"

// scan reads the current row of rows (selected with answerCols).
func (a *answerRec) scan(rows *sql.Rows) error {
	var ip, prov, city, sname, scode, user, contact sql.NullString
	var bg, end sql.NullTime
	if err := rows.Scan(&a.ID, &ip, &prov, &city, &sname, &scode, &user, &contact, &a.SurveyVersion, &a.IsEff, &a.HandleState,
		&bg, &end, &a.DurationMs, &a.SumScore, &a.ExportCopy, &a.Document); err != nil {
		return err
	}
	a.BgAnDate, a.EndAnDate = bg.Time, end.Time
	a.ClientIP, a.Province, a.City, a.SourceName, a.SourceCode, a.UserID, a.ContactID = ip.String, prov.String, city.String, sname.String, scode.String, user.String, contact.String
	return nil
}

func recOf(a *models.Answer) *answerRec {
	return &answerRec{ID: a.ID, ClientIP: a.ClientIP, Province: a.Province, City: a.City, SourceName: a.SourceName, SourceCode: a.SourceCode,
		UserID: a.UserID, ContactID: a.ContactID, SurveyVersion: a.SurveyVersion, IsEff: a.IsEff, HandleState: a.HandleState,
		BgAnDate: a.BgAnDate, EndAnDate: a.EndAnDate, DurationMs: a.DurationMs, SumScore: a.SumScore, ExportCopy: a.ExportCopy, Document: []byte(a.Document)}
}

// Row fills row (len(l.Columns)) from an answer and returns its uploaded files. versionQs
// is the set of question dwIds of the answer's version: a coded question of that version
// left unanswered gets MissingCode, a question the version lacks stays empty.
func (l *Layout) Row(a *models.Answer, versionQs map[string]bool, row []Cell, withFiles bool) ([]File, error) {
	in := make([]bool, len(l.questions))
	for i, q := range l.questions {
		in[i] = versionQs[q.dwID]
	}
	return l.row(&rowState{}, recOf(a), in, row, withFiles)
}

// rowState is what one converting goroutine reuses from row to row.
type rowState struct {
	copy     lang.ExportCopyReader
	doc      docReader
	answered []bool
	// seen is the layout question found at each position of the last answers read:
	// answers of a version list their questions in the same order, so a question is
	// mostly found by comparing its dwId with the one at its position, without hashing.
	seen []*question
	// cells and widths are the row and the widest texts of converter.linesOf.
	cells  []Cell
	widths []int
}

// question is the layout question of aq, the k-th question of an answer (nil: none).
func (l *Layout) question(st *rowState, k int, aq *lang.AnQuestion) *question {
	if k < len(st.seen) {
		if q := st.seen[k]; q != nil && q.dwID == string(aq.QuDwID) {
			return q
		}
	} else {
		st.seen = append(st.seen, make([]*question, k+1-len(st.seen))...)
	}
	q := l.byID[string(aq.QuDwID)]
	st.seen[k] = q
	return q
}

// row is Row for a scanned answer; inVersion tells per layout question whether the
// answer's version has it.
func (l *Layout) row(st *rowState, a *answerRec, inVersion []bool, row []Cell, withFiles bool) ([]File, error) {
	for i := range row {
		row[i] = Cell{}
	}
	row[colAnswerID] = StrCell(a.ID)
	row[colBegin] = StrCell(models.FormatTime(a.BgAnDate))
	row[colEnd] = StrCell(models.FormatTime(a.EndAnDate))
	row[colDuration] = NumCell(math.Round(float64(a.DurationMs) / 1000))
	row[colIP] = StrCell(a.ClientIP)
	row[colRegion] = UserCell(region(a.Province, a.City))
	src := a.SourceName
	if src == "" {
		src = a.SourceCode
	}
	row[colSource] = UserCell(src)
	row[colUser] = StrCell(a.UserID)
	row[colContact] = StrCell(a.ContactID)
	row[colState] = NumCell(float64(a.IsEff))
	row[colReview] = NumCell(float64(a.HandleState))
	row[colScore] = NumCell(a.SumScore)
	var qs []*lang.AnQuestion
	var err error
	switch {
	case a.ExportCopy != nil:
		if qs, err = st.copy.Read(a.ExportCopy); err != nil {
			return nil, err
		}
	case len(a.Document) > 0:
		if qs, err = st.doc.read(a.Document); err != nil {
			return nil, err
		}
	}
	if cap(st.answered) < len(l.questions) {
		st.answered = make([]bool, len(l.questions))
	}
	answered := st.answered[:len(l.questions)]
	clear(answered)
	var files []File
	for k, aq := range qs {
		if aq == nil || aq.IsLogicHide {
			continue
		}
		q := l.question(st, k, aq)
		if q == nil {
			continue
		}
		answered[q.idx] = true
		q.fill(aq, row[q.first:q.first+q.n])
		if withFiles && q.files {
			for _, f := range aq.AnUploadFiles {
				if f != nil && f.FilePath != "" {
					files = append(files, File{AnswerID: a.ID, Key: string(f.FilePath), Name: string(f.FileName)})
				}
			}
		}
	}
	if !l.textMode {
		for i, q := range l.questions {
			if answered[i] || !inVersion[i] {
				continue
			}
			for i := q.first; i < q.first+q.n; i++ {
				if len(l.Columns[i].Missing) > 0 {
					row[i] = NumCell(MissingCode)
				}
			}
		}
	}
	return files, nil
}

// region is "province city" without extra spaces.
func region(p, c string) string {
	switch {
	case p == "":
		return strings.TrimSpace(c)
	case c == "":
		return strings.TrimSpace(p)
	}
	return strings.TrimSpace(p + " " + c)
}
