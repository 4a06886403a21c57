// Package cascade manages cascade data sources: the trees a CASCADE question offers level by
// level. A source is private (one survey's, managed by its designers), public at user level
// (an author's, usable in all of the author's surveys) or public at system level (managed by
// administrators with admin:cascade, usable by everyone). Trees are imported from Excel, JSON
// files or JSON URLs (fetched through the outbound guard), edited as a whole, copied per
// language (labels only: answer values stay the same in every language), and served to the
// answer page level by level when they are large.
package cascade

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"dwsurvey/models"
	"dwsurvey/services/account"
	"dwsurvey/services/audit"
	"dwsurvey/services/importer"
	"dwsurvey/services/netguard"
	surveysvc "dwsurvey/services/survey"
)

// Limits of the calls.
const (
	// MaxNameChars: "cascade data source name under 32 characters" (spec section 5).
	MaxNameChars = 31
	// MaxImportInputs: "cascade import: up to 3 files at a time" (files and JSON URLs together).
	MaxImportInputs = 3
	// InlineNodes: trees up to this many nodes are served whole; larger ones level by level.
	InlineNodes = 500
)

// Messages shown as they are.
const (
	MsgNameRequired = "Please enter the cascade data source name"
	MsgNameLength   = "The cascade data source name must be under 32 characters"
	MsgState        = "dataState must be 1 (enabled) or 0 (disabled)"
	MsgTooManyFiles = "At most 3 files can be imported at a time"
	MsgNoInput      = "Please choose a file or enter a JSON URL"
	MsgInUse        = "Delete failed, associated data exists: the source is used by %d survey(s), release it first"
)

// Service implements the cascade calls.
type Service struct {
	DB *gorm.DB
	// Surveys checks design access to the survey of a private source.
	Surveys *surveysvc.Service
	// Fetch reads JSON URLs: the outbound guard (no internal addresses, bounded time and size).
	Fetch *netguard.Client
	Audit *audit.Recorder
	// Now is the clock (time.Now when nil).
	Now func() time.Time
}

func (s *Service) now() time.Time {
	if s.Now != nil {
		return s.Now().UTC()
	}
	return time.Now().UTC()
}

// Actor is who calls: an author through the app/ calls, or an administrator through the
// admin/ calls (Admin true: the caller holds admin:cascade).
type Actor struct {
	P     *account.Principal
	Admin bool
	IP    string
}

type op int

const (
	opRead     op = iota // see the tree
	opEdit               // rename, change the tree, add language copies
	opModerate           // enable/disable, delete
)

// access applies the rules to a loaded source (a language copy is judged by its original):
// administrators read and moderate everything and edit system sources; authors read enabled
// system sources and do everything with their user-level sources and with the private sources
// of surveys they may design. Anything else is "not found".
func (s *Service) access(ctx context.Context, a Actor, src *models.CascadeSource, o op) error {
	if a.P == nil {
		return models.ErrNotFound
	}
	if a.Admin {
		if src.Scope == models.CascadeSystem || o != opEdit {
			return nil
		}
		return models.Invalid("Administrators edit system sources only; this source belongs to its author")
	}
	switch src.Scope {
	case models.CascadeSystem:
		if o == opRead && src.State == models.StateEnabled {
			return nil
		}
	case models.CascadeUser:
		if src.OwnerID == a.P.UserID {
			return nil
		}
	case models.CascadePrivate:
		if _, err := s.Surveys.Check(ctx, a.P, src.SurveyID, surveysvc.NeedDesign); err == nil {
			return nil
		} else if !errors.Is(err, models.ErrNotFound) && !errors.Is(err, models.ErrForbidden) {
			return err
		}
	}
	return models.ErrNotFound
}

