package cascade

import (
	"context"
	"strings"

	"dwsurvey/models"
)

// chunkSep joins a source id and an item id into the id of that item's children
// (childCascadeJsonId): "<sourceId>~<itemId>". Item ids never contain it.
const chunkSep = "~"

// Published is the answer of cascade-json-info.do: a tree (or, for a large tree, one level of
// it) in the language asked for.
type Published struct {
	ID           string  `json:"id"`
	CascadeName  string  `json:"cascadeName"`
	CountLevel   int     `json:"countLevel"`
	LanguageCode string  `json:"languageCode"`
	JSONData     []*Node `json:"jsonData"`
}

// Serve answers cascade-json-info.do for the answer page (anonymous). id is a source id or a
// childCascadeJsonId; languageCode picks the language copy (the source's own labels when it has
// none in that language). A tree of at most InlineNodes nodes comes whole; a larger one comes
// one level at a time: nodes that have children carry childCascadeJsonId instead of children,
// and leaf nodes leaf: true. An unknown or disabled source is models.ErrNotFound (the page
// shows "Cascade data not found").
func (s *Service) Serve(ctx context.Context, id, lang string) (*Published, error) {
	id, lang = strings.TrimSpace(id), strings.TrimSpace(lang)
	srcID, parent, chunk := strings.Cut(id, chunkSep)
	src, err := s.byID(ctx, s.DB, srcID)
	if err != nil {
		return nil, err
	}
	orig, labelsOf := src, ""
	if src.CopyOfID != "" {
		if orig, err = s.byID(ctx, s.DB, src.CopyOfID); err != nil {
			return nil, err
		}
		labelsOf = src.ID
	} else if lang != "" && !strings.EqualFold(lang, src.LanguageCode) {
		var cp models.CascadeSource
		err := s.DB.WithContext(ctx).Where("copy_of_id = ? AND language_code = ? AND state = ?", src.ID, lang, models.StateEnabled).
			Take(&cp).Error
		if err == nil {
			src, labelsOf = &cp, cp.ID
		}
	}
	if orig.State != models.StateEnabled || src.State != models.StateEnabled {
		return nil, models.ErrNotFound
	}
	whole := !chunk && orig.NodeCount <= InlineNodes
	var rows []Row
	if whole {
		rows, err = s.rows(ctx, orig.ID, nil)
	} else {
		rows, err = s.rows(ctx, orig.ID, []string{parent})
	}
	if err != nil {
		return nil, err
	}
	if chunk && len(rows) == 0 {
		var n int64
		if err := s.DB.WithContext(ctx).Model(&models.CascadeNode{}).Where("source_id = ? AND item_id = ?", orig.ID, parent).Count(&n).Error; err != nil {
			return nil, err
		}
		if n == 0 {
			return nil, models.ErrNotFound
		}
	}
	if labelsOf != "" {
		var items []string
		if !whole {
			items = make([]string, len(rows))
			for i, r := range rows {
				items[i] = r.ItemID
			}
		}
		labels, err := s.labels(ctx, labelsOf, items)
		if err != nil {
			return nil, err
		}
		for i := range rows {
			if l, ok := labels[rows[i].ItemID]; ok {
				rows[i].Label = l
			}
		}
	}
	var nodes []*Node
	if whole {
		nodes = Nest(rows)
	} else {
		nodes = make([]*Node, len(rows))
		for i, r := range rows {
			nodes[i] = &Node{Label: r.Label, Value: r.Value, ItemID: r.ItemID, Leaf: r.Leaf}
			if !r.Leaf {
				nodes[i].ChildCascadeJSONID = srcID + chunkSep + r.ItemID
			}
		}
	}
	return &Published{ID: id, CascadeName: src.Name, CountLevel: orig.CountLevel, LanguageCode: src.LanguageCode, JSONData: nodes}, nil
}
