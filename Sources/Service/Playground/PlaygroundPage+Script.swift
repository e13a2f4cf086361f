extension PlaygroundPage {
    /// The playground's script (its hash is in the page's `Content-Security-Policy`). It fetches the
    /// image itself, rather than only setting `img.src`, so it can show the response headers; with
    /// the `Accept` header an `<img>` sends, so the answer is the one a page would get.
    static let script = #"""
        "use strict";
        const $ = (id) => document.getElementById(id);
        const source = $("source"), spec = $("spec"), preview = $("preview"), overlay = $("overlay"), template = $("template");
        const state = { seq: 0, plan: null, timer: 0, objectURL: null, templates: [], formats: null };
        const svg = "http://www.w3.org/2000/svg";
        // What Chromium's <img> asks for: without it `fmt=auto` answers as to curl (JPEG or PNG).
        const imageAccept = "image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8";
        const comparedFormats = ["jpeg", "webp", "avif", "png"];

        const mode = () => document.querySelector("input[name=mode]:checked").value;

        // Text starting with `key=` is a query; anything else is a chain of modifiers.
        function queryOf(text) {
          const t = text.trim().replace(/^\?/, "");
          if (t === "") return "";
          return /^[A-Za-z_]+\s*=/.test(t) ? t : "chain=" + encodeURIComponent(t);
        }

        // The request as parts: `base` is the route's path, `query` the query without `?`, and the
        // plan's URL on the playground's helper for the same request.
        function targets() {
          if (mode() === "view") {
            const name = encodeURIComponent(template.value);
            const pairs = [...document.querySelectorAll("#fields input")].map((input) => encodeURIComponent(input.dataset.name) + "=" + encodeURIComponent(input.value));
            for (const option of ["fmt", "scale"]) if ($(option).value) pairs.push(option + "=" + $(option).value);
            const query = pairs.join("&"), suffix = query ? "?" + query : "";
            return { base: "/view/" + name, query, image: "/view/" + name + suffix, plan: "/playground/view-plan/" + name + suffix };
          }
          // A path is a whole URL: an imgproxy or thumbor one, under the server's compat prefixes.
          const written = spec.value.trim();
          if (written.startsWith("/")) return { base: written, query: "", image: written, plan: "/playground/url-plan" + written, foreign: true };
          const query = queryOf(spec.value);
          const path = source.value.split("/").map(encodeURIComponent).join("/");
          const suffix = query ? "?" + query : "";
          return { base: "/img/" + path, query, image: "/img/" + path + suffix, plan: "/playground/plan/" + path + suffix };
        }

        // The same request with the query's `keep` parameters and `extra` added.
        function variant(t, keep, extra) {
          if (t.foreign) return t.base;  // a foreign URL carries its options in its path
          const q = t.query.split("&").filter((p) => p && keep(p)).concat(extra);
          return t.base + (q.length ? "?" + q.join("&") : "");
        }

        const escapeHTML = (s) => s.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

        // 1x, 2x and 3x differ only in `dpr`; the size attributes are the plan's root size in points.
        function srcsetFor(t) {
          const url = (n) => escapeHTML(variant(t, (p) => !/^(scale|dpr)=/.test(p), n > 1 ? ["dpr=" + n] : []));
          const root = state.plan && state.plan.root_size;
          const size = root && root.every(Number.isFinite) ? ` width="${Math.round(root[0])}" height="${Math.round(root[1])}"` : "";
          return `<img src="${url(1)}"\n     srcset="${url(1)} 1x, ${url(2)} 2x, ${url(3)} 3x"${size} alt="">`;
        }

        function setStatus(name, text) {
          document.body.dataset.state = name;
          $("status").textContent = text;
        }

        function row(cells, header) {
          const tr = document.createElement("tr");
          cells.forEach((text, index) => {
            const cell = document.createElement(header && index === 0 ? "th" : "td");
            if (header && index === 0) cell.scope = "row";
            cell.textContent = text;
            tr.append(cell);
          });
          return tr;
        }

        function showHeaders(response, bytes, milliseconds) {
          const rows = [["Status", `${response.status} ${response.statusText}`]];
          for (const name of ["Content-Type", "Content-Length", "Server-Timing", "X-Cache", "ETag", "Cache-Control", "Vary"]) {
            const value = response.headers.get(name);
            if (value !== null) rows.push([name, value]);
          }
          if (bytes !== null) rows.push(["Bytes received", `${bytes} (${(bytes / 1024).toFixed(1)} KiB)`]);
          rows.push(["Fetch time", `${milliseconds.toFixed(1)} ms`]);
          $("headers").replaceChildren(...rows.map((cells) => row(cells, true)));
        }

        // Our errors are JSON `{"error": …, "param": …}`; anything else is shown as it came.
        function errorMessage(response, text) {
          let message = text.trim() || response.statusText;
          try { const json = JSON.parse(text); if (json.error) message = json.error + (json.param ? ` (parameter: ${json.param})` : ""); } catch {}
          return `${response.status}: ${message}`;
        }

        // An error takes the preview's place, as text: no broken image, no stale plan.
        function showError(message) {
          $("error").hidden = !message;
          $("error").textContent = message || "";
          $("stage").hidden = !!message;
        }

        async function readPlan(url) {
          const response = await fetch(url);
          return { ok: response.ok, json: await response.json() };
        }

        async function update() {
          clearTimeout(state.timer);
          if (state.formats) state.formats.abort();
          const seq = ++state.seq, t = targets();
          document.body.dataset.target = t.image;
          $("url").value = location.origin + t.image;
          setStatus("loading", "Loading…");
          const started = performance.now();
          const [plan, image] = await Promise.allSettled([
            readPlan(t.plan), fetch(t.image, { cache: "no-store", headers: { Accept: imageAccept } }),
          ]);
          if (seq !== state.seq) return;
          state.plan = plan.status === "fulfilled" && plan.value.ok ? plan.value.json : null;
          $("canonical").textContent = state.plan ? state.plan.canonical : "";
          $("srcset").value = srcsetFor(t);
          $("formats").replaceChildren();
          if (image.status !== "fulfilled") return fail("The request failed: " + image.reason);
          const response = image.value;
          const blob = await response.blob();
          if (seq !== state.seq) return;
          showHeaders(response, blob.size, performance.now() - started);
          if (!response.ok) return fail(errorMessage(response, await blob.text()));
          if (state.objectURL) URL.revokeObjectURL(state.objectURL);
          state.objectURL = URL.createObjectURL(blob);
          try {
            await new Promise((resolve, reject) => { preview.onload = resolve; preview.onerror = reject; preview.src = state.objectURL; });
          } catch {
            return fail("The browser cannot show this format (" + (response.headers.get("Content-Type") || "?") + ").");
          }
          if (seq !== state.seq) return;
          showError("");
          drawPlan();
          preview.dataset.target = t.image;
          setStatus("ready", `${preview.naturalWidth}×${preview.naturalHeight} pixels` + (state.plan ? `, ${state.plan.root_size.join("×")} points at scale ${state.plan.scale}` : ""));
          compareFormats(seq, t, response.headers.get("Content-Type"));
        }

        function fail(message) {
          preview.removeAttribute("src");
          delete preview.dataset.target;
          overlay.replaceChildren();
          showError(message);
          setStatus("error", "Error");
        }

        // One request per format, one after the other (each is a render), dropped when the page moves on.
        async function compareFormats(seq, t, chosen) {
          if (t.foreign) return;
          const controller = new AbortController();
          state.formats = controller;
          const body = $("formats");
          body.dataset.state = "loading";
          for (const format of comparedFormats) {
            const url = variant(t, (p) => !/^fmt=/.test(p), ["fmt=" + format]);
            let cells, isChosen = false;
            try {
              const response = await fetch(url, { cache: "no-store", signal: controller.signal });
              const blob = await response.blob();
              const type = response.headers.get("Content-Type") || "?";
              isChosen = response.ok && type === chosen;
              cells = response.ok
                ? [format, type + (isChosen ? " (as the <img>)" : ""), String(blob.size)]
                : [format, errorMessage(response, await blob.text()), "–"];
            } catch {
              return;
            }
            if (seq !== state.seq) return;
            const tr = row(cells, false);
            tr.dataset.format = format;
            tr.classList.toggle("chosen", isChosen);
            body.append(tr);
          }
          body.dataset.state = "ready";
        }

        // The plan is in points; the preview is shown at its size in points (the pixels of a
        // `scale=2` answer are halved), no wider than its column, and the overlay covers exactly its
        // box: the viewBox maps points to that box, and the SVG clips whatever lies outside.
        function drawPlan() {
          overlay.replaceChildren();
          const plan = state.plan;
          showLoggedSizes(plan);
          const root = plan && plan.root_size.every(Number.isFinite) ? plan.root_size : null;
          preview.style.width = root ? root[0] + "px" : "";
          // `hidden` is an attribute of SVG elements, not a property.
          overlay.toggleAttribute("hidden", !root || !$("show-plan").checked);
          if (overlay.hasAttribute("hidden")) return;
          const [width, height] = root;
          overlay.setAttribute("viewBox", `0 0 ${width} ${height}`);
          const shapes = [["canvas", [0, 0, width, height], "canvas"]];
          for (const [id, rect] of Object.entries(plan.nodes || {})) shapes.push(["frame", rect, "id " + id]);
          for (const leaf of plan.leaves || []) shapes.push(["frame", leaf.rect, leaf.kind]);
          for (const border of plan.borders || []) shapes.push(["frame", border.rect, "border"]);
          for (const effect of plan.effects || []) if (effect.kind === "clip") shapes.push(["clip", effect.rect, "clip"]);
          for (const image of plan.images || []) {
            shapes.push(["image", image.image_rect, "image " + image.image]);
            if (image.clip_rect) shapes.push(["clip", image.clip_rect, "clip"]);
          }
          for (const [kind, rect, title] of shapes) {
            if (!Array.isArray(rect) || !rect.every(Number.isFinite)) continue;
            const element = document.createElementNS(svg, "rect");
            const [x, y, w, h] = rect;
            element.setAttribute("class", kind);
            for (const [name, value] of Object.entries({ x, y, width: w, height: h })) element.setAttribute(name, value);
            const tooltip = document.createElementNS(svg, "title");
            tooltip.textContent = `${title}: ${rect.join(", ")}`;
            element.append(tooltip);
            overlay.append(element);
          }
        }

        // `.logSizes("label")` points: the size proposed to each (`nil`: unspecified) and the size it chose.
        function showLoggedSizes(plan) {
          const list = $("log-sizes"), logged = (plan && plan.log_sizes) || [];
          const size = (pair) => pair.map((value) => (value === null ? "nil" : String(value))).join(" × ");
          list.replaceChildren(...logged.map((entry) => {
            const item = document.createElement("li");
            item.textContent = `${entry.label}: proposed ${size(entry.proposed)}, chose ${size(entry.size)}`;
            return item;
          }));
          list.hidden = logged.length === 0;
        }

        // A sample for a parameter without a default, by its kind; a text parameter shows its name.
        const samples = { number: "1", date: "2026-11-27T22:15", bool: "true", color: "orange" };

        // One text field per parameter, filled with its default; one without a default is filled with
        // a sample (the request must give it). All of it as text, never as markup.
        function showFields() {
          const entry = state.templates.find((t) => t.name === template.value);
          const fields = [], parameters = (entry && entry.parameters) || [];
          parameters.forEach((parameter, index) => {
            const label = document.createElement("label"), input = document.createElement("input");
            input.type = "text";
            input.id = "parameter-" + index;
            input.dataset.name = parameter.name;
            input.value = "default" in parameter ? parameter.default : (samples[parameter.kind] || parameter.name);
            input.spellcheck = false;
            label.htmlFor = input.id;
            label.textContent = parameter.name + ("default" in parameter ? "" : " (no default)");
            input.addEventListener("input", schedule);
            input.addEventListener("keydown", (event) => { if (event.key === "Enter") { event.preventDefault(); update(); } });
            fields.push(label, input);
          });
          if (fields.length === 0 && !(entry && entry.error)) {
            const none = document.createElement("p");
            none.className = "hint";
            none.textContent = "This template has no parameters.";
            fields.push(none);
          }
          $("fields").replaceChildren(...fields);
          $("template-note").textContent = entry && entry.error ? "It cannot be used: " + entry.error : "";
        }

        function showMode() {
          $("img-mode").hidden = mode() !== "img";
          $("view-mode").hidden = mode() !== "view";
          update();
        }

        function schedule() { clearTimeout(state.timer); state.timer = setTimeout(update, 300); }

        async function copy(button) {
          const field = $(button.dataset.copy), label = button.textContent;
          try { await navigator.clipboard.writeText(field.value); } catch { field.select(); document.execCommand("copy"); }
          button.textContent = "Copied";
          setTimeout(() => { button.textContent = label; }, 1200);
        }

        async function start() {
          $("accept").textContent = imageAccept;
          try {
            const listing = await (await fetch("/playground/templates")).json();
            state.templates = listing.templates;
            for (const entry of listing.templates) template.add(new Option(entry.name, entry.name));
          } catch {
            state.templates = [];
          }
          if (state.templates.length === 0) {
            $("mode-view").disabled = true;
            $("mode-view").parentElement.title = "The server has no view templates.";
          }
          showFields();
          try {
            const listing = await (await fetch("/playground/sources")).json();
            for (const name of listing.sources) source.add(new Option(name, name));
            if (listing.sources.includes("landscape_4.jpg")) source.value = "landscape_4.jpg";
          } catch (error) {
            return fail("Cannot list the sources: " + error);
          }
          update();
        }

        source.addEventListener("change", update);
        template.addEventListener("change", () => { showFields(); update(); });
        for (const option of ["fmt", "scale"]) $(option).addEventListener("change", update);
        for (const radio of document.querySelectorAll("input[name=mode]")) radio.addEventListener("change", showMode);
        spec.addEventListener("input", schedule);
        spec.addEventListener("keydown", (event) => { if (event.key === "Enter" && event.ctrlKey) { event.preventDefault(); update(); } });
        $("show-plan").addEventListener("change", drawPlan);
        for (const button of document.querySelectorAll("button[data-copy]")) button.addEventListener("click", () => copy(button));
        start();
        """#
}
