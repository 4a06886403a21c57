// Package cascadedata ships the data of the built-in cascade sources (see NOTICE.md for the
// source and licence of each file).
package cascadedata

import (
	_ "embed"
	"encoding/json"
	"fmt"
)

// ChinaPCDName is the name the built-in source of China's divisions is created with.
const ChinaPCDName = "中国省市区 (China provinces, cities, districts)"

//go:embed china-pcd.json
var chinaPCD []byte

// Row is one node of a built-in tree.
type Row struct {
	ID, ParentID, Label string
	Level, Sort         int
	Leaf                bool
}

// ChinaPCD returns the 3 levels of China's provinces, prefecture-level cities and county-level
// districts: parents before children, siblings in division-code order, ids are the codes.
func ChinaPCD() ([]Row, error) {
	var raw [][3]string
	if err := json.Unmarshal(chinaPCD, &raw); err != nil {
		return nil, fmt.Errorf("china-pcd.json: %w", err)
	}
	rows := make([]Row, len(raw))
	at := map[string]int{}
	kids := map[string]int{}
	for i, r := range raw {
		row := Row{ID: r[0], ParentID: r[1], Label: r[2], Level: 1, Leaf: true}
		if row.ParentID != "" {
			p, ok := at[row.ParentID]
			if !ok {
				return nil, fmt.Errorf("china-pcd.json: %s comes before its parent %s", row.ID, row.ParentID)
			}
			row.Level = rows[p].Level + 1
			rows[p].Leaf = false
		}
		row.Sort = kids[row.ParentID]
		kids[row.ParentID]++
		at[row.ID] = i
		rows[i] = row
	}
	return rows, nil
}
