extension PlaygroundPage {
    /// The stylesheet of both pages (its hash is in their `Content-Security-Policy`).
    static let style = #"""
        :root { color-scheme: light dark; --accent: #0a66d8; --muted: #6b7280; --line: #d0d5dd; font: 15px/1.45 system-ui, sans-serif; }
        *, *::before, *::after { box-sizing: border-box; }
        [hidden] { display: none !important; }
        body { margin: 0 auto; padding: 1rem clamp(.6rem, 3vw, 1.5rem) 3rem; max-width: 84rem; }
        h1 { font-size: 1.4rem; margin: .2rem 0; } h2 { font-size: 1.05rem; margin: 1.2rem 0 .4rem; }
        code, textarea, input, output, pre, select { font: 13px/1.4 ui-monospace, SFMono-Regular, Menlo, monospace; }
        code { overflow-wrap: anywhere; }
        main { display: grid; grid-template-columns: minmax(0, 30rem) minmax(0, 1fr); gap: 1.5rem; align-items: start; }
        main > div, main section { min-width: 0; }
        /* One column on a phone: the request, then at once its preview, then its links and answer. */
        @media (max-width: 52rem) {
          main { grid-template-columns: minmax(0, 1fr); gap: 0; }
          main > div { display: contents; }
          .request { order: 1; } .preview { order: 2; } .links { order: 3; } .answer { order: 4; }
        }
        label { display: block; font-weight: 600; margin: .8rem 0 .25rem; }
        fieldset { min-width: 0; margin: .8rem 0 0; padding: .2rem .7rem .7rem; border: 1px solid var(--line); border-radius: 6px; }
        legend { font-weight: 600; padding: 0 .3rem; }
        .modes { display: flex; flex-wrap: wrap; gap: .2rem 1.2rem; }
        .modes label, .toolbar label { display: inline; margin: 0; font-weight: normal; }
        .options { display: flex; flex-wrap: wrap; gap: .2rem 1rem; align-items: end; }
        .options > div { flex: 1 1 8rem; min-width: 0; }
        select, textarea, input[type=text] { width: 100%; min-width: 0; max-width: 100%; padding: .4rem; border: 1px solid var(--line); border-radius: 6px; }
        textarea { resize: vertical; }
        output { display: block; padding: .4rem; border: 1px dashed var(--line); border-radius: 6px; word-break: break-all; min-height: 1.4em; }
        .hint, #status { color: var(--muted); font-size: .85rem; margin: .25rem 0; }
        .copy { display: flex; gap: .4rem; align-items: start; }
        .copy > :first-child { flex: 1; min-width: 0; }
        button { padding: .35rem .8rem; border: 1px solid var(--accent); border-radius: 6px; background: var(--accent); color: white; cursor: pointer; }
        table { border-collapse: collapse; width: 100%; font-size: .85rem; table-layout: fixed; }
        th, td { text-align: left; padding: .2rem .4rem; border-bottom: 1px solid var(--line); vertical-align: top; overflow-wrap: anywhere; }
        tbody th { width: 9rem; font-weight: 600; }
        @media (max-width: 30rem) { tbody th { width: 6.5rem; } }
        #formats-table th:first-child { width: 4rem; } #formats-table th:last-child { width: 6rem; }
        #formats td:last-child, #formats-table th:last-child { text-align: right; }
        #formats tr.chosen { font-weight: 600; }
        .toolbar { display: flex; flex-wrap: wrap; gap: .3rem .8rem; align-items: center; font-size: .85rem; }
        .key { padding-left: 1.1rem; position: relative; }
        .key::before { content: ""; position: absolute; left: 0; top: .2rem; width: .8rem; height: .8rem; border: 2px solid; }
        .key.canvas::before, svg .canvas { color: #16a34a; stroke: #16a34a; }
        .key.image::before, svg .image { color: #e11d48; stroke: #e11d48; }
        .key.frame::before, svg .frame { color: #2563eb; stroke: #2563eb; }
        .key.clip::before, svg .clip { color: #d97706; stroke: #d97706; }
        /* The overlay covers exactly the preview's box and is clipped to it, so shapes of the plan
           that reach outside the canvas never draw over the toolbar or the caption. */
        #stage { position: relative; width: fit-content; max-width: 100%; margin: .8rem 0; line-height: 0; overflow: hidden;
                 background: repeating-conic-gradient(#8882 0 25%, transparent 0 50%) 0 0 / 16px 16px; }
        #preview { display: block; max-width: 100%; height: auto; }
        #overlay { position: absolute; left: 0; top: 0; width: 100%; height: 100%; overflow: hidden; pointer-events: none; }
        #overlay rect { fill: none; stroke-width: 1.5; vector-effect: non-scaling-stroke; }
        #overlay .image { stroke-dasharray: 6 4; } #overlay .clip { stroke-dasharray: 2 3; }
        #error { margin: .8rem 0; padding: .6rem .8rem; border: 1px solid #b91c1c; border-radius: 6px; color: #b91c1c; white-space: pre-wrap; overflow-wrap: anywhere; }
        .signing ol li { margin: .4rem 0; } .signing pre { padding: .6rem; border: 1px solid var(--line); border-radius: 6px; overflow-x: auto; }
        """#

    /// The playground's body, before its script. Template names, parameters and defaults are put in
    /// by the script as text (`textContent`, `value`), never as markup.
    static let body = #"""
        <header>
          <h1>ImageFrame playground</h1>
          <p>Try <code>/img</code> URLs: pick a source image, then write a query such as <code>w=300&amp;h=200&amp;mode=fill&amp;clip=1</code>
          or a chain of SwiftUI modifiers such as <code>resizable().scaledToFill().frame(width:300,height:200).clipped()</code>.
          Or try <code>/view</code> URLs: pick a view template and fill in its parameters.</p>
        </header>
        <main>
          <div>
          <section aria-label="Request" class="request">
            <fieldset class="modes">
              <legend>Route</legend>
              <label><input type="radio" name="mode" value="img" checked> <code>/img</code>: an image</label>
              <label><input type="radio" name="mode" value="view" id="mode-view"> <code>/view</code>: a template</label>
            </fieldset>
            <div id="img-mode">
              <label for="source">Source image</label>
              <select id="source"></select>
              <label for="spec">Query or chain</label>
              <textarea id="spec" rows="4" spellcheck="false" autocapitalize="off" autocomplete="off">w=300&amp;h=200&amp;mode=fill&amp;clip=1</textarea>
              <p class="hint">The preview follows as you type (Ctrl+Enter: now). <code>key=</code> starts a query, <code>/</code> a whole URL (imgproxy's, thumbor's); anything else is sent as <code>chain=</code>.</p>
            </div>
            <div id="view-mode" hidden>
              <label for="template">Template</label>
              <select id="template"></select>
              <p id="template-note" class="hint"></p>
              <fieldset id="parameters">
                <legend>Parameters</legend>
                <div id="fields"></div>
              </fieldset>
              <fieldset class="options">
                <legend>Renderer options</legend>
                <div><label for="fmt"><code>fmt</code></label>
                  <select id="fmt"><option value="">auto (by Accept)</option><option>jpeg</option><option>png</option><option>webp</option><option>avif</option></select></div>
                <div><label for="scale"><code>scale</code></label>
                  <select id="scale"><option value="">1</option><option>2</option><option>3</option></select></div>
              </fieldset>
            </div>
          </section>
          <section aria-label="Links" class="links">
            <label for="canonical">Canonical form</label>
            <output id="canonical"></output>
            <label for="url">URL</label>
            <div class="copy"><input id="url" type="text" readonly><button type="button" data-copy="url">Copy</button></div>
            <label for="srcset"><code>&lt;img srcset&gt;</code> for 1x, 2x, 3x</label>
            <div class="copy"><textarea id="srcset" rows="4" readonly></textarea><button type="button" data-copy="srcset">Copy</button></div>
          </section>
          </div>
          <div>
          <section aria-label="Preview" class="preview">
            <div class="toolbar" id="toolbar">
              <label><input type="checkbox" id="show-plan" checked> Draw the plan</label>
              <span class="key canvas">canvas</span><span class="key frame">frames</span>
              <span class="key image">image rect</span><span class="key clip">clip</span>
            </div>
            <div id="stage" hidden><img id="preview" alt="Preview of the request"><svg id="overlay" role="img" aria-label="Layout plan over the preview" preserveAspectRatio="none"></svg></div>
            <p id="error" role="alert" hidden></p>
            <p id="status" role="status" aria-live="polite"></p>
            <ul id="log-sizes" aria-label="Sizes logged by logSizes" hidden></ul>
          </section>
          <section aria-label="Response" class="answer">
            <h2>Response, as an <code>&lt;img&gt;</code> gets it</h2>
            <p class="hint">Fetched with the <code>Accept</code> header Chromium sends for images: <code id="accept"></code></p>
            <table aria-label="Response headers"><tbody id="headers"></tbody></table>
            <h2>Size per format</h2>
            <p class="hint">The same request with each <code>fmt=</code> given explicitly, each at its own default quality. The defaults rank AVIF &lt; WebP &lt; JPEG at the same look on photos of 600 px and 300×400; at smaller sizes WebP can be the larger by a few percent.</p>
            <table id="formats-table" aria-label="Size per format">
              <thead><tr><th scope="col">fmt</th><th scope="col">Answer</th><th scope="col">Bytes</th></tr></thead>
              <tbody id="formats"></tbody>
            </table>
          </section>
          </div>
        </main>
        """#

    /// What `/` shows with signing on: how URLs are signed, and where to look.
    static let signingBody = #"""
        <main class="signing">
          <section>
            <h1>ImageFrame: signed URLs only</h1>
            <p>This server has URL signing on, so every <code>/img/…</code> and <code>/view/…</code> request needs a
            <code>sig=</code> parameter and the playground is not served: its previews would all be refused.
            Run the playground on a server without signing keys (<code>scripts/run</code> does), then sign the URLs you settle on.</p>
            <h2>Signing a URL</h2>
            <ol>
              <li><code>imgframe sign '/img/landscape_4.jpg?w=300&amp;h=400&amp;mode=fill'</code> prints the signed URL
              with the configured keys (<code>--key K</code> for another, <code>--expires-in 3600</code> for an expiry).</li>
              <li>Or sign in your front end: <code>sig</code> = HMAC-SHA256(key, path and query exactly as sent),
              base64url without padding, appended as the last parameter.</li>
              <li>Keys are configured as <code>signing.keys</code> in the config file, or <code>IMGFRAME_SIGNING_KEYS</code>
              (comma-separated: the first signs, all verify).</li>
            </ol>
            <pre>key secret, /img/landscape_4.jpg?w=300&amp;h=400&amp;mode=fill
        → /img/landscape_4.jpg?w=300&amp;h=400&amp;mode=fill&amp;sig=reAA5J-nrbX3GdxVfXDbzD6WQ-qsiQ7L6EEFuwROTx8</pre>
          </section>
        </main>
        """#
}
