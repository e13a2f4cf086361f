import Layout

/// The plan as JSON, with the field names of `expected` in `layout-vectors.json` (`root_size`,
/// `canvas_px`, `images[]`, `borders[]`) plus `fills[]` and a few pixel-level extras for renderers, and
/// the names of `expected` in `views-vectors.json` (`leaves[]`, `effects[]`, `nodes{}`).
extension RenderPlan {
    public var json: JSONValue {
        .object(
            [
                ("root_size", .size(rootSize)),
                ("scale", .number(scale)),
                ("canvas_px", .array([.number(Double(canvas.width)), .number(Double(canvas.height))])),
                ("images", .array(images.map(\.json))),
                ("fills", .array(fills.map(\.json))),
                ("borders", .array(borders.map(\.json))),
                ("leaves", .array(leaves.map(\.json))),
                ("effects", .array(effects.map(\.json))),
                ("nodes", .object(identified.map { ($0.id, .rect($0.rect)) })),
            ] + (loggedSizes.isEmpty ? [] : [("log_sizes", .array(loggedSizes.map(\.json)))]))
    }
}

extension LoggedSizes {
    /// `{"label": …, "proposed": [w|null, h|null], "size": [w, h]}`: `null` is an unspecified dimension (`nil` in SwiftUI).
    var json: JSONValue {
        .object([
            ("label", .string(label)),
            ("proposed", .array([proposal.width.map(JSONValue.measure) ?? .null, proposal.height.map(JSONValue.measure) ?? .null])),
            ("size", .size(size)),
        ])
    }
}

extension LayoutError {
    /// `{"root_size": …, "error": code, "message": …}`, as the vectors write an unrenderable layout.
    public var json: JSONValue {
        var members: [(String, JSONValue)] = []
        if let rootSize { members.append(("root_size", .size(rootSize))) }
        members.append(("error", .string(code)))
        members.append(("message", .string(description)))
        return .object(members)
    }
}

extension ImagePaint {
    var json: JSONValue {
        var members: [(String, JSONValue)] = [
            ("image", .string(ref.name(primary: "primary"))),
            ("image_rect", .rect(placement.rect)),
            ("image_rect_rounded", .rect(placement.roundedRect)),
            ("image_rect_px", .pixelRect(placement.pixelRect)),
            ("visible_image_rect_px", placement.visiblePixelRect.map(JSONValue.pixelRect) ?? .null),
            ("clip_rect", placement.clipRect.map(JSONValue.rect) ?? .null),
            ("interpolation", .string(interpolation.rawValue)),
        ]
        if let focus { members.append(("focus", .point(focus))) }
        switch content {
        case .stretch: members.append(("content", .string("stretch")))
        case .tile(let grid):
            members.append(("content", .string("tile")))
            members.append(("tile", grid.json))
        case .nineSlice(let slice):
            members.append(("content", .string("nine_slice")))
            members.append(("nine_slice", slice.json))
        }
        return .object(members)
    }
}

extension FillPaint {
    var json: JSONValue {
        .object([("paint", paint.json)] + placement.shapeMembers)
    }
}

extension BorderPaint {
    var json: JSONValue {
        .object(
            [("rect", .rect(placement.roundedRect)), ("width", .number(width)), ("style", paint.json)]
                + placement.shapeMembers.dropFirst()
                + [("inner_rect_px", innerPixelRect.map(JSONValue.pixelRect) ?? .null)])
    }
}

extension Placement {
    /// `rect`, `rect_px`, `visible_rect_px`, `clip_rect` for fills and borders.
    var shapeMembers: [(String, JSONValue)] {
        [
            ("rect", .rect(roundedRect)),
            ("rect_px", .pixelRect(pixelRect)),
            ("visible_rect_px", visiblePixelRect.map(JSONValue.pixelRect) ?? .null),
            ("clip_rect", clipRect.map(JSONValue.rect) ?? .null),
        ]
    }
}

