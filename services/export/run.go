package export

import (
	"archive/zip"
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"

	"dwsurvey/models"
	"dwsurvey/services/analysis"
	"dwsurvey/services/upload"
	"dwsurvey/storage"
	lang "dwsurvey/survey"
)

// ErrCancelled: the export was cancelled (its row says so); the worker stops.
var ErrCancelled = errors.New("the export was cancelled")

// Progress is the durable position of a running export: Parts pages are stored as parts
// (rows 0..Rows-1) and reading goes on after Cursor (kept in the last part). Parts and Rows
// are recorded on the export row after every stored page (and reported as the activity's
// heartbeat). A worker that resumes
// replays those parts and reads again at most the page that was in flight.
type Progress struct {
	Parts  int             `json:"parts"`
	Rows   int64           `json:"rows"`
	Cursor analysis.Cursor `json:"cursor"`
	// Bytes is the length of a file written straight into the store (runStraight), Widths
	// the widest text per column so far (bytes; .sav only).
	Bytes  int64 `json:"bytes,omitempty"`
	Widths []int `json:"widths,omitempty"`
}

// Phases of a running export (View.Phase).
const (
	PhaseReading = "reading"
	PhaseWriting = "writing"
	PhaseStoring = "storing"
)

func partKey(id string, n int) string { return fmt.Sprintf("exports/%s/part-%06d", id, n) }
func fileKey(id, ext string) string   { return "exports/" + id + "/export." + ext }

// layoutFor loads every published version of a survey (newest first) and builds the layout;
// it also returns each version's question ids.
func (s *Service) layoutFor(ctx context.Context, surveyID string, textMode bool, lng string) (*Layout, map[int]map[string]bool, error) {
	var vs []models.SurveyVersion
	if err := s.DB.WithContext(ctx).Where("survey_id = ?", surveyID).Order("version DESC").Find(&vs).Error; err != nil {
		return nil, nil, err
	}
	docs := make([]*lang.Survey, 0, len(vs))
	qs := map[int]map[string]bool{}
	for _, v := range vs {
		d, _, err := lang.Parse([]byte(v.Document))
		if err != nil {
			return nil, nil, fmt.Errorf("survey version %d: %w", v.Version, err)
		}
		docs = append(docs, d)
		set := map[string]bool{}
		for _, q := range d.Questions {
			if q != nil && q.DwID != "" {
				set[string(q.DwID)] = true
			}
		}
		qs[v.Version] = set
	}
	return NewLayout(docs, textMode, lng), qs, nil
}

// page is one keyset page read and converted by the reader.
type page struct {
	rows   [][]Cell
	files  []File
	cursor analysis.Cursor
}

