package survey

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"unicode/utf8"

	"gorm.io/gorm"

	"dwsurvey/models"
	"dwsurvey/services/account"
	lang "dwsurvey/survey"
)

// Row is one row of the survey lists (list.do, collaborate-list.do, recycle-list.do).
type Row struct {
	ID               string `json:"id"`
	Sid              string `json:"sid"`
	SurveyName       string `json:"surveyName"`
	SurveyType       string `json:"surveyType"`
	SurveyState      int    `json:"surveyState"`
	AnswerNum        int    `json:"answerNum"`
	CreateDate       string `json:"createDate"`
	UpdateDate       string `json:"updateDate"`
	DeleteDate       string `json:"deleteDate,omitempty"`
	GroupID          string `json:"groupId"`
	GroupName        string `json:"groupName"`
	IsCollaborator   bool   `json:"isCollaborator"`
	Rights           string `json:"rights"`
	PublishedVersion int    `json:"publishedVersion"`
	OwnerID          string `json:"userId"`
}

// ListFilter narrows the survey lists.
type ListFilter struct {
	SurveyName  string
	SurveyState *int
	GroupID     string
	// Scope: "" owned + collaborations, "collab" collaborations only, "recycle" own deleted surveys.
	Scope string
}

type listRow struct {
	models.Survey
	CollabRights *string
}

// List returns one page of the caller's surveys, newest first.
func (s *Service) List(ctx context.Context, p *account.Principal, f ListFilter, page, size int) ([]Row, int64, error) {
	db := s.DB.WithContext(ctx)
	q := db.Table("surveys").
		Joins("LEFT JOIN survey_collaborators c ON c.survey_id = surveys.id AND c.user_id = ?", p.UserID)
	switch f.Scope {
	case "recycle":
		q = q.Where("surveys.deleted_at IS NOT NULL AND surveys.owner_id = ?", p.UserID)
	case "collab":
		q = q.Where("surveys.deleted_at IS NULL AND c.id IS NOT NULL AND surveys.owner_id <> ?", p.UserID)
	default:
		q = q.Where("surveys.deleted_at IS NULL AND (surveys.owner_id = ? OR c.id IS NOT NULL)", p.UserID)
	}
	if v := strings.TrimSpace(f.SurveyName); v != "" {
		q = q.Where(models.Contains("surveys.title", v))
	}
	if f.SurveyState != nil {
		q = q.Where("surveys.state = ?", *f.SurveyState)
	}
	if f.GroupID != "" {
		q = q.Where("surveys.group_id = ?", f.GroupID)
	}
	var total int64
	if err := q.Count(&total).Error; err != nil {
		return nil, 0, err
	}
	var rows []listRow
	order := "surveys.created_at DESC, surveys.id DESC"
	if f.Scope == "recycle" {
		order = "surveys.deleted_at DESC, surveys.id DESC"
	}
	if err := q.Select("surveys.*, c.rights AS collab_rights").Order(order).Offset((page - 1) * size).Limit(size).
		Scan(&rows).Error; err != nil {
		return nil, 0, err
	}
	svs := make([]*models.Survey, len(rows))
	for i := range rows {
		svs[i] = &rows[i].Survey
	}
	if err := models.FillAnswerCounts(ctx, db, svs...); err != nil {
		return nil, 0, err
	}
	groups := map[string]string{}
	var gids []string
	for _, r := range rows {
		if r.GroupID != "" {
			gids = append(gids, r.GroupID)
		}
	}
	if len(gids) > 0 {
		var gs []models.SurveyGroup
		if err := db.Where("id IN ?", gids).Find(&gs).Error; err != nil {
			return nil, 0, err
		}
		for _, g := range gs {
			groups[g.ID] = g.Name
		}
	}
	out := make([]Row, 0, len(rows))
	for _, r := range rows {
		row := toRow(&r.Survey)
		row.GroupName = groups[r.GroupID]
		if r.OwnerID == p.UserID {
			row.Rights = "owner"
		} else if r.CollabRights != nil {
			row.IsCollaborator = true
			row.Rights = *r.CollabRights
		}
		out = append(out, row)
	}
	return out, total, nil
}

