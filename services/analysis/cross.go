package analysis

import (
	"context"
	"database/sql"
	"errors"
	"math"
	"strings"

	"dwsurvey/models"
	"dwsurvey/services/account"
	lang "dwsurvey/survey"
)

// CrossInput is the cross.do request.
type CrossInput struct {
	SurveyID   string   `json:"surveyId"`
	RowQuDwIDs []string `json:"rowQuDwIds"`
	ColQuDwID  string   `json:"colQuDwId"`
	Filters    Filter   `json:"filters"`
}

// CrossCell is one cell: the count and its row and column percentages (two decimals).
type CrossCell struct {
	ColDwID    string  `json:"colDwId"`
	Count      int64   `json:"count"`
	RowPercent float64 `json:"rowPercent"`
	ColPercent float64 `json:"colPercent"`
}

// CrossRow is one option of a row question.
type CrossRow struct {
	OptionDwID string      `json:"optionDwId"`
	Title      string      `json:"title"`
	Cells      []CrossCell `json:"cells"`
	Total      int64       `json:"total"`
}

// CrossCol is one option of the column question with its total.
type CrossCol struct {
	OptionDwID string `json:"optionDwId"`
	Title      string `json:"title"`
	Total      int64  `json:"total"`
}

// CrossTable is one row question against the column question.
type CrossTable struct {
	RowQuDwID string     `json:"rowQuDwId"`
	RowTitle  string     `json:"rowTitle"`
	Rows      []CrossRow `json:"rows"`
	Cols      []CrossCol `json:"cols"`
	Total     int64      `json:"total"`
	ChiSquare float64    `json:"chiSquare"`
	DF        int        `json:"df"`
	PValue    float64    `json:"pValue"`
}

// Cross is the cross.do data.
type Cross struct {
	ColQuDwID string       `json:"colQuDwId"`
	ColTitle  string       `json:"colTitle"`
	Tables    []CrossTable `json:"tables"`
}

// CrossAnalysis counts answers by (row option, column option) from answer_items (one
// join per row question on the primary key), then the percentages and chi-square test.
func (s *Service) CrossAnalysis(ctx context.Context, p *account.Principal, in CrossInput) (*Cross, error) {
	if len(in.RowQuDwIDs) == 0 || strings.TrimSpace(in.ColQuDwID) == "" {
		return nil, models.Invalid("rowQuDwIds and colQuDwId are required")
	}
	if len(in.RowQuDwIDs) > 10 {
		return nil, models.Invalid("At most 10 row questions")
	}
	sv, err := s.access(ctx, p, in.SurveyID)
	if err != nil {
		return nil, err
	}
	return s.CrossFor(ctx, sv, in)
}

// CrossFor is CrossAnalysis for a survey whose access was checked already (the Word report
// workflow: the request that created the export checked it).
func (s *Service) CrossFor(ctx context.Context, sv *models.Survey, in CrossInput) (*Cross, error) {
	if len(in.RowQuDwIDs) == 0 || strings.TrimSpace(in.ColQuDwID) == "" {
		return nil, models.Invalid("rowQuDwIds and colQuDwId are required")
	}
	if len(in.RowQuDwIDs) > 10 {
		return nil, models.Invalid("At most 10 row questions")
	}
	_, d, err := s.doc(ctx, sv)
	if err != nil {
		return nil, err
	}
	choice := func(id string) (*lang.Question, error) {
		q := question(d, id)
		if q == nil {
			return nil, models.Invalid("Question %q is not in the survey", id)
		}
		if !isChoice(q) {
			return nil, models.Invalid("Question %q (%s) is not a choice question: cross analysis takes radio and checkbox questions only", id, q.QuType)
		}
		return q, nil
	}
	cq, err := choice(in.ColQuDwID)
	if err != nil {
		return nil, err
	}
	var rqs []*lang.Question
	for _, id := range in.RowQuDwIDs {
		q, err := choice(id)
		if err != nil {
			return nil, err
		}
		if id == in.ColQuDwID {
			return nil, models.Invalid("A row question cannot be the column question")
		}
		rqs = append(rqs, q)
	}
	var filter any
	if !in.Filters.empty() {
		lq, err := s.answersQuery(ctx, sv.ID, in.Filters, d)
		if err != nil {
			return nil, err
		}
		if lq.none {
			filter = s.DB.Table("answers").Select("id").Where("1 = 0")
		} else {
			filter = lq.ids()
		}
	}
	out := &Cross{ColQuDwID: string(cq.DwID), ColTitle: cq.Title(), Tables: []CrossTable{}}
	for _, rq := range rqs {
		var counts map[[2]string]int64
		if filter == nil && !s.CrossSQL {
			counts, err = s.crossMerge(ctx, sv.ID, string(rq.DwID), string(cq.DwID))
			if errors.Is(err, errUnordered) {
				counts, err = nil, nil
			}
			if err != nil {
				return nil, err
			}
		}
		if counts == nil {
			if counts, err = s.crossJoin(ctx, sv.ID, string(rq.DwID), string(cq.DwID), filter); err != nil {
				return nil, err
			}
		}
		out.Tables = append(out.Tables, crossTable(rq, cq, counts))
	}
	return out, nil
}

