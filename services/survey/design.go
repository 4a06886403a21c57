package survey

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"gorm.io/gorm"

	"dwsurvey/models"
	"dwsurvey/services/account"
	lang "dwsurvey/survey"
)

// MaxDocumentBytes bounds a saved or imported survey document.
const MaxDocumentBytes = 16 << 20

// ErrStale is the refusal of a save whose baseRevision is not the stored revision.
const msgStale = "The survey was changed in another window, reload it before saving"

// DesignDoc is the answer of survey-json-by-survey-id.do.
type DesignDoc struct {
	SurveyID         string `json:"surveyId"`
	Sid              string `json:"sid"`
	SurveyJSONText   string `json:"surveyJsonText"`
	Revision         int    `json:"revision"`
	SurveyState      int    `json:"surveyState"`
	PublishedVersion int    `json:"publishedVersion"`
	PublishedAt      string `json:"publishedAt"`
	UpdateDate       string `json:"updateDate"`
	Rights           string `json:"rights"`
	// DraftChanged is true when the draft differs from the published version.
	DraftChanged bool `json:"draftChanged"`
}

// Design returns the draft document for the designer (design rights needed).
func (s *Service) Design(ctx context.Context, p *account.Principal, id string) (*DesignDoc, error) {
	a, err := s.access(ctx, nil, p, id, NeedDesign)
	if err != nil {
		return nil, err
	}
	return s.designDoc(ctx, a)
}

func (s *Service) designDoc(ctx context.Context, a *Access) (*DesignDoc, error) {
	sv := a.Survey
	draft := CleanDocumentText(sv.Draft)
	d := &DesignDoc{SurveyID: sv.ID, Sid: sv.Sid, SurveyJSONText: draft, Revision: sv.Revision, SurveyState: sv.State,
		PublishedVersion: sv.PublishedVersion, PublishedAt: models.FormatTimePtr(sv.PublishedAt),
		UpdateDate: models.FormatTime(sv.UpdatedAt), Rights: a.Rights, DraftChanged: true}
	if sv.PublishedVersion > 0 {
		var v models.SurveyVersion
		if err := s.DB.WithContext(ctx).Where("survey_id = ? AND version = ?", sv.ID, sv.PublishedVersion).Take(&v).Error; err == nil {
			// what respondents get against the draft, both in the canonical form: two
			// encodings of the same document are not a change
			d.DraftChanged = canonicalDocument(CleanDocumentText(v.Document)) != canonicalDocument(draft)
		}
	}
	return d, nil
}

// SaveInput is the body of save-survey-json.do. SurveyJSONText is the document as a JSON
// string (the reference's form) or as an object. BaseRevision, when sent, must equal the
// stored revision (optimistic concurrency between designer tabs).
type SaveInput struct {
	SurveyID       string          `json:"surveyId"`
	SurveyJSONText json.RawMessage `json:"surveyJsonText"`
	BaseRevision   *int            `json:"baseRevision"`
}

// SaveResult is the answer of save-survey-json.do.
type SaveResult struct {
	DesignDoc
	Warnings []lang.Issue `json:"warnings"`
}

// issueMsg lists the first error issues for a 400 answer.
func issueMsg(prefix string, issues []lang.Issue) error {
	var errs []string
	for _, is := range issues {
		if is.Severity == "error" {
			errs = append(errs, is.Path+": "+is.Message)
		}
	}
	if len(errs) == 0 {
		return nil
	}
	more := ""
	if len(errs) > 5 {
		more = fmt.Sprintf(" (and %d more)", len(errs)-5)
		errs = errs[:5]
	}
	return models.Invalid("%s%s%s", prefix, strings.Join(errs, "; "), more)
}

