package poster

import (
	"bytes"
	"context"
	"errors"
	"image"
	"image/color"
	"image/draw"
	_ "image/jpeg" // covers may be JPG
	"image/png"
	"io"
	"math"
	"strings"

	"encoding/json"

	xdraw "golang.org/x/image/draw"
	"golang.org/x/image/font"
	"golang.org/x/image/math/fixed"
	"gorm.io/gorm"
	"rsc.io/qr"

	"dwsurvey/models"
	"dwsurvey/services/account"
	surveysvc "dwsurvey/services/survey"
	"dwsurvey/survey"
)

// Poster width and largest height in pixels (a phone screen at 2x).
const (
	Width    = 750
	Height   = 1200
	margin   = 40
	coverMax = 420
	qrBox    = 400
)

// SampleTitle is the title of the admin preview (no survey).
const SampleTitle = "Customer satisfaction survey 2026 · 客户满意度调查"

// Render draws the share poster of a survey the caller may see with the template templateID
// (empty: the default template, else the newest enabled one, else DefaultLayout). The QR code
// holds the survey's answer link on base. A disabled or unknown template is "not found".
func (s *Service) Render(ctx context.Context, p *account.Principal, surveyID, templateID, base string) ([]byte, error) {
	sv, err := s.Survey.Check(ctx, p, surveyID, surveysvc.NeedAny)
	if err != nil {
		return nil, err
	}
	l, err := s.layoutFor(ctx, templateID)
	if err != nil {
		return nil, err
	}
	// the title is shown outside the answer page: placeholders show their fallbacks
	title := survey.RenderPiped(survey.PlainText(sv.Title), &survey.Survey{}, nil, nil)
	return s.draw(ctx, l, title, s.AnswerURL(base, sv.Sid))
}

// Preview draws a template (or an unsaved layout) with a sample title and link (admin page).
func (s *Service) Preview(ctx context.Context, a Actor, templateID string, l *Layout, base string) ([]byte, error) {
	var lay Layout
	if l != nil {
		lay = *l
		var keep string
		if templateID != "" {
			if t, err := s.store().ByID(ctx, templateID); err == nil {
				var cur Layout
				_ = json.Unmarshal([]byte(t.Layout), &cur)
				keep = cur.CoverID
			}
		}
		if err := s.checkLayout(ctx, a, &lay, keep); err != nil {
			return nil, err
		}
	} else {
		t, err := s.store().ByID(ctx, templateID)
		if err != nil {
			return nil, err
		}
		_ = json.Unmarshal([]byte(t.Layout), &lay)
	}
	return s.draw(ctx, lay, SampleTitle, strings.TrimRight(base, "/")+"/v8/diaowen/an/sample")
}

func (s *Service) layoutFor(ctx context.Context, templateID string) (Layout, error) {
	var t models.PosterTemplate
	q := s.DB.WithContext(ctx).Where("status = ?", models.StateEnabled)
	var err error
	if id := strings.TrimSpace(templateID); id != "" {
		err = q.Where("id = ?", id).Take(&t).Error
		if errors.Is(err, gorm.ErrRecordNotFound) {
			return Layout{}, models.ErrNotFound
		}
	} else {
		err = q.Order("is_default DESC, updated_at DESC").Take(&t).Error
		if errors.Is(err, gorm.ErrRecordNotFound) {
			return DefaultLayout, nil
		}
	}
	if err != nil {
		return Layout{}, err
	}
	var l Layout
	if err := json.Unmarshal([]byte(t.Layout), &l); err != nil {
		return DefaultLayout, nil
	}
	return l, nil
}

// cover reads and decodes the cover upload; a missing or unreadable cover is left out.
func (s *Service) cover(ctx context.Context, id string) image.Image {
	if id == "" || s.Blob == nil {
		return nil
	}
	var f models.UploadFile
	if err := s.DB.WithContext(ctx).Where("id = ?", id).Take(&f).Error; err != nil {
		return nil
	}
	rc, _, err := s.Blob.Get(ctx, f.BlobKey)
	if err != nil {
		return nil
	}
	defer rc.Close()
	data, err := io.ReadAll(io.LimitReader(rc, MaxCoverBytes+1))
	if err != nil || len(data) > MaxCoverBytes {
		return nil
	}
	cfg, _, err := image.DecodeConfig(bytes.NewReader(data))
	if err != nil || cfg.Width*cfg.Height > MaxCoverPixels || cfg.Width == 0 || cfg.Height == 0 {
		return nil
	}
	img, _, err := image.Decode(bytes.NewReader(data))
	if err != nil {
		return nil
	}
	return img
}