func toRow(sv *models.Survey) Row {
	return Row{ID: sv.ID, Sid: sv.Sid, SurveyName: sv.Title, SurveyType: sv.SurveyType, SurveyState: sv.State,
		AnswerNum: sv.AnswerNum, CreateDate: models.FormatTime(sv.CreatedAt), UpdateDate: models.FormatTime(sv.UpdatedAt),
		DeleteDate: models.FormatTimePtr(sv.DeletedAt), GroupID: sv.GroupID, PublishedVersion: sv.PublishedVersion, OwnerID: sv.OwnerID}
}

// Info is the answer of info.do.
type Info struct {
	Row
	Industry    string `json:"industry"`
	Scene       string `json:"scene"`
	Revision    int    `json:"revision"`
	PublishedAt string `json:"publishedAt"`
	QuestionNum int    `json:"surveyQuNum"`
	AnswerURL   string `json:"answerUrl"`
	// SurveyDetail is the reference client's view of the answer settings (refdetail.go).
	SurveyDetail *RefSurveyDetail `json:"surveyDetail"`
}

// Info returns a survey's row data.
func (s *Service) Info(ctx context.Context, p *account.Principal, id string) (*Info, error) {
	a, err := s.access(ctx, nil, p, id, NeedAny)
	if err != nil {
		return nil, err
	}
	return s.info(ctx, a)
}

func (s *Service) info(ctx context.Context, a *Access) (*Info, error) {
	sv := a.Survey
	if err := models.FillAnswerCounts(ctx, s.DB, sv); err != nil {
		return nil, err
	}
	in := &Info{Row: toRow(sv), Industry: sv.Industry, Scene: sv.Scene, Revision: sv.Revision,
		PublishedAt: models.FormatTimePtr(sv.PublishedAt), AnswerURL: "/v8/s/an/" + sv.Sid}
	in.Rights = a.Rights
	in.IsCollaborator = !a.IsOwner()
	if sv.GroupID != "" {
		var g models.SurveyGroup
		if err := s.DB.WithContext(ctx).Where("id = ?", sv.GroupID).Take(&g).Error; err == nil {
			in.GroupName = g.Name
		}
	}
	d, err := loadDoc(sv.Draft)
	if err == nil {
		for _, q := range d.Questions {
			if q != nil && q.IsCounted() {
				in.QuestionNum++
			}
		}
	} else {
		d = nil
	}
	in.SurveyDetail = refSurveyDetail(d, in.QuestionNum)
	return in, nil
}

// BaseAttrs is the answer of survey-base-attr.do.
type BaseAttrs struct {
	ID          string          `json:"id"`
	Sid         string          `json:"sid"`
	SurveyName  string          `json:"surveyName"`
	SurveyType  string          `json:"surveyType"`
	SurveyState int             `json:"surveyState"`
	SurveyAttrs json.RawMessage `json:"surveyAttrs"`
	SurveyStyle json.RawMessage `json:"surveyStyle"`
}

// BaseAttrs returns the answer settings and the style of the draft.
func (s *Service) BaseAttrs(ctx context.Context, p *account.Principal, id string) (*BaseAttrs, error) {
	a, err := s.access(ctx, nil, p, id, NeedAny)
	if err != nil {
		return nil, err
	}
	d, err := loadDoc(CleanDocumentText(a.Survey.Draft))
	if err != nil {
		return nil, err
	}
	d.ApplyDefaults()
	attrs, _ := lang.MarshalCanonical(d.SurveyAttrs)
	style, _ := lang.MarshalCanonical(d.SurveyStyle)
	sv := a.Survey
	return &BaseAttrs{ID: sv.ID, Sid: sv.Sid, SurveyName: sv.Title, SurveyType: sv.SurveyType, SurveyState: sv.State,
		SurveyAttrs: attrs, SurveyStyle: style}, nil
}