// Run runs export id from the position from (zero: the start), calling beat after every
// page that is durable. It is idempotent: a finished export returns at once; a cancelled
// one returns ErrCancelled. The file is written locally and stored in the blob store at the
// end; the parts are deleted then.
func (s *Service) Run(ctx context.Context, id string, from Progress, beat func(Progress)) error {
	var e models.Export
	if err := s.DB.WithContext(ctx).Take(&e, "id = ?", id).Error; err != nil {
		return err
	}
	switch e.State {
	case models.ExportDone:
		return nil
	case models.ExportCancelled, models.ExportExpired:
		return ErrCancelled
	}
	if e.Parts >= from.Parts { // the row is the durable position (heartbeats may lag);
		// the parts path takes the cursor from the last part when it is replayed
		from = Progress{Parts: e.Parts, Rows: e.RowsDone}
		if e.Position != "" {
			if err := json.Unmarshal([]byte(e.Position), &from); err != nil {
				return fmt.Errorf("export position: %w", err)
			}
		}
	}
	var opts Options
	if err := json.Unmarshal([]byte(e.Options), &opts); err != nil {
		return fmt.Errorf("export options: %w", err)
	}
	if e.Format == FormatReport || e.Format == FormatPDF {
		return s.runDocument(ctx, &e, opts)
	}
	var sv models.Survey
	if err := s.DB.WithContext(ctx).Take(&sv, "id = ?", e.SurveyID).Error; err != nil {
		return err
	}
	pager, err := s.Analysis.Pages(ctx, &sv, opts.Filter)
	if err != nil {
		return err
	}
	upd := map[string]any{"state": models.ExportRunning, "phase": PhaseReading, "rows_done": from.Rows}
	if e.StartedAt == nil {
		upd["started_at"] = s.now()
	}
	if err := s.progress(ctx, id, upd); err != nil {
		return err
	}
	// the total (for the progress bar) is counted while the export reads: a count is a
	// pass over the index that need not hold the first page back
	var countErr error
	counted := make(chan struct{})
	cctx, stopCount := context.WithCancel(ctx)
	defer func() { stopCount(); <-counted }() // no goroutine outlives Run
	if e.StartedAt == nil || e.RowsTotal == 0 {
		go func() {
			defer close(counted)
			t0 := time.Now()
			total, err := pager.Count(cctx)
			s.stage("count", t0)
			if err == nil {
				err = s.DB.WithContext(cctx).Model(&models.Export{}).Where("id = ?", id).Update("rows_total", total).Error
			}
			countErr = err
		}()
	} else {
		close(counted)
	}
	layout, versionQs, err := s.layoutFor(ctx, sv.ID, opts.Values == ValuesText && e.Format != FormatSAV, opts.Lang)
	if err != nil {
		return err
	}
	finishCount := func() error { <-counted; return countErr }
	if fs, ok := s.Blob.(storage.FileStore); ok && (e.Format == FormatCSV || e.Format == FormatSAV) && !e.WithFiles && (from.Parts == 0 || from.Bytes > 0) {
		return s.runStraight(ctx, &e, fs, pager, layout, versionQs, opts.BOM, from, beat, finishCount)
	}
	dir, err := os.MkdirTemp(s.TempDir, "dwsurvey-export-*")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	sheetPath := filepath.Join(dir, "answers."+e.Format)
	var sheet sheetWriter
	switch e.Format {
	case FormatCSV:
		sheet, err = newCSVSheet(sheetPath, layout.Columns, opts.BOM)
	case FormatSAV:
		sheet, err = newSAVSheet(s.readStat(), sheetPath, layout.Columns)
	default:
		sheet, err = newXLSXSheet(sheetPath, layout.Columns)
	}
	if err != nil {
		return err
	}
	var zw *zipFiles
	if e.WithFiles {
		if zw, err = s.newZip(filepath.Join(dir, "export.zip"), sv.ID); err != nil {
			return err
		}
		defer zw.f.Close()
	}
	// the file is written by its own goroutine, behind the pages that are already durable
	type batch struct {
		rows  [][]Cell
		files []File
	}
	wctx, stopWriter := context.WithCancel(ctx)
	defer stopWriter()
	batches := make(chan batch, 2)
	werr := make(chan error, 1)
	go func() {
		var err error
		for b := range batches {
			if err != nil {
				continue // drain
			}
			t0 := time.Now()
			for _, r := range b.rows {
				if err = sheet.Row(r); err != nil {
					break
				}
			}
			s.stage("write", t0)
			if zw != nil && err == nil {
				for _, f := range b.files {
					if err = zw.add(wctx, f); err != nil {
						break
					}
				}
			}
			if err != nil {
				stopWriter()
			}
		}
		werr <- err
	}()
	send := func(b batch) error {
		defer s.stage("send", time.Now())
		select {
		case batches <- b:
			return nil
		case <-wctx.Done():
			return wctx.Err()
		}
	}
	finishWriter := func(err error) error {
		close(batches)
		if werrv := <-werr; werrv != nil {
			return werrv
		}
		return err
	}
	// 1. replay the parts a previous attempt stored
	width := len(layout.Columns)
	for n := 0; n < from.Parts; n++ {
		rows, files, cur, err := s.readPart(ctx, id, n, width)
		from.Cursor = cur
		if err == nil {
			err = send(batch{rows, files})
		}
		if err != nil {
			return finishWriter(fmt.Errorf("part %d: %w", n, err))
		}
	}
	// 2. read on from the cursor, one page at a time: read, store as a part, record the
	// position (the row is the durable position; a crash re-reads at most this page)
	pos := from
	cv := newConverter(layout, versionQs)
	in := s.newStream(pager, pos.Cursor)
	defer in.close()
	for {
		// one page at a time: the next page is taken from the database only once this one
		// is stored and recorded, so a crash re-reads at most the page in flight
		t0 := time.Now()
		answers, err := in.page(wctx)
		if err != nil {
			return finishWriter(err)
		}
		t0 = s.stage("read", t0)
		pg, err := cv.convert(answers, pos.Cursor, e.WithFiles)
		if err != nil {
			return finishWriter(err)
		}
		if len(pg.rows) == 0 {
			break
		}
		t0 = s.stage("convert", t0)
		b := encodePart(pg.rows, pg.files, pg.cursor)
		if err := s.Blob.Put(ctx, partKey(id, pos.Parts), bytes.NewReader(b), int64(len(b)), "application/octet-stream"); err != nil {
			return finishWriter(err)
		}
		t0 = s.stage("part", t0)
		next := Progress{Parts: pos.Parts + 1, Rows: pos.Rows + int64(len(pg.rows)), Cursor: pg.cursor}
		if err := s.recordPage(ctx, id, pos.Parts, next); err != nil {
			return finishWriter(err)
		}
		s.stage("record", t0)
		pos = next
		if beat != nil {
			beat(pos)
		}
		if err := send(batch{pg.rows, pg.files}); err != nil {
			return finishWriter(err)
		}
	}
	in.close()
	if err := finishWriter(nil); err != nil {
		return err
	}
	// 3. finish the file and store it
	if err := s.progress(ctx, id, map[string]any{"phase": PhaseWriting}); err != nil {
		return err
	}
	t0 := time.Now()
	if err := sheet.Close(ctx); err != nil {
		return err
	}
	s.stage("close", t0)
	out, ext := sheetPath, e.Format
	if zw != nil {
		if err := zw.finish(sheetPath, "answers."+e.Format); err != nil {
			return err
		}
		out, ext = zw.f.Name(), "zip"
	}
	if err := s.progress(ctx, id, map[string]any{"phase": PhaseStoring}); err != nil {
		return err
	}
	st, err := os.Stat(out)
	if err != nil {
		return err
	}
	key := fileKey(id, ext)
	t0 = time.Now()
	if err := storage.PutLocalFile(ctx, s.Blob, key, out, ContentType(ext)); err != nil {
		return err
	}
	s.stage("store", t0)
	if err := finishCount(); err != nil { // the total is on the row before the export is done
		return err
	}
	if err := s.markDone(ctx, id, pos, key, st.Size()); err != nil {
		return err
	}
	s.deleteParts(ctx, id, pos.Parts)
	return nil
}