// load returns the source id (and its original when it is a language copy) if a may do o.
func (s *Service) load(ctx context.Context, a Actor, id string, o op) (src, orig *models.CascadeSource, err error) {
	src, err = s.byID(ctx, s.DB, id)
	if err != nil {
		return nil, nil, err
	}
	orig = src
	if src.CopyOfID != "" {
		if orig, err = s.byID(ctx, s.DB, src.CopyOfID); err != nil {
			return nil, nil, err
		}
	}
	if err := s.access(ctx, a, orig, o); err != nil {
		return nil, nil, err
	}
	return src, orig, nil
}

func (s *Service) byID(ctx context.Context, db *gorm.DB, id string) (*models.CascadeSource, error) {
	id = strings.TrimSpace(id)
	if id == "" {
		return nil, models.ErrNotFound
	}
	var src models.CascadeSource
	err := db.WithContext(ctx).Where("id = ?", id).Take(&src).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, models.ErrNotFound
	}
	return &src, err
}

func (s *Service) record(ctx context.Context, a Actor, opType, name string) {
	if !a.Admin || s.Audit == nil {
		return
	}
	s.Audit.Record(ctx, audit.Entry{Name: name, OperationType: opType, Success: true, UserID: a.P.UserID, UserName: a.P.LoginName, IP: a.IP})
}

func checkName(name string) (string, error) {
	name = strings.TrimSpace(name)
	if name == "" {
		return "", models.Invalid(MsgNameRequired)
	}
	if utf8.RuneCountInString(name) > MaxNameChars {
		return "", models.Invalid(MsgNameLength)
	}
	return name, nil
}

var languageCode = regexp.MustCompile(`^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8}){0,2}$`)

// Source is a row of the source lists; Languages are its language copies.
type Source struct {
	ID            string `json:"id"`
	CascadeName   string `json:"cascadeName"`
	Scope         string `json:"scope"`
	CountLevel    int    `json:"countLevel"`
	NodeCount     int    `json:"nodeCount"`
	DataState     int    `json:"dataState"`
	UserID        string `json:"userId"`
	UserName      string `json:"userName,omitempty"`
	SurveyID      string `json:"surveyId,omitempty"`
	CopyCascadeID string `json:"copyCascadeId,omitempty"`
	LanguageCode  string `json:"languageCode"`
	Builtin       string `json:"builtin,omitempty"`
	Revision      int    `json:"revision"`
	CreateDate    string `json:"createDate"`
	UpdateDate    string `json:"updateDate"`
	// Editable tells the caller whether it may change the tree and name.
	Editable  bool     `json:"editable"`
	Languages []Source `json:"languages,omitempty"`
}

func toRow(src *models.CascadeSource) Source {
	return Source{ID: src.ID, CascadeName: src.Name, Scope: src.Scope, CountLevel: src.CountLevel, NodeCount: src.NodeCount,
		DataState: src.State, UserID: src.OwnerID, SurveyID: src.SurveyID, CopyCascadeID: src.CopyOfID, LanguageCode: src.LanguageCode,
		Builtin: src.Builtin, Revision: src.Revision, CreateDate: models.FormatTime(src.CreatedAt), UpdateDate: models.FormatTime(src.UpdatedAt)}
}

// ListFilter narrows List. Zero values mean any.
type ListFilter struct {
	Name  string
	Scope string
	State *int
	// SurveyID adds the private sources of that survey (authors: when they may design it).
	SurveyID string
	// OwnerID (administrators) keeps one author's sources.
	OwnerID string
}

