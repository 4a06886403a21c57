// Command exportbench measures answer exports on N answers of a 30-question survey in
// MariaDB (export goals of issue 12): the product's XLSX export (services/export: keyset
// pages, parts in a local blob store, excelize's streaming writer) against a physical
// reference measured in the same run — excelize's streaming writer writing the same cells
// from memory, no database — plus CSV rows/s and the SPSS .sav time against the CSV time.
// Every measurement runs in its own child process, so its peak RSS (VmHWM) is its own.
// "raw-db" is the database's own reference: the CSV export's query (same SQL, filter,
// order, columns and streaming, export.Service.RawRead) with the rows' bytes written to a
// file undecoded; "raw-db-ids" walks the same rows selecting only the keyset.
//
//	go run ./tools/exportbench -n 1000000 [-dsn root:@tcp(127.0.0.1:3306)/] [-db dws_exportbench] [-keep] [-reuse]
package main

import (
	"archive/zip"
	"bufio"
	"context"
	"database/sql"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"log"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"runtime/pprof"
	"runtime/trace"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	_ "github.com/go-sql-driver/mysql"
	"github.com/xuri/excelize/v2"
	"gorm.io/gorm"

	"dwsurvey/models"
	"dwsurvey/services/analysis"
	answersvc "dwsurvey/services/answer"
	"dwsurvey/services/export"
	surveysvc "dwsurvey/services/survey"
	"dwsurvey/storage"
	lang "dwsurvey/survey"
)

const surveyID = "exportbench-survey"

func must(err error) {
	if err != nil {
		log.Fatal(err)
	}
}

func opts(prefix string, n int) []map[string]any {
	out := make([]map[string]any, n)
	for i := range out {
		out[i] = map[string]any{"dwId": fmt.Sprintf("%s_%d", prefix, i+1), "optionTitle": fmt.Sprintf("%s 选项 %d", prefix, i+1)}
	}
	return out
}

// benchDoc: 30 questions — 12 radio (4 options), 6 checkbox (4), 4 score (3 items),
// 2 NPS, 2 matrix radio (3 rows x 4 columns), 4 fill-blank.
func benchDoc() map[string]any {
	var qs []map[string]any
	add := func(n int, f func(i int) map[string]any) {
		for i := 1; i <= n; i++ {
			qs = append(qs, f(i))
		}
	}
	add(12, func(i int) map[string]any {
		id := fmt.Sprintf("r%d", i)
		return map[string]any{"dwId": id, "quType": "RADIO", "quTitle": "单选题 " + id, "quRadios": opts(id, 4)}
	})
	add(6, func(i int) map[string]any {
		id := fmt.Sprintf("c%d", i)
		return map[string]any{"dwId": id, "quType": "CHECKBOX", "quTitle": "多选题 " + id, "quCheckboxs": opts(id, 4)}
	})
	add(4, func(i int) map[string]any {
		id := fmt.Sprintf("s%d", i)
		return map[string]any{"dwId": id, "quType": "SCORE", "quTitle": "评分题 " + id, "paramInt02": 5, "quScores": opts(id, 3)}
	})
	add(2, func(i int) map[string]any {
		id := fmt.Sprintf("n%d", i)
		return map[string]any{"dwId": id, "quType": "SCALE_NPS", "quTitle": "NPS " + id}
	})
	add(2, func(i int) map[string]any {
		id := fmt.Sprintf("m%d", i)
		return map[string]any{"dwId": id, "quType": "MATRIX_RADIO", "quTitle": "矩阵题 " + id, "quRows": opts(id+"r", 3), "quCols": opts(id+"c", 4)}
	})
	add(4, func(i int) map[string]any {
		id := fmt.Sprintf("f%d", i)
		return map[string]any{"dwId": id, "quType": "FILLBLANK", "quTitle": "填空题 " + id}
	})
	return map[string]any{"questions": qs}
}

