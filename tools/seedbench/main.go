// Command seedbench loads N answers of a 20-question survey into MariaDB in bulk (answers,
// answer_items and the sharded counters built with the same BuildAggregate as the
// incremental path), checks the counters against a recount on a sample of keys, then times
// survey-stats, a raw-data page and a two-way cross analysis through the services.
//
//	go run ./tools/seedbench -n 1000000 [-dsn root:@tcp(127.0.0.1:3306)/] [-db dws_bench] [-keep]
package main

import (
	"context"
	"database/sql"
	"encoding/json"
	"flag"
	"fmt"
	"log"
	"math/rand/v2"
	"os"
	"sort"
	"strings"
	"time"

	_ "github.com/go-sql-driver/mysql"

	"dwsurvey/models"
	"dwsurvey/services/account"
	"dwsurvey/services/analysis"
	answersvc "dwsurvey/services/answer"
	"dwsurvey/services/audit"
	surveysvc "dwsurvey/services/survey"
	"dwsurvey/storage"
	lang "dwsurvey/survey"
)

func opts(prefix string, n int) []map[string]any {
	out := make([]map[string]any, n)
	for i := range out {
		out[i] = map[string]any{"dwId": fmt.Sprintf("%s_%d", prefix, i+1), "optionTitle": fmt.Sprintf("%s option %d", prefix, i+1)}
	}
	return out
}

// benchDoc: 10 radio, 4 checkbox, 2 score, 2 NPS, 1 matrix radio, 1 fill-blank.
func benchDoc() map[string]any {
	var qs []map[string]any
	for i := 1; i <= 10; i++ {
		id := fmt.Sprintf("r%d", i)
		qs = append(qs, map[string]any{"dwId": id, "quType": "RADIO", "quTitle": "Radio " + id, "quRadios": opts(id, 4)})
	}
	for i := 1; i <= 4; i++ {
		id := fmt.Sprintf("c%d", i)
		qs = append(qs, map[string]any{"dwId": id, "quType": "CHECKBOX", "quTitle": "Checkbox " + id, "quCheckboxs": opts(id, 4)})
	}
	for i := 1; i <= 2; i++ {
		id := fmt.Sprintf("s%d", i)
		qs = append(qs, map[string]any{"dwId": id, "quType": "SCORE", "quTitle": "Score " + id, "paramInt02": 5, "quScores": opts(id, 3)})
	}
	for i := 1; i <= 2; i++ {
		id := fmt.Sprintf("n%d", i)
		qs = append(qs, map[string]any{"dwId": id, "quType": "SCALE_NPS", "quTitle": "NPS " + id})
	}
	qs = append(qs, map[string]any{"dwId": "m1", "quType": "MATRIX_RADIO", "quTitle": "Matrix", "quRows": opts("m1r", 3), "quCols": opts("m1c", 4)})
	qs = append(qs, map[string]any{"dwId": "f1", "quType": "FILLBLANK", "quTitle": "Comment"})
	return map[string]any{"questions": qs}
}

func str(v string) lang.Str { return lang.Str(v) }

func randomAnswer(r *rand.Rand) []*lang.AnQuestion {
	var out []*lang.AnQuestion
	for i := 1; i <= 10; i++ {
		id := fmt.Sprintf("r%d", i)
		out = append(out, &lang.AnQuestion{QuDwID: str(id), QuType: "RADIO", AnRadio: &lang.AnOption{OptionDwID: str(fmt.Sprintf("%s_%d", id, 1+r.IntN(4)))}})
	}
	for i := 1; i <= 4; i++ {
		id := fmt.Sprintf("c%d", i)
		q := &lang.AnQuestion{QuDwID: str(id), QuType: "CHECKBOX"}
		for k := 1; k <= 4; k++ {
			if r.IntN(2) == 0 {
				q.AnCheckboxs = append(q.AnCheckboxs, &lang.AnOption{OptionDwID: str(fmt.Sprintf("%s_%d", id, k))})
			}
		}
		if len(q.AnCheckboxs) > 0 {
			out = append(out, q)
		}
	}
	for i := 1; i <= 2; i++ {
		id := fmt.Sprintf("s%d", i)
		q := &lang.AnQuestion{QuDwID: str(id), QuType: "SCORE"}
		for k := 1; k <= 3; k++ {
			q.AnScores = append(q.AnScores, &lang.AnScore{OptionDwID: str(fmt.Sprintf("%s_%d", id, k)), AnswerScore: lang.Num(1 + r.IntN(5))})
		}
		out = append(out, q)
	}
	for i := 1; i <= 2; i++ {
		v := lang.Num(r.IntN(11))
		out = append(out, &lang.AnQuestion{QuDwID: str(fmt.Sprintf("n%d", i)), QuType: "SCALE_NPS", AnScale: &lang.AnScale{AnswerScore: &v}})
	}
	m := &lang.AnQuestion{QuDwID: "m1", QuType: "MATRIX_RADIO"}
	for k := 1; k <= 3; k++ {
		m.AnMatrixRadios = append(m.AnMatrixRadios, &lang.AnMatrixRadio{RowDwID: str(fmt.Sprintf("m1r_%d", k)), ColDwID: str(fmt.Sprintf("m1c_%d", 1+r.IntN(4)))})
	}
	out = append(out, m)
	if r.IntN(3) == 0 {
		out = append(out, &lang.AnQuestion{QuDwID: "f1", QuType: "FILLBLANK", AnFbk: &lang.AnFbk{Answer: lang.FbkText(fmt.Sprintf("comment %d", r.IntN(1000)))}})
	}
	return out
}