// AddInput is the body of add.do.
type AddInput struct {
	SurveyName string `json:"surveyName" form:"surveyName"`
	Title      string `json:"title" form:"title"`
	SurveyType string `json:"surveyType" form:"surveyType"`
	GroupID    string `json:"groupId" form:"groupId"`
	Industry   string `json:"industry" form:"industry"`
	Scene      string `json:"scene" form:"scene"`
}

func (in AddInput) title() string {
	if strings.TrimSpace(in.SurveyName) != "" {
		return in.SurveyName
	}
	return in.Title
}

// Add creates a survey with an empty draft document (defaults applied).
func (s *Service) Add(ctx context.Context, p *account.Principal, in AddInput) (*Info, error) {
	title, err := checkTitle(in.title())
	if err != nil {
		return nil, err
	}
	st := strings.TrimSpace(in.SurveyType)
	if st == "" {
		return nil, models.Invalid("Please choose the survey type")
	}
	if !validType(st) {
		return nil, models.Invalid("Unknown survey type %q: use one of %s", st, strings.Join(models.SurveyTypes, ", "))
	}
	if err := checkShort("industry", in.Industry, 64); err != nil {
		return nil, err
	}
	if err := checkShort("scene", in.Scene, 64); err != nil {
		return nil, err
	}
	if err := s.checkGroup(ctx, p, in.GroupID); err != nil {
		return nil, err
	}
	return s.create(ctx, p, createSpec{title: title, surveyType: st, groupID: in.GroupID, industry: in.Industry, scene: in.Scene})
}

func checkShort(field, v string, max int) error {
	if utf8.RuneCountInString(v) > max {
		return models.Invalid("The %s must be at most %d characters", field, max)
	}
	return nil
}

type createSpec struct {
	title, surveyType, groupID, industry, scene string
	doc                                         *lang.Survey // nil (and raw ""): a new empty draft
	raw                                         string       // a stored document to copy as it is
	refuseURLs                                  bool         // an import: a URL that is not allowed refuses it (else it is emptied)
	tx                                          *gorm.DB
	after                                       func(tx *gorm.DB, sv *models.Survey) error
}

// create inserts a survey owned by p. The document (when given) gets the survey's identity,
// type and title, fresh dwIds where missing, defaults, and is sanitised.
func (s *Service) create(ctx context.Context, p *account.Principal, c createSpec) (*Info, error) {
	var created *models.Survey
	err := s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		sid, err := s.uniqueSid(ctx, tx)
		if err != nil {
			return err
		}
		now := s.now()
		sv := &models.Survey{ID: newID(), Sid: sid, OwnerID: p.UserID, Title: c.title, SurveyType: c.surveyType,
			State: models.SurveyDesigning, GroupID: c.groupID, Industry: c.industry, Scene: c.scene, Revision: 1,
			CreatedAt: now, UpdatedAt: now}
		text := c.raw
		if text == "" {
			d := c.doc
			if d == nil {
				d = newDraft(sv)
			} else {
				lang.AssignDwIDs(d)
				d.ApplyDefaults()
				_ = lang.UpdateDslAst(d)
			}
			if text, err = marshalDoc(d); err != nil {
				return err
			}
		}
		// the same patches as a save: identity, title, sanitised rich text, URLs only of
		// the allowed kinds (a copy or an import keeps every other key as it was)
		tree, err := documentTree([]byte(text))
		if err != nil {
			return err
		}
		assignTreeDwIDs(tree)
		if bad := cleanTree(tree); len(bad) > 0 && c.refuseURLs {
			return urlRefusal("Import failed: ", bad)
		}
		stampIdentity(tree, sv.ID, sv.Sid, sv.SurveyType)
		setTreeTitle(tree, c.title)
		sv.Draft = treeText(tree)
		if err := tx.Create(sv).Error; err != nil {
			return err
		}
		if c.after != nil {
			if err := c.after(tx, sv); err != nil {
				return err
			}
		}
		created = sv
		return nil
	})
	if err != nil {
		return nil, err
	}
	return s.info(ctx, &Access{Survey: created, Rights: "owner"})
}