func (s *Service) draw(ctx context.Context, l Layout, title, link string) ([]byte, error) {
	if l.BgColor == "" {
		l.BgColor = DefaultLayout.BgColor
	}
	if l.TextColor == "" {
		l.TextColor = DefaultLayout.TextColor
	}
	bg, fg := hexColor(l.BgColor), hexColor(l.TextColor)
	img := image.NewRGBA(image.Rect(0, 0, Width, Height))
	draw.Draw(img, img.Bounds(), &image.Uniform{bg}, image.Point{}, draw.Src)
	y := margin + 20
	if c := s.cover(ctx, l.CoverID); c != nil {
		b := c.Bounds()
		h := int(math.Round(float64(b.Dy()) * Width / float64(b.Dx())))
		if h > coverMax {
			h = coverMax
		}
		// cover-fit: scale to the poster width, crop the middle to at most coverMax high
		srcH := int(math.Round(float64(h) * float64(b.Dx()) / Width))
		src := image.Rect(b.Min.X, b.Min.Y+(b.Dy()-srcH)/2, b.Max.X, b.Min.Y+(b.Dy()-srcH)/2+srcH)
		xdraw.CatmullRom.Scale(img, image.Rect(0, 0, Width, h), c, src, xdraw.Src, nil)
		y = h + margin
	}
	titleFace, err := s.Fonts.Face(30)
	if err != nil {
		return nil, err
	}
	textFace, err := s.Fonts.Face(18)
	if err != nil {
		return nil, err
	}
	if strings.TrimSpace(title) == "" {
		title = "—"
	}
	for _, line := range wrap(titleFace, title, Width-2*margin, 3) {
		y += lineHeight(titleFace)
		drawText(img, titleFace, line, margin, y, fg)
	}
	if l.Subtitle != "" {
		y += 12
		for _, line := range wrap(textFace, l.Subtitle, Width-2*margin, 2) {
			y += lineHeight(textFace)
			drawText(img, textFace, line, margin, y, fg)
		}
	}
	// the QR code on a white square (quiet zone included), centred below the texts
	y += 40
	if max := Height - qrBox - 110; y > max {
		y = max
	}
	x0 := (Width - qrBox) / 2
	draw.Draw(img, image.Rect(x0, y, x0+qrBox, y+qrBox), &image.Uniform{color.White}, image.Point{}, draw.Src)
	code, err := qr.Encode(link, qr.M)
	if err != nil {
		return nil, err
	}
	mod := (qrBox - 40) / code.Size
	off := (qrBox - mod*code.Size) / 2
	for cy := 0; cy < code.Size; cy++ {
		for cx := 0; cx < code.Size; cx++ {
			if code.Black(cx, cy) {
				r := image.Rect(x0+off+cx*mod, y+off+cy*mod, x0+off+(cx+1)*mod, y+off+(cy+1)*mod)
				draw.Draw(img, r, &image.Uniform{color.Black}, image.Point{}, draw.Src)
			}
		}
	}
	y += qrBox + 30
	if l.Footer != "" {
		for _, line := range wrap(textFace, l.Footer, Width-2*margin, 1) {
			y += lineHeight(textFace)
			w := font.MeasureString(textFace, line).Ceil()
			drawText(img, textFace, line, (Width-w)/2, y, fg)
		}
	}
	// the poster ends below its last line
	var buf bytes.Buffer
	if err := png.Encode(&buf, img.SubImage(image.Rect(0, 0, Width, min(Height, y+2*margin)))); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

func lineHeight(f font.Face) int { return f.Metrics().Height.Ceil() + 8 }

func drawText(img *image.RGBA, f font.Face, s string, x, y int, col color.Color) {
	d := font.Drawer{Dst: img, Src: &image.Uniform{col}, Face: f, Dot: fixed.P(x, y)}
	d.DrawString(s)
}

// wrap breaks s into at most n lines of at most w pixels (by rune: CJK has no spaces); the
// last line ends with "…" when text is left over.
func wrap(f font.Face, s string, w, n int) []string {
	var lines []string
	rs := []rune(strings.Join(strings.Fields(s), " "))
	for len(rs) > 0 && len(lines) < n {
		i := 1
		for i < len(rs) && font.MeasureString(f, string(rs[:i+1])).Ceil() <= w {
			i++
		}
		// prefer breaking at a space when the line is cut inside a word
		if i < len(rs) {
			if sp := strings.LastIndex(string(rs[:i]), " "); sp > 0 {
				i = len([]rune(string(rs[:i])[:sp])) + 1
			}
		}
		line := strings.TrimSpace(string(rs[:i]))
		rs = rs[i:]
		if len(lines) == n-1 && len(rs) > 0 {
			lr := []rune(line)
			for len(lr) > 0 && font.MeasureString(f, string(lr)+"…").Ceil() > w {
				lr = lr[:len(lr)-1]
			}
			line = string(lr) + "…"
		}
		lines = append(lines, line)
	}
	return lines
}

func hexColor(h string) color.RGBA {
	h = strings.TrimPrefix(strings.TrimSpace(h), "#")
	var v [3]uint8
	if len(h) == 6 {
		for i := 0; i < 3; i++ {
			var b uint8
			for _, c := range h[2*i : 2*i+2] {
				b <<= 4
				switch {
				case c >= '0' && c <= '9':
					b |= uint8(c - '0')
				case c >= 'a' && c <= 'f':
					b |= uint8(c-'a') + 10
				case c >= 'A' && c <= 'F':
					b |= uint8(c-'A') + 10
				}
			}
			v[i] = b
		}
	}
	return color.RGBA{v[0], v[1], v[2], 255}
}

// contrast is the WCAG contrast ratio of two colours.
func contrast(a, b color.RGBA) float64 {
	lum := func(c color.RGBA) float64 {
		ch := func(v uint8) float64 {
			x := float64(v) / 255
			if x <= 0.03928 {
				return x / 12.92
			}
			return math.Pow((x+0.055)/1.055, 2.4)
		}
		return 0.2126*ch(c.R) + 0.7152*ch(c.G) + 0.0722*ch(c.B)
	}
	la, lb := lum(a), lum(b)
	if la < lb {
		la, lb = lb, la
	}
	return (la + 0.05) / (lb + 0.05)
}