func randomAnswer(r *rand.Rand, i int) []map[string]any {
	var qs []map[string]any
	for k := 1; k <= 12; k++ {
		id := fmt.Sprintf("r%d", k)
		qs = append(qs, map[string]any{"quDwId": id, "quType": "RADIO", "anRadio": map[string]any{"optionDwId": fmt.Sprintf("%s_%d", id, 1+r.IntN(4))}})
	}
	for k := 1; k <= 6; k++ {
		id := fmt.Sprintf("c%d", k)
		var cs []map[string]any
		for o := 1; o <= 4; o++ {
			if r.IntN(2) == 0 {
				cs = append(cs, map[string]any{"optionDwId": fmt.Sprintf("%s_%d", id, o)})
			}
		}
		qs = append(qs, map[string]any{"quDwId": id, "quType": "CHECKBOX", "anCheckboxs": cs})
	}
	for k := 1; k <= 4; k++ {
		id := fmt.Sprintf("s%d", k)
		var ss []map[string]any
		for o := 1; o <= 3; o++ {
			ss = append(ss, map[string]any{"optionDwId": fmt.Sprintf("%s_%d", id, o), "answerScore": 1 + r.IntN(5)})
		}
		qs = append(qs, map[string]any{"quDwId": id, "quType": "SCORE", "anScores": ss})
	}
	for k := 1; k <= 2; k++ {
		qs = append(qs, map[string]any{"quDwId": fmt.Sprintf("n%d", k), "quType": "SCALE_NPS", "anScale": map[string]any{"answerScore": r.IntN(11)}})
	}
	for k := 1; k <= 2; k++ {
		id := fmt.Sprintf("m%d", k)
		var ms []map[string]any
		for row := 1; row <= 3; row++ {
			ms = append(ms, map[string]any{"rowDwId": fmt.Sprintf("%sr_%d", id, row), "colDwId": fmt.Sprintf("%sc_%d", id, 1+r.IntN(4))})
		}
		qs = append(qs, map[string]any{"quDwId": id, "quType": "MATRIX_RADIO", "anMatrixRadios": ms})
	}
	for k := 1; k <= 4; k++ {
		qs = append(qs, map[string]any{"quDwId": fmt.Sprintf("f%d", k), "quType": "FILLBLANK", "anFbk": map[string]any{"answer": fmt.Sprintf("回答 %d 的第 %d 个填空：还不错", i, k)}})
	}
	return qs
}

func seed(ctx context.Context, base, name string, n int) {
	admin, err := sql.Open("mysql", base)
	must(err)
	_, err = admin.Exec("CREATE DATABASE `" + name + "` CHARACTER SET utf8mb4")
	must(err)
	db := open(base, name)
	must(models.Migrate(ctx, db))
	now := time.Now().UTC().Truncate(time.Second)
	doc, _ := json.Marshal(benchDoc())
	must(db.Create(&models.Survey{ID: surveyID, Sid: "exbench", OwnerID: "1", Title: "导出基准 Export benchmark", SurveyType: "survey",
		State: models.SurveyCollecting, Draft: string(doc), PublishedVersion: 1, PublishedAt: &now, CreatedAt: now, UpdatedAt: now}).Error)
	must(db.Create(&models.SurveyVersion{ID: surveyID + "-v1", SurveyID: surveyID, Version: 1, Document: string(doc), PublishedAt: now}).Error)
	sqldb, err := db.DB()
	must(err)
	r := rand.New(rand.NewPCG(3, 4))
	t0 := time.Now()
	const per = 1000
	cols := "id, survey_id, survey_version, answer_dw_id, save_status, is_eff, handle_state, is_test, client_ip, province, city, bg_an_date, end_an_date, duration_ms, qu_num, sum_score, document, export_copy, created_at, updated_at"
	ph := "(" + strings.TrimSuffix(strings.Repeat("?,", 20), ",") + ")"
	for start := 0; start < n; start += per {
		k := min(per, n-start)
		args := make([]any, 0, k*20)
		for i := start; i < start+k; i++ {
			at := now.Add(-time.Duration(i) * time.Second)
			d, _ := json.Marshal(map[string]any{"anQuestions": randomAnswer(r, i)})
			// the export copy as submit writes it: from the answers the document holds
			doc, err := lang.ParseAnswer(d)
			must(err)
			args = append(args, fmt.Sprintf("a%08d", i), surveyID, 1, fmt.Sprintf("dw%08d", i), 0, 1, 0, 0, fmt.Sprintf("10.%d.%d.%d", i>>16&255, i>>8&255, i&255),
				"广东", "深圳", at.Add(-3*time.Minute), at, 180000, 30, 0, string(d), lang.AppendExportCopy(nil, doc.AnQuestions), at, at)
		}
		_, err := sqldb.ExecContext(ctx, "INSERT INTO answers ("+cols+") VALUES "+strings.TrimSuffix(strings.Repeat(ph+",", k), ","), args...)
		must(err)
		if (start/per)%100 == 0 {
			fmt.Fprintf(os.Stderr, "seeded %d answers (%v)\n", start+k, time.Since(t0).Round(time.Second))
		}
	}
	fmt.Printf("seed: %d answers in %v\n", n, time.Since(t0).Round(time.Second))
}

