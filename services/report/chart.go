// Package report makes documents of a survey: the Word statistics report (cover, summary,
// per question a frequency table and its chart as an image), the questionnaire as a
// printable Word file, and PDF answer sheets with Chinese text and signatures. Charts are
// drawn here in Go with the chart types and the 15-colour palette of d/chart, text with a
// CJK TrueType font from Debian (fonts-droid-fallback).
package report

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"math"
	"os"
	"strconv"
	"sync"

	"golang.org/x/image/font"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
)

// Palette is d/chart's 15-colour palette (console/src/components/results/palette.ts; spec
// section 9: the theme colour #015AB4 first).
var Palette = []string{"#015AB4", "#2FC25B", "#FACC14", "#F04864", "#8543E0", "#13C2C2", "#FA8C16", "#1890FF",
	"#A0D911", "#EB2F96", "#3436C7", "#5D7092", "#F7664E", "#6DC8EC", "#9270CA"}

// Chart types of d/chart.
const (
	ChartColumn = "column"
	ChartBar    = "bar"
	ChartLine   = "line"
	ChartPie    = "pie"
)

// DefaultFont is the CJK TrueType font the Makefile installs (Debian fonts-droid-fallback);
// it has no Latin letters, which come from DefaultLatinFont (Debian fonts-dejavu-core).
const (
	DefaultFont      = "/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf"
	DefaultLatinFont = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
)

// Fonts loads the two TrueType fonts once: Latin first, CJK for what Latin lacks.
type Fonts struct {
	// Path is the CJK font, LatinPath the Latin one (defaults above).
	Path, LatinPath string
	once            sync.Once
	cjk, latin      *opentype.Font
	cjkRaw, latRaw  []byte
	err             error
}

func (fs *Fonts) load() error {
	fs.once.Do(func() {
		read := func(p, def, pkg string) ([]byte, *opentype.Font, error) {
			if p == "" {
				p = def
			}
			raw, err := os.ReadFile(p)
			if err != nil {
				return nil, nil, fmt.Errorf("the report font %s is missing (Debian package %s): %w", p, pkg, err)
			}
			f, err := opentype.Parse(raw)
			return raw, f, err
		}
		if fs.cjkRaw, fs.cjk, fs.err = read(fs.Path, DefaultFont, "fonts-droid-fallback"); fs.err != nil {
			return
		}
		fs.latRaw, fs.latin, fs.err = read(fs.LatinPath, DefaultLatinFont, "fonts-dejavu-core")
	})
	return fs.err
}

// TTF returns the font files' bytes (PDF embedding): Latin and CJK.
func (fs *Fonts) TTF() (latin, cjk []byte, err error) {
	if err := fs.load(); err != nil {
		return nil, nil, err
	}
	return fs.latRaw, fs.cjkRaw, nil
}

// HasLatin reports whether the Latin font draws r (else the CJK font does).
func (fs *Fonts) HasLatin(r rune) bool {
	if fs.load() != nil {
		return false
	}
	var b sfnt.Buffer
	i, err := fs.latin.GlyphIndex(&b, r)
	return err == nil && i != 0
}

// Face is a face of size points (96 DPI) drawing Latin runes with the Latin font and the rest
// with the CJK one (other images drawn in Go: share posters).
func (fs *Fonts) Face(size float64) (font.Face, error) { return fs.face(size) }

func (fs *Fonts) face(size float64) (font.Face, error) {
	if err := fs.load(); err != nil {
		return nil, err
	}
	o := &opentype.FaceOptions{Size: size, DPI: 96, Hinting: font.HintingFull}
	lat, err := opentype.NewFace(fs.latin, o)
	if err != nil {
		return nil, err
	}
	cjk, err := opentype.NewFace(fs.cjk, o)
	if err != nil {
		return nil, err
	}
	return &fallbackFace{Face: lat, cjk: cjk, fs: fs}, nil
}

// fallbackFace draws each rune with the Latin face when it has the glyph, else the CJK one.
type fallbackFace struct {
	font.Face
	cjk font.Face
	fs  *Fonts
}

