package main

import (
	"bytes"
	"mime/multipart"
)

func newMultipart(buf *bytes.Buffer, name string, data []byte) string {
	mw := multipart.NewWriter(buf)
	fw, _ := mw.CreateFormFile("file", name)
	_, _ = fw.Write(data)
	_ = mw.Close()
	return mw.FormDataContentType()
}