// setDocTitle sets the document title to plain text title, keeping rich text when it already
// reads the same.
func setDocTitle(d *lang.Survey, title string) {
	d.SurveyName = lang.Str(title)
	if d.SurveyNameObj == nil || plainText(d.SurveyNameObj.DwHTML) != title {
		d.SurveyNameObj = &lang.Text{DwHTML: escapeText(title), DwText: title}
	} else {
		d.SurveyNameObj.DwText = title
	}
}

// CopyInput is the body of copy.do.
type CopyInput struct {
	ID         string `json:"id" form:"id"`
	SurveyID   string `json:"surveyId" form:"surveyId"`
	SurveyName string `json:"surveyName" form:"surveyName"`
	// FromSurveyID is the reference client's name for the survey to copy.
	FromSurveyID string `json:"fromSurveyId" form:"fromSurveyId"`
}

// Copy duplicates a survey's draft into a new survey (designing, no versions, no answers)
// owned by the caller. The caller needs design rights on the source.
func (s *Service) Copy(ctx context.Context, p *account.Principal, in CopyInput) (*Info, error) {
	id := in.ID
	if id == "" {
		id = in.SurveyID
	}
	if id == "" {
		id = in.FromSurveyID
	}
	a, err := s.access(ctx, nil, p, id, NeedDesign)
	if err != nil {
		return nil, err
	}
	src := a.Survey
	title := in.SurveyName
	if strings.TrimSpace(title) == "" {
		title = src.Title + " - copy"
		if utf8.RuneCountInString(title) > 200 {
			title = string([]rune(title)[:200])
		}
	}
	title, err = checkTitle(title)
	if err != nil {
		return nil, err
	}
	groupID := src.GroupID
	if src.OwnerID != p.UserID {
		groupID = ""
	}
	return s.create(ctx, p, createSpec{title: title, surveyType: src.SurveyType, groupID: groupID, industry: src.Industry,
		scene: src.Scene, raw: src.Draft})
}

// eachOwned runs fn in one transaction for every survey of ids, each of which must be the
// caller's own (deleted = in the recycle bin); one refusal rolls back all. Returns how many.
func (s *Service) eachOwned(ctx context.Context, p *account.Principal, ids []string, deleted bool, fn func(tx *gorm.DB, surveyID string) error) (int, error) {
	n := 0
	err := s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		for _, id := range ids {
			a, err := s.accessIn(ctx, tx, p, id, NeedOwner, deleted)
			if err != nil {
				return err
			}
			if err := fn(tx, a.Survey.ID); err != nil {
				return err
			}
			n++
		}
		return nil
	})
	return n, err
}

// Delete moves the owner's surveys to the recycle bin. Every id must be the caller's own
// survey; otherwise nothing changes.
func (s *Service) Delete(ctx context.Context, p *account.Principal, ids []string) (int, error) {
	if len(ids) == 0 {
		return 0, models.Invalid("Please choose the surveys to delete")
	}
	now := s.now()
	return s.eachOwned(ctx, p, ids, false, func(tx *gorm.DB, sid string) error {
		return tx.Model(&models.Survey{}).Where("id = ?", sid).Updates(map[string]any{"deleted_at": now, "updated_at": now}).Error
	})
}