func (f *fallbackFace) pick(r rune) font.Face {
	if f.fs.HasLatin(r) {
		return f.Face
	}
	return f.cjk
}

func (f *fallbackFace) Glyph(dot fixed.Point26_6, r rune) (image.Rectangle, image.Image, image.Point, fixed.Int26_6, bool) {
	return f.pick(r).Glyph(dot, r)
}

func (f *fallbackFace) GlyphBounds(r rune) (fixed.Rectangle26_6, fixed.Int26_6, bool) {
	return f.pick(r).GlyphBounds(r)
}

func (f *fallbackFace) GlyphAdvance(r rune) (fixed.Int26_6, bool) { return f.pick(r).GlyphAdvance(r) }

func (f *fallbackFace) Kern(r0, r1 rune) fixed.Int26_6 {
	if f.pick(r0) != f.pick(r1) {
		return 0
	}
	return f.pick(r0).Kern(r0, r1)
}

func hexColor(h string) color.RGBA {
	v, _ := strconv.ParseUint(h[1:], 16, 32)
	return color.RGBA{uint8(v >> 16), uint8(v >> 8), uint8(v), 255}
}

var (
	white = color.RGBA{255, 255, 255, 255}
	ink   = color.RGBA{38, 38, 38, 255}
	grid  = color.RGBA{230, 230, 230, 255}
)

// canvas is an RGBA image with text drawing.
type canvas struct {
	img  *image.RGBA
	face font.Face
}

func (c *canvas) rect(x0, y0, x1, y1 int, col color.Color) {
	draw.Draw(c.img, image.Rect(x0, y0, x1, y1), &image.Uniform{col}, image.Point{}, draw.Src)
}

func (c *canvas) textWidth(s string) int { return font.MeasureString(c.face, s).Ceil() }

// text draws s with its left baseline at (x, y), cut with "…" to at most maxW pixels.
func (c *canvas) text(s string, x, y, maxW int, col color.Color) {
	if maxW > 0 && c.textWidth(s) > maxW {
		r := []rune(s)
		for len(r) > 0 && c.textWidth(string(r)+"…") > maxW {
			r = r[:len(r)-1]
		}
		s = string(r) + "…"
	}
	d := font.Drawer{Dst: c.img, Src: &image.Uniform{col}, Face: c.face, Dot: fixed.P(x, y)}
	d.DrawString(s)
}

// Series is one chart's data: a label and a value per item (counts or averages).
type Series struct {
	Labels []string
	Values []float64
	// Percent, when set, is shown after each value (e.g. "12 (30%)").
	Percent []float64
}

func (s Series) label(i int) string {
	v := s.Values[i]
	txt := strconv.FormatFloat(v, 'f', -1, 64)
	if v != math.Trunc(v) {
		txt = strconv.FormatFloat(v, 'f', 2, 64)
	}
	if i < len(s.Percent) {
		txt += " (" + strconv.FormatFloat(s.Percent[i], 'f', -1, 64) + "%)"
	}
	return txt
}

// ErrNoData: a chart of nothing is not drawn.
var ErrNoData = errors.New("no data to chart")

