package api_test

import (
	"archive/zip"
	"bytes"
	"strings"
	"testing"

	"dwsurvey/internal/testenv"
)

// C3: an upload over the size limit and an .xlsx that inflates to ~300 MB are refused with a
// clear message and create nothing (services/importer measures the memory of each bound).
func TestImportsAreBounded(t *testing.T) {
	var bomb bytes.Buffer
	zw := zip.NewWriter(&bomb)
	w, _ := zw.Create("xl/worksheets/sheet1.xml")
	row := []byte(strings.Repeat(`<row><c t="inlineStr"><is><t>single</t></is></c></row>`, 1000))
	for n := 0; n < 300<<20; n += len(row) {
		_, _ = w.Write(row)
	}
	_ = zw.Close()
	both(t, testenv.Options{}, func(t *testing.T, e *testenv.Env) {
		a := author(t, e, "import01")
		const p = "app/v6/dw-design-survey-import/"
		snap := authoringSnapshot(t, e.DB)
		a.Upload(p+"excel-import", "file", "big.xlsx", make([]byte, 12<<20), map[string]string{"mode": "save"}).Refused(t, 400, "larger than 10 MB")
		a.Upload(p+"excel-import", "file", "bomb.xlsx", bomb.Bytes(), map[string]string{"mode": "save"}).Refused(t, 400, "unpacks to more than")
		a.Upload(p+"bank-import", "file", "bomb.xlsx", bomb.Bytes(), map[string]string{"mode": "save", "kind": "excel", "bankName": "B"}).Refused(t, 400, "unpacks to more than")
		a.Upload(p+"json-import", "file", "deep.json", []byte(strings.Repeat("[", 100000)+strings.Repeat("]", 100000)), map[string]string{"mode": "save"}).Refused(t, 400, "nested deeper")
		if authoringSnapshot(t, e.DB) != snap {
			t.Fatal("a refused import created data")
		}
	})
}
