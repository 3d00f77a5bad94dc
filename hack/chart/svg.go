package main

import (
	"encoding/xml"
	"fmt"
	"strings"
)

// svgBuilder writes SVG elements with fixed number formatting.
type svgBuilder struct{ strings.Builder }

func (b *svgBuilder) open(width, height float64) {
	fmt.Fprintf(b, `<svg xmlns="http://www.w3.org/2000/svg" width="%.0f" height="%.0f" viewBox="0 0 %.0f %.0f" font-family="sans-serif">`+"\n", width, height, width, height)
	fmt.Fprintf(b, `<rect width="100%%" height="100%%" fill="#fff"/>`+"\n")
}

func (b *svgBuilder) close() { b.WriteString("</svg>\n") }

func (b *svgBuilder) rect(x, y, w, h float64, fill string) {
	fmt.Fprintf(b, `<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="%s"/>`+"\n", x, y, w, h, fill)
}

func (b *svgBuilder) frame(x, y, w, h float64, stroke string) {
	fmt.Fprintf(b, `<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="none" stroke="%s" rx="6"/>`+"\n", x, y, w, h, stroke)
}

func (b *svgBuilder) line(x1, y1, x2, y2 float64, stroke string) {
	fmt.Fprintf(b, `<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="%s"/>`+"\n", x1, y1, x2, y2, stroke)
}

func (b *svgBuilder) text(x, y, size float64, anchor, weight, s string) {
	fmt.Fprintf(b, `<text x="%.1f" y="%.1f" font-size="%.0f" text-anchor="%s" font-weight="%s">%s</text>`+"\n", x, y, size, anchor, weight, escape(s))
}

// code writes lines of monospace text, the first at y.
func (b *svgBuilder) code(x, y, size float64, fill string, lines []string) {
	for i, l := range lines {
		fmt.Fprintf(b, `<text x="%.1f" y="%.1f" font-size="%.0f" font-family="monospace" fill="%s" xml:space="preserve">%s</text>`+"\n", x, y+float64(i)*(size+4), size, fill, escape(l))
	}
}

func escape(s string) string {
	var b strings.Builder
	xml.EscapeText(&b, []byte(s))
	return b.String()
}
