/**
 * `npm test`'s shared builds (`SITE_BUILDS`), each in a copy of the project, one after another in this
 * one process, so Node loads Eleventy once for both (`buildInProcess`; site/determinism.test.ts checks
 * them byte for byte against `npm run build`'s command). Prints `{ "root": folder, "path": folder }` as
 * JSON; a failed build prints what it printed and exits 1. tests/run.ts starts it.
 */
import path from "node:path";
import { buildInProcess, projectCopy, SITE_BUILDS } from "./build.ts";

const folders: Record<string, string> = {};
for (const { name, siteUrl, env } of SITE_BUILDS) {
  const output = path.join(await projectCopy(), "_site");
  const result = await buildInProcess(path.dirname(output), output, siteUrl, env);
  if (!result.ok) {
    console.error(`The shared build for SITE_URL=${siteUrl} failed:\n${result.output}`);
    process.exit(1);
  }
  folders[name] = output;
}
console.log(JSON.stringify(folders));
