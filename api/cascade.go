package api

import (
	"errors"
	"fmt"
	"net/http"
	"strings"

	"github.com/gin-gonic/gin"

	"dwsurvey/models"
	"dwsurvey/services/cascade"
	"dwsurvey/services/importer"
)

// registerCascade: cascade data sources for authors (app/v6/dw-cascade-json/, the spec's
// calls), for administrators (admin/cascade/, system sources) and the answer side's
// cascade-json-info.do.
func (s *server) registerCascade() {
	for _, g := range []struct {
		prefix, perm string
		admin        bool
	}{
		{"app/v6/dw-cascade-json/", models.PermSurveyManage, false},
		{"admin/cascade/", models.PermAdminCascade, true},
	} {
		list, save, imp := "cascade-json-list.do", "save", "import-cascade-data.do"
		who := "own, system and the survey's private sources"
		if g.admin {
			list, save, imp = "list.do", "save.do", "import.do"
			who = "every source; edits system sources"
		}
		s.handle(http.MethodGet, g.prefix+list, g.perm, "Cascade data sources (PageResult; "+who+")", s.cascadeList(g.admin))
		s.handle(http.MethodGet, g.prefix+"info.do", g.perm, "A cascade source with its whole tree (editor)", s.cascadeInfo(g.admin))
		s.handle(http.MethodPost, g.prefix+save, g.perm, "Create or update a cascade source, or add a language copy", s.cascadeSave(g.admin))
		if !g.admin {
			s.handle(http.MethodPost, g.prefix+"save.do", g.perm, "Create or update a cascade source (alias of save)", s.cascadeSave(g.admin))
		}
		s.handle(http.MethodPost, g.prefix+imp, g.perm, "Import up to 3 Excel/JSON files or JSON URLs (preview=1 parses only)", s.cascadeImport(g.admin))
		s.handle(http.MethodPost, g.prefix+"up-state.do", g.perm, "Enable (1) or disable (0) a cascade source", s.cascadeState(g.admin))
		s.handle(http.MethodPost, g.prefix+"delete.do", g.perm, "Delete cascade sources not used by any survey", s.cascadeDelete(g.admin))
	}
	s.handle(http.MethodGet, "none/v6/dw-cascade-json/import-template.do", "", "Excel template of a cascade import (a column per level, a row per path)", s.cascadeTemplate)
	s.handle(http.MethodGet, "none/v6/dw-answer-survey/cascade-json-info.do", "", "Cascade data of a CASCADE question: data.jsonData (large trees level by level)", s.cascadeServe)
}

func (s *server) cascadeActor(c *gin.Context, admin bool) cascade.Actor {
	return cascade.Actor{P: principal(c), Admin: admin, IP: c.ClientIP()}
}

func (s *server) cascadeList(admin bool) gin.HandlerFunc {
	return func(c *gin.Context) {
		cur, size := paging(c)
		state, valid := intQuery(c, "dataState", "state")
		if !valid {
			return
		}
		f := cascade.ListFilter{Name: c.Query("cascadeName"), Scope: c.Query("scope"), State: state, SurveyID: c.Query("surveyId"), OwnerID: c.Query("userId")}
		rows, total, err := s.d.Cascade.List(c.Request.Context(), s.cascadeActor(c, admin), f, cur, size)
		if err != nil {
			fail(c, err)
			return
		}
		pageResult(c, total, cur, size, rows)
	}
}

func (s *server) cascadeInfo(admin bool) gin.HandlerFunc {
	return func(c *gin.Context) {
		d, err := s.d.Cascade.Info(c.Request.Context(), s.cascadeActor(c, admin), c.Query("id"))
		respond(c, d, err)
	}
}

func (s *server) cascadeSave(admin bool) gin.HandlerFunc {
	return func(c *gin.Context) {
		c.Request.Body = http.MaxBytesReader(c.Writer, c.Request.Body, cascade.MaxSaveBytes)
		var in cascade.SaveInput
		if err := c.ShouldBindJSON(&in); err != nil {
			var tooBig *http.MaxBytesError
			if errors.As(err, &tooBig) {
				reply(c, codeInvalid, fmt.Sprintf("Save failed: the tree is larger than %d MB", cascade.MaxFileBytes>>20))
				return
			}
			reply(c, codeInvalid, "Invalid request: "+err.Error())
			return
		}
		r, err := s.d.Cascade.Save(c.Request.Context(), s.cascadeActor(c, admin), in)
		respond(c, r, err)
	}
}

