package cascade

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net/http"
	"path"
	"strings"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"dwsurvey/models"
	"dwsurvey/services/audit"
	"dwsurvey/services/netguard"
)

// URLTimeout bounds the fetch of one JSON URL (three fit in the import call's 30 s).
const URLTimeout = 8 * time.Second

// ImportFile is one uploaded file.
type ImportFile struct {
	Name string
	Data []byte
}

// ImportInput is an import-cascade-data.do request: up to MaxImportInputs files and JSON URLs
// together. Names (optional, in the order files then URLs) name the new sources; by default
// a file's name without its extension or a URL's last path segment. Preview parses only.
type ImportInput struct {
	Files    []ImportFile
	URLs     []string
	Names    []string
	Scope    string
	SurveyID string
	Preview  bool
}

// ImportItem is the outcome of one input: the parse result (levels, items, the first levels as
// a sample) or its errors, and the new source's id once saved.
type ImportItem struct {
	Source      string   `json:"source"`
	Kind        string   `json:"kind"` // xlsx, json or url
	OK          bool     `json:"ok"`
	Errors      []string `json:"errors,omitempty"`
	CascadeName string   `json:"cascadeName"`
	CountLevel  int      `json:"countLevel"`
	NodeCount   int      `json:"nodeCount"`
	Sample      []*Node  `json:"sample,omitempty"`
	ID          string   `json:"id,omitempty"`
	tree        *Tree
}

// ImportResult lists the inputs in order; Saved is true when the sources were stored.
type ImportResult struct {
	Items []*ImportItem `json:"items"`
	Saved bool          `json:"saved"`
}

