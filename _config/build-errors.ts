/**
 * `npm start` only: a failed rebuild shows on the open page, as the terminal shows it. Eleventy's
 * dev server sends a build error to the page over its live-reload socket (`eleventy.error`), where
 * its own client only logs it to the console and the page keeps the last good build; this small
 * script, served by the dev server and added to each HTML page as it serves it, opens a dialog
 * with the error's text. The next good build reloads the page, which removes the dialog. Built
 * files (`npm run build`, and the output of `npm start` on disk) never reference it.
 * See https://www.11ty.dev/docs/dev-server/ (`onRequest`, `middleware`)
 */
/** Where the dev server serves the script, beside its own `/.11ty/reload-client.js`. */
const SCRIPT_PATH = "/.11ty/build-errors.js";

/**
 * The page's side, plain JavaScript for the browser. The message is set as text, never as HTML;
 * styles go through the CSSOM, which the pages' Content-Security-Policy allows.
 */
const SCRIPT = `// The dev server's build errors, on the page (_config/build-errors.ts).
const socket = new WebSocket((location.protocol === "https:" ? "wss://" : "ws://") + location.host);
// Eleventy wraps the error that says what is wrong ("Having trouble rendering …"): it comes first.
function messages(error) {
  const lines = [];
  for (let current = error; current && lines.length < 8; current = current.originalError || current.cause) {
    if (current.message && !lines.includes(current.message)) lines.unshift(current.message);
  }
  return lines.join("\\n\\n");
}
socket.addEventListener("message", (event) => {
  let data;
  try {
    data = JSON.parse(event.data);
  } catch {
    return;
  }
  if (!data || data.type !== "eleventy.error") return;
  let text = "The site did not build; the terminal running npm start says why.";
  try {
    text = messages(JSON.parse(data.error)) || text;
  } catch {}
  let dialog = document.getElementById("build-error");
  if (!dialog) {
    dialog = document.createElement("dialog");
    dialog.id = "build-error";
    dialog.setAttribute("aria-labelledby", "build-error-title");
    dialog.style.maxWidth = "min(60rem, calc(100vw - 2rem))";
    const title = document.createElement("h2");
    title.id = "build-error-title";
    title.textContent = "The site did not build";
    const note = document.createElement("p");
    note.textContent = "This page is the last good build. Fix the problem below and save; the page reloads.";
    const pre = document.createElement("pre");
    pre.style.whiteSpace = "pre-wrap";
    pre.style.overflowWrap = "anywhere";
    const close = document.createElement("button");
    close.type = "button";
    close.textContent = "Close";
    close.addEventListener("click", () => dialog.close());
    dialog.append(title, note, pre, close);
    document.body.append(dialog);
  }
  dialog.querySelector("pre").textContent = text;
  if (!dialog.open) dialog.showModal();
});
`;

type Response = { getHeader(name: string): unknown; end: (data?: unknown, ...rest: unknown[]) => unknown };

/** The dev server's options that serve the script and add it to each HTML page as it is served. */
export function buildErrorsOnThePage(pathPrefix: string) {
  const tag = `<script type="module" src="${pathPrefix.replace(/\/$/, "")}${SCRIPT_PATH}"></script>`;
  return {
    onRequest: {
      [SCRIPT_PATH]: () => ({
        status: 200,
        headers: { "Content-Type": "text/javascript; charset=utf-8", "Cache-Control": "no-store" },
        body: SCRIPT,
      }),
    },
    // Added to each HTML page as it is served, never written to the output folder, so the built
    // site is what `npm run build` writes.
    middleware: (_request: unknown, response: Response, next: () => void) => {
      const end = response.end;
      response.end = function (this: Response, data?: unknown, ...rest: unknown[]) {
        const html = String(response.getHeader("Content-Type") ?? "").startsWith("text/html");
        const text =
          typeof data === "string"
            ? data
            : data instanceof Uint8Array
              ? Buffer.from(data).toString("utf8")
              : undefined;
        return end.call(
          this,
          html && text?.includes("</body>") ? text.replace("</body>", `${tag}\n</body>`) : data,
          ...rest,
        );
      };
      next();
    },
  };
}
