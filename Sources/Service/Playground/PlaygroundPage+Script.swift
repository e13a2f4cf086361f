extension PlaygroundPage {
    /// The playground's script (its hash is in the page's `Content-Security-Policy`). It fetches the
    /// image itself, rather than only setting `img.src`, so it can show the response headers.
    static let script = #"""
        "use strict";
        const $ = (id) => document.getElementById(id);
        const source = $("source"), spec = $("spec"), preview = $("preview"), overlay = $("overlay");
        const state = { seq: 0, plan: null, timer: 0, objectURL: null };
        const svg = "http://www.w3.org/2000/svg";

        // Text starting with `key=` is a query; anything else is a chain of modifiers.
        function queryOf(text) {
          const t = text.trim().replace(/^\?/, "");
          if (t === "") return "";
          return /^[A-Za-z_]+\s*=/.test(t) ? t : "chain=" + encodeURIComponent(t);
        }

        function targets() {
          const query = queryOf(spec.value);
          const path = source.value.split("/").map(encodeURIComponent).join("/");
          const suffix = query ? "?" + query : "";
          return { image: "/img/" + path + suffix, plan: "/playground/plan/" + path + suffix, query, path };
        }

        const escapeHTML = (s) => s.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

        // 1x, 2x and 3x differ only in `dpr`; the size attributes are the plan's root size in points.
        function srcsetFor(t) {
          const base = t.query.split("&").filter((p) => p && !/^(scale|dpr)=/.test(p));
          const url = (n) => { const q = n > 1 ? base.concat("dpr=" + n) : base; return "/img/" + t.path + (q.length ? "?" + q.join("&") : ""); };
          const root = state.plan && state.plan.root_size;
          const size = root && root.every(Number.isFinite) ? ` width="${Math.round(root[0])}" height="${Math.round(root[1])}"` : "";
          return `<img src="${escapeHTML(url(1))}"\n     srcset="${escapeHTML(url(1))} 1x, ${escapeHTML(url(2))} 2x, ${escapeHTML(url(3))} 3x"${size} alt="">`;
        }

        function setStatus(name, text) {
          document.body.dataset.state = name;
          $("status").textContent = text;
        }

        function showHeaders(response, bytes, milliseconds) {
          const rows = [["Status", `${response.status} ${response.statusText}`]];
          for (const name of ["Content-Type", "Content-Length", "Server-Timing", "X-Cache", "ETag", "Cache-Control", "Vary"]) {
            const value = response.headers.get(name);
            if (value !== null) rows.push([name, value]);
          }
          if (bytes !== null) rows.push(["Bytes received", String(bytes)]);
          rows.push(["Fetch time", `${milliseconds.toFixed(1)} ms`]);
          $("headers").replaceChildren(...rows.map(([name, value]) => {
            const row = document.createElement("tr"), th = document.createElement("th"), td = document.createElement("td");
            th.scope = "row"; th.textContent = name; td.textContent = value;
            row.append(th, td);
            return row;
          }));
        }

        function showError(message) {
          $("error").hidden = !message;
          $("error").textContent = message || "";
        }

        async function readPlan(url) {
          const response = await fetch(url);
          return { ok: response.ok, json: await response.json() };
        }

        async function update() {
          clearTimeout(state.timer);
          const seq = ++state.seq, t = targets();
          $("url").value = location.origin + t.image;
          setStatus("loading", "Loading…");
          const started = performance.now();
          const [plan, image] = await Promise.allSettled([readPlan(t.plan), fetch(t.image, { cache: "no-store" })]);
          if (seq !== state.seq) return;
          state.plan = plan.status === "fulfilled" && plan.value.ok ? plan.value.json : null;
          $("canonical").textContent = state.plan ? state.plan.canonical : "";
          $("srcset").value = srcsetFor(t);
          if (image.status !== "fulfilled") return fail("The request failed: " + image.reason);
          const response = image.value;
          const blob = await response.blob();
          if (seq !== state.seq) return;
          showHeaders(response, blob.size, performance.now() - started);
          if (!response.ok) {
            const text = await blob.text();
            let message = text;
            try { const json = JSON.parse(text); message = json.error + (json.param ? ` (parameter: ${json.param})` : ""); } catch {}
            return fail(`${response.status}: ${message}`);
          }
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
        }

        function fail(message) {
          preview.removeAttribute("src");
          overlay.replaceChildren();
          showError(message);
          setStatus("error", "Error");
        }

        // The plan is in points, the preview in CSS pixels: the viewBox maps one to the other.
        function drawPlan() {
          overlay.replaceChildren();
          const plan = state.plan;
          if (!plan || !$("show-plan").checked || !plan.root_size.every(Number.isFinite)) return;
          const [width, height] = plan.root_size;
          preview.style.width = width + "px";
          overlay.setAttribute("viewBox", `0 0 ${width} ${height}`);
          overlay.setAttribute("width", preview.clientWidth);
          overlay.setAttribute("height", preview.clientHeight);
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

        async function copy(button) {
          const field = $(button.dataset.copy), label = button.textContent;
          try { await navigator.clipboard.writeText(field.value); } catch { field.select(); document.execCommand("copy"); }
          button.textContent = "Copied";
          setTimeout(() => { button.textContent = label; }, 1200);
        }

        async function start() {
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
        spec.addEventListener("input", () => { clearTimeout(state.timer); state.timer = setTimeout(update, 300); });
        spec.addEventListener("keydown", (event) => { if (event.key === "Enter" && event.ctrlKey) { event.preventDefault(); update(); } });
        $("show-plan").addEventListener("change", drawPlan);
        window.addEventListener("resize", drawPlan);
        for (const button of document.querySelectorAll("button[data-copy]")) button.addEventListener("click", () => copy(button));
        start();
        """#
}