func open(base, name string) *gorm.DB {
	dsn := strings.TrimSuffix(base, "/") + "/" + name
	db, err := storage.OpenDB("mysql", dsn, 4)
	must(err)
	return db
}

func services(db *gorm.DB, blobDir string) *export.Service {
	blob, err := storage.NewLocalBlobStore(blobDir)
	must(err)
	surveys := &surveysvc.Service{DB: db}
	results := &analysis.Service{DB: db, Surveys: surveys, Answers: &answersvc.Service{DB: db, Surveys: surveys}}
	return &export.Service{DB: db, Analysis: results, Blob: blob, PageSize: 2000, TempDir: blobDir}
}

// peakRSS is this process's peak resident set (VmHWM) in MB.
func peakRSS() float64 {
	b, _ := os.ReadFile("/proc/self/status")
	for _, l := range strings.Split(string(b), "\n") {
		if strings.HasPrefix(l, "VmHWM:") {
			var kb float64
			fmt.Sscanf(strings.TrimSpace(strings.TrimPrefix(l, "VmHWM:")), "%f", &kb)
			return kb / 1024
		}
	}
	return 0
}

type result struct {
	Mode    string  `json:"mode"`
	Seconds float64 `json:"seconds"`
	Rows    int64   `json:"rows"`
	Cells   int64   `json:"cells"`
	Bytes   int64   `json:"bytes"`
	PeakMB  float64 `json:"peakMB"`
	// CPU is the child's user+system CPU time over the measured span (the database
	// server's CPU is not in it): far less sensitive to other processes than wall time.
	CPU float64 `json:"cpu"`
	// Stages is the time each step of the product's export took (export.Service.OnStage),
	// in seconds.
	Stages map[string]float64 `json:"stages,omitempty"`
	// RunQueue is the time this process's threads were ready to run but waited for a core
	// (the kernel's schedstat run_delay, summed over threads): with CPU, what is left of
	// the wall time is waiting on something else (MariaDB, disk, channels).
	RunQueue float64 `json:"runQueue"`
	// DBCPU is mariadbd's user+system CPU over the child's whole life (the parent reads it
	// before and after; it includes building the reference's cells in memory, and whatever
	// other clients asked of the server meanwhile).
	DBCPU float64 `json:"dbCPU"`
	// Load is the 1-minute load average before and after the child ran.
	Load [2]float64 `json:"load"`
	// DiskPages is how many pages InnoDB read from the disk while the child ran
	// (Innodb_buffer_pool_reads: reads the buffer pool could not serve), server-wide.
	DiskPages int64 `json:"diskPages"`
}

