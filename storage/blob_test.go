package storage_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"testing"

	"dwsurvey/internal/testenv"
	"dwsurvey/storage"
)

var (
	gw    *testenv.VersityGWServer
	gwErr error
)

func TestMain(m *testing.M) {
	gw, gwErr = testenv.StartVersityGW()
	code := m.Run()
	gw.Stop()
	os.Exit(code)
}

// blobContract is the behaviour every BlobStore must have.
func blobContract(t *testing.T, s storage.BlobStore) {
	ctx := context.Background()
	key := "uploads/2025/01/02/" + testenv.RandomSuffix(8) + ".png"
	data := bytes.Repeat([]byte("dwsurvey-"), 1000)

	if _, _, err := s.Get(ctx, key); !errors.Is(err, storage.ErrBlobNotFound) {
		t.Fatalf("Get of a missing key: want ErrBlobNotFound, got %v", err)
	}
	if err := s.Put(ctx, key, bytes.NewReader(data), int64(len(data)), "image/png"); err != nil {
		t.Fatalf("Put: %v", err)
	}
	rc, size, err := s.Get(ctx, key)
	if err != nil {
		t.Fatalf("Get: %v", err)
	}
	got, _ := io.ReadAll(rc)
	rc.Close()
	if size != int64(len(data)) || !bytes.Equal(got, data) {
		t.Fatalf("Get returned %d bytes (size %d), want %d identical bytes", len(got), size, len(data))
	}
	// Put replaces.
	if err := s.Put(ctx, key, bytes.NewReader([]byte("v2")), 2, "text/plain"); err != nil {
		t.Fatalf("Put replace: %v", err)
	}
	rc, size, err = s.Get(ctx, key)
	if err != nil {
		t.Fatal(err)
	}
	got, _ = io.ReadAll(rc)
	rc.Close()
	if string(got) != "v2" || size != 2 {
		t.Fatalf("after replace got %q (size %d)", got, size)
	}
	if err := s.Delete(ctx, key); err != nil {
		t.Fatalf("Delete: %v", err)
	}
	if _, _, err := s.Get(ctx, key); !errors.Is(err, storage.ErrBlobNotFound) {
		t.Fatalf("Get after Delete: want ErrBlobNotFound, got %v", err)
	}
	if err := s.Delete(ctx, key); err != nil {
		t.Fatalf("Delete of a missing key must succeed, got %v", err)
	}
	for _, bad := range []string{"../x", "a/../../x", "/etc/passwd", "", "a//b", ".hidden", "a\\b", "x y"} {
		if err := s.Put(ctx, bad, bytes.NewReader([]byte("x")), 1, "text/plain"); err == nil {
			t.Errorf("Put(%q) accepted an invalid key", bad)
		}
		if _, _, err := s.Get(ctx, bad); err == nil || errors.Is(err, storage.ErrBlobNotFound) {
			t.Errorf("Get(%q): want a key error, got %v", bad, err)
		}
		if err := s.Delete(ctx, bad); err == nil {
			t.Errorf("Delete(%q) accepted an invalid key", bad)
		}
	}
}

func TestLocalBlobStore(t *testing.T) {
	dir := t.TempDir()
	s, err := storage.NewLocalBlobStore(filepath.Join(dir, "blobs"))
	if err != nil {
		t.Fatal(err)
	}
	blobContract(t, s)
	// Nothing escaped the folder.
	if _, err := os.Stat(filepath.Join(dir, "x")); err == nil {
		t.Fatal("a file was written outside the blob folder")
	}
}

// PutFile moves a finished file into the store (readable under its key, gone from where it
// was); a bad key changes nothing.
func TestLocalBlobStorePutFile(t *testing.T) {
	dir := t.TempDir()
	s, err := storage.NewLocalBlobStore(filepath.Join(dir, "blobs"))
	if err != nil {
		t.Fatal(err)
	}
	src := filepath.Join(dir, "answers.csv")
	if err := os.WriteFile(src, []byte("a,b\r\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if err := s.PutFile(ctx, "../escape", src, "text/csv"); err == nil {
		t.Fatal("a bad key was accepted")
	}
	if _, err := os.Stat(src); err != nil {
		t.Fatalf("a refused file was moved: %v", err)
	}
	if err := s.PutFile(ctx, "exports/x/export.csv", src, "text/csv"); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(src); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("the file is still where it was: %v", err)
	}
	rc, n, err := s.Get(ctx, "exports/x/export.csv")
	if err != nil {
		t.Fatal(err)
	}
	defer rc.Close()
	if b, _ := io.ReadAll(rc); string(b) != "a,b\r\n" || n != 5 {
		t.Fatalf("stored %q (%d bytes)", b, n)
	}
}

