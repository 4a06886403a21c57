package storage

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/minio/minio-go/v7"
	"github.com/minio/minio-go/v7/pkg/credentials"
)

// ErrBlobNotFound is returned by Get and Stat for a missing key.
var ErrBlobNotFound = errors.New("blob not found")

// BlobStore keeps files under keys chosen by the server (never by a user).
type BlobStore interface {
	// Put stores size bytes from r under key, replacing any previous object.
	Put(ctx context.Context, key string, r io.Reader, size int64, contentType string) error
	// Get opens the object; the caller closes it.
	Get(ctx context.Context, key string) (io.ReadCloser, int64, error)
	Delete(ctx context.Context, key string) error
}

var keyPattern = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._/-]{0,255}$`)

// CheckKey refuses keys that could escape a folder or are not server-made.
func CheckKey(key string) error {
	if !keyPattern.MatchString(key) || strings.Contains(key, "..") || strings.Contains(key, "//") {
		return fmt.Errorf("invalid blob key %q", key)
	}
	return nil
}

// LocalBlobStore stores objects as files under Dir.
type LocalBlobStore struct{ Dir string }

func NewLocalBlobStore(dir string) (*LocalBlobStore, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("blob dir: %w", err)
	}
	return &LocalBlobStore{Dir: dir}, nil
}

func (s *LocalBlobStore) path(key string) (string, error) {
	if err := CheckKey(key); err != nil {
		return "", err
	}
	return filepath.Join(s.Dir, filepath.FromSlash(key)), nil
}

func (s *LocalBlobStore) Put(ctx context.Context, key string, r io.Reader, size int64, contentType string) error {
	p, err := s.path(key)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(p), ".upload-*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if _, err := io.Copy(tmp, r); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), p)
}

// PutFile stores the finished local file at path under key by moving it there (a rename on
// the same file system, no copy); the caller must not use path afterwards. Across file systems
// it copies the file like Put and removes it.
func (s *LocalBlobStore) PutFile(ctx context.Context, key, path, contentType string) error {
	p, err := s.path(key)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return err
	}
	if os.Rename(path, p) == nil {
		return nil
	}
	if err := putFrom(ctx, s, key, path, contentType); err != nil {
		return err
	}
	return os.Remove(path)
}

// FileMover is a BlobStore that can take a finished local file without reading it through
// (LocalBlobStore); PutFile's contract is LocalBlobStore.PutFile's.
type FileMover interface {
	PutFile(ctx context.Context, key, path, contentType string) error
}

// PutLocalFile stores the finished local file at path under key: moved into a store that can
// take it (FileMover: no copy of a file that can be gigabytes), read through Put into any
// other. The caller must not use path afterwards.
func PutLocalFile(ctx context.Context, s BlobStore, key, path, contentType string) error {
	if m, ok := s.(FileMover); ok {
		return m.PutFile(ctx, key, path, contentType)
	}
	return putFrom(ctx, s, key, path, contentType)
}

// putFrom stores the file at path under key through Put.
func putFrom(ctx context.Context, s BlobStore, key, path, contentType string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return err
	}
	return s.Put(ctx, key, f, st.Size(), contentType)
}

// FileStore is a blob store that keeps blobs as local files (LocalBlobStore): a long file can
// be written once, straight into the store piece by piece, instead of locally and then
// stored, and a tool can read a blob's file.
type FileStore interface {
	// File is the local file holding the blob under key (which need not exist yet).
	File(key string) (string, error)
	// WriteAt writes pieces one after another from byte offset off of the blob under key
	// (created when missing) and cuts the blob after them: writing the same pieces at the same
	// offset again gives the same blob, so a writer that resumes repeats at most its last
	// write. Readers of the key see the blob grow: the caller keeps it from them until done.
	WriteAt(ctx context.Context, key string, off int64, pieces ...[]byte) error
}

func (s *LocalBlobStore) File(key string) (string, error) { return s.path(key) }

func (s *LocalBlobStore) WriteAt(ctx context.Context, key string, off int64, pieces ...[]byte) error {
	p, err := s.path(key)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return err
	}
	f, err := os.OpenFile(p, os.O_WRONLY|os.O_CREATE, 0o600)
	if err != nil {
		return err
	}
	for _, b := range pieces {
		if _, err := f.WriteAt(b, off); err != nil {
			f.Close()
			return err
		}
		off += int64(len(b))
	}
	if err := f.Truncate(off); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

func (s *LocalBlobStore) Get(ctx context.Context, key string) (io.ReadCloser, int64, error) {
	p, err := s.path(key)
	if err != nil {
		return nil, 0, err
	}
	f, err := os.Open(p)
	if errors.Is(err, os.ErrNotExist) {
		return nil, 0, ErrBlobNotFound
	}
	if err != nil {
		return nil, 0, err
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, 0, err
	}
	return f, st.Size(), nil
}

func (s *LocalBlobStore) Delete(ctx context.Context, key string) error {
	p, err := s.path(key)
	if err != nil {
		return err
	}
	if err := os.Remove(p); err != nil && !errors.Is(err, os.ErrNotExist) {
		return err
	}
	return nil
}

// S3BlobStore stores objects in one bucket of an S3-compatible server.
type S3BlobStore struct {
	client *minio.Client
	bucket string
}

// NewS3BlobStore connects and creates the bucket when it does not exist.
func NewS3BlobStore(ctx context.Context, endpoint, bucket, accessKey, secretKey, region string, useSSL bool) (*S3BlobStore, error) {
	cl, err := minio.New(endpoint, &minio.Options{
		Creds:  credentials.NewStaticV4(accessKey, secretKey, ""),
		Secure: useSSL,
		Region: region,
	})
	if err != nil {
		return nil, fmt.Errorf("s3 client: %w", err)
	}
	ok, err := cl.BucketExists(ctx, bucket)
	if err != nil {
		return nil, fmt.Errorf("s3 bucket %s: %w", bucket, err)
	}
	if !ok {
		// Several processes (serve, worker) may race to create the bucket: losing the race is fine.
		if err := cl.MakeBucket(ctx, bucket, minio.MakeBucketOptions{Region: region}); err != nil {
			switch minio.ToErrorResponse(err).Code {
			case "BucketAlreadyOwnedByYou", "BucketAlreadyExists":
			default:
				return nil, fmt.Errorf("s3 make bucket %s: %w", bucket, err)
			}
		}
	}
	return &S3BlobStore{client: cl, bucket: bucket}, nil
}

func (s *S3BlobStore) Put(ctx context.Context, key string, r io.Reader, size int64, contentType string) error {
	if err := CheckKey(key); err != nil {
		return err
	}
	_, err := s.client.PutObject(ctx, s.bucket, key, r, size, minio.PutObjectOptions{ContentType: contentType})
	return err
}

func (s *S3BlobStore) Get(ctx context.Context, key string) (io.ReadCloser, int64, error) {
	if err := CheckKey(key); err != nil {
		return nil, 0, err
	}
	obj, err := s.client.GetObject(ctx, s.bucket, key, minio.GetObjectOptions{})
	if err != nil {
		return nil, 0, err
	}
	st, err := obj.Stat()
	if err != nil {
		obj.Close()
		if minio.ToErrorResponse(err).Code == "NoSuchKey" {
			return nil, 0, ErrBlobNotFound
		}
		return nil, 0, err
	}
	return obj, st.Size, nil
}

func (s *S3BlobStore) Delete(ctx context.Context, key string) error {
	if err := CheckKey(key); err != nil {
		return err
	}
	return s.client.RemoveObject(ctx, s.bucket, key, minio.RemoveObjectOptions{})
}
