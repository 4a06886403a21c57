// Package upload stores uploaded files in the blob store after checking their content
// and size, and serves them back only to callers allowed to read them.
package upload

import (
	"bytes"
	"context"
	"crypto/subtle"
	"errors"
	"fmt"
	"io"
	"path"
	"strings"
	"time"

	"github.com/gabriel-vasile/mimetype"
	"github.com/google/uuid"
	"gorm.io/gorm"

	"dwsurvey/models"
	"dwsurvey/services/account"
	"dwsurvey/storage"
)

// DownloadPrefix is the API path that serves a stored file by id.
const DownloadPrefix = "/api/dwsurvey/up/download/"

type Service struct {
	DB   *gorm.DB
	Blob storage.BlobStore
	// MaxBytes is the largest accepted file in bytes.
	MaxBytes int64
}

// allowed maps a lower-case extension to the content types its bytes may have.
// HTML, SVG, scripts and executables are never accepted.
var allowed = map[string][]string{
	".jpg": {"image/jpeg"}, ".jpeg": {"image/jpeg"}, ".png": {"image/png"}, ".gif": {"image/gif"},
	".bmp": {"image/bmp", "image/x-ms-bmp"}, ".webp": {"image/webp"},
	".pdf":  {"application/pdf"},
	".doc":  {"application/msword", "application/x-ole-storage"},
	".xls":  {"application/vnd.ms-excel", "application/x-ole-storage"},
	".ppt":  {"application/vnd.ms-powerpoint", "application/x-ole-storage"},
	".docx": {"application/vnd.openxmlformats-officedocument.wordprocessingml.document", "application/zip"},
	".xlsx": {"application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", "application/zip"},
	".pptx": {"application/vnd.openxmlformats-officedocument.presentationml.presentation", "application/zip"},
	".txt":  {"text/plain"}, ".csv": {"text/csv", "text/plain"},
	".json": {"application/json", "text/plain"},
	".zip":  {"application/zip"},
	".mp3":  {"audio/mpeg"}, ".mp4": {"video/mp4"},
}

// Stored describes a saved file.
type Stored struct {
	ID            string `json:"id"`
	FileName      string `json:"filename"`
	Location      string `json:"location"`
	ContentType   string `json:"contentType"`
	Size          int64  `json:"size"`
	ResourceToken string `json:"resourceToken"`
}

// Save checks and stores one file. ownerUserID is "" for anonymous respondents.
// The returned Location carries a resource token so that the uploader can read the file back.
func (s *Service) Save(ctx context.Context, ownerUserID, surveyID, fileName string, r io.Reader) (*Stored, error) {
	name := cleanName(fileName)
	if name == "" {
		return nil, models.Invalid("Upload failed, the file has no name")
	}
	ext := strings.ToLower(path.Ext(name))
	types, ok := allowed[ext]
	if !ok {
		return nil, models.Invalid("Upload failed, files of type %s are not accepted", orNone(ext))
	}
	buf, err := io.ReadAll(io.LimitReader(r, s.MaxBytes+1))
	if err != nil {
		return nil, models.Invalid("Upload failed, the file could not be read")
	}
	if int64(len(buf)) > s.MaxBytes {
		return nil, models.Invalid("File size cannot exceed %dMB!", s.MaxBytes>>20)
	}
	if len(buf) == 0 {
		return nil, models.Invalid("Upload failed, the file is empty")
	}
	detected := mimetype.Detect(buf)
	if !matches(detected, types) {
		return nil, models.Invalid("Upload failed, the content of %s is %s, not a %s file", name, detected.String(), ext)
	}
	id := uuid.NewString()
	key := fmt.Sprintf("uploads/%s/%s%s", time.Now().UTC().Format("2006/01/02"), id, ext)
	ctype := types[0]
	if err := s.Blob.Put(ctx, key, bytes.NewReader(buf), int64(len(buf)), ctype); err != nil {
		return nil, fmt.Errorf("store upload: %w", err)
	}
	token := account.RandomToken(16)
	row := models.UploadFile{ID: id, BlobKey: key, FileName: name, ContentType: ctype, Size: int64(len(buf)),
		OwnerUserID: ownerUserID, SurveyID: surveyID, ResourceTokenHash: account.HashToken(token), CreatedAt: time.Now().UTC()}
	if err := s.DB.WithContext(ctx).Create(&row).Error; err != nil {
		_ = s.Blob.Delete(ctx, key)
		return nil, err
	}
	return &Stored{ID: id, FileName: name, Location: DownloadPrefix + id + "?resourceToken=" + token, ContentType: ctype,
		Size: row.Size, ResourceToken: token}, nil
}

func orNone(ext string) string {
	if ext == "" {
		return "(no extension)"
	}
	return ext
}

func matches(m *mimetype.MIME, types []string) bool {
	for cur := m; cur != nil; cur = cur.Parent() {
		for _, t := range types {
			if cur.Is(t) {
				return true
			}
		}
	}
	return false
}

// cleanName keeps the base name without path separators or control characters.
func cleanName(n string) string {
	n = strings.ReplaceAll(n, "\\", "/")
	n = path.Base(strings.TrimSpace(n))
	if n == "." || n == "/" {
		return ""
	}
	var b strings.Builder
	for _, r := range n {
		if r >= 0x20 && r != 0x7f && r != '"' {
			b.WriteRune(r)
		}
	}
	out := b.String()
	if len([]rune(out)) > 200 {
		out = string([]rune(out)[:200])
	}
	return out
}

// Reader identifies who asks for a file.
type Reader struct {
	UserID        string
	IsSuperAdmin  bool
	ResourceToken string
}

// ErrNoAccess is answered as "not found".
var ErrNoAccess = models.ErrNotFound

// Open returns the file if the reader uploaded it, holds its resource token, or is the
// super administrator; otherwise models.ErrNotFound.
func (s *Service) Open(ctx context.Context, id string, rd Reader) (io.ReadCloser, *models.UploadFile, error) {
	var f models.UploadFile
	if err := s.DB.WithContext(ctx).Take(&f, "id = ?", id).Error; err != nil {
		if errors.Is(err, gorm.ErrRecordNotFound) {
			return nil, nil, models.ErrNotFound
		}
		return nil, nil, err
	}
	ok := rd.IsSuperAdmin || (rd.UserID != "" && rd.UserID == f.OwnerUserID)
	if !ok && rd.ResourceToken != "" {
		ok = subtle.ConstantTimeCompare([]byte(account.HashToken(rd.ResourceToken)), []byte(f.ResourceTokenHash)) == 1
	}
	if !ok {
		return nil, nil, ErrNoAccess
	}
	rc, _, err := s.Blob.Get(ctx, f.BlobKey)
	if errors.Is(err, storage.ErrBlobNotFound) {
		return nil, nil, models.ErrNotFound
	}
	if err != nil {
		return nil, nil, err
	}
	return rc, &f, nil
}
