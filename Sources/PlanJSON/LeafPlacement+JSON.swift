import Layout

/// The plan's view-tree report as JSON, with the field names of `views-vectors.json`.
extension LeafPlacement {
    /// `kind`, `id`, `rect` (drawn), `rect_px`, `layout_rect` when offset, `opacity`, `drawn`, and the
    /// shape fields of views spec §5 (`corner_radius`, `diameter`, `line_width`…) where they apply.
    var json: JSONValue {
        var members: [(String, JSONValue)] = [("kind", .string(kind.rawValue))]
        if let id { members.append(("id", .string(id))) }
        members += [("rect", .rect(rect)), ("rect_px", .pixelRect(pixelRect))]
        if layoutRect != rect { members.append(("layout_rect", .rect(layoutRect))) }
        members += [("opacity", .number(opacity)), ("drawn", .bool(isDrawn))]
        if let shape { members += shape.shapeMembers }
        switch drawing {
        case .stroke(let w)?:
            members += [("line_width", .number(w)), ("stroke_centerline_inset", .number(0))]
            members += shape?.cornerRadius.map { [("stroke_corner_radius", .number($0))] } ?? []
        case .strokeBorder(let w)?:
            members += [("line_width", .number(w)), ("stroke_centerline_inset", .number(w / 2))]
            members += shape?.inset(by: w / 2).cornerRadius.map { [("stroke_corner_radius", .number($0))] } ?? []
        case .fill?, nil:
            break
        }
        return .object(members)
    }
}

extension ResolvedShape {
    /// The corner radius of a rounded outline (its horizontal radius), `nil` for other outlines.
    var cornerRadius: Double? {
        if case .roundedRectangle(let corner, _) = outline { corner.width } else { nil }
    }

    /// `corner_radius`/`corner_size`/`corner_style` for rounded outlines, `diameter` and `circle`
    /// (the disc's square) for circular ones, `ellipse` for the others.
    var shapeMembers: [(String, JSONValue)] {
        switch outline {
        case .rectangle:
            return []
        case let .roundedRectangle(corner, style):
            return [
                ("corner_radius", .number(corner.width)), ("corner_size", .size(corner)),
                ("corner_style", .string(style.rawValue)),
            ]
        case .ellipse where rect.width == rect.height:
            return [("diameter", .number(rect.width)), ("circle", .rect(rect))]
        case .ellipse:
            return [("ellipse", .rect(rect))]
        }
    }
}

extension EffectRecord {
    /// `{"kind": "shadow", rect, color, sigma, offset, extent}` or `{"kind": "clip", rect, …shape}`.
    var json: JSONValue {
        switch self {
        case let .shadow(shadow, rect):
            return .object([
                ("kind", .string("shadow")), ("rect", .rect(rect)), ("color", .string(shadow.color.effectName)),
                ("sigma", .number(shadow.radius)), ("offset", .point(Point(x: shadow.x, y: shadow.y))),
                ("extent", .rect(shadow.extent(of: rect))),
            ])
        case let .clip(rect, shape):
            return .object([("kind", .string("clip")), ("rect", .rect(rect))] + shape.shapeMembers)
        }
    }
}

extension RGBAColor {
    /// A SwiftUI colour name, with `@opacity` when the named colour is faded (`black@0.33`), else `#rrggbbaa`.
    var effectName: String {
        var opaque = self
        opaque.opacity = 1
        guard let name = NamedColors.name(of: opaque) else { return hexString(alphaWhenOpaque: true) }
        return opacity == 1 ? name : "\(name)@\(opacity.compactText)"
    }
}