// markDone records that export id is done with its file stored under key (size bytes), if it
// is still running at pos; one cancelled meanwhile gets its file deleted and ErrCancelled.
func (s *Service) markDone(ctx context.Context, id string, pos Progress, key string, size int64) error {
	done := s.now()
	res := s.DB.WithContext(ctx).Model(&models.Export{}).Where("id = ? AND state = ? AND parts = ?", id, models.ExportRunning, pos.Parts).
		Updates(map[string]any{"state": models.ExportDone, "phase": "", "rows_done": pos.Rows, "blob_key": key, "size": size,
			"finished_at": done, "expires_at": done.Add(s.ttl()), "parts": 0, "position": ""})
	if res.Error != nil {
		return res.Error
	}
	if res.RowsAffected == 0 {
		_ = s.Blob.Delete(ctx, key)
		return ErrCancelled
	}
	return nil
}

// runStraight runs a CSV or .sav export whose store keeps files (storage.FileStore, a local
// store): each page's lines are written at the end of the CSV in the store, then the
// position (pages, rows, cursor, bytes, .sav text widths) is recorded on the export row. The
// CSV is written once and no parts are kept; a .sav is converted from it at the end. A worker
// that resumes takes the position from the row and writes on at its byte offset, cutting what
// a stopped worker wrote after it, so it re-reads at most the page in flight.
func (s *Service) runStraight(ctx context.Context, e *models.Export, fs storage.FileStore, pager *analysis.Pager, layout *Layout,
	versionQs map[int]map[string]bool, bom bool, from Progress, beat func(Progress), finishCount func() error) error {
	cols := layout.Columns
	key, head := fileKey(e.ID, FormatCSV), csvHeader(cols, bom)
	line := lineFunc(func(b []byte, cells []Cell, _ []int) []byte { return appendCSVLine(b, cells) })
	if e.Format == FormatSAV {
		key, head = fileKey(e.ID, savData), savHeader(cols)
		line = func(b []byte, cells []Cell, width []int) []byte { return appendSAVLine(b, cells, cols, width) }
	}
	pos := from
	if pos.Parts == 0 {
		if err := fs.WriteAt(ctx, key, 0, head); err != nil {
			return err
		}
		pos.Bytes = int64(len(head))
	}
	if e.Format == FormatSAV && len(pos.Widths) != len(cols) {
		pos.Widths = make([]int, len(cols))
	}
	cv := newConverter(layout, versionQs)
	in := s.newStream(pager, pos.Cursor)
	defer in.close()
	for {
		t0 := time.Now()
		pg, err := cv.linesOf(ctx, in, pos.Cursor, line)
		if err != nil {
			return err
		}
		if pg.rows == 0 {
			break
		}
		t0 = s.stage("convert", t0)
		if err := fs.WriteAt(ctx, key, pos.Bytes, pg.chunks...); err != nil {
			return err
		}
		t0 = s.stage("write", t0)
		next := Progress{Parts: pos.Parts + 1, Rows: pos.Rows + int64(pg.rows), Cursor: pg.cursor, Bytes: pos.Bytes + pg.bytes}
		if pos.Widths != nil {
			next.Widths = slices.Clone(pos.Widths)
			for i, w := range pg.widths {
				next.Widths[i] = max(next.Widths[i], w)
			}
		}
		if err := s.recordPage(ctx, e.ID, pos.Parts, next); err != nil {
			if errors.Is(err, ErrCancelled) { // Discard may have run before this write
				_ = s.Blob.Delete(ctx, key)
			}
			return err
		}
		s.stage("record", t0)
		pos = next
		if beat != nil {
			beat(pos)
		}
	}
	in.close()
	size, dataKey := pos.Bytes, ""
	if e.Format == FormatSAV {
		if err := s.progress(ctx, e.ID, map[string]any{"phase": PhaseWriting}); err != nil {
			return err
		}
		data, err := fs.File(key)
		if err != nil {
			return err
		}
		dir, err := os.MkdirTemp(s.TempDir, "dwsurvey-export-*")
		if err != nil {
			return err
		}
		defer os.RemoveAll(dir)
		out := filepath.Join(dir, "answers.sav")
		t0 := time.Now()
		if err := convertSAV(ctx, s.readStat(), data, out, cols, pos.Widths); err != nil {
			return err
		}
		s.stage("close", t0)
		st, err := os.Stat(out)
		if err != nil {
			return err
		}
		if err := s.progress(ctx, e.ID, map[string]any{"phase": PhaseStoring}); err != nil {
			return err
		}
		// the CSV stays until the export is done: a retry converts it again
		dataKey, key, size = key, fileKey(e.ID, FormatSAV), st.Size()
		if err := storage.PutLocalFile(ctx, s.Blob, key, out, ContentType(FormatSAV)); err != nil {
			return err
		}
	}
	if err := finishCount(); err != nil {
		return err
	}
	err := s.markDone(ctx, e.ID, pos, key, size)
	if dataKey != "" && (err == nil || errors.Is(err, ErrCancelled)) {
		_ = s.Blob.Delete(ctx, dataKey)
	}
	return err
}

