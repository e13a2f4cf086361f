import Foundation
import ServiceTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The renderer's guards as clients see them: statuses, reasons, and nothing cached.
@Suite("GET /img: render guards")
struct RenderGuardRouteTests {
    @Test("a frame far wider than libvips allows, clipped to 100×100, is a 400, and the server lives on")
    func hugeIntermediate() throws {
        let fixture = try ServiceFixture()
        let chain = #"Image("landscape_4.jpg").resizable().frame(width:900000,height:10).frame(width:100,height:100,alignment:.trailing).clipped()"#
        let response = try fixture.get("/img/landscape_4.jpg?chain=\(chain)")
        #expect(response.status == 400 && response.json["error"]?.contains("before clipping") == true, "\(response.text)")
        // Past the bounds of a number, it is refused where it is read.
        let wide = try fixture.get("/img/landscape_4.jpg?chain=resizable().frame(width:2.2e9,height:10).frame(width:50,height:10).clipped()")
        #expect(wide.status == 400 && wide.json["error"]?.contains("frame width must be 0 or a number") == true, "\(wide.text)")
        #expect(try fixture.get("/img/dot_green.png?w=20").status == 200)
    }

    @Test("over the memory budget or an encoder's cap: 400 with the reason, nothing cached")
    func budgetAndCaps() throws {
        let fixture = try ServiceFixture { $0.render.maxRenderBytes = 4 * 1024 * 1024 }
        let heavy = try fixture.get("/img/landscape_4.jpg?w=2000&h=2000&mode=fill&fmt=jpeg")
        #expect(heavy.status == 400 && heavy.json["error"]?.contains("memory") == true, "\(heavy.text)")
        // The encoders' caps follow the budget: WebP's 16 bytes a pixel leave it 229 376 pixels of 4 MiB.
        let webp = try fixture.get("/img/landscape_4.jpg?w=2000&h=2000&mode=fill&fmt=webp")
        #expect(webp.status == 400 && webp.json["error"]?.contains("limited to 229376 pixels") == true, "\(webp.text)")
        let avif = try fixture.get("/img/landscape_4.jpg?w=3000&h=3000&mode=fill&fmt=avif")
        #expect(avif.status == 400, "\(avif.text)")
        #expect(fixture.cacheFiles.isEmpty)
    }

    @Test("a tiny timeout: 503 every time, never stored, so a retry renders again")
    func tinyTimeout() throws {
        let fixture = try ServiceFixture { $0.render.timeout = .nanoseconds(1) }
        for _ in 0..<2 {
            let response = try fixture.get("/img/dot_green.png?w=20&fmt=gif")
            #expect(response.status == 503, "\(response.text)")
        }
        #expect(fixture.cacheFiles.isEmpty && fixture.service.statistics.renders == 2)
    }

    @Test("a FIFO in the source root answers 415 without blocking a render thread")
    func fifo() throws {
        let fixture = try ServiceFixture { $0.workers = 1 }
        #expect(mkfifo(fixture.root.appendingPathComponent("pipe.jpg").path, 0o644) == 0)
        #expect(try fixture.get("/img/pipe.jpg?w=10").status == 415)
        #expect(try fixture.get("/img/dot_green.png?w=10").status == 200)
    }
}
