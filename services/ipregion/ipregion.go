// Package ipregion maps IPv4 client addresses to country, province and city offline,
// from an ip2region ".db" file (the format shipped as data/ip2region.db by the npm
// package ip2region@2.3.0; `make ipdb` installs it). No lookup leaves the process.
//
// File layout (little-endian): bytes 0-3 first index pointer, 4-7 last index pointer;
// index blocks of 12 bytes (start IP, end IP, data pointer) sorted by start IP; the data
// pointer's high byte is the record length and its low 24 bits the offset of the record:
// a 4-byte city id then UTF-8 "country|area|province|city|isp" ("0" means unknown).
package ipregion

import (
	"encoding/binary"
	"errors"
	"fmt"
	"net/netip"
	"os"
	"strings"
)

// Region is what is known of an address; empty fields are unknown.
type Region struct {
	Country  string `json:"country"`
	Province string `json:"province"`
	City     string `json:"city"`
	ISP      string `json:"isp"`
}

// DB is a loaded database; safe for concurrent use.
type DB struct {
	data        []byte
	first, last uint32
}

const blockLen = 12

// Open loads the whole file into memory (about 9 MB).
func Open(path string) (*DB, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return Parse(b)
}

// Parse checks the header and index bounds of an in-memory database.
func Parse(b []byte) (*DB, error) {
	if len(b) < 8 {
		return nil, errors.New("ip2region: file too short")
	}
	d := &DB{data: b, first: binary.LittleEndian.Uint32(b[0:]), last: binary.LittleEndian.Uint32(b[4:])}
	if d.first < 8 || d.last < d.first || (d.last-d.first)%blockLen != 0 || int(d.last)+blockLen > len(b) {
		return nil, fmt.Errorf("ip2region: bad index [%d, %d] for a %d-byte file", d.first, d.last, len(b))
	}
	return d, nil
}

// Lookup returns the region of an IPv4 address (IPv4-mapped IPv6 included); other
// addresses, unknown ranges and private networks give an empty Region.
func (d *DB) Lookup(ip string) Region {
	if d == nil {
		return Region{}
	}
	a, err := netip.ParseAddr(strings.TrimSpace(ip))
	if err != nil {
		return Region{}
	}
	a = a.Unmap()
	if !a.Is4() || a.IsPrivate() || a.IsLoopback() || a.IsUnspecified() || a.IsLinkLocalUnicast() {
		return Region{}
	}
	v4 := a.As4()
	n := binary.BigEndian.Uint32(v4[:])
	lo, hi := 0, int((d.last-d.first)/blockLen)
	for lo <= hi {
		mid := (lo + hi) / 2
		p := int(d.first) + mid*blockLen
		start, end := binary.LittleEndian.Uint32(d.data[p:]), binary.LittleEndian.Uint32(d.data[p+4:])
		switch {
		case n < start:
			hi = mid - 1
		case n > end:
			lo = mid + 1
		default:
			return d.record(binary.LittleEndian.Uint32(d.data[p+8:]))
		}
	}
	return Region{}
}

func (d *DB) record(ptr uint32) Region {
	length, off := int(ptr>>24), int(ptr&0x00ffffff)
	if ptr == 0 || length < 4 || off+length > len(d.data) {
		return Region{}
	}
	f := strings.Split(string(d.data[off+4:off+length]), "|")
	get := func(i int) string {
		if i < len(f) && f[i] != "0" && f[i] != "内网IP" {
			return f[i]
		}
		return ""
	}
	return Region{Country: get(0), Province: get(2), City: get(3), ISP: get(4)}
}