// crossJoin counts (row option, column option) pairs with one SQL join of the two
// questions' primary-key ranges (used with filters).
func (s *Service) crossJoin(ctx context.Context, surveyID, rowQu, colQu string, filter any) (map[[2]string]int64, error) {
	sql := `SELECT r.opt_dw_id AS ro, c.opt_dw_id AS co, COUNT(*) AS n FROM answer_items r
JOIN answer_items c ON c.survey_id = r.survey_id AND c.qu_dw_id = ? AND c.answer_id = r.answer_id AND c.kind = 'c'
WHERE r.survey_id = ? AND r.qu_dw_id = ? AND r.kind = 'c'`
	args := []any{colQu, surveyID, rowQu}
	if filter != nil {
		sql += " AND r.answer_id IN (?)"
		args = append(args, filter)
	}
	sql += " GROUP BY r.opt_dw_id, c.opt_dw_id"
	var cells []struct {
		Ro string `gorm:"column:ro"`
		Co string `gorm:"column:co"`
		N  int64  `gorm:"column:n"`
	}
	if err := s.DB.WithContext(ctx).Raw(sql, args...).Scan(&cells).Error; err != nil {
		return nil, err
	}
	counts := map[[2]string]int64{}
	for _, c := range cells {
		counts[[2]string{c.Ro, c.Co}] += c.N
	}
	return counts, nil
}

var errUnordered = errors.New("answer ids not in byte order")

// itemRef is one chosen option: opt is the index of the option id in the stream's names.
type itemRef struct {
	answer string
	opt    int
}

// itemStream reads the chosen options of one choice question in answer-id order (a range
// of ix_item_cross (survey, question, answer, option), index only; a choice question has
// only kind c items) in batches; option ids are numbered in *names.
func (s *Service) itemStream(ctx context.Context, surveyID, qu string, names *[]string, out chan<- []itemRef, errc chan<- error) {
	defer close(out)
	hint := "" // MariaDB picks the primary key (same order, twice the bytes) without the hint
	if s.mysql() {
		hint = " FORCE INDEX (ix_item_cross)"
	}
	rows, err := s.DB.WithContext(ctx).Raw(`SELECT answer_id, opt_dw_id FROM answer_items`+hint+`
WHERE survey_id = ? AND qu_dw_id = ? ORDER BY survey_id, qu_dw_id, answer_id`, surveyID, qu).Rows()
	if err != nil {
		errc <- err
		return
	}
	defer rows.Close()
	index := map[string]int{}
	batch := make([]itemRef, 0, 2048)
	var opt sql.RawBytes
	for rows.Next() {
		var r itemRef
		if err := rows.Scan(&r.answer, &opt); err != nil {
			errc <- err
			return
		}
		n, ok := index[string(opt)]
		if !ok {
			n = len(*names)
			*names = append(*names, string(opt))
			index[string(opt)] = n
		}
		r.opt = n
		batch = append(batch, r)
		if len(batch) == cap(batch) {
			select {
			case out <- batch:
			case <-ctx.Done():
				errc <- ctx.Err()
				return
			}
			batch = make([]itemRef, 0, 2048)
		}
	}
	if err := rows.Err(); err != nil {
		errc <- err
		return
	}
	if len(batch) > 0 {
		select {
		case out <- batch:
		case <-ctx.Done():
		}
	}
	errc <- nil
}

