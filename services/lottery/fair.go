package lottery

import (
	"bytes"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"sort"
	"strings"
)

// The scheduled draw is reproducible by anyone from its published record (docs/lottery.md):
//
//  1. Each entrant has a public id: EntrantID(key) = hex(SHA-256("dwsurvey-lottery-entrant:" +
//     key)), where key is answer:<answerId>, contact:<contactId> or user:<userId>. A respondent
//     who knows their answer id can find themselves in the list; nobody else learns the key.
//  2. The seed is 32 random bytes drawn once, when the entrants are frozen, and stored as hex.
//  3. The entrants are ordered by HMAC-SHA256(key = seed bytes, message = entrant id as ASCII
//     hex), ascending as bytes; equal MACs (never seen in practice) fall back to the entrant id.
//  4. Prizes are taken in their display order: the first prize goes to the first Total
//     entrants of the order, the next prize to the following ones, and so on.

// EntrantID is the public id of an entrant key.
func EntrantID(key string) string {
	h := sha256.Sum256([]byte("dwsurvey-lottery-entrant:" + key))
	return hex.EncodeToString(h[:])
}

// DrawOrder orders entrant ids by HMAC-SHA256(seed, id) (step 3).
func DrawOrder(seedHex string, entrantIDs []string) ([]string, error) {
	seed, err := hex.DecodeString(strings.TrimSpace(seedHex))
	if err != nil || len(seed) < 16 {
		return nil, fmt.Errorf("lottery: the seed must be at least 16 bytes of hex")
	}
	type item struct {
		id  string
		mac []byte
	}
	items := make([]item, len(entrantIDs))
	for i, id := range entrantIDs {
		m := hmac.New(sha256.New, seed)
		m.Write([]byte(id))
		items[i] = item{id: id, mac: m.Sum(nil)}
	}
	sort.Slice(items, func(i, j int) bool {
		if c := bytes.Compare(items[i].mac, items[j].mac); c != 0 {
			return c < 0
		}
		return items[i].id < items[j].id
	})
	out := make([]string, len(items))
	for i, it := range items {
		out[i] = it.id
	}
	return out, nil
}

// PrizeSlot is a prize and how many entrants win it.
type PrizeSlot struct {
	PrizeID string `json:"prizeId"`
	Total   int    `json:"total"`
}

// Winner is an entrant id and the prize it won, with its rank (1 = first in the order).
type Winner struct {
	EntrantID string `json:"entrantId"`
	PrizeID   string `json:"prizeId"`
	Rank      int    `json:"rank"`
}

// Winners applies step 4 to an order.
func Winners(order []string, prizes []PrizeSlot) []Winner {
	var out []Winner
	i := 0
	for _, p := range prizes {
		for k := 0; k < p.Total && i < len(order); k++ {
			out = append(out, Winner{EntrantID: order[i], PrizeID: p.PrizeID, Rank: i + 1})
			i++
		}
	}
	return out
}

// ReDraw re-runs a scheduled draw from its record (steps 3 and 4).
func ReDraw(seedHex string, entrantIDs []string, prizes []PrizeSlot) ([]Winner, error) {
	order, err := DrawOrder(seedHex, entrantIDs)
	if err != nil {
		return nil, err
	}
	return Winners(order, prizes), nil
}