// Import parses the files and JSON URLs and, unless in.Preview, stores one new source per
// input in one transaction. With Preview every input is reported (ok or its errors). Without
// it any failing input refuses the whole call ("Parse failed: ...") and nothing is stored.
func (s *Service) Import(ctx context.Context, a Actor, in ImportInput) (*ImportResult, error) {
	if a.P == nil {
		return nil, models.ErrNotFound
	}
	n := len(in.Files) + len(in.URLs)
	if n == 0 {
		return nil, models.Invalid(MsgNoInput)
	}
	if n > MaxImportInputs {
		return nil, models.Invalid(MsgTooManyFiles)
	}
	scope, surveyID, err := s.newScope(ctx, a, in.Scope, in.SurveyID)
	if err != nil {
		return nil, err
	}
	res := &ImportResult{}
	for _, f := range in.Files {
		it := &ImportItem{Source: f.Name, CascadeName: baseName(f.Name)}
		var is Issues
		if looksXLSX(f.Data) {
			it.Kind = "xlsx"
			it.tree, is = ParseXLSX(f.Data)
		} else {
			it.Kind = "json"
			if ext := strings.ToLower(path.Ext(f.Name)); ext == ".xls" || ext == ".xlsx" {
				is = Issues{"the file is not an Excel .xlsx workbook (save .xls files as .xlsx)"}
			} else {
				it.tree, is = ParseJSON(f.Data)
			}
		}
		it.Errors = is
		res.Items = append(res.Items, it)
	}
	for _, u := range in.URLs {
		it := &ImportItem{Source: strings.TrimSpace(u), Kind: "url", CascadeName: urlName(u)}
		data, err := s.fetch(ctx, it.Source)
		if err != nil {
			it.Errors = []string{err.Error()}
		} else {
			var is Issues
			it.tree, is = ParseJSON(data)
			it.Errors = is
		}
		res.Items = append(res.Items, it)
	}
	var firstErr string
	for i, it := range res.Items {
		if i < len(in.Names) && strings.TrimSpace(in.Names[i]) != "" {
			it.CascadeName = strings.TrimSpace(in.Names[i])
		}
		if len(it.Errors) == 0 {
			if _, err := checkName(it.CascadeName); err != nil {
				it.Errors = []string{err.Error()}
			}
		}
		it.OK = len(it.Errors) == 0
		if it.OK {
			it.CountLevel, it.NodeCount = it.tree.Levels, len(it.tree.Rows)
			it.Sample = sample(it.tree)
		} else if firstErr == "" {
			firstErr = it.Source + ": " + it.Errors[0]
		}
	}
	if in.Preview {
		return res, nil
	}
	if firstErr != "" {
		return nil, models.Invalid("Parse failed: %s", firstErr)
	}
	now := s.now()
	err = s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		for _, it := range res.Items {
			src := &models.CascadeSource{ID: uuid.NewString(), Name: it.CascadeName, Scope: scope, OwnerID: a.P.UserID, SurveyID: surveyID,
				State: models.StateEnabled, CreatedAt: now, UpdatedAt: now}
			if err := writeTree(tx, src, it.tree); err != nil {
				return err
			}
			if err := tx.Create(src).Error; err != nil {
				return err
			}
			it.ID = src.ID
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	res.Saved = true
	for _, it := range res.Items {
		s.record(ctx, a, audit.OpCreate, fmt.Sprintf("Import cascade source %s (%s) from %s", it.CascadeName, it.ID, it.Source))
	}
	return res, nil
}

// fetch reads a JSON URL through the outbound guard: http(s) only, no loopback, private,
// link-local or metadata addresses (redirects included), at most MaxFileBytes, URLTimeout.
func (s *Service) fetch(ctx context.Context, raw string) ([]byte, error) {
	if raw == "" {
		return nil, errors.New("the JSON URL is empty")
	}
	if _, err := netguard.ParseURL(raw); err != nil {
		return nil, fmt.Errorf("the JSON URL is refused: %v", err)
	}
	resp, err := s.Fetch.Do(ctx, http.MethodGet, raw, http.Header{"Accept": {"application/json"}}, nil)
	switch {
	case errors.Is(err, netguard.ErrBlocked), errors.Is(err, netguard.ErrInvalidURL), errors.Is(err, netguard.ErrRedirects):
		return nil, fmt.Errorf("the JSON URL is refused: %v", err)
	case errors.Is(err, netguard.ErrTimeout):
		return nil, fmt.Errorf("the JSON URL did not answer within %s", URLTimeout)
	case err != nil:
		return nil, fmt.Errorf("the JSON URL cannot be read: %v", err)
	case resp.Status != http.StatusOK:
		return nil, fmt.Errorf("the JSON URL answered HTTP %d", resp.Status)
	case resp.Truncated:
		return nil, fmt.Errorf("the JSON URL answered more than %d MB", MaxFileBytes>>20)
	}
	return resp.Body, nil
}

// NewFetcher is the guarded client of JSON URL imports (allow: CIDRs an installation lets
// through although internal, outbound.allow_cidrs).
func NewFetcher(guard *netguard.Guard) *netguard.Client {
	return &netguard.Client{Guard: guard, Timeout: URLTimeout, MaxResponseBytes: MaxFileBytes, UserAgent: "DWSurvey-Cascade/1"}
}

func looksXLSX(data []byte) bool { return bytes.HasPrefix(data, []byte("PK\x03\x04")) }

func baseName(name string) string {
	name = path.Base(strings.ReplaceAll(name, `\`, "/"))
	if ext := path.Ext(name); ext != "" {
		name = strings.TrimSuffix(name, ext)
	}
	return clipName(name)
}

func urlName(raw string) string {
	u, err := netguard.ParseURL(strings.TrimSpace(raw))
	if err != nil {
		return ""
	}
	if b := baseName(u.Path); b != "" && b != "." && b != "/" {
		return b
	}
	return clipName(u.Hostname())
}

// clipName shortens a default name to the name limit.
func clipName(s string) string {
	if r := []rune(strings.TrimSpace(s)); len(r) > MaxNameChars {
		return string(r[:MaxNameChars])
	}
	return strings.TrimSpace(s)
}

// sample is the first two levels of a tree, at most 30 nodes (the preview).
func sample(t *Tree) []*Node {
	var rows []Row
	for _, r := range t.Rows {
		if r.Level <= 2 && len(rows) < 30 {
			rows = append(rows, r)
		}
	}
	return Nest(rows)
}
