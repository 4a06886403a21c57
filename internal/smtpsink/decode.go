package smtpsink

import (
	"io"
	"mime"
	"mime/quotedprintable"
	"strings"
)

type mimeDecoder struct{}

func (mimeDecoder) header(v string) string {
	out, err := new(mime.WordDecoder).DecodeHeader(v)
	if err != nil {
		return v
	}
	return out
}

func (mimeDecoder) body(enc string, r io.Reader) string {
	if strings.EqualFold(strings.TrimSpace(enc), "quoted-printable") {
		r = quotedprintable.NewReader(r)
	}
	b, _ := io.ReadAll(io.LimitReader(r, 1<<20))
	return strings.ReplaceAll(string(b), "\r\n", "\n")
}
