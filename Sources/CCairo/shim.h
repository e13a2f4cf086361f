// cairo (image and PDF surfaces), Pango (through pangocairo), HarfBuzz's OpenType metrics, fontconfig
// and librsvg: the C APIs the Render module draws paths, text and symbol icons with, imported only by
// Render's cairo surfaces (`CairoMask`, `CairoImage` in `Render/Drawing`), shapes (`Render/Shapes`),
// blend modes and effect groups (`Render/Effects`), text (`Render/Text`), `SymbolRasterizer` and the
// PDF writer (`Render/PDF`).
//
// Why one module: pangocairo's header includes cairo's, and two Clang modules that both include
// cairo.h each get a copy of its declarations; an optimized (whole-module) build then finds cairo's
// constants in neither. Their functions take fixed arguments, so Swift calls them directly and this
// header needs no wrappers; libvips already links cairo and Pango. HarfBuzz is included for one value
// Pango does not expose: a font's cap height.
#ifndef IMGFRAME_CCAIRO_SHIM_H
#define IMGFRAME_CCAIRO_SHIM_H

#include <cairo.h>
#include <cairo-pdf.h>
#include <pango/pangocairo.h>
#include <hb-ot.h>
// Why fontconfig: brand fonts (the `fonts` setting) are added to a fontconfig configuration of the
// process's own (`FcConfigAppFontAddDir`), never installed system-wide; Pango finds fonts through
// fontconfig, which pangocairo already links. Its calls take fixed arguments: no wrappers needed.
#include <fontconfig/fontconfig.h>

// librsvg draws the bundled symbol icons (Bootstrap Icons SVGs) into a cairo context. Its header
// cannot be included here: rsvg.h includes gdk-pixbuf's, and neither include directory is on the
// pkg-config path of this module (a system library takes one pkg-config name, pangocairo). So the
// two calls the renderer makes are declared as librsvg 2.54 declares them (stable since 2.46), and
// the module links librsvg-2. Only trusted files from the icon folder are ever parsed.
typedef struct _RsvgHandle RsvgHandle;
typedef struct _RsvgRectangle {
    double x;
    double y;
    double width;
    double height;
} RsvgRectangle;
RsvgHandle *rsvg_handle_new_from_data(const guint8 *data, gsize data_len, GError **error);
gboolean rsvg_handle_render_document(RsvgHandle *handle, cairo_t *cr, const RsvgRectangle *viewport, GError **error);

#endif
