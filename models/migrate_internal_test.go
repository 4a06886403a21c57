package models

import "testing"

func TestMigrationVersionsAreUnique(t *testing.T) {
	steps, err := ordered()
	if err != nil {
		t.Fatal(err)
	}
	if steps[len(steps)-1].Version != LatestVersion() {
		t.Fatalf("latest version %d, last ordered step %d", LatestVersion(), steps[len(steps)-1].Version)
	}
}