// poolReads is the server's Innodb_buffer_pool_reads (-1: unknown).
func poolReads(base string) int64 {
	db, err := sql.Open("mysql", base)
	if err != nil {
		return -1
	}
	defer db.Close()
	var name string
	var n int64
	if err := db.QueryRow("SHOW GLOBAL STATUS LIKE 'Innodb_buffer_pool_reads'").Scan(&name, &n); err != nil {
		return -1
	}
	return n
}

// serverPID is the pid of the local MariaDB/MySQL server (0: not found on this machine).
func serverPID() int {
	dirs, _ := filepath.Glob("/proc/[0-9]*/comm")
	for _, d := range dirs {
		b, err := os.ReadFile(d)
		if err != nil {
			continue
		}
		if c := strings.TrimSpace(string(b)); c == "mariadbd" || c == "mysqld" {
			var pid int
			fmt.Sscanf(strings.TrimPrefix(d, "/proc/"), "%d", &pid)
			return pid
		}
	}
	return 0
}

// procCPU is a process's user+system CPU seconds so far (/proc/<pid>/stat fields 14 and
// 15, in clock ticks of 1/100 s).
func procCPU(pid int) float64 {
	if pid == 0 {
		return 0
	}
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0
	}
	s := string(b)
	f := strings.Fields(s[strings.LastIndexByte(s, ')')+1:]) // after "(comm)": field 3 on
	if len(f) < 13 {
		return 0
	}
	var ut, st float64
	fmt.Sscanf(f[11], "%f", &ut)
	fmt.Sscanf(f[12], "%f", &st)
	return (ut + st) / 100
}

// load1 is the 1-minute load average.
func load1() float64 {
	var l float64
	b, _ := os.ReadFile("/proc/loadavg")
	fmt.Sscanf(string(b), "%f", &l)
	return l
}

// runDelay is the sum over this process's threads of the time they waited in the kernel's
// run queue (/proc/self/task/*/schedstat, second field, ns).
func runDelay() float64 {
	tasks, _ := filepath.Glob("/proc/self/task/*/schedstat")
	var sum float64
	for _, t := range tasks {
		b, err := os.ReadFile(t)
		if err != nil {
			continue
		}
		var run, wait float64
		fmt.Sscanf(string(b), "%f %f", &run, &wait)
		sum += wait
	}
	return sum / 1e9
}

// cpuSeconds is the user+system CPU time so far of this process and its finished children
// (readstat for .sav).
func cpuSeconds() float64 {
	var self, kids syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &self)
	_ = syscall.Getrusage(syscall.RUSAGE_CHILDREN, &kids)
	return time.Duration(self.Utime.Nano() + self.Stime.Nano() + kids.Utime.Nano() + kids.Stime.Nano()).Seconds()
}