// progress updates a running export; a row that is no longer running (cancelled) stops
// the worker.
func (s *Service) progress(ctx context.Context, id string, upd map[string]any) error {
	res := s.DB.WithContext(ctx).Model(&models.Export{}).Where("id = ? AND state IN ?", id, []string{models.ExportQueued, models.ExportRunning}).Updates(upd)
	if res.Error != nil {
		return res.Error
	}
	if res.RowsAffected == 0 {
		var e models.Export
		if err := s.DB.WithContext(ctx).Select("state").Take(&e, "id = ?", id).Error; err != nil {
			return err
		}
		if e.State != models.ExportQueued && e.State != models.ExportRunning {
			return ErrCancelled
		}
	}
	return nil
}

// converter turns pages of answers into rows on every core; it keeps each goroutine's
// reusable state and, per survey version, which layout questions the version has.
type converter struct {
	layout    *Layout
	versionQs map[int]map[string]bool
	inVersion map[int][]bool
	states    []rowState
	// recs, sets and chunks are linesOf's answers, their versions' questions and lines.
	recs   []answerRec
	sets   [][]bool
	chunks [][]byte
}

func newConverter(l *Layout, versionQs map[int]map[string]bool) *converter {
	return &converter{layout: l, versionQs: versionQs, inVersion: map[int][]bool{}, states: make([]rowState, runtime.GOMAXPROCS(0))}
}

