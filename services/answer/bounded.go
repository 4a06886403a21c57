package answer

import (
	"sync"
	"sync/atomic"
)

// boundedCache is a concurrent map that forgets some entries (arbitrary ones, a quarter of
// its bound) whenever it grows past its bound, so a long-running server keeps a bounded
// number of parsed documents, gate rows and batchers however many surveys it serves.
// Contract: every entry must be re-creatable on demand; a forgotten entry only costs a
// reload (a forgotten batcher only means a new one for the next submission of that survey,
// which the batch transaction's locks make safe).
type boundedCache struct {
	m   sync.Map
	n   atomic.Int64
	max int64
}

func newBoundedCache(max int64) *boundedCache { return &boundedCache{max: max} }

func (c *boundedCache) Load(k string) (any, bool) { return c.m.Load(k) }

// Store sets k to v.
func (c *boundedCache) Store(k string, v any) {
	if _, loaded := c.m.Swap(k, v); !loaded {
		c.added()
	}
}

// LoadOrStore returns the value of k, storing v first when k is absent (loaded false).
func (c *boundedCache) LoadOrStore(k string, v any) (any, bool) {
	got, loaded := c.m.LoadOrStore(k, v)
	if !loaded {
		c.added()
	}
	return got, loaded
}

// Len is the number of entries (approximate while other goroutines write).
func (c *boundedCache) Len() int64 { return c.n.Load() }

func (c *boundedCache) added() {
	if c.n.Add(1) <= c.max {
		return
	}
	drop := c.max/4 + 1
	c.m.Range(func(k, _ any) bool {
		if _, ok := c.m.LoadAndDelete(k); ok {
			c.n.Add(-1)
			drop--
		}
		return drop > 0
	})
}