type inserter struct {
	tx    *sql.Tx
	table string
	cols  string
	n     int
	per   int
	rows  int
	args  []any
	sb    strings.Builder
}

func (b *inserter) add(vals ...any) error {
	if b.rows == 0 {
		b.sb.Reset()
		b.sb.WriteString("INSERT INTO " + b.table + " (" + b.cols + ") VALUES ")
	} else {
		b.sb.WriteByte(',')
	}
	b.sb.WriteByte('(')
	for i := range vals {
		if i > 0 {
			b.sb.WriteByte(',')
		}
		b.sb.WriteByte('?')
	}
	b.sb.WriteByte(')')
	b.args = append(b.args, vals...)
	b.rows++
	if b.rows >= b.per {
		return b.flush()
	}
	return nil
}

func (b *inserter) flush() error {
	if b.rows == 0 {
		return nil
	}
	_, err := b.tx.Exec(b.sb.String(), b.args...)
	b.rows, b.args = 0, b.args[:0]
	return err
}

func must(err error) {
	if err != nil {
		log.Fatal(err)
	}
}

// only restricts the timings to calls whose name contains it (-only).
var only string

func timeit(name string, runs int, fn func() error) time.Duration {
	if only != "" && !strings.Contains(name, only) {
		return 0
	}
	var ds []time.Duration
	for i := 0; i < runs; i++ {
		t0 := time.Now()
		must(fn())
		ds = append(ds, time.Since(t0))
	}
	sort.Slice(ds, func(i, j int) bool { return ds[i] < ds[j] })
	med := ds[len(ds)/2]
	fmt.Printf("%-40s median %8.1f ms  min %8.1f ms  max %8.1f ms  (%d runs)\n", name, ms(med), ms(ds[0]), ms(ds[len(ds)-1]), runs)
	return med
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

func main() {
	n := flag.Int("n", 1000000, "answers to load")
	base := flag.String("dsn", "root:@tcp(127.0.0.1:3306)/", "MariaDB DSN without database")
	dbName := flag.String("db", fmt.Sprintf("dws_bench_%d", os.Getpid()), "database to create")
	keep := flag.Bool("keep", false, "keep the database afterwards")
	batch := flag.Int("batch", 50000, "answers per transaction")
	noTime := flag.Bool("no-time", false, "load (and check) only, no timings")
	timeOnly := flag.Bool("time-only", false, "only time the calls on an existing database (-db, loaded with -keep)")
	flag.StringVar(&only, "only", "", "time only the calls whose name contains this")
	flag.Parse()
	ctx := context.Background()
	if *timeOnly {
		dsn := strings.TrimSuffix(*base, "/") + "/" + *dbName
		db, err := storage.OpenDB("mysql", dsn, 4)
		must(err)
		must(models.Migrate(ctx, db))
		var sv models.Survey
		must(db.Where("id = ?", "bench-survey").Take(&sv).Error)
		surveys := &surveysvc.Service{DB: db}
		answers := &answersvc.Service{DB: db, Surveys: surveys, Loc: time.Local}
		an := &analysis.Service{DB: db, Surveys: surveys, Answers: answers, Loc: time.Local}
		sqldb, err := db.DB()
		must(err)
		explain(sqldb)
		timings(ctx, an, &sv)
		return
	}

	admin, err := sql.Open("mysql", *base)
	must(err)
	_, err = admin.Exec("CREATE DATABASE `" + *dbName + "` CHARACTER SET utf8mb4")
	must(err)
	if !*keep {
		defer func() { _, _ = admin.Exec("DROP DATABASE `" + *dbName + "`"); fmt.Println("dropped", *dbName) }()
	}
	dsn := strings.TrimSuffix(*base, "/") + "/" + *dbName
	if i := strings.IndexByte(*base, '?'); i >= 0 {
		dsn = (*base)[:i] + *dbName + (*base)[i:]
	}
	db, err := storage.OpenDB("mysql", dsn, 4)
	must(err)
	must(models.Migrate(ctx, db))

	now := time.Now().UTC().Truncate(time.Second)
	docRaw, _ := json.Marshal(benchDoc())
	sv := models.Survey{ID: "bench-survey", Sid: "bench01", OwnerID: "bench-owner", Title: "Benchmark", SurveyType: "survey",
		State: models.SurveyCollecting, Draft: string(docRaw), PublishedVersion: 1, PublishedAt: &now, CreatedAt: now, UpdatedAt: now}
	must(db.Create(&sv).Error)
	must(db.Create(&models.SurveyVersion{ID: "bench-v1", SurveyID: sv.ID, Version: 1, Document: string(docRaw), PublishedAt: now}).Error)
	surveys := &surveysvc.Service{DB: db}
	answers := &answersvc.Service{DB: db, Surveys: surveys, Loc: time.Local}
	an := &analysis.Service{DB: db, Surveys: surveys, Answers: answers, Loc: time.Local}
	qtypes, _, err := answers.QuestionTypes(ctx, &sv, 1)
	must(err)

	sqldb, err := db.DB()
	must(err)
	// secondary indexes of answer_items are rebuilt after the load (sorted index build)
	for _, ix := range []string{"ix_item_num", "ix_item_opt", "ix_item_answer", "ix_item_text", "ix_item_cross"} {
		_, err = sqldb.Exec("ALTER TABLE answer_items DROP INDEX " + ix)
		must(err)
	}
	r := rand.New(rand.NewPCG(1, 2))
	counters := map[string]int64{} // "slot|key"
	t0 := time.Now()
	items := 0
	provinces := []string{"北京", "上海", "广东", "浙江", "江苏", "四川", "湖北", "山东"}
	sources := []string{"", "wx", "qq", "mail"}
	devices := []string{"mobile", "desktop", "tablet"}
	for start := 0; start < *n; start += *batch {
		tx, err := sqldb.Begin()
		must(err)
		_, _ = tx.Exec("SET unique_checks = 0")
		ai := &inserter{tx: tx, table: "answers", per: 1000, cols: "id, survey_id, survey_version, answer_dw_id, save_status, is_eff, handle_state, is_test, client_ip, province, city, source_code, bg_an_date, end_an_date, duration_ms, qu_num, sum_score, document, counted_slot, counted_keys, created_at, updated_at, device"}
		ii := &inserter{tx: tx, table: "answer_items", per: 5000, cols: "survey_id, qu_dw_id, answer_id, seq, kind, opt_dw_id, col_dw_id, num_value, text, an_date"}
		for i := start; i < min(start+*batch, *n); i++ {
			id := fmt.Sprintf("a%08d", i)
			qs := randomAnswer(r)
			g := answersvc.BuildAggregate(sv.ID, id, qtypes, qs)
			slot := i % 8
			ck := []string{"0|total"}
			counters[fmt.Sprintf("%d|total", 0)]++
			for _, k := range g.Keys {
				counters[fmt.Sprintf("%d|%s", slot, k)]++
				ck = append(ck, fmt.Sprintf("%d|%s", slot, k))
			}
			for k, v := range g.Sums {
				counters[fmt.Sprintf("%d|%s", slot, k)] += v
			}
			doc, _ := lang.MarshalCanonical(map[string]any{"anQuestions": qs, "anSolutionIds": []string{}})
			end := now.Add(-time.Duration(*n-i) * 20 * time.Second)
			dur := int64(30000 + r.IntN(600000))
			p := provinces[r.IntN(len(provinces))]
			src, dev := sources[r.IntN(len(sources))], devices[r.IntN(3)]
			// overview keys and duration sum, as prepareAnswerExtras and applyAnswerExtras add them
			for _, k := range models.AnswerMetaKeys(&models.Answer{EndAnDate: end, SourceCode: src, Province: p}, dev, time.Local) {
				counters[fmt.Sprintf("%d|%s", slot, k)]++
				ck = append(ck, fmt.Sprintf("%d|%s", slot, k))
			}
			counters[fmt.Sprintf("%d|%s", slot, models.MetaKeyDur)] += dur
			ckj, _ := json.Marshal(ck)
			must(ai.add(id, sv.ID, 1, "dw-"+id, 0, 1, 0, 0, fmt.Sprintf("10.%d.%d.%d", r.IntN(256), r.IntN(256), r.IntN(256)), p, p,
				src, end.Add(-time.Duration(dur)*time.Millisecond), end, dur, len(qs), 0, string(doc), slot, string(ckj), end, end, dev))
			for _, it := range g.Items {
				must(ii.add(it.SurveyID, it.QuDwID, it.AnswerID, it.Seq, it.Kind, it.OptDwID, it.ColDwID, it.NumValue, it.Text, end))
				items++
			}
		}
		must(ai.flush())
		must(ii.flush())
		must(tx.Commit())
		done := min(start+*batch, *n)
		el := time.Since(t0)
		fmt.Printf("loaded %d answers, %d items in %s (%.0f answers/s)\n", done, items, el.Round(time.Second), float64(done)/el.Seconds())
	}
	// counters, in one transaction
	tx, err := sqldb.Begin()
	must(err)
	ci := &inserter{tx: tx, table: "answer_counters", per: 1000, cols: "survey_id, ckey, slot, cnt"}
	for k, v := range counters {
		slot, key, _ := strings.Cut(k, "|")
		var s int
		fmt.Sscan(slot, &s)
		must(ci.add(sv.ID, key, s, v))
	}
	must(ci.flush())
	must(tx.Commit())
	t1 := time.Now()
	_, err = sqldb.Exec(`ALTER TABLE answer_items ADD INDEX ix_item_num (survey_id, kind, qu_dw_id, opt_dw_id, num_value),
		ADD INDEX ix_item_opt (survey_id, qu_dw_id, opt_dw_id, an_date, answer_id), ADD INDEX ix_item_answer (answer_id),
		ADD INDEX ix_item_text (survey_id, qu_dw_id, kind, an_date), ADD INDEX ix_item_cross (survey_id, qu_dw_id, answer_id, opt_dw_id)`)
	must(err)
	fmt.Printf("rebuilt answer_items indexes in %s\n", time.Since(t1).Round(time.Second))
	loadTime := time.Since(t0)
	fmt.Printf("SEED: %d answers, %d answer items, %d counter rows in %s\n", *n, items, len(counters), loadTime.Round(time.Second))
	_, _ = sqldb.Exec("ANALYZE TABLE answers, answer_items, answer_counters")

	// recount on a sample of keys: counters vs answer_items
	sample := []struct{ key, where string }{{"opt:r1_1", "qu_dw_id='r1' AND opt_dw_id='r1_1'"}, {"opt:c3_2", "qu_dw_id='c3' AND opt_dw_id='c3_2'"},
		{"mr:m1r_2:m1c_3", "qu_dw_id='m1' AND opt_dw_id='m1r_2' AND col_dw_id='m1c_3'"}, {"nc:s1_2", "qu_dw_id='s1' AND opt_dw_id='s1_2' AND kind='n'"}}
	for _, s := range sample {
		var c, rc int64
		must(db.Raw("SELECT COALESCE(SUM(cnt),0) FROM answer_counters WHERE survey_id=? AND ckey=?", sv.ID, s.key).Scan(&c).Error)
		must(db.Raw("SELECT COUNT(*) FROM answer_items WHERE survey_id=? AND "+s.where, sv.ID).Scan(&rc).Error)
		status := "OK"
		if c != rc {
			status = "MISMATCH"
		}
		fmt.Printf("recount %-16s counter %d items %d %s\n", s.key, c, rc, status)
		if c != rc {
			os.Exit(1)
		}
	}
	for _, s := range []struct{ key, q string }{
		{"day:%", "SELECT COUNT(*) FROM answers WHERE survey_id = ?"},
		{"dev:mobile", "SELECT COUNT(*) FROM answers WHERE survey_id = ? AND device = 'mobile'"},
		{"src:wx", "SELECT COUNT(*) FROM answers WHERE survey_id = ? AND source_code = 'wx'"},
		{"dur", "SELECT SUM(duration_ms) FROM answers WHERE survey_id = ?"},
		{"tx:f1", "SELECT COUNT(*) FROM answer_items WHERE survey_id = ? AND qu_dw_id = 'f1' AND kind = 't' AND an_date IS NOT NULL"},
	} {
		var c, rc int64
		must(db.Raw("SELECT COALESCE(SUM(cnt),0) FROM answer_counters WHERE survey_id=? AND ckey LIKE ?", sv.ID, s.key).Scan(&c).Error)
		must(db.Raw(s.q, sv.ID).Scan(&rc).Error)
		fmt.Printf("recount %-16s counter %d recount %d\n", s.key, c, rc)
		if c != rc {
			fmt.Println("MISMATCH")
			os.Exit(1)
		}
	}
	var sum, rsum float64
	must(db.Raw("SELECT COALESCE(SUM(cnt),0)/1000 FROM answer_counters WHERE survey_id=? AND ckey='ns:n1'", sv.ID).Scan(&sum).Error)
	must(db.Raw("SELECT COALESCE(SUM(num_value),0) FROM answer_items WHERE survey_id=? AND qu_dw_id='n1' AND kind='n'", sv.ID).Scan(&rsum).Error)
	fmt.Printf("recount ns:n1            counter %.0f items %.0f\n", sum, rsum)

	if *noTime {
		return
	}
	explain(sqldb)
	timings(ctx, an, &sv)
}

func explain(sqldb *sql.DB) {
	for _, q := range []string{
		"EXPLAIN SELECT MAX(num_value) FROM answer_items WHERE survey_id = 'bench-survey' AND kind = 'n' AND qu_dw_id = 's1' AND opt_dw_id = 's1_2'",
		"EXPLAIN SELECT answer_id, opt_dw_id FROM answer_items FORCE INDEX (ix_item_cross) WHERE survey_id = 'bench-survey' AND qu_dw_id = 'c1' ORDER BY survey_id, qu_dw_id, answer_id",
		"EXPLAIN SELECT a.id FROM answer_items v0 FORCE INDEX (ix_item_opt) STRAIGHT_JOIN answers a ON a.id = v0.answer_id WHERE v0.survey_id = 'bench-survey' AND v0.qu_dw_id = 'r1' AND v0.opt_dw_id = 'r1_1' AND a.survey_id = 'bench-survey' AND a.save_status = 0 AND a.is_test = 0 AND a.deleted_at IS NULL AND a.is_eff = 1 AND EXISTS (SELECT 1 FROM answer_items v2 WHERE v2.survey_id = 'bench-survey' AND v2.qu_dw_id = 'c2' AND v2.answer_id = v0.answer_id AND v2.opt_dw_id = 'c2_3') ORDER BY v0.an_date DESC, v0.answer_id DESC LIMIT 20",
		"EXPLAIN SELECT answer_id, text FROM answer_items WHERE survey_id = 'bench-survey' AND qu_dw_id = 'f1' AND kind = 't' ORDER BY an_date DESC, answer_id DESC, seq DESC LIMIT 10 OFFSET 990",
		"EXPLAIN SELECT r.opt_dw_id, c.opt_dw_id, COUNT(*) FROM answer_items r JOIN answer_items c ON c.survey_id = r.survey_id AND c.qu_dw_id = 'r2' AND c.answer_id = r.answer_id AND c.kind = 'c' WHERE r.survey_id = 'bench-survey' AND r.qu_dw_id = 'r1' AND r.kind = 'c' GROUP BY r.opt_dw_id, c.opt_dw_id",
		"EXPLAIN SELECT id FROM answers WHERE survey_id = 'bench-survey' AND save_status = 0 AND is_test = 0 AND deleted_at IS NULL AND is_eff = 1 ORDER BY end_an_date DESC, id DESC LIMIT 20 OFFSET 9980",
	} {
		rows, err := sqldb.Query(q)
		must(err)
		cols, _ := rows.Columns()
		fmt.Println(q[:60] + "...")
		for rows.Next() {
			vals := make([]sql.NullString, len(cols))
			ptrs := make([]any, len(cols))
			for i := range vals {
				ptrs[i] = &vals[i]
			}
			must(rows.Scan(ptrs...))
			var parts []string
			for i, c := range cols {
				if vals[i].Valid && (c == "table" || c == "type" || c == "key" || c == "rows" || c == "Extra") {
					parts = append(parts, c+"="+vals[i].String)
				}
			}
			fmt.Println("   ", strings.Join(parts, " "))
		}
		rows.Close()
	}
	var vars []struct{ Name, Value string }
	_ = vars
	for _, v := range []string{"version", "innodb_buffer_pool_size", "innodb_flush_log_at_trx_commit", "innodb_log_file_size"} {
		var name, val string
		if err := sqldb.QueryRow("SHOW VARIABLES LIKE '"+v+"'").Scan(&name, &val); err == nil {
			fmt.Printf("db %s = %s\n", name, val)
		}
	}
}

func timings(ctx context.Context, an *analysis.Service, sv *models.Survey) {
	// timings through the services (JSON encoding included)
	p := &account.Principal{UserID: "bench-owner"}
	enc := func(v any, err error) error {
		if err != nil {
			return err
		}
		_, err = json.Marshal(v)
		return err
	}
	timeit("survey-stats.do", 7, func() error { return enc(an.SurveyStats(ctx, p, sv.ID)) })
	timeit("list.do page 1 (no filter)", 7, func() error { return enc(an.List(ctx, p, sv.ID, analysis.Filter{}, 1, 20)) })
	timeit("list.do page 500 (size 20, offset 9980)", 5, func() error { return enc(an.List(ctx, p, sv.ID, analysis.Filter{}, 500, 20)) })
	timeit("list.do page 1 state=unreviewed", 5, func() error {
		return enc(an.List(ctx, p, sv.ID, analysis.Filter{State: "unreviewed"}, 1, 20))
	})
	r1 := []analysis.ValueFilter{{QuDwID: "r1", OptionDwID: "r1_1"}}
	timeit("list.do page 1 value filter r1=r1_1", 7, func() error { return enc(an.List(ctx, p, sv.ID, analysis.Filter{Values: r1}, 1, 20)) })
	timeit("list.do page 500 value filter r1=r1_1", 5, func() error { return enc(an.List(ctx, p, sv.ID, analysis.Filter{Values: r1}, 500, 20)) })
	two := []analysis.ValueFilter{{QuDwID: "r1", OptionDwID: "r1_1"}, {QuDwID: "c2", OptionDwID: "c2_3"}, {QuDwID: "m1", OptionDwID: "m1r_2", ColDwID: "m1c_4"}}
	timeit("list.do page 1 three value filters", 5, func() error { return enc(an.List(ctx, p, sv.ID, analysis.Filter{Values: two}, 1, 20)) })
	timeit("list.do page 1 value filter + 30-day range", 5, func() error {
		now := time.Now()
		return enc(an.List(ctx, p, sv.ID, analysis.Filter{Values: r1, From: now.AddDate(0, 0, -60).Format("2006-01-02"), To: now.AddDate(0, 0, -30).Format("2006-01-02")}, 1, 20))
	})
	cross := func(name string, rows []string, col string) {
		for _, sqlJoin := range []bool{false, true} {
			an.CrossSQL = sqlJoin
			label := name + " (Go merge)"
			if sqlJoin {
				label = name + " (SQL join)"
			}
			timeit(label, 3, func() error {
				return enc(an.CrossAnalysis(ctx, p, analysis.CrossInput{SurveyID: sv.ID, RowQuDwIDs: rows, ColQuDwID: col}))
			})
		}
		an.CrossSQL = false
	}
	cross("cross.do r1 x r2", []string{"r1"}, "r2")
	cross("cross.do c1 x r2 (checkbox rows)", []string{"c1"}, "r2")
	cross("cross.do c1 x c2 (checkbox both)", []string{"c1"}, "c2")
	timeit("report.do", 5, func() error { return enc(an.Report(ctx, p, sv.ID)) })
	timeit("report.do?quDwId=f1 page 100", 5, func() error { return enc(an.Texts(ctx, p, sv.ID, "f1", 100, 10)) })
	timeit("analysis.do (overview)", 5, func() error { return enc(an.Overview(ctx, p, sv.ID)) })
	timeit("source-stats.do", 5, func() error { return enc(an.Sources(ctx, p, sv.ID)) })
	timeit("province-answer-page.do", 5, func() error { return enc(an.Provinces(ctx, p, sv.ID, 1, 10)) })
	// review: fail then pass on the same answer (statistics out and back in)
	verdict := 0
	timeit("answer-verified.do (fail / pass alternating)", 6, func() error {
		verdict++
		_, err := an.Verify(ctx, p, analysis.VerifyInput{AnswerID: "a00000123", Value: 1 + verdict%2, Note: "bench"}, audit.Entry{})
		return err
	})
}
