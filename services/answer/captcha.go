package answer

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"image"
	"image/color"
	"image/png"
	"math/big"
	"strings"
	"time"

	"dwsurvey/models"
)

// captchaAlphabet is the 62-character random-code alphabet of the spec.
const captchaAlphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"

const (
	captchaLen = 4
	captchaTTL = 10 * time.Minute
)

func randIndex(n int) int {
	v, _ := rand.Int(rand.Reader, big.NewInt(int64(n)))
	return int(v.Int64())
}

func randomHex(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

func newCaptchaCode() string {
	b := make([]byte, captchaLen)
	for i := range b {
		b[i] = captchaAlphabet[randIndex(len(captchaAlphabet))]
	}
	return string(b)
}

// newCaptchaSession stores a fresh challenge and returns its session code.
func (s *Service) newCaptchaSession(ctx context.Context, surveyID string) (string, error) {
	c := models.AnswerCaptcha{SessionCode: randomHex(16), SurveyID: surveyID, CodeHash: sha(strings.ToLower(newCaptchaCode())),
		ExpiresAt: s.now().Add(captchaTTL), CreatedAt: s.now()}
	if err := s.DB.WithContext(ctx).Create(&c).Error; err != nil {
		return "", err
	}
	return c.SessionCode, nil
}

// captchaGate is gate 12: nil when the sent code is right (it is consumed by the save).
func (s *Service) captchaGate(ctx context.Context, surveyID string, in GateInput) (*Check, error) {
	fresh := func(code int, msg string) (*Check, error) {
		sc, err := s.newCaptchaSession(ctx, surveyID)
		if err != nil {
			return nil, err
		}
		c := refuse(code, msg)
		c.ShowCaptcha, c.SessionCode = true, sc
		return c, nil
	}
	if !in.Submit || strings.TrimSpace(in.CaptchaCode) == "" || strings.TrimSpace(in.SessionCode) == "" {
		return fresh(409, "Please enter the verification code")
	}
	var c models.AnswerCaptcha
	err := s.DB.WithContext(ctx).Where("session_code = ?", in.SessionCode).Take(&c).Error
	good := err == nil && c.SurveyID == surveyID && !c.Used && s.now().Before(c.ExpiresAt) &&
		constEq(c.CodeHash, sha(strings.ToLower(strings.TrimSpace(in.CaptchaCode))))
	if !good {
		// a wrong try burns the challenge (no guessing on one image)
		if err := s.DB.WithContext(ctx).Model(&models.AnswerCaptcha{}).Where("session_code = ?", in.SessionCode).
			Update("used", true).Error; err != nil {
			return nil, err
		}
		return fresh(410, "Wrong verification code, please try again")
	}
	return nil, nil
}

// CaptchaImage draws a new code for an open session and returns it as PNG.
// models.ErrNotFound for unknown, used or expired sessions.
func (s *Service) CaptchaImage(ctx context.Context, sessionCode string) ([]byte, error) {
	s.init()
	code := newCaptchaCode()
	res := s.DB.WithContext(ctx).Model(&models.AnswerCaptcha{}).
		Where("session_code = ? AND used = ? AND expires_at > ?", sessionCode, false, s.now()).
		Updates(map[string]any{"code_hash": sha(strings.ToLower(code)), "expires_at": s.now().Add(captchaTTL)})
	if res.Error != nil {
		return nil, res.Error
	}
	if res.RowsAffected == 0 {
		return nil, models.ErrNotFound
	}
	return renderCaptcha(code), nil
}

// CaptchaCodeForTest returns a code that is set on the session (tests only: it redraws it).
func (s *Service) CaptchaCodeForTest(ctx context.Context, sessionCode string) (string, error) {
	s.init()
	code := newCaptchaCode()
	res := s.DB.WithContext(ctx).Model(&models.AnswerCaptcha{}).Where("session_code = ?", sessionCode).
		Update("code_hash", sha(strings.ToLower(code)))
	if res.Error != nil || res.RowsAffected == 0 {
		return "", models.ErrNotFound
	}
	return code, nil
}

// glyphs is a 5x7 bitmap font for A-Z and 0-9 (codes are drawn upper-case; the check
// ignores case).
var glyphs = map[byte][7]string{
	'A': {"01110", "10001", "10001", "11111", "10001", "10001", "10001"},
	'B': {"11110", "10001", "10001", "11110", "10001", "10001", "11110"},
	'C': {"01110", "10001", "10000", "10000", "10000", "10001", "01110"},
	'D': {"11110", "10001", "10001", "10001", "10001", "10001", "11110"},
	'E': {"11111", "10000", "10000", "11110", "10000", "10000", "11111"},
	'F': {"11111", "10000", "10000", "11110", "10000", "10000", "10000"},
	'G': {"01110", "10001", "10000", "10111", "10001", "10001", "01111"},
	'H': {"10001", "10001", "10001", "11111", "10001", "10001", "10001"},
	'I': {"01110", "00100", "00100", "00100", "00100", "00100", "01110"},
	'J': {"00111", "00010", "00010", "00010", "00010", "10010", "01100"},
	'K': {"10001", "10010", "10100", "11000", "10100", "10010", "10001"},
	'L': {"10000", "10000", "10000", "10000", "10000", "10000", "11111"},
	'M': {"10001", "11011", "10101", "10101", "10001", "10001", "10001"},
	'N': {"10001", "10001", "11001", "10101", "10011", "10001", "10001"},
	'O': {"01110", "10001", "10001", "10001", "10001", "10001", "01110"},
	'P': {"11110", "10001", "10001", "11110", "10000", "10000", "10000"},
	'Q': {"01110", "10001", "10001", "10001", "10101", "10010", "01101"},
	'R': {"11110", "10001", "10001", "11110", "10100", "10010", "10001"},
	'S': {"01111", "10000", "10000", "01110", "00001", "00001", "11110"},
	'T': {"11111", "00100", "00100", "00100", "00100", "00100", "00100"},
	'U': {"10001", "10001", "10001", "10001", "10001", "10001", "01110"},
	'V': {"10001", "10001", "10001", "10001", "10001", "01010", "00100"},
	'W': {"10001", "10001", "10001", "10101", "10101", "10101", "01010"},
	'X': {"10001", "10001", "01010", "00100", "01010", "10001", "10001"},
	'Y': {"10001", "10001", "01010", "00100", "00100", "00100", "00100"},
	'Z': {"11111", "00001", "00010", "00100", "01000", "10000", "11111"},
	'0': {"01110", "10001", "10011", "10101", "11001", "10001", "01110"},
	'1': {"00100", "01100", "00100", "00100", "00100", "00100", "01110"},
	'2': {"01110", "10001", "00001", "00010", "00100", "01000", "11111"},
	'3': {"11111", "00010", "00100", "00010", "00001", "10001", "01110"},
	'4': {"00010", "00110", "01010", "10010", "11111", "00010", "00010"},
	'5': {"11111", "10000", "11110", "00001", "00001", "10001", "01110"},
	'6': {"00110", "01000", "10000", "11110", "10001", "10001", "01110"},
	'7': {"11111", "00001", "00010", "00100", "01000", "01000", "01000"},
	'8': {"01110", "10001", "10001", "01110", "10001", "10001", "01110"},
	'9': {"01110", "10001", "10001", "01111", "00001", "00010", "01100"},
}

// renderCaptcha draws code on a 160x50 image with noise, using only the standard library.
func renderCaptcha(code string) []byte {
	const w, h, scale = 160, 50, 5
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	bg := color.RGBA{245, 245, 240, 255}
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			img.Set(x, y, bg)
		}
	}
	for i := 0; i < 300; i++ { // speckles
		img.Set(randIndex(w), randIndex(h), color.RGBA{uint8(120 + randIndex(100)), uint8(120 + randIndex(100)), uint8(120 + randIndex(100)), 255})
	}
	up := strings.ToUpper(code)
	for i := 0; i < len(up); i++ {
		g, ok := glyphs[up[i]]
		if !ok {
			continue
		}
		col := color.RGBA{uint8(randIndex(90)), uint8(randIndex(90)), uint8(60 + randIndex(120)), 255}
		ox, oy := 14+i*36+randIndex(6), 6+randIndex(8)
		for r, line := range g {
			for c := 0; c < 5; c++ {
				if line[c] != '1' {
					continue
				}
				shift := (r * (randIndex(3) - 1)) / 3 // slight slant
				for dy := 0; dy < scale; dy++ {
					for dx := 0; dx < scale; dx++ {
						img.Set(ox+c*scale+dx+shift, oy+r*scale+dy, col)
					}
				}
			}
		}
	}
	for l := 0; l < 3; l++ { // lines across
		y0, y1 := randIndex(h), randIndex(h)
		lc := color.RGBA{uint8(randIndex(160)), uint8(randIndex(160)), uint8(randIndex(160)), 255}
		for x := 0; x < w; x++ {
			img.Set(x, y0+(y1-y0)*x/w, lc)
		}
	}
	var buf bytes.Buffer
	_ = png.Encode(&buf, img)
	return buf.Bytes()
}
