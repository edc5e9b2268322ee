import * as esbuild from "esbuild";
import { homepageData } from "/work/wt-calc/build/eleventy/bundle.ts";
import { gzipSync } from "node:zlib";
const r = await esbuild.build({ entryPoints: ["/work/wt-calc/assets/page/home.ts"], bundle: true, format: "esm", minify: true, write: false, metafile: true, platform: "browser", plugins: [homepageData], target: "es2022" });
const out = Object.values(r.metafile.outputs)[0];
const rows = Object.entries(out.inputs).map(([f, v]) => [f.replace("/work/wt-calc/", ""), v.bytesInOutput]).sort((a, b) => b[1] - a[1]);
for (const [f, b] of rows.slice(0, 25)) console.log(b, f);
console.log("gz", gzipSync(r.outputFiles[0].contents, { level: 9 }).length);
