package export

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"time"

	"dwsurvey/models"
	"dwsurvey/services/analysis"
)

// RawIDCols are the fewest columns RawRead can walk the answers with: the keyset (id and
// submit time). The server still reads every answer row (the filter's is_eff is not in the
// list index) but sends almost nothing.
const RawIDCols = "a.id, a.end_an_date"

// RawRead reads the answers of a survey matching f exactly as a sheet export reads them —
// the same pager (SQL, filter, keyset order), the same queries of streamPages pages taken a
// page at a time with the next page warmed up — selecting cols (empty: the export's own
// columns, answerCols), and gives each row to fn as the driver's bytes: nothing is decoded
// but the submit time, which the keyset needs (the export decodes it too). The slices are
// valid only during fn. cols must hold a.id and a.end_an_date; with RawIDCols there is no
// warm-up (the walk itself reads only what the warm-up would). It answers the rows read.
// The benchmark's raw-database reference; not for requests (no access check).
func (s *Service) RawRead(ctx context.Context, surveyID string, f analysis.Filter, cols string, fn func(row []sql.RawBytes, end sql.NullTime) error) (int64, error) {
	if cols == "" {
		cols = answerCols
	}
	idAt, endAt := -1, -1
	names := strings.Split(cols, ",")
	for i, c := range names {
		switch strings.TrimSpace(c) {
		case "a.id":
			idAt = i
		case "a.end_an_date":
			endAt = i
		}
	}
	if idAt < 0 || endAt < 0 {
		return 0, fmt.Errorf("raw read: the columns must hold a.id and a.end_an_date")
	}
	var sv models.Survey
	if err := s.DB.WithContext(ctx).Take(&sv, "id = ?", surveyID).Error; err != nil {
		return 0, err
	}
	pager, err := s.Analysis.Pages(ctx, &sv, f)
	if err != nil {
		return 0, err
	}
	st := s.newStream(pager, analysis.Cursor{})
	defer st.close()
	st.cols = cols
	if cols == RawIDCols {
		st.warmOK = false
	}
	row := make([]sql.RawBytes, len(names))
	// times come as time.Time in the binary protocol (analysis.Pager.Rows): they are given
	// to fn as their text, as the export writes them
	times := make([]sql.NullTime, len(names))
	dest := make([]any, len(names))
	var timeAt []int
	for i, c := range names {
		dest[i] = &row[i]
		if strings.HasSuffix(strings.TrimSpace(c), "_date") {
			dest[i] = &times[i]
			timeAt = append(timeAt, i)
		}
	}
	text := make([][]byte, len(names))
	var total int64
	for {
		n, err := st.take(ctx, func(rs *sql.Rows) (analysis.Cursor, error) {
			if err := rs.Scan(dest...); err != nil {
				return analysis.Cursor{}, err
			}
			for _, i := range timeAt {
				text[i] = text[i][:0]
				if times[i].Valid {
					text[i] = times[i].Time.AppendFormat(text[i], time.DateTime)
				}
				row[i] = text[i]
			}
			if err := fn(row, times[endAt]); err != nil {
				return analysis.Cursor{}, err
			}
			return analysis.Cursor{EndAnDate: times[endAt].Time, ID: string(row[idAt])}, nil
		})
		total += int64(n)
		if err != nil || n < s.pageSize() {
			return total, err
		}
	}
}
