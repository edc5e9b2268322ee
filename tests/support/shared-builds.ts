/**
 * `npm test`'s shared builds (`SITE_BUILDS`), one after another in this one process, so Node loads
 * Eleventy once for both (`buildInProcess`; site/determinism.test.ts checks them byte for byte against
 * `npm run build`'s command): each into the `_site` folder of the project copy given, in the order of
 * `SITE_BUILDS`. tests/run.ts starts it.
 */
import path from "node:path";
import { buildInProcess, SITE_BUILDS } from "./build.ts";

const projects = process.argv.slice(2);
for (const [index, { siteUrl, env }] of SITE_BUILDS.entries()) {
  const result = await buildInProcess(projects[index]!, path.join(projects[index]!, "_site"), siteUrl, env);
  if (!result.ok) throw new Error(`The shared build for SITE_URL=${siteUrl} failed:\n${result.output}`);
}