// List pages the sources the actor may use (authors: enabled system sources, their own
// user-level sources and the private ones of f.SurveyID) or, for administrators, every source.
// Language copies come inside their original's row.
func (s *Service) List(ctx context.Context, a Actor, f ListFilter, page, size int) ([]Source, int64, error) {
	if a.P == nil {
		return nil, 0, models.ErrNotFound
	}
	db := s.DB.WithContext(ctx)
	q := db.Model(&models.CascadeSource{}).Where("copy_of_id = ''")
	if f.Scope != "" && f.Scope != models.CascadeSystem && f.Scope != models.CascadeUser && f.Scope != models.CascadePrivate {
		return nil, 0, models.Invalid("scope must be system, user or private")
	}
	if a.Admin {
		if f.OwnerID != "" {
			q = q.Where("owner_id = ?", f.OwnerID)
		}
		if f.SurveyID != "" {
			q = q.Where("survey_id = ?", f.SurveyID)
		}
	} else {
		visible := db.Where("scope = ? AND state = ?", models.CascadeSystem, models.StateEnabled).
			Or("scope = ? AND owner_id = ?", models.CascadeUser, a.P.UserID)
		if f.SurveyID != "" {
			sv, err := s.Surveys.Check(ctx, a.P, f.SurveyID, surveysvc.NeedDesign)
			if err != nil {
				return nil, 0, err
			}
			visible = visible.Or("scope = ? AND survey_id = ?", models.CascadePrivate, sv.ID)
		}
		q = q.Where(visible)
	}
	if f.Scope != "" {
		q = q.Where("scope = ?", f.Scope)
	}
	if v := strings.TrimSpace(f.Name); v != "" {
		q = q.Where(models.Contains("name", v))
	}
	if f.State != nil {
		q = q.Where("state = ?", *f.State)
	}
	var total int64
	if err := q.Count(&total).Error; err != nil {
		return nil, 0, err
	}
	var srcs []models.CascadeSource
	order := "CASE scope WHEN 'private' THEN 0 WHEN 'user' THEN 1 ELSE 2 END, created_at DESC, id"
	if err := q.Order(order).Offset((page - 1) * size).Limit(size).Find(&srcs).Error; err != nil {
		return nil, 0, err
	}
	ids, owners := []string{}, []string{}
	for _, src := range srcs {
		ids = append(ids, src.ID)
		owners = append(owners, src.OwnerID)
	}
	copies := map[string][]Source{}
	if len(ids) > 0 {
		var cs []models.CascadeSource
		if err := db.Where("copy_of_id IN ?", ids).Order("language_code").Find(&cs).Error; err != nil {
			return nil, 0, err
		}
		for i := range cs {
			copies[cs[i].CopyOfID] = append(copies[cs[i].CopyOfID], toRow(&cs[i]))
		}
	}
	names := map[string]string{}
	if a.Admin && len(owners) > 0 {
		var us []models.User
		if err := db.Select("id, login_name").Where("id IN ?", owners).Find(&us).Error; err != nil {
			return nil, 0, err
		}
		for _, u := range us {
			names[u.ID] = u.LoginName
		}
	}
	out := make([]Source, 0, len(srcs))
	for i := range srcs {
		r := toRow(&srcs[i])
		r.UserName = names[r.UserID]
		r.Editable = s.access(ctx, a, &srcs[i], opEdit) == nil
		r.Languages = copies[r.ID]
		for j := range r.Languages {
			r.Languages[j].Editable = r.Editable
		}
		out = append(out, r)
	}
	return out, total, nil
}

// Detail is a source with its whole tree (the editor's view). For a language copy the tree is
// the original's with the copy's labels, and each node's originalLabel is the original's.
type Detail struct {
	Source
	JSONData []*EditNode `json:"jsonData"`
}

// EditNode is a Node with the original label of a language copy.
type EditNode struct {
	Label         string      `json:"label"`
	Value         string      `json:"value"`
	ItemID        string      `json:"itemId"`
	OriginalLabel string      `json:"originalLabel,omitempty"`
	Children      []*EditNode `json:"children,omitempty"`
	Leaf          bool        `json:"leaf"`
}

