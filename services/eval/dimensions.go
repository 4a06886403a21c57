package eval

import (
	"context"
	"encoding/json"
	"math"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"dwsurvey/models"
	"dwsurvey/services/account"
	"dwsurvey/services/audit"
	surveysvc "dwsurvey/services/survey"
	lang "dwsurvey/survey"
)

// Band is a score band of a dimension: scores in [Min, Max] read Label with the
// interpretation Text (plain text).
type Band struct {
	Min   float64 `json:"min"`
	Max   float64 `json:"max"`
	Label string  `json:"label"`
	Text  string  `json:"text"`
}

// Dimension maps questions with weights to a score.
type Dimension struct {
	ID    string          `json:"id"`
	Name  string          `json:"name"`
	Items []lang.EvalItem `json:"items"`
	Bands []Band          `json:"bands"`
}

// Group is a dimension group with its dimensions.
type Group struct {
	ID         string      `json:"id"`
	SurveyID   string      `json:"surveyId"`
	Name       string      `json:"name"`
	Note       string      `json:"note"`
	Dimensions []Dimension `json:"dimensions"`
}

// Limits of the dimension design.
const (
	MaxGroups     = 20
	MaxDimensions = 30
	MaxItems      = 200
	MaxBands      = 10
)

// Groups lists a survey's dimension groups with their dimensions.
func (s *Service) Groups(ctx context.Context, p *account.Principal, surveyID string) ([]Group, error) {
	sv, err := s.Surveys.Check(ctx, p, surveyID, surveysvc.NeedAny)
	if err != nil {
		return nil, err
	}
	return s.groups(ctx, sv.ID)
}

func (s *Service) groups(ctx context.Context, surveyID string) ([]Group, error) {
	var gs []models.EvalDimensionGroup
	db := s.DB.WithContext(ctx)
	if err := db.Where("survey_id = ?", surveyID).Order("sort, id").Find(&gs).Error; err != nil {
		return nil, err
	}
	var ds []models.EvalDimension
	if err := db.Where("survey_id = ?", surveyID).Order("sort, id").Find(&ds).Error; err != nil {
		return nil, err
	}
	out := make([]Group, len(gs))
	for i, g := range gs {
		out[i] = Group{ID: g.ID, SurveyID: g.SurveyID, Name: g.Name, Note: g.Note, Dimensions: []Dimension{}}
		for _, d := range ds {
			if d.GroupID != g.ID {
				continue
			}
			x := Dimension{ID: d.ID, Name: d.Name, Items: []lang.EvalItem{}, Bands: []Band{}}
			_ = json.Unmarshal([]byte(d.Items), &x.Items)
			_ = json.Unmarshal([]byte(d.Bands), &x.Bands)
			out[i].Dimensions = append(out[i].Dimensions, x)
		}
	}
	return out, nil
}