// child runs one measurement and prints its result as JSON.
func child(ctx context.Context, mode, base, name, dir string) {
	db := open(base, name)
	svc := services(db, dir)
	switch mode {
	case "raw-db", "raw-db-ids", "raw-db-discard":
		// the database's reference: the rows as the CSV export reads them, their bytes
		// written to a file as they come (tab between columns, no escaping), no decoding;
		// raw-db-discard only counts the bytes (the floor of reading them through the driver)
		cols := ""
		if mode == "raw-db-ids" {
			cols = export.RawIDCols
		}
		discard, got := mode == "raw-db-discard", int64(0)
		out := filepath.Join(dir, mode+".out")
		of, err := os.Create(out)
		must(err)
		bw := bufio.NewWriterSize(of, 1<<20)
		var line []byte
		t0, c0, q0 := time.Now(), cpuSeconds(), runDelay()
		n, err := svc.RawRead(ctx, surveyID, analysis.Filter{}, cols, func(row []sql.RawBytes, end sql.NullTime) error {
			if discard {
				for _, c := range row {
					got += int64(len(c))
				}
				return nil
			}
			line = line[:0]
			for i, c := range row {
				if i > 0 {
					line = append(line, '\t')
				}
				line = append(line, c...)
			}
			line = append(line, '\t')
			line = strconv.AppendInt(line, end.Time.Unix(), 10) // the one column the driver decoded
			line = append(line, '\n')
			_, err := bw.Write(line)
			return err
		})
		must(err)
		must(bw.Flush())
		must(of.Close())
		secs := time.Since(t0).Seconds()
		st, _ := os.Stat(out)
		_ = os.Remove(out)
		if !discard {
			got = st.Size()
		}
		emit(result{Mode: mode, Seconds: secs, Rows: n, Bytes: got, PeakMB: peakRSS(), CPU: cpuSeconds() - c0, RunQueue: runDelay() - q0})
	case "reference", "reference-run3":
		// the same cells, built from the database before the clock starts, then written by
		// excelize's streaming writer alone: "reference" gives excelize the values and the
		// archive writer the product gives it (export.XLSXValue, export.NewXLSXZipWriter) and
		// the cells of the product's export (choice texts); "reference-run3" is the reference
		// of runs 1 to 3 (choice codes, every number as float64, deflate at excelize's
		// default level), kept to compare with those runs
		run3 := mode == "reference-run3"
		layout, rows := cellsInMemory(ctx, svc, !run3)
		value := export.XLSXValue
		newZip := func(w io.Writer) excelize.ZipWriter { return export.NewXLSXZipWriter(w) }
		if run3 {
			value = func(c export.Cell) any {
				switch c.Kind {
				case export.CellNum:
					return c.Num
				case export.CellStr:
					return c.Str
				}
				return nil
			}
			newZip = func(w io.Writer) excelize.ZipWriter { return zip.NewWriter(w) }
		}
		f := excelize.NewFile(excelize.Options{TmpDir: dir}) // as the product: temporary files in the work folder
		defer f.Close()
		t0, c0 := time.Now(), cpuSeconds()
		sw, err := f.NewStreamWriter("Sheet1")
		must(err)
		head := make([]any, len(layout.Columns))
		for i, c := range layout.Columns {
			head[i] = c.Header
		}
		must(sw.SetRow("A1", head))
		vals := make([]any, len(layout.Columns))
		for r, row := range rows {
			for i, c := range row {
				vals[i] = value(c)
			}
			cell, _ := excelize.CoordinatesToCellName(1, r+2)
			must(sw.SetRow(cell, vals))
		}
		must(sw.Flush())
		// the archive straight into the file, as the product writes it (excelize's SaveAs
		// would build it in memory first)
		out := filepath.Join(dir, "reference.xlsx")
		of, err := os.Create(out)
		must(err)
		bw := bufio.NewWriterSize(of, 1<<20)
		f.SetZipWriter(func(io.Writer) excelize.ZipWriter { return newZip(bw) })
		must(f.Write(io.Discard))
		must(bw.Flush())
		must(of.Close())
		secs := time.Since(t0).Seconds()
		st, _ := os.Stat(out)
		emit(result{Mode: mode, Seconds: secs, Rows: int64(len(rows)), Cells: int64(len(rows) * len(layout.Columns)), Bytes: st.Size(), PeakMB: peakRSS(), CPU: cpuSeconds() - c0})
	default: // product-xlsx, product-csv, product-sav
		format := strings.TrimPrefix(mode, "product-")
		o, _ := json.Marshal(export.Options{Values: export.ValuesText, Lang: "zh", BOM: true})
		e := models.Export{ID: fmt.Sprintf("bench-%s-%d", format, time.Now().UnixNano()), SurveyID: surveyID, OwnerID: "1", Format: format,
			Options: string(o), State: models.ExportQueued, CreatedAt: time.Now().UTC()}
		must(db.Create(&e).Error)
		stages := map[string]float64{}
		var mu sync.Mutex
		svc.OnStage = func(st string, d time.Duration) {
			mu.Lock()
			stages[st] += d.Seconds()
			mu.Unlock()
		}
		t0, c0, q0 := time.Now(), cpuSeconds(), runDelay()
		if p := os.Getenv("EXPORTBENCH_TRACE"); p != "" { // go tool trace -pprof=net|sync|syscall|sched
			f, err := os.Create(p + "." + mode)
			must(err)
			must(trace.Start(f))
		}
		if os.Getenv("EXPORTBENCH_BLOCKPROFILE") != "" {
			runtime.SetBlockProfileRate(int(time.Microsecond))
			runtime.SetMutexProfileFraction(5)
		}
		must(svc.Run(ctx, e.ID, export.Progress{}, nil))
		secs := time.Since(t0).Seconds()
		if os.Getenv("EXPORTBENCH_TRACE") != "" {
			trace.Stop()
		}
		if p := os.Getenv("EXPORTBENCH_BLOCKPROFILE"); p != "" {
			for _, k := range []string{"block", "mutex"} {
				f, err := os.Create(p + "." + k + "." + mode)
				must(err)
				must(pprof.Lookup(k).WriteTo(f, 0))
				f.Close()
			}
		}
		must(db.Take(&e, "id = ?", e.ID).Error)
		emit(result{Mode: mode, Seconds: secs, Rows: e.RowsDone, Bytes: e.Size, PeakMB: peakRSS(), CPU: cpuSeconds() - c0, RunQueue: runDelay() - q0, Stages: stages})
	}
}

