package analysis

import "gorm.io/gorm"

// CountIDs is countIDs for the external tests.
func (pg *Pager) CountIDs() *gorm.DB { return pg.countIDs() }
