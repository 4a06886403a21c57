// Package catalog is the one implementation of the administrators' template catalogues
// (resource/poster, resource/style-template): named entries with an enabled/disabled state,
// listed with a name filter and paging, created or changed by save (every check before the
// write, one system-log line after it), and deleted by id. A catalogue's own fields (a
// poster's layout, a style's surveyStyle) are checked by the package that owns it
// (services/poster, services/styletemplate) through the Apply hook of Save.
package catalog

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"dwsurvey/models"
	"dwsurvey/services/audit"
)

// MsgStatus is the message for a status other than 0 or 1.
const MsgStatus = "The status must be 0 (disabled) or 1 (enabled)"

// Entry is a catalogue model: a pointer to a struct that embeds models.CatalogHead.
type Entry[M any] interface {
	*M
	Head() *models.CatalogHead
}

// Actor is who acts (the system log; what an entry's owner-bound fields are checked against).
type Actor struct{ UserID, UserName, IP string }

// Store keeps the entries of one catalogue.
type Store[M any, P Entry[M]] struct {
	DB    *gorm.DB
	Audit *audit.Recorder
	Now   func() time.Time
	// Kind names an entry in the system log and in "none chosen" ("poster template").
	Kind string
	// MaxName and MsgName: the name rule (spec section 5: names at most 18 characters).
	MaxName int
	MsgName string
	// Order is the list order (ties broken by id).
	Order string
}

func (s *Store[M, P]) now() time.Time {
	if s.Now != nil {
		return s.Now().UTC()
	}
	return time.Now().UTC()
}

// ByID loads one entry; models.ErrNotFound when there is none.
func (s *Store[M, P]) ByID(ctx context.Context, id string) (P, error) {
	id = strings.TrimSpace(id)
	if id == "" {
		return nil, models.ErrNotFound
	}
	var m M
	err := s.DB.WithContext(ctx).Where("id = ?", id).Take(&m).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, models.ErrNotFound
	}
	if err != nil {
		return nil, err
	}
	return P(&m), nil
}

// List pages through the entries whose name contains name; enabledOnly for authors (only
// enabled ones, status ignored), else status filters when given.
func (s *Store[M, P]) List(ctx context.Context, name string, status *int, enabledOnly bool, page, size int) ([]M, int64, error) {
	q := s.DB.WithContext(ctx).Model(new(M))
	if n := strings.TrimSpace(name); n != "" {
		q = q.Where(models.Contains("name", n))
	}
	if enabledOnly {
		q = q.Where("status = ?", models.StateEnabled)
	} else if status != nil {
		q = q.Where("status = ?", *status)
	}
	var total int64
	if err := q.Count(&total).Error; err != nil {
		return nil, 0, err
	}
	var out []M
	if err := q.Order(s.Order + ", id").Offset((page - 1) * size).Limit(size).Find(&out).Error; err != nil {
		return nil, 0, err
	}
	return out, total, nil
}

// Change is what save changes of the shared fields; nil leaves a field as it is.
type Change struct {
	ID     string
	Name   *string
	Status *int
}

// Hooks are a catalogue's own parts of save.
type Hooks[M any, P Entry[M]] struct {
	// Apply checks and sets the catalogue's own fields on m (a new entry when isNew); it runs
	// after the shared checks and before anything is written.
	Apply func(m P, isNew bool) error
	// BeforeWrite runs in the write's transaction (e.g. clear another entry's default flag).
	BeforeWrite func(tx *gorm.DB, m P) error
}

// Save creates an entry (no ID: a name is required) or changes the given fields of one;
// every check comes before the write.
func (s *Store[M, P]) Save(ctx context.Context, a Actor, in Change, h Hooks[M, P]) (P, error) {
	now := s.now()
	isNew := strings.TrimSpace(in.ID) == ""
	var m P
	if isNew {
		if in.Name == nil {
			return nil, models.Invalid("%s", s.MsgName)
		}
		m = P(new(M))
		*m.Head() = models.CatalogHead{ID: uuid.NewString(), Status: models.StateEnabled, CreatedBy: a.UserID, CreatedAt: now}
	} else {
		var err error
		if m, err = s.ByID(ctx, in.ID); err != nil {
			return nil, err
		}
	}
	head := m.Head()
	if in.Name != nil {
		n := strings.TrimSpace(*in.Name)
		if n == "" || utf8.RuneCountInString(n) > s.MaxName {
			return nil, models.Invalid("%s", s.MsgName)
		}
		head.Name = n
	}
	if in.Status != nil {
		if *in.Status != models.StateEnabled && *in.Status != models.StateDisabled {
			return nil, models.Invalid(MsgStatus)
		}
		head.Status = *in.Status
	}
	if h.Apply != nil {
		if err := h.Apply(m, isNew); err != nil {
			return nil, err
		}
	}
	head.UpdatedAt = now
	err := s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if h.BeforeWrite != nil {
			if err := h.BeforeWrite(tx, m); err != nil {
				return err
			}
		}
		if isNew {
			return tx.Create(m).Error
		}
		return tx.Save(m).Error
	})
	if err != nil {
		return nil, err
	}
	s.record(ctx, a, audit.OpUpdate, fmt.Sprintf("Save %s %s (%s), status %d", s.Kind, head.Name, head.ID, head.Status))
	return m, nil
}

// Delete removes entries by id.
func (s *Store[M, P]) Delete(ctx context.Context, a Actor, ids []string) (int64, error) {
	if len(ids) == 0 {
		return 0, models.Invalid("No %s chosen", s.Kind)
	}
	res := s.DB.WithContext(ctx).Where("id IN ?", ids).Delete(new(M))
	if res.Error != nil {
		return 0, res.Error
	}
	s.record(ctx, a, audit.OpDelete, fmt.Sprintf("Delete %d %s(s)", res.RowsAffected, s.Kind))
	return res.RowsAffected, nil
}

func (s *Store[M, P]) record(ctx context.Context, a Actor, op, name string) {
	if s.Audit != nil {
		s.Audit.Record(ctx, audit.Entry{Name: name, OperationType: op, Success: true, UserID: a.UserID, UserName: a.UserName, IP: a.IP})
	}
}

// RowHead is the shared part of a list row (embedded in a catalogue's row: its JSON fields
// stand beside the catalogue's own).
type RowHead struct {
	ID         string `json:"id"`
	Name       string `json:"name"`
	Status     int    `json:"status"`
	CreateDate string `json:"createDate"`
	UpdateDate string `json:"updateDate"`
}

// HeadRow is the RowHead of an entry.
func HeadRow(h *models.CatalogHead) RowHead {
	return RowHead{ID: h.ID, Name: h.Name, Status: h.Status, CreateDate: models.FormatTime(h.CreatedAt), UpdateDate: models.FormatTime(h.UpdatedAt)}
}

// Rows turns listed entries into rows.
func Rows[M, R any](ms []M, row func(*M) R) []R {
	out := make([]R, len(ms))
	for i := range ms {
		out[i] = row(&ms[i])
	}
	return out
}
