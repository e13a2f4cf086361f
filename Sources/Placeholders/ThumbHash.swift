import CheckedConversion
import Foundation

/// The ThumbHash of an image (Evan Wallace's reference, `rgbaToThumbHash`): the average colour,
/// then luminance, yellow–blue, red–green and (with transparency) alpha as DCT coefficients, the
/// image composited over its own average colour first. 5–25 bytes; at most 100 px on each side.
public enum ThumbHash {
    /// The longest side the format takes.
    public static let maxSide = 100

    /// The hash of `image` (each side at most `maxSide`).
    public static func encode(_ image: RGBAPixelGrid) -> [UInt8] {
        let (w, h) = (image.width, image.height)
        precondition(w <= maxSide && h <= maxSide, "ThumbHash takes images up to 100×100")
        let pixels = image.bytes
        var (averageR, averageG, averageB, averageA) = (0.0, 0.0, 0.0, 0.0)
        for index in 0..<image.count {
            let alpha = Double(pixels[index * 4 + 3]) / 255
            averageR += alpha / 255 * Double(pixels[index * 4])
            averageG += alpha / 255 * Double(pixels[index * 4 + 1])
            averageB += alpha / 255 * Double(pixels[index * 4 + 2])
            averageA += alpha
        }
        if averageA > 0 {
            averageR /= averageA
            averageG /= averageA
            averageB /= averageA
        }
        let hasAlpha = averageA < Double(image.count)
        let limit = hasAlpha ? 5.0 : 7.0  // fewer luminance bits when alpha takes some
        let longest = Double(max(w, h))
        let lx = max(1, round(limit * Double(w) / longest))
        let ly = max(1, round(limit * Double(h) / longest))
        var (l, p, q, a) = ([Double](), [Double](), [Double](), [Double]())
        for index in 0..<image.count {
            let alpha = Double(pixels[index * 4 + 3]) / 255
            let r = averageR * (1 - alpha) + alpha / 255 * Double(pixels[index * 4])
            let g = averageG * (1 - alpha) + alpha / 255 * Double(pixels[index * 4 + 1])
            let b = averageB * (1 - alpha) + alpha / 255 * Double(pixels[index * 4 + 2])
            l.append((r + g + b) / 3)
            p.append((r + g) / 2 - b)
            q.append(r - g)
            a.append(alpha)
        }
        let (lDC, lAC, lScale) = encodeChannel(l, w, h, nx: max(3, lx), ny: max(3, ly))
        let (pDC, pAC, pScale) = encodeChannel(p, w, h, nx: 3, ny: 3)
        let (qDC, qAC, qScale) = encodeChannel(q, w, h, nx: 3, ny: 3)
        let alphaChannel: (dc: Double, ac: [Double], scale: Double) = hasAlpha ? encodeChannel(a, w, h, nx: 5, ny: 5) : (0, [], 0)

        let isLandscape = w > h
        let header24 =
            bits(63 * lDC) | bits(31.5 + 31.5 * pDC) << 6 | bits(31.5 + 31.5 * qDC) << 12 | bits(31 * lScale) << 18 | (hasAlpha ? 1 << 23 : 0)
        let header16 = bits(isLandscape ? ly : lx) | bits(63 * pScale) << 3 | bits(63 * qScale) << 9 | (isLandscape ? 1 << 15 : 0)
        var hash: [UInt8] = [header24 & 255, (header24 >> 8) & 255, header24 >> 16, header16 & 255, header16 >> 8].map {
            UInt8(truncatingIfNeeded: $0)
        }
        if hasAlpha { hash.append(UInt8(truncatingIfNeeded: bits(15 * alphaChannel.dc) | bits(15 * alphaChannel.scale) << 4)) }
        var index = 0
        let start = hash.count
        for ac in hasAlpha ? [lAC, pAC, qAC, alphaChannel.ac] : [lAC, pAC, qAC] {
            for factor in ac {
                if start + index / 2 == hash.count { hash.append(0) }
                hash[start + index / 2] |= UInt8(truncatingIfNeeded: bits(15 * factor) << ((index & 1) << 2))
                index += 1
            }
        }
        return hash
    }

    /// JavaScript's `Math.round` for the non-negative values the header holds.
    private static func bits(_ value: Double) -> Int { Int(saturating: (value + 0.5).rounded(.down)) }

    /// The DC, the AC normalised to 0…1 around 0.5 by the largest magnitude, and that magnitude,
    /// over the triangle `cx·ny < nx·(ny − cy)` of an `nx × ny` DCT.
    private static func encodeChannel(_ channel: [Double], _ w: Int, _ h: Int, nx: Double, ny: Double) -> (dc: Double, ac: [Double], scale: Double) {
        var (dc, ac, scale) = (0.0, [Double](), 0.0)
        let (nx, ny) = (Int(saturating: nx), Int(saturating: ny))
        for cy in 0..<ny {
            var cx = 0
            while cx * ny < nx * (ny - cy) {
                let fx = (0..<w).map { cos(Double.pi / Double(w) * Double(cx) * (Double($0) + 0.5)) }
                var f = 0.0
                for y in 0..<h {
                    let fy = cos(Double.pi / Double(h) * Double(cy) * (Double(y) + 0.5))
                    for x in 0..<w { f += channel[x + y * w] * fx[x] * fy }
                }
                f /= Double(w * h)
                if cx > 0 || cy > 0 {
                    ac.append(f)
                    scale = max(scale, abs(f))
                } else {
                    dc = f
                }
                cx += 1
            }
        }
        if scale > 0 { ac = ac.map { 0.5 + 0.5 / scale * $0 } }
        return (dc, ac, scale)
    }
}
