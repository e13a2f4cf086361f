// cairo, Pango (through pangocairo) and HarfBuzz's OpenType metrics: the C APIs the Render module
// draws paths and text with, imported only by `ShapeRasterizer` and `PangoTextLayout`.
//
// Why one module: pangocairo's header includes cairo's, and two Clang modules that both include
// cairo.h each get a copy of its declarations; an optimized (whole-module) build then finds cairo's
// constants in neither. Their functions take fixed arguments, so Swift calls them directly and this
// header needs no wrappers; libvips already links cairo and Pango. HarfBuzz is included for one value
// Pango does not expose: a font's cap height.
#ifndef IMGFRAME_CCAIRO_SHIM_H
#define IMGFRAME_CCAIRO_SHIM_H

#include <cairo.h>
#include <pango/pangocairo.h>
#include <hb-ot.h>

#endif
