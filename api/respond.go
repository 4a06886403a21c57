package api

import (
	"errors"
	"log/slog"
	"math"
	"net/http"
	"strconv"

	"github.com/gin-gonic/gin"

	"dwsurvey/models"
)

// Result codes of the envelope (HTTP status stays 200).
const (
	codeOK        = 200
	codeInvalid   = 400
	codeUnauth    = 401
	codeForbidden = 403
	codeNotFound  = 404
	codeServer    = 500
)

// Envelope is the body of every JSON answer except login and PageResult lists.
type Envelope struct {
	ResultCode int    `json:"resultCode"`
	ResultMsg  string `json:"resultMsg"`
	Data       any    `json:"data"`
}

func ok(c *gin.Context, data any) {
	c.JSON(http.StatusOK, Envelope{ResultCode: codeOK, ResultMsg: "success", Data: data})
}

func reply(c *gin.Context, code int, msg string) {
	c.AbortWithStatusJSON(http.StatusOK, Envelope{ResultCode: code, ResultMsg: msg})
}

// fail maps a service error to the envelope: user-facing refusals keep their message,
// anything unexpected becomes a generic 500 with the details only in the server log.
func fail(c *gin.Context, err error) {
	if ie, isInvalid := models.AsInvalid(err); isInvalid {
		reply(c, codeInvalid, ie.Msg)
		return
	}
	if re, limited := models.AsRateLimited(err); limited {
		c.Header("Retry-After", strconv.Itoa(max(1, int(math.Ceil(re.Wait.Seconds())))))
		c.AbortWithStatusJSON(http.StatusTooManyRequests, Envelope{ResultCode: http.StatusTooManyRequests, ResultMsg: re.Msg})
		return
	}
	switch {
	case errors.Is(err, models.ErrNotFound):
		reply(c, codeNotFound, "Not found")
	case errors.Is(err, models.ErrForbidden):
		reply(c, codeForbidden, "account has no permission for this operation")
	default:
		rid := c.GetString(ctxRequestID)
		slog.Error("request failed", "request_id", rid, "path", c.FullPath(), "err", err)
		reply(c, codeServer, "Server error (request id "+rid+")")
	}
}

// pngImage answers a generated PNG that must not be cached or sniffed (captcha, answer codes);
// a missing image is an HTTP 404 (an <img> shows it as broken), other errors the envelope.
func pngImage(c *gin.Context, img []byte, err error) {
	if errors.Is(err, models.ErrNotFound) {
		c.JSON(http.StatusNotFound, Envelope{ResultCode: codeNotFound, ResultMsg: "Not found"})
		return
	}
	if err != nil {
		fail(c, err)
		return
	}
	c.Header("Cache-Control", "no-store")
	c.Header("Referrer-Policy", "no-referrer")
	c.Header("X-Content-Type-Options", "nosniff")
	c.Data(http.StatusOK, "image/png", img)
}

// pageResult writes the reference's PageResult shape (no envelope).
func pageResult(c *gin.Context, total int64, current, pageSize int, rows any) {
	c.JSON(http.StatusOK, gin.H{"total": total, "current": current, "pageSize": pageSize, "success": true, "data": rows})
}

// paging reads current (from 1) and pageSize (default 10, at most 100).
func paging(c *gin.Context) (int, int) {
	cur, _ := strconv.Atoi(c.Query("current"))
	size, _ := strconv.Atoi(c.Query("pageSize"))
	if cur < 1 {
		cur = 1
	}
	if size < 1 {
		size = 10
	}
	if size > 100 {
		size = 100
	}
	return cur, size
}

// bind decodes a JSON or form body into dst; a malformed body is a 400.
func bind(c *gin.Context, dst any) bool {
	if err := c.ShouldBind(dst); err != nil {
		reply(c, codeInvalid, "Invalid request: "+err.Error())
		return false
	}
	return true
}