extension TileGrid {
    var json: JSONValue {
        .object([
            ("origin", .point(origin)),
            ("tile_size", .size(tileSize)),
            ("columns", .number(Double(columns.count))),
            ("rows", .number(Double(rows.count))),
            ("last_column_width", .number(columns.lastLength)),
            ("last_row_height", .number(rows.lastLength)),
        ])
    }
}

extension NineSlice {
    var json: JSONValue {
        let numbers: ([Double]) -> JSONValue = { .array($0.map(JSONValue.number)) }
        var members: [(String, JSONValue)] = [
            ("mode", .string(mode.rawValue)),
            ("dest_columns", numbers(destinationColumns)),
            ("dest_rows", numbers(destinationRows)),
            ("dest_columns_px", numbers(destinationColumnsPx.map(Double.init))),
            ("dest_rows_px", numbers(destinationRowsPx.map(Double.init))),
            ("src_columns_px", numbers(sourceColumnsPx)),
            ("src_rows_px", numbers(sourceRowsPx)),
        ]
        if let tiles {
            let (c, r) = (destinationColumns, destinationRows)
            let point: (Double, Double) -> JSONValue = { .point(Point(x: $0, y: $1)) }
            let count: (TileRun) -> JSONValue = { .number(Double($0.count)) }
            members += [
                (
                    "centre_tiles",
                    .object([
                        ("origin", point(c[1], r[1])), ("tile_size", .size(tiles.tileSize)),
                        ("columns", count(tiles.columns)), ("rows", count(tiles.rows)),
                    ])
                ),
                ("top_edge_tiles", .object([("origin", point(c[1], r[0])), ("columns", count(tiles.columns))])),
                ("bottom_edge_tiles", .object([("origin", point(c[1], r[2])), ("columns", count(tiles.columns))])),
                ("left_edge_tiles", .object([("origin", point(c[0], r[1])), ("rows", count(tiles.rows))])),
                ("right_edge_tiles", .object([("origin", point(c[2], r[1])), ("rows", count(tiles.rows))])),
            ]
        }
        return .object(members)
    }
}

extension Paint {
    var json: JSONValue {
        switch self {
        case .color(let color): .string(color.jsonName)
        case .linearGradient(let gradient):
            .object([
                ("linear_gradient", .array(gradient.colors.map { .string($0.jsonName) })),
                ("start", .point(Point(x: gradient.startPoint.x, y: gradient.startPoint.y))),
                ("end", .point(Point(x: gradient.endPoint.x, y: gradient.endPoint.y))),
            ])
        case .radialGradient(let g):
            .object([
                ("radial_gradient", .array(g.colors.map { .string($0.jsonName) })), ("center", .point(Point(x: g.center.x, y: g.center.y))),
                ("start_radius", .number(g.startRadius)), ("end_radius", .number(g.endRadius)),
            ])
        case .ellipticalGradient(let g):
            .object([
                ("elliptical_gradient", .array(g.colors.map { .string($0.jsonName) })), ("center", .point(Point(x: g.center.x, y: g.center.y))),
                ("start_radius_fraction", .number(g.startRadiusFraction)), ("end_radius_fraction", .number(g.endRadiusFraction)),
            ])
        case .angularGradient(let g):
            .object([
                ("angular_gradient", .array(g.colors.map { .string($0.jsonName) })), ("center", .point(Point(x: g.center.x, y: g.center.y))),
                ("start_angle", .number(g.startAngle)), ("end_angle", .number(g.endAngle)),
            ])
        }
    }
}

extension RGBAColor {
    /// The SwiftUI name when there is one, else `#rrggbbaa`.
    var jsonName: String {
        NamedColors.name(of: self) ?? hexString(alphaWhenOpaque: true)
    }
}

extension JSONValue {
    static func size(_ s: Size) -> JSONValue { .array([.measure(s.width), .measure(s.height)]) }
    static func point(_ p: Point) -> JSONValue { .array([.number(p.x), .number(p.y)]) }
    static func rect(_ r: Rect) -> JSONValue { .array([r.x, r.y, r.width, r.height].map(JSONValue.measure)) }
    static func pixelRect(_ r: PixelRect) -> JSONValue {
        .array([r.x, r.y, r.width, r.height].map { .number(Double($0)) })
    }
}