// Chart draws a chart of kind (column, bar, line, pie) as a PNG of w x h pixels.
func (fs *Fonts) Chart(kind string, s Series, w, h int) ([]byte, error) {
	if len(s.Values) == 0 || len(s.Values) != len(s.Labels) {
		return nil, ErrNoData
	}
	face, err := fs.face(12)
	if err != nil {
		return nil, err
	}
	c := &canvas{img: image.NewRGBA(image.Rect(0, 0, w, h)), face: face}
	c.rect(0, 0, w, h, white)
	switch kind {
	case ChartPie:
		c.pie(s, w, h)
	case ChartBar:
		c.bars(s, w, h)
	case ChartLine:
		c.columns(s, w, h, true)
	default:
		c.columns(s, w, h, false)
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, c.img); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

func maxOf(v []float64) float64 {
	m := 0.0
	for _, x := range v {
		m = math.Max(m, x)
	}
	if m == 0 {
		return 1
	}
	return m
}

// columns draws vertical bars (or a line through the points) with labels under the axis.
func (c *canvas) columns(s Series, w, h int, line bool) {
	left, right, top, bottom := 52, 16, 24, 48
	pw, ph := w-left-right, h-top-bottom
	m := maxOf(s.Values)
	for i := 0; i <= 4; i++ { // grid lines
		y := top + ph - ph*i/4
		c.rect(left, y, w-right, y+1, grid)
		c.text(strconv.FormatFloat(math.Round(m*float64(i)/4*10)/10, 'f', -1, 64), 4, y+4, left-6, ink)
	}
	n := len(s.Values)
	slot := pw / n
	var prev image.Point
	for i, v := range s.Values {
		col := hexColor(Palette[i%len(Palette)])
		x0 := left + i*slot + slot/5
		x1 := left + (i+1)*slot - slot/5
		y := top + ph - int(float64(ph)*v/m)
		if line {
			col = hexColor(Palette[0])
			p := image.Point{(x0 + x1) / 2, y}
			if i > 0 {
				c.line(prev, p, col)
			}
			c.rect(p.X-3, p.Y-3, p.X+4, p.Y+4, col)
			prev = p
		} else {
			c.rect(x0, y, x1, top+ph, col)
		}
		lbl := s.label(i)
		c.text(lbl, (x0+x1)/2-c.textWidth(lbl)/2, y-6, slot, ink)
		c.text(s.Labels[i], left+i*slot+2, top+ph+18, slot-4, ink)
	}
	c.rect(left, top+ph, w-right, top+ph+1, ink)
}

// bars draws horizontal bars with their labels on the left.
func (c *canvas) bars(s Series, w, h int) {
	left, right, top, bottom := w/3, 90, 12, 12
	n := len(s.Values)
	slot := (h - top - bottom) / n
	m := maxOf(s.Values)
	for i, v := range s.Values {
		y0 := top + i*slot + slot/5
		y1 := top + (i+1)*slot - slot/5
		x1 := left + int(float64(w-left-right)*v/m)
		c.rect(left, y0, x1, y1, hexColor(Palette[i%len(Palette)]))
		c.text(s.Labels[i], 6, (y0+y1)/2+5, left-12, ink)
		c.text(s.label(i), x1+6, (y0+y1)/2+5, right-6, ink)
	}
	c.rect(left, top, left+1, h-bottom, ink)
}

// pie draws a pie with a legend on the right.
func (c *canvas) pie(s Series, w, h int) {
	r := min(h, w/2)/2 - 12
	cx, cy := r+16, h/2
	total := 0.0
	for _, v := range s.Values {
		total += v
	}
	if total == 0 {
		total = 1
	}
	// each pixel takes the colour of the slice its angle falls in
	ends := make([]float64, len(s.Values))
	acc := 0.0
	for i, v := range s.Values {
		acc += v / total
		ends[i] = acc * 2 * math.Pi
	}
	for y := cy - r; y <= cy+r; y++ {
		for x := cx - r; x <= cx+r; x++ {
			dx, dy := float64(x-cx), float64(y-cy)
			if dx*dx+dy*dy > float64(r*r) {
				continue
			}
			a := math.Atan2(dx, -dy) // clockwise from 12 o'clock
			if a < 0 {
				a += 2 * math.Pi
			}
			for i, e := range ends {
				if a <= e {
					c.img.Set(x, y, hexColor(Palette[i%len(Palette)]))
					break
				}
			}
		}
	}
	lx := cx + r + 24
	for i := range s.Values {
		y := 20 + i*20
		if y > h-8 {
			break
		}
		c.rect(lx, y-10, lx+12, y+2, hexColor(Palette[i%len(Palette)]))
		c.text(s.Labels[i]+"  "+s.label(i), lx+18, y, w-lx-24, ink)
	}
}

// line draws a 2-pixel line from a to b.
func (c *canvas) line(a, b image.Point, col color.Color) {
	steps := max(abs(b.X-a.X), abs(b.Y-a.Y), 1)
	for i := 0; i <= steps; i++ {
		x := a.X + (b.X-a.X)*i/steps
		y := a.Y + (b.Y-a.Y)*i/steps
		c.rect(x, y, x+2, y+2, col)
	}
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}