// cascadeImport reads a multipart form (files in "file" or "files", up to 3; jsonUrl and name
// repeated; preview, scope, surveyId) or a JSON body {jsonUrls, names, preview, scope, surveyId}.
// The whole request is bounded to 3 files of 10 MB; a 4th input is refused before any is read.
func (s *server) cascadeImport(admin bool) gin.HandlerFunc {
	return func(c *gin.Context) {
		c.Request.Body = http.MaxBytesReader(c.Writer, c.Request.Body, cascade.MaxImportInputs*importer.MaxFileBytes+1<<20)
		in := cascade.ImportInput{}
		if strings.HasPrefix(c.ContentType(), "multipart/") {
			form, err := c.MultipartForm()
			var tooBig *http.MaxBytesError
			if errors.As(err, &tooBig) {
				reply(c, codeInvalid, fmt.Sprintf("Parse failed: at most %d files of %d MB each", cascade.MaxImportInputs, importer.MaxFileBytes>>20))
				return
			}
			if err != nil {
				reply(c, codeInvalid, "Invalid request: "+err.Error())
				return
			}
			files := append(form.File["file"], form.File["files"]...)
			urls := nonEmpty(form.Value["jsonUrl"])
			if len(files)+len(urls) > cascade.MaxImportInputs {
				reply(c, codeInvalid, cascade.MsgTooManyFiles)
				return
			}
			for _, fh := range files {
				data, ok := readFormFile(c, fh)
				if !ok {
					return
				}
				in.Files = append(in.Files, cascade.ImportFile{Name: fh.Filename, Data: data})
			}
			in.URLs, in.Names = urls, form.Value["name"]
			in.Preview = truthy(c.PostForm("preview"))
			in.Scope, in.SurveyID = c.PostForm("scope"), c.PostForm("surveyId")
		} else {
			var b struct {
				JSONURLs []string `json:"jsonUrls"`
				JSONURL  string   `json:"jsonUrl"`
				Names    []string `json:"names"`
				Preview  bool     `json:"preview"`
				Scope    string   `json:"scope"`
				SurveyID string   `json:"surveyId"`
			}
			if !bind(c, &b) {
				return
			}
			in.URLs = nonEmpty(append(b.JSONURLs, b.JSONURL))
			in.Names, in.Preview, in.Scope, in.SurveyID = b.Names, b.Preview, b.Scope, b.SurveyID
		}
		r, err := s.d.Cascade.Import(c.Request.Context(), s.cascadeActor(c, admin), in)
		respond(c, r, err)
	}
}

func nonEmpty(vs []string) []string {
	out := []string{}
	for _, v := range vs {
		if strings.TrimSpace(v) != "" {
			out = append(out, strings.TrimSpace(v))
		}
	}
	return out
}

type cascadeStateBody struct {
	ID        string `json:"id"`
	DataState *int   `json:"dataState"`
}

func (s *server) cascadeState(admin bool) gin.HandlerFunc {
	return func(c *gin.Context) {
		var b cascadeStateBody
		if !bind(c, &b) {
			return
		}
		respond(c, nil, s.d.Cascade.SetState(c.Request.Context(), s.cascadeActor(c, admin), b.ID, b.DataState))
	}
}

func (s *server) cascadeDelete(admin bool) gin.HandlerFunc {
	return func(c *gin.Context) {
		var b idsBody
		if !bind(c, &b) {
			return
		}
		n, err := s.d.Cascade.Delete(c.Request.Context(), s.cascadeActor(c, admin), b.all())
		respond(c, gin.H{"deleted": n}, err)
	}
}

// cascadeTemplate is an .xlsx showing the import format: one row per path, a column per level.
func (s *server) cascadeTemplate(c *gin.Context) {
	data, err := importer.WriteXLSX([][]string{
		{"Level 1", "Level 2", "Level 3"},
		{"浙江省", "杭州市", "西湖区"},
		{"浙江省", "杭州市", "上城区"},
		{"浙江省", "宁波市", "海曙区"},
		{"江苏省", "南京市", "玄武区"},
	})
	if err != nil {
		fail(c, err)
		return
	}
	c.Header("Content-Disposition", `attachment; filename="cascade-template.xlsx"`)
	c.Header("X-Content-Type-Options", "nosniff")
	c.Data(http.StatusOK, "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", data)
}

// cascadeServe answers the answer page; an unknown or disabled source is 404 "Cascade data not found".
func (s *server) cascadeServe(c *gin.Context) {
	p, err := s.d.Cascade.Serve(c.Request.Context(), c.Query("id"), c.Query("languageCode"))
	if errors.Is(err, models.ErrNotFound) {
		reply(c, codeNotFound, "Cascade data not found")
		return
	}
	respond(c, p, err)
}
