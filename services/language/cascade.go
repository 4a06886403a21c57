package language

import (
	"context"
	"errors"
	"strings"

	"gorm.io/gorm"

	"dwsurvey/models"
	"dwsurvey/services/account"
	"dwsurvey/services/cascade"
	lang "dwsurvey/survey"
)

// Cascade option labels (lanType cascadeOption, lanCode "<source id>:<itemId>"): the labels of
// the cascade data sources that the survey's CASCADE questions use are translatable texts like
// the others (editor, translation file, AI translation, draft). The cascade data keeps one
// copy per language (services/cascade), which the answer page asks for with the respondent's
// content language: so when a language's texts are published, its cascade option texts go to
// the copy in that language (spec second document, section 5: "rows of type cascade option go
// to cascade data").
//
// Listed are the sources the survey's designers manage: private sources of the survey, and
// the user-level sources of its owner, up to MaxCascadeNodes nodes each. System sources (and
// larger trees) get their language copies on the cascade data pages.

// MaxCascadeNodes bounds the nodes of a source whose labels a content language lists.
const MaxCascadeNodes = 2000

// cascadeCodeSep separates the source id and the item id in a cascadeOption lanCode.
const cascadeCodeSep = ":"

func (s *Service) cascade() *cascade.Service {
	return &cascade.Service{DB: s.DB, Surveys: s.Surveys, Now: s.Now}
}

// cascadeIDs are the sources the CASCADE questions of d use, in document order.
func cascadeIDs(d *lang.Survey) []string {
	var out []string
	seen := map[string]bool{}
	for _, q := range d.Questions {
		if q == nil || q.QuAttr == nil || q.QuAttr.CascadeAttr == nil {
			continue
		}
		id := strings.TrimSpace(string(q.QuAttr.CascadeAttr.CascadeJSONID))
		if id != "" && !seen[id] {
			seen[id] = true
			out = append(out, id)
		}
	}
	return out
}

// cascadeSource is a source whose labels sv's languages list (nil for any other).
func (s *Service) cascadeSource(ctx context.Context, sv *models.Survey, id string) (*models.CascadeSource, error) {
	var src models.CascadeSource
	err := s.DB.WithContext(ctx).Where("id = ? AND copy_of_id = ''", id).Take(&src).Error
	if err != nil {
		if errors.Is(err, gorm.ErrRecordNotFound) {
			return nil, nil
		}
		return nil, err
	}
	mine := (src.Scope == models.CascadePrivate && src.SurveyID == sv.ID) || (src.Scope == models.CascadeUser && src.OwnerID == sv.OwnerID)
	if !mine || src.NodeCount > MaxCascadeNodes {
		return nil, nil
	}
	return &src, nil
}

// cascadeSources lists the cascade option labels of d (parents before children).
func (s *Service) cascadeSources(ctx context.Context, sv *models.Survey, d *lang.Survey) ([]lang.LangItem, error) {
	var out []lang.LangItem
	for _, id := range cascadeIDs(d) {
		src, err := s.cascadeSource(ctx, sv, id)
		if err != nil {
			return nil, err
		}
		if src == nil {
			continue
		}
		var ns []models.CascadeNode
		if err := s.DB.WithContext(ctx).Where("source_id = ?", src.ID).Order("level, parent_id, sort").Find(&ns).Error; err != nil {
			return nil, err
		}
		for _, n := range ns {
			if strings.TrimSpace(n.Label) != "" {
				out = append(out, lang.LangItem{LanCode: src.ID + cascadeCodeSep + n.ItemID, LanType: "cascadeOption", LanValue: n.Label})
			}
		}
	}
	return out, nil
}

// cascadeLabels are the labels the cascade data already has in a language, as translations
// (for the editor: a copy made on the cascade pages shows as translated).
func (s *Service) cascadeLabels(ctx context.Context, src []lang.LangItem, code string) (map[string]string, error) {
	out := map[string]string{}
	done := map[string]bool{}
	for _, it := range src {
		if it.LanType != "cascadeOption" {
			continue
		}
		id, _, _ := strings.Cut(it.LanCode, cascadeCodeSep)
		if done[id] {
			continue
		}
		done[id] = true
		ls, err := s.cascade().CopyLabels(ctx, id, code)
		if err != nil {
			return nil, err
		}
		for item, l := range ls {
			out[key("cascadeOption", id+cascadeCodeSep+item)] = l
		}
	}
	return out, nil
}

// toCascade writes the cascadeOption texts of items to the cascade data: the copy in the
// language code of each source (created when missing). Texts of sources the survey no longer
// lists are skipped.
func (s *Service) toCascade(ctx context.Context, p *account.Principal, sv *models.Survey, src []lang.LangItem, code string, items []Item) error {
	listed := map[string]bool{}
	for _, it := range src {
		if it.LanType == "cascadeOption" {
			listed[it.LanCode] = true
		}
	}
	by := map[string]map[string]string{}
	var order []string
	for _, it := range items {
		if it.LanType != "cascadeOption" || !listed[it.LanCode] {
			continue
		}
		id, item, _ := strings.Cut(it.LanCode, cascadeCodeSep)
		text := lang.HintText(it.LanValue)
		if text == "" {
			continue
		}
		if by[id] == nil {
			by[id] = map[string]string{}
			order = append(order, id)
		}
		by[id][item] = text
	}
	for _, id := range order {
		err := s.cascade().SetCopyLabels(ctx, cascade.Actor{P: p}, id, code, by[id])
		if errors.Is(err, models.ErrNotFound) {
			return models.Invalid("the cascade data source %s belongs to the survey's owner: its option texts can be published by the owner only", id)
		}
		if err != nil {
			return err
		}
	}
	return nil
}