// cellsInMemory reads every answer through the product's layout into memory (textMode:
// choice texts, as the product's exports write them).
func cellsInMemory(ctx context.Context, svc *export.Service, textMode bool) (*export.Layout, [][]export.Cell) {
	layout, rows, err := svc.AllCells(ctx, surveyID, textMode, "zh")
	must(err)
	return layout, rows
}

func emit(r result) {
	b, _ := json.Marshal(r)
	fmt.Println(string(b))
}

func measure(mode, base string, args []string) result {
	exe, err := os.Executable()
	must(err)
	pid := serverPID()
	l0, d0, p0 := load1(), procCPU(pid), poolReads(base)
	cmd := exec.Command(exe, append([]string{"-child", mode}, args...)...)
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	must(err)
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	var r result
	must(json.Unmarshal([]byte(lines[len(lines)-1]), &r))
	r.DBCPU, r.Load, r.DiskPages = procCPU(pid)-d0, [2]float64{l0, load1()}, poolReads(base)-p0
	b, _ := json.Marshal(r)
	fmt.Fprintf(os.Stderr, "measured %s\n", b) // every figure, for the record
	return r
}

// workerGCPercent and workerMemoryLimit are the worker's garbage collector target and soft
// memory limit (cmd/dwsurvey defaultGCPercent, workerMemoryLimit).
const (
	workerGCPercent   = 400
	workerMemoryLimit = 200 << 20
)

