package export

import (
	"context"
	"database/sql"
	"errors"

	"dwsurvey/services/analysis"
	"dwsurvey/storage"
)

// streamPages is how many pages one query of a stream may give on MariaDB/MySQL. The
// export takes one page at a time from the query's result while the server goes on reading
// the next rows into the connection (as far as the socket buffers let it): the server's
// reads (from disk, when the answers are not in its buffer pool) overlap the conversion
// and storing of the page before, where a query per page left the server idle while the
// export worked and the export idle while the server read. Bounded so that no statement
// runs for the whole export.
const streamPages = 16

// answerStream reads the answers of a pager in keyset order, one page at a time, from
// queries of up to streamPages pages each. Its cursor is after the last answer it gave.
type answerStream struct {
	s      *Service
	pager  *analysis.Pager
	cursor analysis.Cursor
	chunk  int    // answers per query
	cols   string // the columns read (answerCols for exports)
	rows   *sql.Rows
	left   int  // answers the open query may still give
	end    bool // a query ended before its limit: no more answers
	// warm, when set, is the warm-up query of the next page (see warmUp); warmOK: the
	// pool has a connection for it.
	warm   chan struct{}
	warmOK bool
	// diskReads is the server's count of pages read from the disk after the last page
	// taken (-1: not known yet); see warmUp.
	diskReads int64
}

func (s *Service) newStream(pager *analysis.Pager, from analysis.Cursor) *answerStream {
	st := &answerStream{s: s, pager: pager, cursor: from, chunk: s.pageSize(), cols: answerCols, diskReads: -1}
	// a streaming query holds its connection while the export records pages (and warms
	// the next one up) on others: only where the pool has more than one (SQLite has one)
	if storage.IsMySQL(s.DB) {
		if db, err := s.DB.DB(); err == nil {
			if n := db.Stats().MaxOpenConnections; n == 0 || n >= 2 {
				st.chunk, st.warmOK = s.pageSize()*streamPages, true
			}
		}
	}
	return st
}

// page reads the next page (empty: the end). A query that fails after its first answers
// (a connection dropped while the export was slow to read, e.g. the server's
// net_write_timeout) is opened again from the cursor, so no answer is read twice.
func (st *answerStream) page(ctx context.Context) ([]answerRec, error) {
	answers := make([]answerRec, 0, st.s.pageSize())
	_, err := st.take(ctx, func(rows *sql.Rows) (analysis.Cursor, error) {
		answers = append(answers, answerRec{})
		a := &answers[len(answers)-1]
		if err := a.scan(rows); err != nil {
			return analysis.Cursor{}, err
		}
		return analysis.Cursor{EndAnDate: a.EndAnDate, ID: a.ID}, nil
	})
	if err != nil {
		return nil, err
	}
	return answers, nil
}

// take reads up to a page of rows (the stream's columns), giving each to scan, which
// returns the row's keyset position; it answers how many rows it took (fewer than a page:
// the end). Errors as page.
func (st *answerStream) take(ctx context.Context, scan func(*sql.Rows) (analysis.Cursor, error)) (int, error) {
	if st.warm != nil {
		<-st.warm
		st.warm = nil
	}
	n := st.s.pageSize()
	got, retries := 0, 0
	for got < n && !st.end {
		if st.rows == nil {
			rs, err := st.pager.Rows(ctx, st.cursor, st.chunk, st.cols)
			if err != nil {
				return got, err
			}
			if rs == nil { // nothing can match
				st.end = true
				break
			}
			st.rows, st.left = rs, st.chunk
		}
		if !st.rows.Next() {
			err := errors.Join(st.rows.Err(), st.rows.Close())
			st.rows = nil
			if err != nil {
				if retries++; ctx.Err() != nil || retries > 2 {
					return got, err
				}
				continue
			}
			st.end = st.left > 0
			continue
		}
		c, err := scan(st.rows)
		if err != nil {
			return got, err
		}
		got++
		st.left--
		st.cursor = c
		retries = 0
	}
	if st.s.OnRead != nil {
		st.s.OnRead(got)
	}
	if got == n && !st.end && st.fromDisk(ctx, n) {
		st.warmUp(ctx)
	}
	return got, nil
}

// fromDisk tells whether the server read pages from the disk since the last page was
// taken (its global Innodb_buffer_pool_reads moved by more than one page per hundred
// answers; unknown counts as yes). When the answers are in the buffer pool a warm-up only
// makes the server walk each page's rows twice, which took a quarter of its CPU in an
// export of answers held in memory; the first page that comes from the disk again turns
// the warm-ups back on for the pages after it. Reads of other sessions count too, which
// at worst warms up a page that did not need it.
func (st *answerStream) fromDisk(ctx context.Context, pageRows int) bool {
	if !st.warmOK {
		return false
	}
	var name string
	var reads int64
	err := st.s.DB.WithContext(ctx).Raw("SHOW GLOBAL STATUS LIKE 'Innodb_buffer_pool_reads'").Row().Scan(&name, &reads)
	if err != nil {
		return true
	}
	prev := st.diskReads
	st.diskReads = reads
	return prev < 0 || reads-prev > int64(pageRows)/100
}

// warmUp makes the database read the next page's answer rows into its buffer pool while
// the export converts and stores this page: a query of the next page that returns only
// ids and document lengths (the rows are read, almost nothing is sent), so the query of
// the page itself finds them in memory. The export itself reads nothing ahead: a crash
// still re-reads at most the page in flight.
func (st *answerStream) warmUp(ctx context.Context) {
	if !st.warmOK {
		return
	}
	done, c := make(chan struct{}), st.cursor
	st.warm = done
	go func() {
		defer close(done)
		rs, err := st.pager.Rows(ctx, c, st.s.pageSize(), "a.id, LENGTH(a.document)")
		if err != nil || rs == nil {
			return // only a warm-up: the page's own query reports errors
		}
		for rs.Next() {
		}
		_ = rs.Close()
	}()
}

// close ends the open query (idempotent).
func (st *answerStream) close() {
	if st.warm != nil {
		<-st.warm
		st.warm = nil
	}
	if st.rows != nil {
		_ = st.rows.Close()
		st.rows = nil
	}
}
