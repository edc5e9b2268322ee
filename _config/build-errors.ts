/**
 * `npm start` only: a failed rebuild shows on the open page, as the terminal shows it. Eleventy's
 * dev server sends a build error to the page over its live-reload socket (`eleventy.error`), where
 * its own client only logs it to the console and the page keeps the last good build; a small
 * script (`assets/dev/build-errors.ts`, compiled by esbuild as it is served) opens a dialog with
 * the error's text. The dev server serves it and adds it to each HTML page as it serves it. Built
 * files (`npm run build`, and the output of `npm start` on disk) never reference it.
 * See https://www.11ty.dev/docs/dev-server/ (`onRequest`, `middleware`)
 */
import { fileURLToPath } from "node:url";
import { buildSync } from "esbuild";
import { TARGETS } from "./bundle.ts";

/** Where the dev server serves the script, beside its own `/.11ty/reload-client.js`. */
const SCRIPT_PATH = "/.11ty/build-errors.js";
const SOURCE = fileURLToPath(new URL("../assets/dev/build-errors.ts", import.meta.url));

/** The script as the browser runs it, compiled from its source at each request, so an edit shows. */
function script(): string {
  const options = {
    format: "esm",
    target: TARGETS,
    write: false,
    logLevel: "silent",
    tsconfigRaw: {},
  } as const;
  return buildSync({ entryPoints: [SOURCE], ...options }).outputFiles[0]!.text;
}

type Response = { getHeader(name: string): unknown; end: (data?: unknown, ...rest: unknown[]) => unknown };

/** The dev server's options that serve the script and add it to each HTML page as it is served. */
export function buildErrorsOnThePage(pathPrefix: string) {
  const tag = `<script type="module" src="${pathPrefix.replace(/\/$/, "")}${SCRIPT_PATH}"></script>`;
  return {
    onRequest: {
      [SCRIPT_PATH]: () => ({
        status: 200,
        headers: { "Content-Type": "text/javascript; charset=utf-8", "Cache-Control": "no-store" },
        body: script(),
      }),
    },
    // Added to each HTML page as it is served, never written to the output folder, so the built
    // site is what `npm run build` writes.
    middleware: (_request: unknown, response: Response, next: () => void) => {
      const end = response.end;
      response.end = function (this: Response, data?: unknown, ...rest: unknown[]) {
        const html = String(response.getHeader("Content-Type") ?? "").startsWith("text/html");
        const text =
          typeof data === "string" || data instanceof Uint8Array ? Buffer.from(data).toString() : "";
        return end.call(
          this,
          html && text.includes("</body>") ? text.replace("</body>", `${tag}\n</body>`) : data,
          ...rest,
        );
      };
      next();
    },
  };
}