// Info returns a source with its whole tree.
func (s *Service) Info(ctx context.Context, a Actor, id string) (*Detail, error) {
	src, orig, err := s.load(ctx, a, id, opRead)
	if err != nil {
		return nil, err
	}
	rows, err := s.rows(ctx, orig.ID, nil)
	if err != nil {
		return nil, err
	}
	labels := map[string]string{}
	if src != orig {
		if labels, err = s.labels(ctx, src.ID, nil); err != nil {
			return nil, err
		}
	}
	byID := make(map[string]*EditNode, len(rows))
	roots := []*EditNode{}
	for _, r := range rows {
		n := &EditNode{Label: r.Label, Value: r.Value, ItemID: r.ItemID, Leaf: r.Leaf}
		if src != orig {
			n.OriginalLabel = r.Label
			if l, ok := labels[r.ItemID]; ok {
				n.Label = l
			}
		}
		byID[r.ItemID] = n
		if r.ParentID == "" {
			roots = append(roots, n)
		} else if p := byID[r.ParentID]; p != nil {
			p.Children = append(p.Children, n)
		}
	}
	d := &Detail{Source: toRow(src), JSONData: roots}
	d.Editable = s.access(ctx, a, orig, opEdit) == nil
	if src != orig {
		d.CountLevel, d.NodeCount = orig.CountLevel, orig.NodeCount
	}
	return d, nil
}

// rows reads the nodes of a source, parents before children, siblings in order; parents limits
// them to the children of those item ids.
func (s *Service) rows(ctx context.Context, sourceID string, parents []string) ([]Row, error) {
	q := s.DB.WithContext(ctx).Model(&models.CascadeNode{}).Where("source_id = ?", sourceID)
	if parents != nil {
		q = q.Where("parent_id IN ?", parents)
	}
	var ns []models.CascadeNode
	if err := q.Order("level, parent_id, sort").Find(&ns).Error; err != nil {
		return nil, err
	}
	out := make([]Row, len(ns))
	for i, n := range ns {
		out[i] = Row{ItemID: n.ItemID, ParentID: n.ParentID, Label: n.Label, Value: n.Value, Level: n.Level, Sort: n.Sort, Leaf: n.Leaf}
	}
	return out, nil
}

// labels reads the translated labels of a language copy (of those items when items is not nil).
func (s *Service) labels(ctx context.Context, copyID string, items []string) (map[string]string, error) {
	q := s.DB.WithContext(ctx).Where("source_id = ?", copyID)
	if items != nil {
		if len(items) == 0 {
			return map[string]string{}, nil
		}
		q = q.Where("item_id IN ?", items)
	}
	var ls []models.CascadeLabel
	if err := q.Find(&ls).Error; err != nil {
		return nil, err
	}
	out := make(map[string]string, len(ls))
	for _, l := range ls {
		out[l.ItemID] = l.Label
	}
	return out, nil
}

// SaveInput is the body of save (spec: cascadeName, countLevel, dataState, userId,
// copyCascadeId, languageCode, jsonData). countLevel and userId are the server's to decide
// and ignored; scope and surveyId choose where a new source belongs.
type SaveInput struct {
	ID            string          `json:"id"`
	CascadeName   string          `json:"cascadeName"`
	CountLevel    int             `json:"countLevel"`
	DataState     *int            `json:"dataState"`
	UserID        string          `json:"userId"`
	CopyCascadeID string          `json:"copyCascadeId"`
	LanguageCode  string          `json:"languageCode"`
	JSONData      json.RawMessage `json:"jsonData"`
	Scope         string          `json:"scope"`
	SurveyID      string          `json:"surveyId"`
}

// decodeNodes reads jsonData: an array of nodes or a JSON string holding one (null/absent: nil).
func decodeNodes(raw json.RawMessage) ([]*Node, bool, error) {
	raw = json.RawMessage(strings.TrimSpace(string(raw)))
	if len(raw) == 0 || string(raw) == "null" {
		return nil, false, nil
	}
	if raw[0] == '"' {
		var s string
		if err := json.Unmarshal(raw, &s); err != nil {
			return nil, false, models.Invalid("jsonData must be a list of items")
		}
		raw = json.RawMessage(s)
	}
	if is := checkShape(raw); is != nil {
		return nil, false, models.Invalid("Save failed: %s", is.Error())
	}
	var ns []*Node
	if err := json.Unmarshal(raw, &ns); err != nil {
		return nil, false, models.Invalid("jsonData must be a list of items with label, value and children")
	}
	return ns, true, nil
}

