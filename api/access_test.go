package api_test

import (
	"bytes"
	"encoding/binary"
	"image"
	"image/color"
	"image/png"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"dwsurvey/config"
	"dwsurvey/internal/testenv"
	"dwsurvey/models"
)

func routePath(p string) string {
	// Fill path parameters (":id") with a dummy value.
	parts := strings.Split(p, "/")
	for i, s := range parts {
		if strings.HasPrefix(s, ":") || strings.HasPrefix(s, "*") {
			parts[i] = "x"
		}
	}
	return strings.Join(parts, "/")
}

func TestEveryProtectedRouteNeedsToken(t *testing.T) {
	both(t, testenv.Options{}, func(t *testing.T, e *testenv.Env) {
		tok := e.AdminToken(t)
		e.Client(t, tok).Post("anon/security-token/logout.do", nil).OK(t, nil)
		protected := 0
		snap := testenv.Snapshot(t, e.DB)
		for _, r := range e.Routes {
			area := strings.SplitN(r.Path, "/", 2)[0]
			if area != "app" && area != "admin" {
				if r.Perm != "" {
					t.Errorf("%s %s: anonymous area declares permission %q", r.Method, r.Path, r.Perm)
				}
				continue
			}
			if r.Perm == "" {
				t.Errorf("%s %s declares no permission", r.Method, r.Path)
			}
			protected++
			for _, token := range []string{"", "not-a-token", tok /* logged out */} {
				resp := e.Client(t, token).Do(r.Method, routePath(r.Path), map[string]any{"id": "1", "ids": []string{"1"}})
				if code := resp.Code(t); code != 401 {
					t.Errorf("%s %s with token %q: resultCode %d, want 401", r.Method, r.Path, token, code)
				}
			}
		}
		if protected < 25 {
			t.Fatalf("only %d protected routes found: the route table is incomplete", protected)
		}
		if testenv.Snapshot(t, e.DB) != snap {
			t.Fatal("unauthenticated calls changed data")
		}
	})
}

func TestAdminRoutesNeedTheirPermission(t *testing.T) {
	both(t, testenv.Options{}, func(t *testing.T, e *testenv.Env) {
		// A plain author: 403 on every admin route.
		author := e.Client(t, func() string {
			e.CreateUser(t, "author01", "author-pw", models.PermSurveyManage, models.PermSurveyData)
			return e.Login(t, "author01", "author-pw")
		}())
		snap := testenv.Snapshot(t, e.DB)
		n := 0
		for _, r := range e.Routes {
			if !strings.HasPrefix(r.Path, "admin/") {
				continue
			}
			n++
			if code := author.Do(r.Method, routePath(r.Path), map[string]any{"ids": []string{"1"}, "id": "r-user"}).Code(t); code != 403 {
				t.Errorf("%s %s as author: %d, want 403", r.Method, r.Path, code)
			}
		}
		if testenv.Snapshot(t, e.DB) != snap {
			t.Fatal("forbidden calls changed data")
		}
		denied := logRows(t, e, "operation_type = ? AND user_name = ?", "permission_denied", "author01")
		if len(denied) != n || denied[0].Success {
			t.Fatalf("%d permission_denied rows for %d refused calls", len(denied), n)
		}

		// For each admin permission: a user holding every other permission is refused on the
		// routes that declare it, and a user holding only it is let through.
		perms := map[string]bool{}
		for _, r := range e.Routes {
			if strings.HasPrefix(r.Path, "admin/") {
				perms[r.Perm] = true
			}
		}
		for p := range perms {
			var others []string
			for _, c := range models.PermissionCatalog {
				if c.Code != p {
					others = append(others, c.Code)
				}
			}
			login := "u" + testenv.RandomSuffix(4)
			e.CreateUser(t, login, "secret-pw", others...)
			c := e.Client(t, e.Login(t, login, "secret-pw"))
			onlyLogin := "o" + testenv.RandomSuffix(4)
			e.CreateUser(t, onlyLogin, "secret-pw", p)
			only := e.Client(t, e.Login(t, onlyLogin, "secret-pw"))
			for _, r := range e.Routes {
				if r.Perm != p || !strings.HasPrefix(r.Path, "admin/") {
					continue
				}
				if code := c.Do(r.Method, routePath(r.Path), map[string]any{}).Code(t); code != 403 {
					t.Errorf("%s %s without %s: %d, want 403", r.Method, r.Path, p, code)
				}
				if r.Method == http.MethodGet {
					if code := only.Do(r.Method, routePath(r.Path), nil).Code(t); code == 401 || code == 403 {
						t.Errorf("%s %s with only %s: %d", r.Method, r.Path, p, code)
					}
				}
			}
		}
	})
}