// cursor walks a stream of batches.
type cursor struct {
	ch     <-chan []itemRef
	batch  []itemRef
	i      int
	last   string
	bad    bool
	closed bool
}

func (c *cursor) peek() (itemRef, bool) {
	for c.i >= len(c.batch) {
		b, ok := <-c.ch
		if !ok {
			c.closed = true
			return itemRef{}, false
		}
		c.batch, c.i = b, 0
	}
	return c.batch[c.i], true
}

func (c *cursor) next() {
	r := c.batch[c.i]
	if r.answer < c.last {
		c.bad = true
	}
	c.last = r.answer
	c.i++
}

// group returns the options of the answer at the cursor and advances past them.
func (c *cursor) group(buf []int) (string, []int, bool) {
	r, ok := c.peek()
	if !ok {
		return "", buf, false
	}
	id := r.answer
	buf = buf[:0]
	for {
		r, ok := c.peek()
		if !ok || r.answer != id {
			break
		}
		buf = append(buf, r.opt)
		c.next()
	}
	return id, buf, true
}

// crossMerge counts (row option, column option) pairs by merging the two questions'
// primary-key ranges in Go (both read concurrently, ordered by answer id): no join, no
// temporary table. It returns errUnordered when the database's order of answer ids is not
// their byte order (the caller then uses the SQL join).
func (s *Service) crossMerge(ctx context.Context, surveyID, rowQu, colQu string) (map[[2]string]int64, error) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	rc, cc := make(chan []itemRef, 4), make(chan []itemRef, 4)
	rerr, cerr := make(chan error, 1), make(chan error, 1)
	var rNames, cNames []string
	go s.itemStream(ctx, surveyID, rowQu, &rNames, rc, rerr)
	go s.itemStream(ctx, surveyID, colQu, &cNames, cc, cerr)
	r, c := &cursor{ch: rc}, &cursor{ch: cc}
	var grid [][]int64 // [row option][column option]
	var rb, cb []int
	rid, rb, rok := r.group(rb)
	cid, cb, cok := c.group(cb)
	for rok && cok && !r.bad && !c.bad {
		switch {
		case rid < cid:
			rid, rb, rok = r.group(rb)
		case rid > cid:
			cid, cb, cok = c.group(cb)
		default:
			for _, ro := range rb {
				for ro >= len(grid) {
					grid = append(grid, nil)
				}
				for _, co := range cb {
					for co >= len(grid[ro]) {
						grid[ro] = append(grid[ro], 0)
					}
					grid[ro][co]++
				}
			}
			rid, rb, rok = r.group(rb)
			cid, cb, cok = c.group(cb)
		}
	}
	bad := r.bad || c.bad
	// a reader whose stream ended has already reported; the other one is stopped
	rDone, cDone := r.closed, c.closed
	cancel()
	for range rc {
	}
	for range cc {
	}
	e1, e2 := <-rerr, <-cerr
	switch {
	case bad:
		return nil, errUnordered
	case rDone && e1 != nil:
		return nil, e1
	case cDone && e2 != nil:
		return nil, e2
	}
	// both readers are done: their names are complete
	counts := map[[2]string]int64{}
	for ro, row := range grid {
		for co, n := range row {
			if n > 0 {
				counts[[2]string{rNames[ro], cNames[co]}] = n
			}
		}
	}
	return counts, nil
}