func main() {
	n := flag.Int("n", 1000000, "answers")
	base := flag.String("dsn", "root:@tcp(127.0.0.1:3306)/", "MariaDB DSN without database")
	name := flag.String("db", "dws_exportbench", "database")
	keep := flag.Bool("keep", false, "keep the database afterwards")
	reuse := flag.Bool("reuse", false, "use the database of an earlier -keep run")
	mode := flag.String("child", "", "(internal) run one measurement")
	dir := flag.String("dir", "", "(internal) work folder")
	rounds := flag.Int("rounds", 1, "rounds of product/reference measurements")
	seedOnly := flag.Bool("seed-only", false, "seed the database and keep it (for later -reuse runs)")
	backfill := flag.Bool("backfill", false, "give the answers without an export copy theirs (export.BackfillCopies), report the time, exit")
	only := flag.String("only", "", "measure only these, comma-separated (reference, reference-run3, product-xlsx, product-csv, product-sav, raw-db, raw-db-ids, raw-db-discard)")
	flag.Parse()
	ctx := context.Background()
	if *mode != "" {
		if strings.HasPrefix(*mode, "product-") && os.Getenv("GOGC") == "" {
			// the product runs exports in `dwsurvey worker`, whose garbage collector target
			// is 400 unless GOGC is set and whose soft memory limit is 200 MiB unless
			// GOMEMLIMIT is set (cmd/dwsurvey); the reference and
			// the raw reads keep Go's default (the reference holds 72 M cells: 5 times its
			// live heap would not fit in this machine's memory)
			debug.SetGCPercent(workerGCPercent)
			if os.Getenv("GOMEMLIMIT") == "" {
				debug.SetMemoryLimit(workerMemoryLimit)
			}
		}
		if p := os.Getenv("EXPORTBENCH_CPUPROFILE"); p != "" {
			f, err := os.Create(p + "." + *mode)
			must(err)
			must(pprof.StartCPUProfile(f))
			defer pprof.StopCPUProfile()
		}
		if p := os.Getenv("EXPORTBENCH_HEAPPROFILE"); p != "" { // the live heap every 20 s
			go func() {
				for range time.Tick(20 * time.Second) {
					if f, err := os.Create(p + "." + *mode); err == nil {
						_ = pprof.WriteHeapProfile(f)
						f.Close()
					}
				}
			}()
		}
		child(ctx, *mode, *base, *name, *dir)
		return
	}
	if *backfill {
		db := open(*base, *name)
		t0, c0 := time.Now(), cpuSeconds()
		res, err := export.BackfillCopies(ctx, db, func(seen int64) {
			if seen%100000 == 0 {
				fmt.Fprintf(os.Stderr, "backfill: %d answers looked at (%v)\n", seen, time.Since(t0).Round(time.Second))
			}
		})
		must(err)
		d := time.Since(t0)
		fmt.Printf("backfill: %d copies written, %d unreadable, in %v (%.0f answers/s, CPU %.1f s)\n", res.Written, res.Unreadable, d.Round(time.Millisecond), float64(res.Written)/d.Seconds(), cpuSeconds()-c0)
		return
	}
	if !*reuse {
		seed(ctx, *base, *name, *n)
	} else { // a database kept by an older binary gets the schema steps added since
		must(models.Migrate(ctx, open(*base, *name)))
	}
	if *seedOnly {
		return
	}
	if !*keep {
		defer func() {
			admin, _ := sql.Open("mysql", *base)
			_, _ = admin.Exec("DROP DATABASE `" + *name + "`")
		}()
	}
	work, err := os.MkdirTemp("", "exportbench-*")
	must(err)
	defer os.RemoveAll(work)
	args := []string{"-dsn", *base, "-db", *name, "-dir", work}
	want := func(m string) bool { return *only == "" || strings.Contains(","+*only+",", ","+m+",") }
	run := func(m string) result {
		if !want(m) {
			return result{Seconds: 1}
		}
		return measure(m, *base, args)
	}
	for i := 0; i < *rounds; i++ {
		ref := run("reference")
		if want("reference-run3") && *only != "" {
			r3 := run("reference-run3")
			fmt.Printf("  reference as in runs 1-3 (codes, float64, default deflate) %7.1f s  CPU %.1f s  peak RSS %6.0f MB  %5.0f MB file\n", r3.Seconds, r3.CPU, r3.PeakMB, float64(r3.Bytes)/1e6)
		}
		x := run("product-xlsx")
		c := run("product-csv")
		s := run("product-sav")
		raw := run("raw-db")
		var ids, disc result
		if want("raw-db-ids") && *only != "" {
			ids = run("raw-db-ids")
		}
		if want("raw-db-discard") && *only != "" {
			disc = run("raw-db-discard")
		}
		fmt.Printf("round %d, %d answers x %d columns (%d cells)\n", i+1, ref.Rows, ref.Cells/max(ref.Rows, 1), ref.Cells)
		fmt.Printf("  CPU s (this process only): reference %.1f, XLSX %.1f (%.2f x), CSV %.1f (%.0f rows per CPU s), .sav %.1f\n",
			ref.CPU, x.CPU, x.CPU/max(ref.CPU, 1e-9), c.CPU, float64(c.Rows)/max(c.CPU, 1e-9), s.CPU)
		fmt.Printf("  reference: excelize stream writer, same cells from memory  %7.1f s  peak RSS %6.0f MB  %5.0f MB file\n", ref.Seconds, ref.PeakMB, float64(ref.Bytes)/1e6)
		fmt.Printf("  product XLSX export (DB pages, parts, stream writer)      %7.1f s  peak RSS %6.0f MB  %5.0f MB file  = %.2f x reference\n", x.Seconds, x.PeakMB, float64(x.Bytes)/1e6, x.Seconds/ref.Seconds)
		fmt.Printf("  product CSV export                                       %7.1f s  peak RSS %6.0f MB  %5.0f MB file  = %.0f rows/s\n", c.Seconds, c.PeakMB, float64(c.Bytes)/1e6, float64(c.Rows)/c.Seconds)
		for _, r := range []result{x, c, s} {
			if len(r.Stages) > 0 {
				b, _ := json.Marshal(r.Stages)
				fmt.Printf("  %s stages (s): %s\n", r.Mode, b)
			}
		}
		fmt.Printf("  run-queue wait (threads ready, no core), s: XLSX %.1f, CSV %.1f, .sav %.1f\n", x.RunQueue, c.RunQueue, s.RunQueue)
		fmt.Printf("  product SPSS .sav export                                 %7.1f s  peak RSS %6.0f MB  %5.0f MB file  = %.2f x CSV\n", s.Seconds, s.PeakMB, float64(s.Bytes)/1e6, s.Seconds/c.Seconds)
		for _, r := range []result{raw, ids, disc} {
			if r.Mode != "" {
				fmt.Printf("  %-10s the export's query, bytes to a file, no decoding %7.1f s  CPU %.1f s  peak RSS %6.0f MB  %5.0f MB file  = %.0f rows/s\n",
					r.Mode, r.Seconds, r.CPU, r.PeakMB, float64(r.Bytes)/1e6, float64(r.Rows)/r.Seconds)
			}
		}
		if raw.Mode != "" && c.Mode != "" {
			fmt.Printf("  CSV / raw-db: %.2f x wall, %.2f x CPU\n", c.Seconds/raw.Seconds, c.CPU/max(raw.CPU, 1e-9))
			if raw.Rows != c.Rows {
				fmt.Printf("  MISMATCH: raw-db read %d rows, the CSV export %d\n", raw.Rows, c.Rows)
			}
		}
		fmt.Printf("  mariadbd CPU s (over each child): reference %.1f, XLSX %.1f, CSV %.1f, .sav %.1f, raw-db %.1f, raw-db-ids %.1f, raw-db-discard %.1f\n", ref.DBCPU, x.DBCPU, c.DBCPU, s.DBCPU, raw.DBCPU, ids.DBCPU, disc.DBCPU)
		fmt.Printf("  InnoDB pages read from disk: reference %d, XLSX %d, CSV %d, .sav %d, raw-db %d, raw-db-ids %d\n", ref.DiskPages, x.DiskPages, c.DiskPages, s.DiskPages, raw.DiskPages, ids.DiskPages)
		fmt.Printf("  load average before/after: reference %v, XLSX %v, CSV %v, .sav %v, raw-db %v, raw-db-ids %v\n", ref.Load, x.Load, c.Load, s.Load, raw.Load, ids.Load)
	}
}