// Save creates or updates a source: its name and state, and its tree when jsonData is sent.
// With copyCascadeId and languageCode and no id it creates a language copy, whose jsonData
// gives labels by itemId. Every check comes before any write; a refusal stores nothing.
func (s *Service) Save(ctx context.Context, a Actor, in SaveInput) (*Source, error) {
	if a.P == nil {
		return nil, models.ErrNotFound
	}
	name, err := checkName(in.CascadeName)
	if err != nil {
		return nil, err
	}
	if in.DataState != nil && *in.DataState != models.StateEnabled && *in.DataState != models.StateDisabled {
		return nil, models.Invalid(MsgState)
	}
	nodes, hasTree, err := decodeNodes(in.JSONData)
	if err != nil {
		return nil, err
	}
	now := s.now()
	var src, orig *models.CascadeSource
	var tree *Tree
	isNew := in.ID == ""
	switch {
	case in.ID != "":
		if src, orig, err = s.load(ctx, a, in.ID, opEdit); err != nil {
			return nil, err
		}
	case in.CopyCascadeID != "":
		if _, orig, err = s.load(ctx, a, in.CopyCascadeID, opEdit); err != nil {
			return nil, err
		}
		if orig.ID != strings.TrimSpace(in.CopyCascadeID) {
			return nil, models.Invalid("A language copy is made from the original source, not from another copy")
		}
		lc := strings.TrimSpace(in.LanguageCode)
		if !languageCode.MatchString(lc) {
			return nil, models.Invalid("Please give the language code of the copy (for example en-US)")
		}
		var n int64
		if err := s.DB.WithContext(ctx).Model(&models.CascadeSource{}).Where("copy_of_id = ? AND language_code = ?", orig.ID, lc).Count(&n).Error; err != nil {
			return nil, err
		}
		if n > 0 || strings.EqualFold(lc, orig.LanguageCode) {
			return nil, models.Invalid("The source already has a copy in %s", lc)
		}
		src = &models.CascadeSource{ID: uuid.NewString(), Scope: orig.Scope, OwnerID: orig.OwnerID, SurveyID: orig.SurveyID,
			State: models.StateEnabled, CopyOfID: orig.ID, LanguageCode: lc, CreatedAt: now}
	default:
		if !hasTree {
			return nil, models.Invalid("Please give the tree (jsonData) of the new source")
		}
		src = &models.CascadeSource{ID: uuid.NewString(), OwnerID: a.P.UserID, State: models.StateEnabled, Revision: 0,
			LanguageCode: strings.TrimSpace(in.LanguageCode), CreatedAt: now}
		if src.Scope, src.SurveyID, err = s.newScope(ctx, a, in.Scope, in.SurveyID); err != nil {
			return nil, err
		}
		if src.LanguageCode != "" && !languageCode.MatchString(src.LanguageCode) {
			return nil, models.Invalid("languageCode %q is not a language code (for example zh-CN)", clip(src.LanguageCode, 20))
		}
		orig = src
	}
	var copyLabels map[string]string
	isCopy := src.CopyOfID != ""
	if hasTree {
		if isCopy {
			if copyLabels, err = s.copyLabels(ctx, orig.ID, nodes); err != nil {
				return nil, err
			}
		} else {
			var is Issues
			if tree, is = FromNodes(nodes); is != nil {
				return nil, models.Invalid("Save failed: %s", is.Error())
			}
		}
	}
	src.Name, src.UpdatedAt = name, now
	if in.DataState != nil {
		src.State = *in.DataState
	}
	err = s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if tree != nil {
			if err := writeTree(tx, src, tree); err != nil {
				return err
			}
		}
		if copyLabels != nil {
			if err := writeLabels(tx, src, copyLabels); err != nil {
				return err
			}
		}
		if isNew {
			return tx.Create(src).Error
		}
		return tx.Save(src).Error
	})
	if err != nil {
		return nil, err
	}
	s.record(ctx, a, audit.OpUpdate, fmt.Sprintf("Save cascade source %s (%s)", src.Name, src.ID))
	r := toRow(src)
	r.Editable = true
	return &r, nil
}

