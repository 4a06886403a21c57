package ipregion

import (
	"encoding/binary"
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

// build writes a database with the given ranges in the ip2region layout.
func build(ranges []struct {
	start, end uint32
	rec        string
}) []byte {
	var data []byte
	data = append(data, make([]byte, 8)...)
	ptrs := make([]uint32, len(ranges))
	for i, r := range ranges {
		off := len(data)
		rec := append(binary.LittleEndian.AppendUint32(nil, uint32(i+1)), r.rec...)
		data = append(data, rec...)
		ptrs[i] = uint32(len(rec))<<24 | uint32(off)
	}
	first := uint32(len(data))
	for i, r := range ranges {
		data = binary.LittleEndian.AppendUint32(data, r.start)
		data = binary.LittleEndian.AppendUint32(data, r.end)
		data = binary.LittleEndian.AppendUint32(data, ptrs[i])
	}
	binary.LittleEndian.PutUint32(data[0:], first)
	binary.LittleEndian.PutUint32(data[4:], uint32(len(data))-blockLen)
	return data
}

func ip(a, b, c, d byte) uint32 { return uint32(a)<<24 | uint32(b)<<16 | uint32(c)<<8 | uint32(d) }

func TestLookupBuilt(t *testing.T) {
	db, err := Parse(build([]struct {
		start, end uint32
		rec        string
	}{
		{ip(1, 0, 0, 0), ip(1, 0, 0, 255), "中国|0|福建省|福州市|电信"},
		{ip(1, 0, 1, 0), ip(1, 0, 3, 255), "中国|0|广东省|0|0"},
		{ip(9, 0, 0, 0), ip(9, 255, 255, 255), "美国|0|0|0|0"},
	}))
	if err != nil {
		t.Fatal(err)
	}
	cases := map[string]Region{
		"1.0.0.7":          {Country: "中国", Province: "福建省", City: "福州市", ISP: "电信"},
		"1.0.2.200":        {Country: "中国", Province: "广东省"},
		"9.1.2.3":          {Country: "美国"},
		"::ffff:9.1.2.3":   {Country: "美国"},
		"1.0.4.0":          {},
		"0.255.0.1":        {},
		"10.1.2.3":         {},
		"127.0.0.1":        {},
		"2001:db8::1":      {},
		"not an address":   {},
		"255.255.255.255x": {},
	}
	for in, want := range cases {
		if got := db.Lookup(in); got != want {
			t.Errorf("Lookup(%q) = %+v, want %+v", in, got, want)
		}
	}
	var nilDB *DB
	if nilDB.Lookup("1.0.0.7") != (Region{}) {
		t.Error("a nil database must know nothing")
	}
}

func TestParseRejectsBadFiles(t *testing.T) {
	for name, b := range map[string][]byte{
		"short":             {1, 2, 3},
		"index past end":    append(binary.LittleEndian.AppendUint32(binary.LittleEndian.AppendUint32(nil, 8), 400), make([]byte, 20)...),
		"misaligned":        append(binary.LittleEndian.AppendUint32(binary.LittleEndian.AppendUint32(nil, 8), 13), make([]byte, 40)...),
		"last before first": append(binary.LittleEndian.AppendUint32(binary.LittleEndian.AppendUint32(nil, 20), 8), make([]byte, 40)...),
	} {
		if _, err := Parse(b); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
}

// TestRealDatabase reads the installed ip2region.db (make ipdb); expectations come from the
// npm package's own reader.
func TestRealDatabase(t *testing.T) {
	path := os.Getenv("DWS_TEST_IP_DB")
	if path == "" {
		_, file, _, _ := runtime.Caller(0)
		path = filepath.Join(filepath.Dir(file), "..", "..", "bin", "ip2region.db")
	}
	db, err := Open(path)
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("ip2region.db is required in CI (make ipdb): %v", err)
		}
		t.Skipf("no ip2region.db (run make ipdb): %v", err)
	}
	for in, want := range map[string]Region{
		"114.114.114.114": {Country: "中国", Province: "江苏省", City: "南京市"},
		"223.5.5.5":       {Country: "中国", Province: "浙江省", City: "杭州市", ISP: "阿里云"},
		"202.96.128.86":   {Country: "中国", Province: "广东省", City: "广州市", ISP: "电信"},
		"8.8.8.8":         {Country: "美国", ISP: "Level3"},
		"127.0.0.1":       {},
	} {
		if got := db.Lookup(in); got != want {
			t.Errorf("Lookup(%q) = %+v, want %+v", in, got, want)
		}
	}
}