// Restore takes surveys out of the recycle bin.
func (s *Service) Restore(ctx context.Context, p *account.Principal, ids []string) (int, error) {
	if len(ids) == 0 {
		return 0, models.Invalid("Please choose the surveys to restore")
	}
	now := s.now()
	return s.eachOwned(ctx, p, ids, true, func(tx *gorm.DB, sid string) error {
		return tx.Model(&models.Survey{}).Where("id = ?", sid).Updates(map[string]any{"deleted_at": nil, "updated_at": now}).Error
	})
}

// Purge hard-deletes surveys that are in the recycle bin, with their versions and collaborators.
func (s *Service) Purge(ctx context.Context, p *account.Principal, ids []string) (int, error) {
	if len(ids) == 0 {
		return 0, models.Invalid("Please choose the surveys to delete permanently")
	}
	return s.eachOwned(ctx, p, ids, true, func(tx *gorm.DB, sid string) error {
		for _, m := range []any{&models.SurveyVersion{}, &models.SurveyCollaborator{}} {
			if err := tx.Where("survey_id = ?", sid).Delete(m).Error; err != nil {
				return err
			}
		}
		return tx.Where("id = ?", sid).Delete(&models.Survey{}).Error
	})
}

// SetState applies a state change of up-survey-status.do. Allowed:
// collecting -> ended, ended -> collecting (re-open; needs a published version),
// collecting or ended -> designing ("return to edit"). designing -> collecting only by publishing.
// Asking for the current state changes nothing.
func (s *Service) SetState(ctx context.Context, p *account.Principal, id string, state *int) (*Info, error) {
	if state == nil {
		return nil, models.Invalid("Please give surveyState (0 designing, 1 collecting, 2 ended)")
	}
	to := *state
	if to != models.SurveyDesigning && to != models.SurveyCollecting && to != models.SurveyEnded {
		return nil, models.Invalid("Unknown survey state %d: use 0 designing, 1 collecting or 2 ended", to)
	}
	a, err := s.access(ctx, nil, p, id, NeedDesign)
	if err != nil {
		return nil, err
	}
	sv := a.Survey
	from := sv.State
	if from != to {
		switch {
		case to == models.SurveyCollecting && from == models.SurveyDesigning:
			return nil, models.Invalid("Publish the survey to start collecting")
		case to == models.SurveyCollecting && sv.PublishedVersion == 0:
			return nil, models.Invalid("Publish the survey to start collecting")
		case to == models.SurveyEnded && from != models.SurveyCollecting:
			return nil, models.Invalid("Only a collecting survey can be ended")
		}
		now := s.now()
		res := s.DB.WithContext(ctx).Model(&models.Survey{}).Where("id = ? AND state = ?", sv.ID, from).
			Updates(map[string]any{"state": to, "updated_at": now})
		if res.Error != nil {
			return nil, res.Error
		}
		if res.RowsAffected == 0 {
			return nil, models.Invalid("The survey was changed in another window, reload and try again")
		}
		sv.State, sv.UpdatedAt = to, now
		s.stateChanged(ctx, sv.ID, from, to)
	}
	return s.info(ctx, a)
}

// MoveToGroup puts a survey into one of the owner's groups ("" removes it from its group).
func (s *Service) MoveToGroup(ctx context.Context, p *account.Principal, id, groupID string) error {
	a, err := s.access(ctx, nil, p, id, NeedOwner)
	if err != nil {
		return err
	}
	if err := s.checkGroup(ctx, p, groupID); err != nil {
		return err
	}
	return s.DB.WithContext(ctx).Model(&models.Survey{}).Where("id = ?", a.Survey.ID).
		Updates(map[string]any{"group_id": groupID, "updated_at": s.now()}).Error
}

func (s *Service) checkGroup(ctx context.Context, p *account.Principal, groupID string) error {
	if groupID == "" {
		return nil
	}
	var g models.SurveyGroup
	err := s.DB.WithContext(ctx).Where("id = ? AND owner_id = ?", groupID, p.UserID).Take(&g).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return models.Invalid("The survey group does not exist")
	}
	return err
}