// newScope decides where a new source belongs: administrators create system sources; authors
// create user-level sources, or private ones of a survey they may design.
func (s *Service) newScope(ctx context.Context, a Actor, scope, surveyID string) (string, string, error) {
	if a.Admin {
		if scope != "" && scope != models.CascadeSystem {
			return "", "", models.Invalid("The admin pages create system sources only")
		}
		return models.CascadeSystem, "", nil
	}
	switch scope {
	case "", models.CascadeUser:
		return models.CascadeUser, "", nil
	case models.CascadePrivate:
		sv, err := s.Surveys.Check(ctx, a.P, surveyID, surveysvc.NeedDesign)
		if err != nil {
			return "", "", err
		}
		return models.CascadePrivate, sv.ID, nil
	case models.CascadeSystem:
		return "", "", models.ErrForbidden
	}
	return "", "", models.Invalid("scope must be user or private")
}

// writeTree replaces the nodes of src by tree (src is saved by the caller): counts and the
// revision follow, and the labels of its language copies are kept for the items still there.
func writeTree(tx *gorm.DB, src *models.CascadeSource, tree *Tree) error {
	if err := tx.Where("source_id = ?", src.ID).Delete(&models.CascadeNode{}).Error; err != nil {
		return err
	}
	ns := make([]models.CascadeNode, len(tree.Rows))
	for i, r := range tree.Rows {
		ns[i] = models.CascadeNode{SourceID: src.ID, ItemID: r.ItemID, ParentID: r.ParentID, Sort: r.Sort, Label: r.Label,
			Value: r.Value, Level: r.Level, Leaf: r.Leaf}
	}
	if err := tx.CreateInBatches(ns, 500).Error; err != nil {
		return err
	}
	// labels of items that are gone
	copies := tx.Model(&models.CascadeSource{}).Select("id").Where("copy_of_id = ?", src.ID)
	kept := tx.Model(&models.CascadeNode{}).Select("item_id").Where("source_id = ?", src.ID)
	if err := tx.Where("source_id IN (?) AND item_id NOT IN (?)", copies, kept).Delete(&models.CascadeLabel{}).Error; err != nil {
		return err
	}
	if err := tx.Model(&models.CascadeSource{}).Where("copy_of_id = ?", src.ID).Update("revision", gorm.Expr("revision + 1")).Error; err != nil {
		return err
	}
	src.CountLevel, src.NodeCount = tree.Levels, len(tree.Rows)
	src.Revision++
	return nil
}

