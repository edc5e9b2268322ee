import { rm } from "node:fs/promises";
import { buildInProcess, projectCopy, ROOT_SITE_URL, tempDir } from "./support/build.ts";
const c00 = process.cpuUsage();
console.log("start", (c00.user + c00.system) / 1e6);
for (let i = 0; i < 5; i++) {
  const c0 = process.cpuUsage(); const t = performance.now();
  const project = await projectCopy(); const out = await tempDir("o");
  const c1 = process.cpuUsage(c0);
  const r = await buildInProcess(project, out, ROOT_SITE_URL);
  const c = process.cpuUsage(c0);
  console.log(i, r.ok, "copy", ((c1.user + c1.system) / 1e6).toFixed(2), "total", ((c.user + c.system) / 1e6).toFixed(2), ((performance.now() - t) / 1000).toFixed(2));
  await rm(project, { recursive: true }); await rm(out, { recursive: true });
}
process.exit();