func (cv *converter) versionSet(v int) []bool {
	in, ok := cv.inVersion[v]
	if !ok {
		in = make([]bool, len(cv.layout.questions))
		for i, q := range cv.layout.questions {
			in[i] = cv.versionQs[v][q.dwID]
		}
		cv.inVersion[v] = in
	}
	return in
}

// readPage reads the keyset page after c and converts it (an empty page is the end).
func (s *Service) readPage(ctx context.Context, pager *analysis.Pager, cv *converter, c analysis.Cursor, withFiles bool) (page, error) {
	answers, err := s.fetchPage(ctx, pager, c)
	if err != nil {
		return page{}, err
	}
	return cv.convert(answers, c, withFiles)
}

// fetchPage reads the answers of the keyset page after c.
func (s *Service) fetchPage(ctx context.Context, pager *analysis.Pager, c analysis.Cursor) ([]answerRec, error) {
	rs, err := pager.Rows(ctx, c, s.pageSize(), answerCols)
	if err != nil {
		return nil, err
	}
	var answers []answerRec
	if rs != nil {
		answers = make([]answerRec, 0, s.pageSize())
		for rs.Next() {
			answers = append(answers, answerRec{})
			if err := answers[len(answers)-1].scan(rs); err != nil {
				rs.Close()
				return nil, err
			}
		}
		if err := errors.Join(rs.Err(), rs.Close()); err != nil {
			return nil, err
		}
	}
	if s.OnRead != nil {
		s.OnRead(len(answers))
	}
	return answers, nil
}

// convert turns fetched answers into a page (none: the end, cursor c kept).
func (cv *converter) convert(answers []answerRec, c analysis.Cursor, withFiles bool) (page, error) {
	if len(answers) == 0 {
		return page{cursor: c}, nil
	}
	last := &answers[len(answers)-1]
	width := len(cv.layout.Columns)
	pg := page{rows: make([][]Cell, len(answers)), cursor: analysis.Cursor{EndAnDate: last.EndAnDate, ID: last.ID}}
	cells := make([]Cell, width*len(answers))
	files := make([][]File, len(answers))
	sets := make([][]bool, len(answers))
	for i := range answers {
		sets[i] = cv.versionSet(answers[i].SurveyVersion)
	}
	// answers are converted on every core (decoding their documents is the expensive part)
	workers := max(1, min(len(cv.states), len(answers)/100))
	errs := make([]error, workers)
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			st := &cv.states[w]
			for i := w; i < len(answers); i += workers {
				row := cells[i*width : (i+1)*width : (i+1)*width]
				f, err := cv.layout.row(st, &answers[i], sets[i], row, withFiles)
				if err != nil {
					errs[w] = fmt.Errorf("answer %s: %w", answers[i].ID, err)
					return
				}
				pg.rows[i], files[i] = row, f
			}
		}(w)
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return page{}, err
	}
	for _, f := range files {
		pg.files = append(pg.files, f...)
	}
	return pg, nil
}

// linePage is one keyset page converted straight into text lines: chunks hold its rows' lines
// in order. They are the converter's buffers, valid until its next call.
type linePage struct {
	rows   int
	bytes  int64
	chunks [][]byte
	// widths is the widest text per column the line function saw (bytes; .sav).
	widths []int
	cursor analysis.Cursor
}

// lineFunc appends the line of a row's cells to b, widening width (bytes per column) to its
// texts where the format needs it.
type lineFunc func(b []byte, cells []Cell, width []int) []byte

// lineChunk is how many answers a converting goroutine takes at a time.
const lineChunk = 200