// prepareDocument is the single pipeline every stored document goes through: the JSON tree
// as sent, missing dwIds given, URL fields checked (a refused URL refuses the document, naming
// the field), rich text sanitised, the typed model's load checks (errors refuse), the DSL AST.
// The tree is what is stored: only those patches differ from what the client sent.
func prepareDocument(raw []byte) (*jsonObject, *lang.Survey, []lang.Issue, error) {
	if len(raw) > MaxDocumentBytes {
		return nil, nil, nil, models.Invalid("Save failed: the survey document is larger than %d MB", MaxDocumentBytes>>20)
	}
	if len(strings.TrimSpace(string(raw))) == 0 || string(raw) == "null" || string(raw) == `""` {
		return nil, nil, nil, models.Invalid("Save failed: surveyJsonText is empty")
	}
	notJSON := func(err error) error {
		return models.Invalid("Save failed: the survey document is not valid JSON (%s)", strings.TrimPrefix(err.Error(), "survey: "))
	}
	body, err := unwrapDocument(raw)
	if err != nil {
		return nil, nil, nil, notJSON(err)
	}
	tree, err := documentTree(body)
	if err != nil {
		return nil, nil, nil, notJSON(err)
	}
	if _, _, err := lang.Parse(body); err != nil { // the typed model reads every block it knows
		return nil, nil, nil, notJSON(err)
	}
	assignTreeDwIDs(tree)
	if bad := cleanTree(tree); len(bad) > 0 {
		return nil, nil, nil, urlRefusal("Save failed: ", bad)
	}
	d, issues, err := lang.Parse([]byte(treeText(tree)))
	if err != nil {
		return nil, nil, nil, notJSON(err)
	}
	if err := issueMsg("Save failed: ", issues); err != nil {
		return nil, nil, nil, err
	}
	if err := lang.UpdateDslAst(d); err != nil {
		return nil, nil, nil, models.Invalid("Save failed: dwDsl: %v", err)
	}
	setTreeDslAst(tree, d.DwDslAst)
	refs, _ := lang.CheckPipes(d) // its errors are among issues and refused above
	setTreeDwPipes(tree, refs)
	d.DwPipes = refs
	var warnings []lang.Issue
	for _, is := range issues {
		if is.Severity != "error" {
			warnings = append(warnings, is)
		}
	}
	return tree, d, warnings, nil
}

// Save validates and stores the draft: the document as sent, patched only where the server
// must (prepareDocument, the survey's identity, a title when it has none). A bad document is
// refused with the failing paths and the previous draft stays.
func (s *Service) Save(ctx context.Context, p *account.Principal, in SaveInput) (*SaveResult, error) {
	a, err := s.access(ctx, nil, p, in.SurveyID, NeedDesign)
	if err != nil {
		return nil, err
	}
	sv := a.Survey
	if in.BaseRevision != nil && *in.BaseRevision != sv.Revision {
		return nil, models.Invalid(msgStale)
	}
	tree, d, warnings, err := prepareDocument(in.SurveyJSONText)
	if err != nil {
		return nil, err
	}
	stampIdentity(tree, sv.ID, sv.Sid, sv.SurveyType)
	title := docTitle(d)
	if title == "" {
		title = sv.Title
		setTreeTitle(tree, title)
	}
	if utf8.RuneCountInString(title) > 200 {
		return nil, models.Invalid("Save failed: the survey title must be at most 200 characters")
	}
	text := treeText(tree)
	now := s.now()
	res := s.DB.WithContext(ctx).Model(&models.Survey{}).Where("id = ? AND revision = ?", sv.ID, sv.Revision).
		Updates(map[string]any{"draft": text, "title": title, "revision": sv.Revision + 1, "updated_at": now})
	if res.Error != nil {
		return nil, res.Error
	}
	if res.RowsAffected == 0 {
		return nil, models.Invalid(msgStale)
	}
	sv.Draft, sv.Title, sv.Revision, sv.UpdatedAt = text, title, sv.Revision+1, now
	dd, err := s.designDoc(ctx, a)
	if err != nil {
		return nil, err
	}
	if warnings == nil {
		warnings = []lang.Issue{}
	}
	return &SaveResult{DesignDoc: *dd, Warnings: warnings}, nil
}

// docTitle is the plain title of a document.
func docTitle(d *lang.Survey) string {
	if d.SurveyNameObj != nil {
		if t := plainText(d.SurveyNameObj.DwHTML); t != "" {
			return t
		}
		if t := strings.TrimSpace(d.SurveyNameObj.DwText); t != "" {
			return t
		}
	}
	return plainText(string(d.SurveyName))
}

// PublishResult is the answer of dev-survey.do.
type PublishResult struct {
	SurveyID    string       `json:"surveyId"`
	Sid         string       `json:"sid"`
	Version     int          `json:"version"`
	PublishedAt string       `json:"publishedAt"`
	SurveyState int          `json:"surveyState"`
	Warnings    []lang.Issue `json:"warnings"`
}

