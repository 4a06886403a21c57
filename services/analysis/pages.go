package analysis

import (
	"context"
	"database/sql"
	"time"

	"gorm.io/gorm"

	"dwsurvey/models"
	"dwsurvey/services/account"
	lang "dwsurvey/survey"
)

// Cursor is a keyset position in the raw-data order (newest first: submit time, then id,
// both descending). The zero Cursor is the start.
type Cursor struct {
	EndAnDate time.Time `json:"t,omitempty"`
	ID        string    `json:"id,omitempty"`
}

// Pager reads ALL answers of a filtered raw-data set in keyset pages (exports): the same
// filters and order as List, but no 10,000-row limit and no OFFSET, so every page costs the
// same however deep it is.
type Pager struct {
	lq     *listQuery
	db     *gorm.DB
	mysql  bool
	survey *models.Survey
}

// Access is the results access rule (owner or data collaborator; anybody else: not found).
func (s *Service) Access(ctx context.Context, p *account.Principal, surveyID string) (*models.Survey, error) {
	return s.access(ctx, p, surveyID)
}

// AnswerAccess is the answer access rule (a non-deleted answer of a survey the caller may
// read results of); it returns the survey id, anything else is not found.
func (s *Service) AnswerAccess(ctx context.Context, p *account.Principal, answerID string) (string, error) {
	return s.answerAccess(ctx, p, answerID)
}

// PublishedDoc is the published document of a survey (empty when never published).
func (s *Service) PublishedDoc(ctx context.Context, sv *models.Survey) (map[string]string, *lang.Survey, error) {
	return s.doc(ctx, sv)
}

// VersionDoc is the document of one published version of a survey.
func (s *Service) VersionDoc(ctx context.Context, sv *models.Survey, version int) (map[string]string, *lang.Survey, error) {
	return s.Answers.QuestionTypes(ctx, sv, version)
}

// CheckFilter validates f for the survey (the same errors List gives) without reading rows.
func (s *Service) CheckFilter(ctx context.Context, sv *models.Survey, f Filter) error {
	_, err := s.Pages(ctx, sv, f)
	return err
}

// Pages prepares a keyset reader over the answers of sv matching f.
func (s *Service) Pages(ctx context.Context, sv *models.Survey, f Filter) (*Pager, error) {
	var d *lang.Survey
	if len(f.Values) > 0 {
		var err error
		if _, d, err = s.doc(ctx, sv); err != nil {
			return nil, err
		}
	}
	lq, err := s.answersQuery(ctx, sv.ID, f, d)
	if err != nil {
		return nil, err
	}
	return &Pager{lq: lq, db: s.DB.WithContext(ctx), mysql: s.mysql(), survey: sv}, nil
}

// page is the query of the keyset page of up to n answers after c, selecting sel.
func (pg *Pager) page(ctx context.Context, c Cursor, n int, sel string) *gorm.DB {
	q := pg.lq.q.Session(&gorm.Session{}).WithContext(ctx)
	if pg.lq.items != nil || pg.lq.order != "a.end_an_date DESC, a.id DESC" {
		// value filters drive from answer_items in their own order (v0.an_date = the
		// answer's submit time, v0.answer_id = its id)
		if c.ID != "" {
			q = q.Where("v0.an_date <= ? AND (v0.an_date < ? OR v0.answer_id < ?)", c.EndAnDate, c.EndAnDate, c.ID)
		}
	} else if c.ID != "" {
		q = q.Where("a.end_an_date <= ? AND (a.end_an_date < ? OR a.id < ?)", c.EndAnDate, c.EndAnDate, c.ID)
	}
	return q.Select(sel).Order(pg.lq.order).Limit(n)
}

// Rows reads the same page as Next but only the columns sel (qualified with "a.") as
// database rows for the caller to scan, in the same order (exports: no reflection per
// row). The cursor of the page is the last row's end_an_date and id. The caller closes
// the rows; none is nil rows and no error.
//
// On MariaDB/MySQL the query runs as a server-side prepared statement, so its rows come in
// the binary protocol: the server sends numbers and times as they are stored instead of
// formatting each as text, and the driver reads them without parsing (the connection's
// interpolateParams would otherwise send the query, and get its rows, as text). Times scan
// into time.Time or sql.NullTime, not into sql.RawBytes.
func (pg *Pager) Rows(ctx context.Context, c Cursor, n int, sel string) (*sql.Rows, error) {
	if pg.lq.none {
		return nil, nil
	}
	q := pg.page(ctx, c, n, sel)
	if !pg.mysql {
		return q.Rows()
	}
	dry := q.Session(&gorm.Session{DryRun: true}).Find(&[]map[string]any{})
	if dry.Error != nil {
		return nil, dry.Error
	}
	sqlDB, err := pg.db.DB()
	if err != nil {
		return nil, err
	}
	st, err := sqlDB.PrepareContext(ctx, dry.Statement.SQL.String())
	if err != nil {
		return nil, err
	}
	// closing the statement now is safe: database/sql closes it on the server once the
	// rows are closed
	defer st.Close()
	return st.QueryContext(ctx, dry.Statement.Vars...)
}

// Count counts the matching answers (a full count: exports show it as the total).
func (pg *Pager) Count(ctx context.Context) (int64, error) {
	if pg.lq.none {
		return 0, nil
	}
	var n int64
	err := pg.db.WithContext(ctx).Table("(?) t", pg.countIDs()).Count(&n).Error
	return n, err
}

// countIDs is the query of the matching answer ids that Count counts.
func (pg *Pager) countIDs() *gorm.DB {
	if pg.lq.count != nil {
		return pg.lq.count.Session(&gorm.Session{})
	}
	return pg.lq.ids()
}

// Next reads up to n answers after c (whole rows, documents included) and the cursor of
// the last one. An empty result is the end. The keyset condition is written as
// "t <= T AND (t < T OR id < ID)": its first half is a range of the list index, so a page
// starts at the cursor instead of scanning every newer answer (MariaDB does not range-scan
// the OR form alone), and each page costs the same however deep it is.
func (pg *Pager) Next(ctx context.Context, c Cursor, n int) ([]models.Answer, Cursor, error) {
	if pg.lq.none {
		return nil, c, nil
	}
	var rows []models.Answer
	if err := pg.page(ctx, c, n, "a.*").Scan(&rows).Error; err != nil {
		return nil, c, err
	}
	if len(rows) == 0 {
		return nil, c, nil
	}
	last := rows[len(rows)-1]
	return rows, Cursor{EndAnDate: last.EndAnDate, ID: last.ID}, nil
}
