// Package ratelimit counts events per key in fixed windows stored in the database, so
// every API replica shares the counters (login failures, answer passwords, captcha).
package ratelimit

import (
	"context"
	"errors"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"dwsurvey/models"
)

type Limiter struct {
	DB  *gorm.DB
	Now func() time.Time // nil means time.Now
}

func (l *Limiter) now() time.Time {
	if l.Now != nil {
		return l.Now().UTC()
	}
	return time.Now().UTC()
}

// Blocked reports whether key already has limit or more hits in its current window and,
// if so, how long until the window ends.
func (l *Limiter) Blocked(ctx context.Context, key string, limit int, window time.Duration) (bool, time.Duration, error) {
	var c models.RateCounter
	err := l.DB.WithContext(ctx).Where("`key` = ?", key).Take(&c).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return false, 0, nil
	}
	if err != nil {
		return false, 0, err
	}
	end := c.WindowStart.Add(window)
	now := l.now()
	if !now.Before(end) || c.Hits < limit {
		return false, 0, nil
	}
	return true, end.Sub(now), nil
}

// Hit adds one event to key, starting a new window when the old one has ended.
// It is a single upsert, so concurrent hits are all counted.
func (l *Limiter) Hit(ctx context.Context, key string, window time.Duration) error {
	now := l.now()
	expired := now.Add(-window)
	return l.DB.WithContext(ctx).Clauses(clause.OnConflict{
		Columns: []clause.Column{{Name: "key"}},
		DoUpdates: clause.Assignments(map[string]any{
			"hits":         gorm.Expr("CASE WHEN window_start <= ? THEN 1 ELSE hits + 1 END", expired),
			"window_start": gorm.Expr("CASE WHEN window_start <= ? THEN ? ELSE window_start END", expired, now),
		}),
	}).Create(&models.RateCounter{Key: key, Hits: 1, WindowStart: now}).Error
}

// Reset forgets key (e.g. after a successful login).
func (l *Limiter) Reset(ctx context.Context, key string) error {
	return l.DB.WithContext(ctx).Where("`key` = ?", key).Delete(&models.RateCounter{}).Error
}