// copyLabels reads the labels of a language copy from nodes matched by itemId to the
// original's items (unknown ids and bad labels are refused; empty labels keep the original's).
func (s *Service) copyLabels(ctx context.Context, origID string, nodes []*Node) (map[string]string, error) {
	out := map[string]string{}
	var issues Issues
	var walk func(ns []*Node)
	walk = func(ns []*Node) {
		for _, n := range ns {
			if n == nil {
				continue
			}
			if l := strings.TrimSpace(n.Label); l != "" {
				if utf8.RuneCountInString(l) > MaxLabelChars {
					issues.add("the label %q is longer than %d characters", clip(l, 20), MaxLabelChars)
				}
				out[n.ItemID] = l
			}
			walk(n.Children)
		}
	}
	walk(nodes)
	if len(out) > MaxNodes {
		return nil, models.Invalid("Save failed: more than %d labels", MaxNodes)
	}
	ids := make([]string, 0, len(out))
	for id := range out {
		ids = append(ids, id)
	}
	known := map[string]bool{}
	for start := 0; start < len(ids); start += 1000 {
		var got []string
		if err := s.DB.WithContext(ctx).Model(&models.CascadeNode{}).Where("source_id = ? AND item_id IN ?", origID, ids[start:min(start+1000, len(ids))]).
			Pluck("item_id", &got).Error; err != nil {
			return nil, err
		}
		for _, g := range got {
			known[g] = true
		}
	}
	for _, id := range ids {
		if !known[id] {
			issues.add("the item %q is not in the original source", clip(id, 40))
		}
	}
	if issues != nil {
		return nil, models.Invalid("Save failed: %s", issues.Error())
	}
	return out, nil
}

func writeLabels(tx *gorm.DB, src *models.CascadeSource, labels map[string]string) error {
	if err := tx.Where("source_id = ?", src.ID).Delete(&models.CascadeLabel{}).Error; err != nil {
		return err
	}
	ls := make([]models.CascadeLabel, 0, len(labels))
	for id, l := range labels {
		ls = append(ls, models.CascadeLabel{SourceID: src.ID, ItemID: id, Label: l})
	}
	if err := tx.CreateInBatches(ls, 500).Error; err != nil {
		return err
	}
	src.Revision++
	return nil
}

// SetState enables (1) or disables (0) a source. A disabled source is not offered to authors
// and its questions show "Cascade data not found" to respondents.
func (s *Service) SetState(ctx context.Context, a Actor, id string, state *int) error {
	if state == nil || (*state != models.StateEnabled && *state != models.StateDisabled) {
		return models.Invalid(MsgState)
	}
	src, _, err := s.load(ctx, a, id, opModerate)
	if err != nil {
		return err
	}
	if err := s.DB.WithContext(ctx).Model(&models.CascadeSource{}).Where("id = ?", src.ID).
		Updates(map[string]any{"state": *state, "updated_at": s.now()}).Error; err != nil {
		return err
	}
	s.record(ctx, a, audit.OpUpdate, fmt.Sprintf("Set cascade source %s (%s) to state %d", src.Name, src.ID, *state))
	return nil
}

// Delete removes sources (with their nodes and language copies). A source a survey's design
// still uses is refused ("release it first"); one refusal deletes nothing.
func (s *Service) Delete(ctx context.Context, a Actor, ids []string) (int, error) {
	if len(ids) == 0 {
		return 0, models.Invalid("Please choose the sources to delete")
	}
	var srcs []*models.CascadeSource
	for _, id := range ids {
		src, _, err := s.load(ctx, a, id, opModerate)
		if err != nil {
			return 0, err
		}
		if src.CopyOfID == "" {
			var n int64
			if err := s.DB.WithContext(ctx).Model(&models.Survey{}).Where(models.Contains("draft", `"`+src.ID+`"`)).Count(&n).Error; err != nil {
				return 0, err
			}
			if n > 0 {
				return 0, models.Invalid(MsgInUse, n)
			}
		}
		srcs = append(srcs, src)
	}
	err := s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		for _, src := range srcs {
			all := []string{src.ID}
			var copies []string
			if err := tx.Model(&models.CascadeSource{}).Where("copy_of_id = ?", src.ID).Pluck("id", &copies).Error; err != nil {
				return err
			}
			all = append(all, copies...)
			for _, m := range []any{&models.CascadeNode{}, &models.CascadeLabel{}} {
				if err := tx.Where("source_id IN ?", all).Delete(m).Error; err != nil {
					return err
				}
			}
			if err := tx.Where("id IN ?", all).Delete(&models.CascadeSource{}).Error; err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return 0, err
	}
	for _, src := range srcs {
		s.record(ctx, a, audit.OpDelete, fmt.Sprintf("Delete cascade source %s (%s)", src.Name, src.ID))
	}
	return len(srcs), nil
}