// A blob written piece by piece reads back as its pieces; writing at an offset cuts what was
// after it, so writing the same pieces again gives the same blob; the store's File is the blob.
func TestLocalBlobStoreWriteAt(t *testing.T) {
	s, err := storage.NewLocalBlobStore(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	read := func() string {
		rc, _, err := s.Get(ctx, "exports/x/export.csv")
		if err != nil {
			t.Fatal(err)
		}
		defer rc.Close()
		b, _ := io.ReadAll(rc)
		return string(b)
	}
	if err := s.WriteAt(ctx, "exports/x/export.csv", 0, []byte("head\n")); err != nil {
		t.Fatal(err)
	}
	if err := s.WriteAt(ctx, "exports/x/export.csv", 5, []byte("a,"), []byte("b\n"), []byte("long tail a stopped writer left\n")); err != nil {
		t.Fatal(err)
	}
	if err := s.WriteAt(ctx, "exports/x/export.csv", 5, []byte("a,"), []byte("b\n")); err != nil {
		t.Fatal(err)
	}
	if got := read(); got != "head\na,b\n" {
		t.Fatalf("blob %q", got)
	}
	p, err := s.File("exports/x/export.csv")
	if err != nil {
		t.Fatal(err)
	}
	if b, err := os.ReadFile(p); err != nil || string(b) != "head\na,b\n" {
		t.Fatalf("file %q %v", b, err)
	}
	if err := s.WriteAt(ctx, "../escape", 0, []byte("x")); err == nil {
		t.Fatal("a key out of the store was written")
	}
}

func TestS3BlobStoreVersityGW(t *testing.T) {
	testenv.Require(t, gwErr)
	ctx := context.Background()
	bucket := "dws-test-" + testenv.RandomSuffix(4)
	s, err := storage.NewS3BlobStore(ctx, gw.Endpoint, bucket, gw.AccessKey, gw.SecretKey, "us-east-1", false)
	if err != nil {
		t.Fatalf("NewS3BlobStore: %v", err)
	}
	blobContract(t, s)
	// A second store on the same (now existing) bucket opens without error.
	if _, err := storage.NewS3BlobStore(ctx, gw.Endpoint, bucket, gw.AccessKey, gw.SecretKey, "us-east-1", false); err != nil {
		t.Fatalf("reopen existing bucket: %v", err)
	}
	// Wrong credentials are refused.
	if _, err := storage.NewS3BlobStore(ctx, gw.Endpoint, bucket, gw.AccessKey, "wrong-secret", "us-east-1", false); err == nil {
		t.Fatal("wrong secret key accepted")
	}
}

func TestCheckKey(t *testing.T) {
	for _, ok := range []string{"uploads/2025/01/02/abc.png", "a", "A-b_c.d/e"} {
		if err := storage.CheckKey(ok); err != nil {
			t.Errorf("CheckKey(%q) = %v, want nil", ok, err)
		}
	}
	long := make([]byte, 300)
	for i := range long {
		long[i] = 'a'
	}
	for _, bad := range []string{"../x", "x/../y", "x/..", "/abs", "", "a//b", "-x", string(long), "a\x00b", fmt.Sprintf("a%cb", '\n')} {
		if err := storage.CheckKey(bad); err == nil {
			t.Errorf("CheckKey(%q) accepted", bad)
		}
	}
}

func TestOpenDBUnknownDriver(t *testing.T) {
	if _, err := storage.OpenDB("postgres", "x", 1); err == nil {
		t.Fatal("unknown driver accepted")
	}
}

func TestOpenDBBothDrivers(t *testing.T) {
	for _, d := range testenv.Drivers {
		t.Run(d, func(t *testing.T) {
			db, _ := testenv.RawDB(t, d)
			if storage.IsMySQL(db) != (d == "mysql") {
				t.Fatalf("IsMySQL wrong for %s", d)
			}
			var one int
			if err := db.Raw("SELECT 1").Scan(&one).Error; err != nil || one != 1 {
				t.Fatalf("SELECT 1: %v %d", err, one)
			}
		})
	}
}

// Serve and worker start together and both create the bucket: every racer must succeed.
func TestS3BlobStoreConcurrentBucketCreation(t *testing.T) {
	testenv.Require(t, gwErr)
	ctx := context.Background()
	bucket := "dws-race-" + testenv.RandomSuffix(4)
	const racers = 6
	errs := make(chan error, racers)
	for i := 0; i < racers; i++ {
		go func() {
			_, err := storage.NewS3BlobStore(ctx, gw.Endpoint, bucket, gw.AccessKey, gw.SecretKey, "us-east-1", false)
			errs <- err
		}()
	}
	for i := 0; i < racers; i++ {
		if err := <-errs; err != nil {
			t.Fatalf("racer %d: %v", i, err)
		}
	}
}