// SaveGroup creates (ID empty) or updates a group and replaces its dimensions. Items must
// name scorable questions of the survey's draft with weights in (0, 100]; bands must have
// Min <= Max and must not overlap.
func (s *Service) SaveGroup(ctx context.Context, p *account.Principal, in Group) (*Group, error) {
	db := s.DB.WithContext(ctx)
	var row models.EvalDimensionGroup
	if in.ID != "" {
		if err := db.Where("id = ?", in.ID).Take(&row).Error; err != nil {
			return nil, notFound(err)
		}
		if in.SurveyID != "" && in.SurveyID != row.SurveyID {
			return nil, models.ErrNotFound
		}
		in.SurveyID = row.SurveyID
	}
	sv, err := s.Surveys.Check(ctx, p, in.SurveyID, surveysvc.NeedDesign)
	if err != nil {
		return nil, err
	}
	doc, _, err := lang.Parse([]byte(sv.Draft))
	if err != nil || doc == nil {
		return nil, models.Invalid("The survey's design cannot be read")
	}
	ix := lang.NewIndex(doc)
	if err := validateGroup(&in, ix); err != nil {
		return nil, err
	}
	err = db.Transaction(func(tx *gorm.DB) error {
		if in.ID == "" {
			var n int64
			if err := tx.Model(&models.EvalDimensionGroup{}).Where("survey_id = ?", sv.ID).Count(&n).Error; err != nil {
				return err
			}
			if n >= MaxGroups {
				return models.Invalid("At most %d dimension groups", MaxGroups)
			}
			row = models.EvalDimensionGroup{ID: uuid.NewString(), SurveyID: sv.ID, Sort: int(n)}
		}
		row.Name, row.Note = in.Name, in.Note
		if err := tx.Save(&row).Error; err != nil {
			return err
		}
		if err := tx.Where("group_id = ?", row.ID).Delete(&models.EvalDimension{}).Error; err != nil {
			return err
		}
		for i, d := range in.Dimensions {
			items, _ := json.Marshal(d.Items)
			bands, _ := json.Marshal(d.Bands)
			id := d.ID
			if id == "" {
				id = uuid.NewString()
			}
			if err := tx.Create(&models.EvalDimension{ID: id, GroupID: row.ID, SurveyID: sv.ID, Name: d.Name, Items: string(items),
				Bands: string(bands), Sort: i}).Error; err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	s.audit(ctx, p, "Save dimension group", row.ID+" "+row.Name)
	gs, err := s.groups(ctx, sv.ID)
	if err != nil {
		return nil, err
	}
	for i := range gs {
		if gs[i].ID == row.ID {
			return &gs[i], nil
		}
	}
	return nil, models.ErrNotFound
}

func validateGroup(g *Group, ix *lang.Index) error {
	g.Name, g.Note = strings.TrimSpace(g.Name), strings.TrimSpace(g.Note)
	if n := utf8.RuneCountInString(g.Name); n == 0 || n > 64 {
		return models.Invalid("Group name: 1 to 64 characters")
	}
	if utf8.RuneCountInString(g.Note) > 500 {
		return models.Invalid("Group note: at most 500 characters")
	}
	if len(g.Dimensions) > MaxDimensions {
		return models.Invalid("At most %d dimensions in a group", MaxDimensions)
	}
	for i := range g.Dimensions {
		d := &g.Dimensions[i]
		d.Name = strings.TrimSpace(d.Name)
		no := i + 1
		if n := utf8.RuneCountInString(d.Name); n == 0 || n > 64 {
			return models.Invalid("Dimension %d: the name has 1 to 64 characters", no)
		}
		if len(d.Items) == 0 || len(d.Items) > MaxItems {
			return models.Invalid("Dimension %q: map 1 to %d questions", d.Name, MaxItems)
		}
		seen := map[string]bool{}
		for _, it := range d.Items {
			qi, ok := ix.ByID[it.QuDwID]
			if !ok {
				return models.Invalid("Dimension %q: question %q does not exist", d.Name, it.QuDwID)
			}
			if !lang.EvalScorable(ix.Qs[qi]) {
				return models.Invalid("Dimension %q: question %q has no score (choose choice, score or scale questions)", d.Name, it.QuDwID)
			}
			if seen[it.QuDwID] {
				return models.Invalid("Dimension %q: question %q is mapped twice", d.Name, it.QuDwID)
			}
			seen[it.QuDwID] = true
			if math.IsNaN(it.Weight) || it.Weight <= 0 || it.Weight > 100 {
				return models.Invalid("Dimension %q: weights are above 0 and at most 100", d.Name)
			}
		}
		if len(d.Bands) > MaxBands {
			return models.Invalid("Dimension %q: at most %d score bands", d.Name, MaxBands)
		}
		bs := append([]Band(nil), d.Bands...)
		sort.Slice(bs, func(a, b int) bool { return bs[a].Min < bs[b].Min })
		for k := range bs {
			b := &d.Bands[k]
			b.Label, b.Text = strings.TrimSpace(b.Label), strings.TrimSpace(b.Text)
			if math.IsNaN(bs[k].Min) || math.IsNaN(bs[k].Max) || bs[k].Min > bs[k].Max {
				return models.Invalid("Dimension %q: a band's minimum is above its maximum", d.Name)
			}
			if k > 0 && bs[k].Min <= bs[k-1].Max {
				return models.Invalid("Dimension %q: score bands overlap", d.Name)
			}
			if utf8.RuneCountInString(b.Label) > 64 || utf8.RuneCountInString(b.Text) > 1000 {
				return models.Invalid("Dimension %q: band labels have at most 64 characters, texts 1000", d.Name)
			}
		}
	}
	return nil
}

// DeleteGroup removes a group and its dimensions.
func (s *Service) DeleteGroup(ctx context.Context, p *account.Principal, id string) error {
	var row models.EvalDimensionGroup
	if err := s.DB.WithContext(ctx).Where("id = ?", id).Take(&row).Error; err != nil {
		return notFound(err)
	}
	if _, err := s.Surveys.Check(ctx, p, row.SurveyID, surveysvc.NeedDesign); err != nil {
		return models.ErrNotFound
	}
	err := s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Where("group_id = ?", row.ID).Delete(&models.EvalDimension{}).Error; err != nil {
			return err
		}
		return tx.Where("id = ?", row.ID).Delete(&models.EvalDimensionGroup{}).Error
	})
	if err == nil {
		s.audit(ctx, p, "Delete dimension group", row.ID+" "+row.Name)
	}
	return err
}

func (s *Service) audit(ctx context.Context, p *account.Principal, name, notes string) {
	if s.Audit != nil && p != nil {
		s.Audit.Record(ctx, audit.Entry{Name: name, Notes: notes, OperationType: audit.OpUpdate, Success: true, UserID: p.UserID, UserName: p.LoginName})
	}
}
