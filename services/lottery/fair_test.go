package lottery

import (
	"fmt"
	"reflect"
	"testing"
)

// The draw order depends only on the seed and the set of entrants: the same record gives the
// same winners whatever the listing order, another seed gives another order.
func TestDrawOrderIsReproducible(t *testing.T) {
	seed := "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff"
	var ids []string
	for i := 0; i < 50; i++ {
		ids = append(ids, EntrantID(fmt.Sprintf("answer:%d", i)))
	}
	a, err := DrawOrder(seed, ids)
	if err != nil {
		t.Fatal(err)
	}
	rev := append([]string(nil), ids...)
	for i, j := 0, len(rev)-1; i < j; i, j = i+1, j-1 {
		rev[i], rev[j] = rev[j], rev[i]
	}
	b, _ := DrawOrder(seed, rev)
	if !reflect.DeepEqual(a, b) {
		t.Fatal("order depends on the listing order")
	}
	c, _ := DrawOrder("ff"+seed[2:], ids)
	if reflect.DeepEqual(a, c) {
		t.Fatal("another seed gave the same order")
	}
	w := Winners(a, []PrizeSlot{{"p1", 3}, {"p2", 1}})
	if len(w) != 4 || w[0].PrizeID != "p1" || w[3].PrizeID != "p2" || w[3].EntrantID != a[3] || w[3].Rank != 4 {
		t.Fatalf("winners %+v", w)
	}
	if w := Winners(a[:2], []PrizeSlot{{"p1", 3}, {"p2", 1}}); len(w) != 2 {
		t.Fatalf("fewer entrants than prizes: %+v", w)
	}
	if _, err := DrawOrder("zz", ids); err == nil {
		t.Fatal("a bad seed was accepted")
	}
	// pinned vector: documented in docs/lottery.md so other implementations can check theirs
	first, _ := DrawOrder(seed, []string{EntrantID("answer:a"), EntrantID("answer:b"), EntrantID("answer:c")})
	want := []string{"63058fdb1a03c1f909b7b0bd9fef7b7a48cec758570d6e79242af5f23a34a74b",
		"c4c00e33c65557ed0a6b4fa63c56ab582a2217eee0132ddab5e30e0f10e184c8",
		"59f7a464c77439ba5d22c04e1928720fec07118b011feb3c632159519e017749"}
	if !reflect.DeepEqual(first, want) {
		t.Fatalf("pinned vector: %v", first)
	}
}

func TestCodesAreUnguessableShape(t *testing.T) {
	seen := map[string]bool{}
	for i := 0; i < 2000; i++ {
		c, err := NewCode()
		if err != nil || len(c) != 19 || seen[c] {
			t.Fatalf("code %q %v", c, err)
		}
		seen[c] = true
	}
}