// linesOf reads the next page from in and converts it into a linePage while it is read (none:
// the end, cursor c kept): every lineChunk answers read go to a converting goroutine (one per
// core, each reusing its row of cells and reader state), so the page is converted as its rows
// arrive instead of after them. The chunks' buffers are the converter's, valid until its next
// call; the answers read are reused too.
func (cv *converter) linesOf(ctx context.Context, in *answerStream, c analysis.Cursor, line lineFunc) (linePage, error) {
	size := in.s.pageSize()
	if len(cv.recs) < size {
		cv.recs, cv.sets = make([]answerRec, size), make([][]bool, size)
		cv.chunks = make([][]byte, (size+lineChunk-1)/lineChunk)
	}
	width := len(cv.layout.Columns)
	type job struct{ k, end int }
	jobs := make(chan job, len(cv.chunks))
	errs := make([]error, len(cv.states))
	var wg sync.WaitGroup
	for w := range cv.states {
		st := &cv.states[w]
		if len(st.cells) != width {
			st.cells, st.widths = make([]Cell, width), make([]int, width)
		}
		clear(st.widths)
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range jobs {
				if errs[w] != nil {
					continue
				}
				out := cv.chunks[j.k][:0]
				for i := j.k * lineChunk; i < j.end; i++ {
					if _, err := cv.layout.row(st, &cv.recs[i], cv.sets[i], st.cells, false); err != nil {
						errs[w] = fmt.Errorf("answer %s: %w", cv.recs[i].ID, err)
						break
					}
					out = line(out, st.cells, st.widths)
				}
				cv.chunks[j.k] = out
			}
		}()
	}
	got := 0
	_, err := in.take(ctx, func(rows *sql.Rows) (analysis.Cursor, error) {
		a := &cv.recs[got]
		*a = answerRec{}
		if err := a.scan(rows); err != nil {
			return analysis.Cursor{}, err
		}
		cv.sets[got] = cv.versionSet(a.SurveyVersion)
		if got++; got%lineChunk == 0 {
			jobs <- job{got/lineChunk - 1, got}
		}
		return analysis.Cursor{EndAnDate: a.EndAnDate, ID: a.ID}, nil
	})
	if got%lineChunk != 0 {
		jobs <- job{got / lineChunk, got}
	}
	close(jobs)
	wg.Wait()
	if err := errors.Join(append(errs, err)...); err != nil {
		return linePage{}, err
	}
	if got == 0 {
		return linePage{cursor: c}, nil
	}
	last := &cv.recs[got-1]
	pg := linePage{rows: got, chunks: cv.chunks[:(got+lineChunk-1)/lineChunk], widths: make([]int, width),
		cursor: analysis.Cursor{EndAnDate: last.EndAnDate, ID: last.ID}}
	for _, b := range pg.chunks {
		pg.bytes += int64(len(b))
	}
	for w := range cv.states {
		for i, n := range cv.states[w].widths {
			pg.widths[i] = max(pg.widths[i], n)
		}
	}
	return pg, nil
}

// savData is the extension of the CSV a .sav export written straight into the store is
// converted from (fileKey).
const savData = "sav.csv"

// readStat is the readstat tool to run.
func (s *Service) readStat() string {
	if s.ReadStat == "" {
		return "readstat"
	}
	return s.ReadStat
}

func (s *Service) readPart(ctx context.Context, id string, n, width int) ([][]Cell, []File, analysis.Cursor, error) {
	rc, _, err := s.Blob.Get(ctx, partKey(id, n))
	if err != nil {
		return nil, nil, analysis.Cursor{}, err
	}
	defer rc.Close()
	b, err := io.ReadAll(rc)
	if err != nil {
		return nil, nil, analysis.Cursor{}, err
	}
	return decodePart(b, width)
}

// recordPage records that part number n is stored and reading goes on after p.Cursor. The
// update is fenced on the part count: a second worker on the same export (one that was
// taken for dead but still runs) finds the count moved and stops.
func (s *Service) recordPage(ctx context.Context, id string, n int, p Progress) error {
	position, err := json.Marshal(p)
	if err != nil {
		return err
	}
	res := s.DB.WithContext(ctx).Model(&models.Export{}).Where("id = ? AND state = ? AND parts = ?", id, models.ExportRunning, n).
		Updates(map[string]any{"rows_done": p.Rows, "parts": p.Parts, "position": string(position)})
	if res.Error != nil {
		return res.Error
	}
	if res.RowsAffected == 0 {
		var e models.Export
		if err := s.DB.WithContext(ctx).Select("state", "parts").Take(&e, "id = ?", id).Error; err != nil {
			return err
		}
		if e.State != models.ExportRunning {
			return ErrCancelled
		}
		return fmt.Errorf("export %s: part %d was recorded by another worker (now %d)", id, n, e.Parts)
	}
	return nil
}

