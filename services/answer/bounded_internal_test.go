package answer

import (
	"strconv"
	"sync"
	"testing"
)

func TestBoundedCacheStaysBounded(t *testing.T) {
	c := newBoundedCache(100)
	var wg sync.WaitGroup
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func(g int) {
			defer wg.Done()
			for i := 0; i < 1000; i++ {
				k := strconv.Itoa(g) + ":" + strconv.Itoa(i)
				c.Store(k, i)
				c.LoadOrStore(k+"b", i)
			}
		}(g)
	}
	wg.Wait()
	n := 0
	c.m.Range(func(_, _ any) bool { n++; return true })
	if n > 100 || int64(n) != c.Len() {
		t.Fatalf("entries %d, counted %d, bound 100", n, c.Len())
	}
	c.Store("x", 1)
	c.Store("x", 2) // replacing is not growing
	if v, ok := c.Load("x"); !ok || v.(int) != 2 {
		t.Fatalf("x = %v, %v", v, ok)
	}
	if got, loaded := c.LoadOrStore("x", 3); !loaded || got.(int) != 2 {
		t.Fatalf("LoadOrStore kept %v (loaded %v), want the stored 2", got, loaded)
	}
}