// Publish freezes the draft as the next version and starts collecting. The draft must pass
// the load checks; the logic checker's warnings are returned (they do not block).
func (s *Service) Publish(ctx context.Context, p *account.Principal, id string) (*PublishResult, error) {
	a, err := s.access(ctx, nil, p, id, NeedDesign)
	if err != nil {
		return nil, err
	}
	sv := a.Survey
	d, issues, err := lang.Parse([]byte(sv.Draft))
	if err != nil {
		return nil, models.Invalid("Publish failed: the stored document is not valid JSON")
	}
	if err := issueMsg("Publish failed: ", issues); err != nil {
		return nil, err
	}
	counted := 0
	for _, q := range d.Questions {
		if q != nil && q.IsCounted() {
			counted++
		}
	}
	if counted == 0 {
		return nil, models.Invalid("Publish failed: the survey has no questions")
	}
	warnings := lang.CheckLogic(d)
	if warnings == nil {
		warnings = []lang.Issue{}
	}
	// the frozen version is the draft as stored (cleaned again: drafts stored before a rule
	// existed get it), in the collecting state
	tree, err := documentTree([]byte(sv.Draft))
	if err != nil {
		return nil, models.Invalid("Publish failed: the stored document is not valid JSON")
	}
	cleanTree(tree)
	tree.set("surveyState", json.Number(strconv.Itoa(models.SurveyCollecting)))
	frozen := treeText(tree)
	now := s.now()
	var version int
	err = s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var cur models.Survey
		if err := tx.Where("id = ?", sv.ID).Take(&cur).Error; err != nil {
			return err
		}
		var maxV int
		if err := tx.Model(&models.SurveyVersion{}).Where("survey_id = ?", sv.ID).Select("COALESCE(MAX(version),0)").Scan(&maxV).Error; err != nil {
			return err
		}
		version = maxV + 1
		if err := tx.Create(&models.SurveyVersion{ID: newID(), SurveyID: sv.ID, Version: version, Document: frozen,
			PublishedAt: now, PublishedBy: p.UserID}).Error; err != nil {
			return err
		}
		res := tx.Model(&models.Survey{}).Where("id = ? AND revision = ?", sv.ID, sv.Revision).
			Updates(map[string]any{"state": models.SurveyCollecting, "published_version": version, "published_at": now, "updated_at": now})
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected == 0 {
			return models.Invalid(msgStale)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	s.published(ctx, sv.ID)
	return &PublishResult{SurveyID: sv.ID, Sid: sv.Sid, Version: version, PublishedAt: models.FormatTime(now),
		SurveyState: models.SurveyCollecting, Warnings: warnings}, nil
}

// VersionRow is a row of survey-versions.do.
type VersionRow struct {
	Version     int    `json:"version"`
	PublishedAt string `json:"publishedAt"`
	PublishedBy string `json:"publishedBy"`
	Current     bool   `json:"current"`
}

// Versions lists the published versions, newest first.
func (s *Service) Versions(ctx context.Context, p *account.Principal, id string) ([]VersionRow, error) {
	a, err := s.access(ctx, nil, p, id, NeedAny)
	if err != nil {
		return nil, err
	}
	var vs []models.SurveyVersion
	if err := s.DB.WithContext(ctx).Select("version", "published_at", "published_by").Where("survey_id = ?", a.Survey.ID).
		Order("version DESC").Find(&vs).Error; err != nil {
		return nil, err
	}
	out := make([]VersionRow, 0, len(vs))
	for _, v := range vs {
		out = append(out, VersionRow{Version: v.Version, PublishedAt: models.FormatTime(v.PublishedAt), PublishedBy: v.PublishedBy,
			Current: v.Version == a.Survey.PublishedVersion})
	}
	return out, nil
}

// Export returns the draft document (pretty JSON) and a file name for export-survey.do.
func (s *Service) Export(ctx context.Context, p *account.Principal, id string) ([]byte, string, error) {
	a, err := s.access(ctx, nil, p, id, NeedAny)
	if err != nil {
		return nil, "", err
	}
	var buf bytes.Buffer
	if err := json.Indent(&buf, []byte(CleanDocumentText(a.Survey.Draft)), "", "  "); err != nil {
		return nil, "", err
	}
	buf.WriteByte('\n')
	return buf.Bytes(), "survey-" + a.Survey.Sid + ".json", nil
}

// ErrDeleted and ErrNotPublished are the refusals of PublishedDocument.
var (
	ErrDeleted      = errors.New("survey deleted")
	ErrNotPublished = errors.New("nothing published")
)

// Published is a frozen version with the survey row it belongs to.
type Published struct {
	Survey  *models.Survey
	Doc     *lang.Survey
	Version int
}

// PublishedVersion loads the frozen published version of a survey (by sid or id), never the
// draft. It returns models.ErrNotFound for an unknown survey, ErrDeleted for one in the
// recycle bin and ErrNotPublished when nothing was published. The state is not checked.
func (s *Service) PublishedVersion(ctx context.Context, sidOrID string) (*Published, error) {
	sidOrID = strings.TrimSpace(sidOrID)
	if sidOrID == "" {
		return nil, models.ErrNotFound
	}
	var sv models.Survey
	err := s.DB.WithContext(ctx).Where("sid = ? OR id = ?", sidOrID, sidOrID).Take(&sv).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, models.ErrNotFound
	}
	if err != nil {
		return nil, err
	}
	if sv.DeletedAt != nil {
		return &Published{Survey: &sv}, ErrDeleted
	}
	if sv.PublishedVersion == 0 {
		return &Published{Survey: &sv}, ErrNotPublished
	}
	var v models.SurveyVersion
	if err := s.DB.WithContext(ctx).Where("survey_id = ? AND version = ?", sv.ID, sv.PublishedVersion).Take(&v).Error; err != nil {
		return nil, fmt.Errorf("published version %d of %s: %w", sv.PublishedVersion, sv.ID, err)
	}
	d, err := loadDoc(v.Document)
	if err != nil {
		return nil, err
	}
	return &Published{Survey: &sv, Doc: d, Version: v.Version}, nil
}