// ContentType is the media type of an export file extension.
func ContentType(ext string) string {
	switch ext {
	case "xlsx":
		return "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
	case "csv":
		return "text/csv; charset=utf-8"
	case "zip":
		return "application/zip"
	case "docx":
		return "application/vnd.openxmlformats-officedocument.wordprocessingml.document"
	case "pdf":
		return "application/pdf"
	}
	return "application/octet-stream"
}

func (s *Service) deleteParts(ctx context.Context, id string, n int) {
	for i := 0; i < n; i++ {
		if err := s.Blob.Delete(ctx, partKey(id, i)); err != nil && !errors.Is(err, storage.ErrBlobNotFound) {
			slog.Warn("export: part not deleted", "export", id, "part", i, "err", err)
		}
	}
}

// Discard ends an export that will not finish: its parts (those the row counts and the
// page that was in flight) and any file are deleted and the row gets state (cancelled, or
// failed with msg while it was still queued or running). Idempotent.
func (s *Service) Discard(ctx context.Context, id, state, msg string) error {
	var e models.Export
	if err := s.DB.WithContext(ctx).Take(&e, "id = ?", id).Error; err != nil {
		return err
	}
	parts := e.Parts
	for i := 0; i <= parts; i++ { // the stored parts and the one that was in flight
		_ = s.Blob.Delete(ctx, partKey(id, i))
	}
	for _, ext := range []string{FormatXLSX, FormatCSV, FormatSAV, savData, "zip", "docx", "pdf"} {
		_ = s.Blob.Delete(ctx, fileKey(id, ext))
	}
	upd := map[string]any{"state": state, "phase": "", "blob_key": "", "size": 0, "parts": 0, "position": "", "finished_at": s.now()}
	if msg != "" {
		upd["error"] = clip(msg, 500)
	}
	q := s.DB.WithContext(ctx).Model(&models.Export{}).Where("id = ?", id)
	if state == models.ExportFailed {
		q = q.Where("state IN ?", []string{models.ExportQueued, models.ExportRunning})
	}
	return q.Updates(upd).Error
}

// Expire deletes the files of exports whose expiry passed (at most batch) and marks them
// expired; it returns how many. Idempotent: a file already gone is fine.
func (s *Service) Expire(ctx context.Context, batch int) (int, error) {
	if batch <= 0 {
		batch = 500
	}
	var rows []models.Export
	if err := s.DB.WithContext(ctx).Where("state = ? AND expires_at <= ?", models.ExportDone, s.now()).Order("expires_at").Limit(batch).Find(&rows).Error; err != nil {
		return 0, err
	}
	n := 0
	for _, e := range rows {
		if err := s.Blob.Delete(ctx, e.BlobKey); err != nil && !errors.Is(err, storage.ErrBlobNotFound) {
			return n, err
		}
		if err := s.DB.WithContext(ctx).Model(&models.Export{}).Where("id = ? AND state = ?", e.ID, models.ExportDone).
			Updates(map[string]any{"state": models.ExportExpired, "blob_key": "", "size": 0}).Error; err != nil {
			return n, err
		}
		n++
	}
	return n, nil
}

// --- the ZIP of the sheet and the uploaded files ---

type zipFiles struct {
	s        *Service
	surveyID string
	f        *os.File
	zw       *zip.Writer
	seq      map[string]int
	missing  []string
}

func (s *Service) newZip(p, surveyID string) (*zipFiles, error) {
	f, err := os.Create(p)
	if err != nil {
		return nil, err
	}
	return &zipFiles{s: s, surveyID: surveyID, f: f, zw: zip.NewWriter(f), seq: map[string]int{}}, nil
}

