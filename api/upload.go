package api

import (
	"io"
	"mime"
	"net/http"
	"strconv"

	"github.com/gin-gonic/gin"

	"dwsurvey/services/upload"
)

func (s *server) registerUpload() {
	s.handle(http.MethodPost, "up/up-file.do", "", "Upload a file (multipart file; surveyId)", s.uploadFile)
	s.handle(http.MethodPost, "up/up-file-wb.do", "", "Upload a file or blob (multipart file or blob; surveyId)", s.uploadFile)
	s.handle(http.MethodGet, "up/download/:id", "", "Download a stored file (owner, super admin or resourceToken)", s.downloadFile)
}

// uploadFile stores one file. Logged-in users may upload; anonymous respondents may upload
// when surveyId names a collecting survey with an upload question (answer service check).
func (s *server) uploadFile(c *gin.Context) {
	p := principal(c)
	owner := ""
	if p != nil {
		owner = p.UserID
	} else if s.d.Answer == nil || !s.d.Answer.UploadAllowed(c.Request.Context(), c.Request.FormValue("surveyId")) {
		reply(c, codeUnauth, "Upload failed, please log in")
		return
	}
	maxBytes := int64(s.d.Config.Upload.MaxSizeMB) << 20
	c.Request.Body = http.MaxBytesReader(c.Writer, c.Request.Body, maxBytes+1<<20)
	fh, err := c.FormFile("file")
	if err != nil {
		fh, err = c.FormFile("blob")
	}
	if err != nil {
		if _, tooBig := err.(*http.MaxBytesError); tooBig {
			reply(c, codeInvalid, "File size cannot exceed "+strconv.Itoa(s.d.Config.Upload.MaxSizeMB)+"MB!")
			return
		}
		reply(c, codeInvalid, "Upload failed, no file in the request (field file or blob)")
		return
	}
	if fh.Size > maxBytes {
		reply(c, codeInvalid, "File size cannot exceed "+strconv.Itoa(s.d.Config.Upload.MaxSizeMB)+"MB!")
		return
	}
	f, err := fh.Open()
	if err != nil {
		reply(c, codeInvalid, "Upload failed, the file could not be read")
		return
	}
	defer f.Close()
	st, err := s.d.Upload.Save(c.Request.Context(), owner, c.PostForm("surveyId"), fh.Filename, f)
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusOK, Envelope{ResultCode: codeOK, ResultMsg: "Upload succeeded", Data: []*upload.Stored{st}})
}

// downloadFile streams a file as an attachment; anyone not allowed gets a plain 404.
func (s *server) downloadFile(c *gin.Context) {
	rd := upload.Reader{ResourceToken: c.Query("resourceToken")}
	if p := principal(c); p != nil {
		rd.UserID, rd.IsSuperAdmin = p.UserID, p.IsSuperAdmin()
	}
	rc, f, err := s.d.Upload.Open(c.Request.Context(), c.Param("id"), rd)
	if err != nil {
		c.JSON(http.StatusNotFound, Envelope{ResultCode: codeNotFound, ResultMsg: "Not found"})
		return
	}
	defer rc.Close()
	h := c.Writer.Header()
	h.Set("Content-Type", f.ContentType)
	h.Set("Content-Length", strconv.FormatInt(f.Size, 10))
	h.Set("Content-Disposition", mime.FormatMediaType("attachment", map[string]string{"filename": f.FileName}))
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Cache-Control", "private, no-store")
	c.Status(http.StatusOK)
	_, _ = io.Copy(c.Writer, rc)
}