// PublishedDocument is the call answering uses: the frozen published document and its version.
func (s *Service) PublishedDocument(ctx context.Context, sidOrID string) (*lang.Survey, int, error) {
	pv, err := s.PublishedVersion(ctx, sidOrID)
	if err != nil {
		return nil, 0, err
	}
	return pv.Doc, pv.Version, nil
}

// SurveyAll builds the legacy v6 surveyAll.do shape from the draft document: the survey row
// fields of the reference plus the document's questions (with the legacy flat flags).
func (s *Service) SurveyAll(ctx context.Context, p *account.Principal, id string) (map[string]any, error) {
	a, err := s.access(ctx, nil, p, id, NeedAny)
	if err != nil {
		return nil, err
	}
	sv := a.Survey
	if err := models.FillAnswerCounts(ctx, s.DB, sv); err != nil {
		return nil, err
	}
	d, err := loadDoc(CleanDocumentText(sv.Draft))
	if err != nil {
		return nil, err
	}
	raw, err := lang.MarshalCanonical(d)
	if err != nil {
		return nil, err
	}
	var m map[string]any
	if err := json.Unmarshal(raw, &m); err != nil {
		return nil, err
	}
	qs, _ := m["questions"].([]any)
	counted := 0
	for i, qv := range qs {
		q, ok := qv.(map[string]any)
		if !ok || i >= len(d.Questions) || d.Questions[i] == nil {
			continue
		}
		dq := d.Questions[i]
		if dq.IsCounted() {
			counted++
		}
		q["id"] = string(dq.DwID)
		q["belongId"] = sv.ID
		q["orderById"] = i + 1
		q["quTag"] = 1
		q["visibility"] = 1
		if dq.Required() {
			q["isRequired"] = 1
		} else {
			q["isRequired"] = 0
		}
		if _, has := q["quTitle"]; !has {
			q["quTitle"] = dq.Title()
		}
		for _, k := range []string{"quRadios", "quCheckboxs", "quMultiFillblanks", "quScores", "quOrderbys"} {
			if _, has := q[k]; !has {
				q[k] = []any{}
			}
		}
	}
	m["id"], m["sid"], m["surveyName"], m["surveyNameText"] = sv.ID, sv.Sid, sv.Title, sv.Title
	m["userId"], m["surveyState"], m["surveyType"] = sv.OwnerID, sv.State, sv.SurveyType
	m["surveyQuNum"], m["answerNum"], m["createDate"] = counted, sv.AnswerNum, models.FormatTime(sv.CreatedAt)
	m["dirType"], m["visibility"], m["surveyModel"], m["surveyTag"] = 2, 1, 1, 1
	if _, has := m["surveyDetail"]; !has {
		m["surveyDetail"] = map[string]any{}
	}
	return m, nil
}
