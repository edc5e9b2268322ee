/**
 * The test server (support/serve.ts) answers any request path without crashing: paths that start
 * with `//`, malformed escapes and climbs out of the site get the 404 page, and a folder's redirect
 * stays on the server's origin.
 */
import { mkdir, writeFile } from "node:fs/promises";
import { request } from "node:http";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { withTempDir } from "../support/build.ts";
import { serveSite } from "../support/serve.ts";

/** Sends `target` as the request line's path, exactly as written, and returns the status and Location. */
function get(origin: string, target: string): Promise<{ status: number; location: string | undefined }> {
  return new Promise((resolve, reject) => {
    const sent = request(`${origin}/`, { path: target }, (response) => {
      response.resume();
      response.on("end", () =>
        resolve({ status: response.statusCode!, location: response.headers.location }),
      );
    });
    sent.on("error", reject);
    sent.end();
  });
}

for (const prefix of ["/", "/exp-bank/"]) {
  test(`under ${prefix}, odd request paths get the 404 page or a redirect on this origin`, () =>
    withTempDir("serve", async (dir) => {
      await mkdir(path.join(dir, "docs"));
      await writeFile(path.join(dir, "index.html"), "home");
      await writeFile(path.join(dir, "docs/index.html"), "docs");
      await writeFile(path.join(dir, "404.html"), "missing");
      const server = await serveSite(dir, prefix);
      try {
        assert.is((await get(server.origin, `${prefix}docs/`)).status, 200);
        for (const target of [
          "//evil.example/x",
          "/%E0%A4%A",
          `${prefix}%E0%A4%A`,
          `${prefix}..%2f..%2fetc/passwd`,
          `${prefix}..%2f404.html%00`,
        ]) {
          assert.is((await get(server.origin, target)).status, 404, target);
        }
        // "//" is a path, which under the root is the home page and under a prefix is outside the site.
        assert.is((await get(server.origin, "//")).status, prefix === "/" ? 200 : 404, "//");
        // A folder without its slash is redirected to it, as a path: never "//docs/", which names a host.
        assert.equal(await get(server.origin, `${prefix}docs`), { status: 301, location: `${prefix}docs/` });
        if (prefix === "/")
          assert.equal(await get(server.origin, "//docs"), { status: 301, location: "/docs/" });
      } finally {
        await server.close();
      }
    }));
}

test.run();