// MaxSaveBytes is the largest body save accepts (a tree of MaxNodes nodes fits within it).
const MaxSaveBytes = importer.MaxFileBytes + 1<<20

// SetCopyLabels merges translated labels (itemId → label) into the language copy lang of the
// original source origID, creating the copy when there is none: the content languages of a
// survey send their cascade option rows here (services/language, spec: "rows of type cascade
// option go to cascade data"). The rules of saving a copy apply (the caller may edit the
// source, items are the original's, labels at most MaxLabelChars); empty labels are skipped
// and the other labels of the copy are kept. A source already in that language is left alone.
func (s *Service) SetCopyLabels(ctx context.Context, a Actor, origID, lang string, labels map[string]string) error {
	_, orig, err := s.load(ctx, a, origID, opEdit)
	if err != nil {
		return err
	}
	if orig.ID != strings.TrimSpace(origID) {
		return models.Invalid("A language copy is made from the original source, not from another copy")
	}
	lang = strings.TrimSpace(lang)
	if !languageCode.MatchString(lang) {
		return models.Invalid("Please give the language code of the copy (for example en-US)")
	}
	if strings.EqualFold(lang, orig.LanguageCode) || len(labels) == 0 {
		return nil
	}
	nodes := make([]*Node, 0, len(labels))
	for id, l := range labels {
		nodes = append(nodes, &Node{ItemID: id, Label: l})
	}
	got, err := s.copyLabels(ctx, orig.ID, nodes)
	if err != nil {
		return err
	}
	now := s.now()
	return s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var cp models.CascadeSource
		err := tx.Where("copy_of_id = ? AND language_code = ?", orig.ID, lang).Take(&cp).Error
		switch {
		case errors.Is(err, gorm.ErrRecordNotFound):
			cp = models.CascadeSource{ID: uuid.NewString(), Name: orig.Name, Scope: orig.Scope, OwnerID: orig.OwnerID, SurveyID: orig.SurveyID,
				State: models.StateEnabled, CopyOfID: orig.ID, LanguageCode: lang, CountLevel: orig.CountLevel, NodeCount: orig.NodeCount,
				Revision: 1, CreatedAt: now, UpdatedAt: now}
			if err := tx.Create(&cp).Error; err != nil {
				return err
			}
		case err != nil:
			return err
		}
		ids := make([]string, 0, len(got))
		ls := make([]models.CascadeLabel, 0, len(got))
		for id, l := range got {
			ids = append(ids, id)
			ls = append(ls, models.CascadeLabel{SourceID: cp.ID, ItemID: id, Label: l})
		}
		for start := 0; start < len(ids); start += 1000 {
			if err := tx.Where("source_id = ? AND item_id IN ?", cp.ID, ids[start:min(start+1000, len(ids))]).Delete(&models.CascadeLabel{}).Error; err != nil {
				return err
			}
		}
		if err := tx.CreateInBatches(ls, 500).Error; err != nil {
			return err
		}
		return tx.Model(&models.CascadeSource{}).Where("id = ?", cp.ID).Updates(map[string]any{"revision": gorm.Expr("revision + 1"), "updated_at": now}).Error
	})
}

// CopyLabels reads the labels of the language copy lang of source origID (nil when it has
// none), for the content language editor. No access check: the caller has checked the survey.
func (s *Service) CopyLabels(ctx context.Context, origID, lang string) (map[string]string, error) {
	var cp models.CascadeSource
	err := s.DB.WithContext(ctx).Where("copy_of_id = ? AND language_code = ?", strings.TrimSpace(origID), strings.TrimSpace(lang)).Take(&cp).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return s.labels(ctx, cp.ID, nil)
}
