package secretbox_test

import (
	"errors"
	"strings"
	"testing"

	"dwsurvey/services/secretbox"
)

func TestSealOpensOnlyForItsRecordAndKey(t *testing.T) {
	b, err := secretbox.New(secretbox.NewKey())
	if err != nil {
		t.Fatal(err)
	}
	sealed, err := b.Seal("SECabc123", "hook-1")
	if err != nil || strings.Contains(sealed, "SECabc123") || !strings.HasPrefix(sealed, "v1:") {
		t.Fatalf("sealed %q %v", sealed, err)
	}
	again, _ := b.Seal("SECabc123", "hook-1")
	if again == sealed {
		t.Fatal("two seals of one secret are equal (nonce reused)")
	}
	if p, err := b.Open(sealed, "hook-1"); err != nil || p != "SECabc123" {
		t.Fatalf("open: %q %v", p, err)
	}
	if _, err := b.Open(sealed, "hook-2"); !errors.Is(err, secretbox.ErrDamaged) {
		t.Fatalf("opened for another record: %v", err)
	}
	tampered := sealed[:len(sealed)-4] + "AAAA"
	if _, err := b.Open(tampered, "hook-1"); !errors.Is(err, secretbox.ErrDamaged) {
		t.Fatalf("tampered value: %v", err)
	}
	other, _ := secretbox.New(secretbox.NewKey())
	if _, err := other.Open(sealed, "hook-1"); !errors.Is(err, secretbox.ErrOtherKey) {
		t.Fatalf("other key: %v", err)
	}
	none, err := secretbox.New("")
	if err != nil || none.Ready() {
		t.Fatalf("empty key: %v", err)
	}
	if _, err := none.Seal("x", "h"); !errors.Is(err, secretbox.ErrNoKey) {
		t.Fatalf("seal without a key: %v", err)
	}
	for _, bad := range []string{"not base64!", "c2hvcnQ="} {
		if _, err := secretbox.New(bad); err == nil {
			t.Errorf("key %q accepted", bad)
		}
	}
}