// SafeName makes an uploaded file's original name safe as one path element of a ZIP:
// the base name only (no folders, no "..", no drive or control characters), at most 100
// characters; an empty result becomes "file".
func SafeName(name string) string {
	name = strings.ReplaceAll(name, "\\", "/")
	name = path.Base(name)
	name = strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7f || strings.ContainsRune(`/\:*?"<>|`, r) {
			return '_'
		}
		return r
	}, name)
	name = strings.TrimLeft(strings.TrimSpace(name), ".")
	if r := []rune(name); len(r) > 100 {
		name = string(r[len(r)-100:])
	}
	if name == "" {
		return "file"
	}
	return name
}

// uploadID reads the upload id out of a stored file path (/api/dwsurvey/up/download/<id>?...).
func uploadID(p string) string {
	i := strings.Index(p, upload.DownloadPrefix)
	if i < 0 {
		return ""
	}
	id := p[i+len(upload.DownloadPrefix):]
	if j := strings.IndexAny(id, "?#/"); j >= 0 {
		id = id[:j]
	}
	return id
}

// add copies one uploaded file into files/<answerId>/<n>-<safe name>. Only uploads of this
// survey are copied (an answer cannot pull another survey's file into the export); a
// missing one is listed in files/MISSING.txt.
func (z *zipFiles) add(ctx context.Context, f File) error {
	id := uploadID(f.Key)
	var row models.UploadFile
	if id == "" || z.s.DB.WithContext(ctx).Take(&row, "id = ? AND survey_id = ?", id, z.surveyID).Error != nil {
		z.missing = append(z.missing, f.AnswerID+": "+f.Name)
		return nil
	}
	rc, _, err := z.s.Blob.Get(ctx, row.BlobKey)
	if err != nil {
		z.missing = append(z.missing, f.AnswerID+": "+f.Name)
		return nil
	}
	defer rc.Close()
	z.seq[f.AnswerID]++
	name := fmt.Sprintf("files/%s/%d-%s", SafeName(f.AnswerID), z.seq[f.AnswerID], SafeName(f.Name))
	w, err := z.zw.CreateHeader(&zip.FileHeader{Name: name, Method: zip.Deflate, Modified: row.CreatedAt})
	if err != nil {
		return err
	}
	_, err = io.Copy(w, rc)
	return err
}

// finish adds the sheet and closes the archive.
func (z *zipFiles) finish(sheetPath, name string) error {
	if len(z.missing) > 0 {
		w, err := z.zw.Create("files/MISSING.txt")
		if err != nil {
			return err
		}
		if _, err := io.WriteString(w, "Files no longer stored:\r\n"+strings.Join(z.missing, "\r\n")+"\r\n"); err != nil {
			return err
		}
	}
	sf, err := os.Open(sheetPath)
	if err != nil {
		return err
	}
	defer sf.Close()
	w, err := z.zw.CreateHeader(&zip.FileHeader{Name: name, Method: zip.Deflate, Modified: time.Now()})
	if err != nil {
		return err
	}
	if _, err := io.Copy(w, sf); err != nil {
		return err
	}
	if err := z.zw.Close(); err != nil {
		return err
	}
	return z.f.Sync()
}

// AllCells reads every valid answer of a survey through its layout into memory (the
// benchmark's reference writes these cells without the database; not for requests).
func (s *Service) AllCells(ctx context.Context, surveyID string, textMode bool, lng string) (*Layout, [][]Cell, error) {
	var sv models.Survey
	if err := s.DB.WithContext(ctx).Take(&sv, "id = ?", surveyID).Error; err != nil {
		return nil, nil, err
	}
	pager, err := s.Analysis.Pages(ctx, &sv, analysis.Filter{})
	if err != nil {
		return nil, nil, err
	}
	layout, versionQs, err := s.layoutFor(ctx, sv.ID, textMode, lng)
	if err != nil {
		return nil, nil, err
	}
	var rows [][]Cell
	var c analysis.Cursor
	cv := newConverter(layout, versionQs)
	for {
		pg, err := s.readPage(ctx, pager, cv, c, false)
		if err != nil {
			return nil, nil, err
		}
		if len(pg.rows) == 0 {
			return layout, rows, nil
		}
		rows, c = append(rows, pg.rows...), pg.cursor
	}
}