// pngBytes is a real 8x8 PNG image.
func pngBytes(t *testing.T) []byte {
	img := image.NewRGBA(image.Rect(0, 0, 8, 8))
	for i := 0; i < 8; i++ {
		img.Set(i, i, color.RGBA{R: 200, A: 255})
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// elfBytes looks like a Linux executable.
func elfBytes() []byte {
	b := make([]byte, 256)
	copy(b, []byte{0x7f, 'E', 'L', 'F', 2, 1, 1, 0})
	binary.LittleEndian.PutUint16(b[16:], 2)    // ET_EXEC
	binary.LittleEndian.PutUint16(b[18:], 0x3e) // x86-64
	return b
}

// exeBytes looks like a Windows PE executable.
func exeBytes() []byte {
	b := make([]byte, 512)
	copy(b, "MZ")
	binary.LittleEndian.PutUint32(b[0x3c:], 0x80)
	copy(b[0x80:], "PE\x00\x00")
	return b
}

func blobFiles(t *testing.T, dir string) int {
	n := 0
	_ = filepath.Walk(dir, func(p string, info os.FileInfo, err error) error {
		if err == nil && !info.IsDir() {
			n++
		}
		return nil
	})
	return n
}

type stored struct {
	ID, Filename, Location, ContentType, ResourceToken string
	Size                                               int64
}

func TestUploads(t *testing.T) {
	both(t, testenv.Options{Config: func(c *config.Config) { c.Upload.MaxSizeMB = 1 }}, func(t *testing.T, e *testenv.Env) {
		e.CreateUser(t, "upload01", "upload-pw", models.PermSurveyManage)
		e.CreateUser(t, "upload02", "upload-pw", models.PermSurveyManage)
		a := e.Client(t, e.Login(t, "upload01", "upload-pw"))
		b := e.Client(t, e.Login(t, "upload02", "upload-pw"))
		anon := e.Client(t, "")
		img := pngBytes(t)

		var files []stored
		a.Upload("up/up-file.do", "file", "photo.png", img, map[string]string{"surveyId": "s1"}).OK(t, &files)
		if len(files) != 1 || files[0].Filename != "photo.png" || files[0].Size != int64(len(img)) || files[0].ContentType != "image/png" ||
			!strings.HasPrefix(files[0].Location, "/api/dwsurvey/up/download/"+files[0].ID) {
			t.Fatalf("upload answer = %+v", files)
		}
		f := files[0]
		var row models.UploadFile
		if err := e.DB.Take(&row, "id = ?", f.ID).Error; err != nil || row.SurveyID != "s1" || row.OwnerUserID != user(t, e, "upload01").ID ||
			row.ResourceTokenHash == "" || row.ResourceTokenHash == f.ResourceToken {
			t.Fatalf("row = %+v, %v", row, err)
		}
		if strings.Contains(row.BlobKey, "photo") {
			t.Fatalf("blob key %q must be chosen by the server", row.BlobKey)
		}
		// The blob-field variant works too.
		var wb []stored
		a.Upload("up/up-file-wb.do", "blob", "clip.png", img, nil).OK(t, &wb)

		dl := "up/download/" + f.ID
		resp := a.Get(dl)
		if resp.Status != 200 || !bytes.Equal(resp.Body, img) {
			t.Fatalf("owner download: %d, %d bytes", resp.Status, len(resp.Body))
		}
		if cd := resp.Header.Get("Content-Disposition"); !strings.HasPrefix(cd, "attachment") || !strings.Contains(cd, "photo.png") {
			t.Fatalf("Content-Disposition = %q", cd)
		}
		if resp.Header.Get("X-Content-Type-Options") != "nosniff" || resp.Header.Get("Content-Type") != "image/png" {
			t.Fatalf("headers = %v", resp.Header)
		}
		// Another user, anonymous, a wrong token: 404 (existence is not revealed).
		for name, r := range map[string]*testenv.Response{
			"other user":          b.Get(dl),
			"anonymous":           anon.Get(dl),
			"wrong token":         anon.Get(dl + "?resourceToken=" + strings.Repeat("0", 32)),
			"other's token":       b.Get("up/download/" + f.ID + "?resourceToken=" + wb[0].ResourceToken),
			"unknown id":          a.Get("up/download/00000000-0000-0000-0000-000000000000"),
			"b with no rights":    b.Get("up/download/" + wb[0].ID),
			"anonymous no rights": anon.Get("up/download/" + wb[0].ID),
		} {
			if r.Status != 404 || bytes.Equal(r.Body, img) {
				t.Errorf("%s: HTTP %d, want 404", name, r.Status)
			}
		}
		// The resource token from the upload answer works without a login, and the admin may read.
		if r := anon.Get(strings.TrimPrefix(f.Location, "/api/dwsurvey/")); r.Status != 200 || !bytes.Equal(r.Body, img) {
			t.Fatalf("resourceToken download: %d", r.Status)
		}
		if r := e.Client(t, e.AdminToken(t)).Get(dl); r.Status != 200 {
			t.Fatalf("super admin download: %d", r.Status)
		}

		// Refusals store nothing (no row, no blob).
		rows := testenv.Count(t, e.DB, &models.UploadFile{})
		blobs := blobFiles(t, e.BlobDir)
		if rows != 2 || blobs != 2 {
			t.Fatalf("before refusals: %d rows, %d blobs", rows, blobs)
		}
		big := append(append([]byte{}, img...), bytes.Repeat([]byte{0}, 1<<20)...)
		for _, c := range []struct {
			name, file string
			data       []byte
			msg        string
		}{
			{"ELF renamed .png", "tool.png", elfBytes(), "not a .png file"},
			{"EXE renamed .png", "setup.png", exeBytes(), "not a .png file"},
			{"EXE", "setup.exe", exeBytes(), "not accepted"},
			{"HTML", "page.html", []byte("<html><script>alert(1)</script></html>"), "not accepted"},
			{"SVG", "x.svg", []byte(`<svg xmlns="http://www.w3.org/2000/svg"></svg>`), "not accepted"},
			{"oversize", "big.png", big, "File size cannot exceed 1MB!"},
			{"empty", "empty.png", nil, "empty"},
		} {
			a.Upload("up/up-file.do", "file", c.file, c.data, nil).Refused(t, 400, c.msg)
			if testenv.Count(t, e.DB, &models.UploadFile{}) != rows || blobFiles(t, e.BlobDir) != blobs {
				t.Fatalf("%s: something was stored", c.name)
			}
		}
		a.Upload("up/up-file.do", "other", "photo.png", img, nil).Refused(t, 400, "no file")
		anon.Upload("up/up-file.do", "file", "photo.png", img, nil).Refused(t, 401, "")
		if testenv.Count(t, e.DB, &models.UploadFile{}) != rows || blobFiles(t, e.BlobDir) != blobs {
			t.Fatal("refused uploads stored something")
		}
	})
}

var _ = io.EOF