func crossTable(rq, cq *lang.Question, counts map[[2]string]int64) CrossTable {
	ro, co := options(rq), options(cq)
	t := CrossTable{RowQuDwID: string(rq.DwID), RowTitle: rq.Title()}
	obs := make([][]float64, len(ro))
	colTot := make([]int64, len(co))
	for i, r := range ro {
		row := CrossRow{OptionDwID: string(r.DwID), Title: optTitle(r)}
		obs[i] = make([]float64, len(co))
		for j, c := range co {
			n := counts[[2]string{string(r.DwID), string(c.DwID)}]
			obs[i][j] = float64(n)
			row.Total += n
			colTot[j] += n
			row.Cells = append(row.Cells, CrossCell{ColDwID: string(c.DwID), Count: n})
		}
		t.Total += row.Total
		t.Rows = append(t.Rows, row)
	}
	for j, c := range co {
		t.Cols = append(t.Cols, CrossCol{OptionDwID: string(c.DwID), Title: optTitle(c), Total: colTot[j]})
	}
	for i := range t.Rows {
		for j := range t.Rows[i].Cells {
			cell := &t.Rows[i].Cells[j]
			cell.RowPercent = pct(cell.Count, t.Rows[i].Total)
			cell.ColPercent = pct(cell.Count, colTot[j])
		}
	}
	t.ChiSquare, t.DF, t.PValue = ChiSquare(obs)
	t.ChiSquare = math.Round(t.ChiSquare*10000) / 10000
	return t
}

// ChiSquare is Pearson's test of independence of a contingency table: rows and columns
// whose total is zero are left out. It returns the statistic, the degrees of freedom and
// the p-value (upper tail of the chi-square distribution); df 0 gives p = 1.
func ChiSquare(obs [][]float64) (float64, int, float64) {
	var rows []int
	var cols []int
	rt := make([]float64, len(obs))
	var ct []float64
	n := 0.0
	for i, r := range obs {
		if ct == nil {
			ct = make([]float64, len(r))
		}
		for j, v := range r {
			rt[i] += v
			ct[j] += v
			n += v
		}
	}
	for i, v := range rt {
		if v > 0 {
			rows = append(rows, i)
		}
	}
	for j, v := range ct {
		if v > 0 {
			cols = append(cols, j)
		}
	}
	df := (len(rows) - 1) * (len(cols) - 1)
	if df <= 0 || n == 0 {
		return 0, max(df, 0), 1
	}
	chi := 0.0
	for _, i := range rows {
		for _, j := range cols {
			e := rt[i] * ct[j] / n
			d := obs[i][j] - e
			chi += d * d / e
		}
	}
	return chi, df, ChiSquarePValue(chi, df)
}

// ChiSquarePValue is P(X >= x) for X ~ chi-square(df) = Q(df/2, x/2).
func ChiSquarePValue(x float64, df int) float64 {
	if df <= 0 {
		return 1
	}
	if x <= 0 {
		return 1
	}
	return GammaQ(float64(df)/2, x/2)
}

// GammaQ is the regularized upper incomplete gamma function Q(a, x) = Γ(a, x) / Γ(a):
// the series of P for x < a+1, Lentz's continued fraction otherwise (Numerical Recipes 6.2).
func GammaQ(a, x float64) float64 {
	if x < 0 || a <= 0 {
		return math.NaN()
	}
	if x == 0 {
		return 1
	}
	lg, _ := math.Lgamma(a)
	if x < a+1 {
		sum, del, ap := 1/a, 1/a, a
		for range 1000 {
			ap++
			del *= x / ap
			sum += del
			if math.Abs(del) < math.Abs(sum)*1e-15 {
				break
			}
		}
		p := sum * math.Exp(-x+a*math.Log(x)-lg)
		return math.Max(0, 1-p)
	}
	const tiny = 1e-300
	b := x + 1 - a
	c := 1 / tiny
	d := 1 / b
	h := d
	for i := 1; i <= 1000; i++ {
		an := -float64(i) * (float64(i) - a)
		b += 2
		d = an*d + b
		if math.Abs(d) < tiny {
			d = tiny
		}
		c = b + an/c
		if math.Abs(c) < tiny {
			c = tiny
		}
		d = 1 / d
		del := d * c
		h *= del
		if math.Abs(del-1) < 1e-15 {
			break
		}
	}
	return math.Exp(-x+a*math.Log(x)-lg) * h
}
