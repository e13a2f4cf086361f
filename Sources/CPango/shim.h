// Pango (through pangocairo) and HarfBuzz's OpenType metrics, imported only by the Render
// module's `PangoTextLayout`.
//
// Why a module of its own: Pango shapes and breaks `Text` into lines (UAX #14 word wrap, font
// fallback, HarfBuzz shaping) and draws glyphs with cairo, which libvips already links; its
// functions take fixed arguments, so Swift calls them directly and this header needs no wrappers.
// HarfBuzz is included for one value Pango does not expose: the font's cap height.
// Keeping it apart from CCairo keeps the shape rasterizer free of fonts.
#ifndef IMGFRAME_CPANGO_SHIM_H
#define IMGFRAME_CPANGO_SHIM_H

#include <pango/pangocairo.h>
#include <hb-ot.h>

#endif
