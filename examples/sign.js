// Signs an ImageFrame URL the way the server verifies it (see "Signing URLs" in the README).
// Node's built-in crypto only:  node examples/sign.js KEY '/img/landscape_4.jpg?w=300&h=400&mode=fill'
// A full URL works too, and the printed URL keeps its origin. `new URL` spells the path and query
// exactly as a browser sends them (spaces → %20, UTF-8 escapes), which is what the signature covers.
"use strict";
const crypto = require("node:crypto");

function sign(target, key) {
  const isFull = /^https?:\/\//i.test(target);
  const url = new URL(target, "http://placeholder.invalid");
  // Drop an earlier signature; keep every other parameter as written, in order.
  const params = url.search.slice(1).split("&").filter((p) => p !== "" && p !== "sig" && !p.startsWith("sig="));
  const message = url.pathname + (params.length ? "?" + params.join("&") : "");
  const sig = crypto.createHmac("sha256", key).update(message, "utf8").digest("base64url");
  const signed = message + (params.length ? "&" : "?") + "sig=" + sig;
  return isFull ? url.origin + signed : signed;
}

module.exports = { sign };

if (require.main === module) {
  const [key, target] = process.argv.slice(2);
  if (!key || !target) {
    console.error("usage: node examples/sign.js KEY TARGET");
    process.exit(64);
  }
  console.log(sign(target, key));
}
