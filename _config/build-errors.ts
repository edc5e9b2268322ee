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
  for (let at = error; at && lines.length < 8; at = at.originalError || at.cause)
    if (at.message && !lines.includes(at.message)) lines.unshift(at.message);
  return lines.join("\\n\\n");
}
function element(name, text) {
  const made = document.createElement(name);
  made.textContent = text;
  return made;
}
socket.addEventListener("message", (event) => {
  let data, text = "The site did not build; the terminal running npm start says why.";
  try {
    data = JSON.parse(event.data);
    if (data.type === "eleventy.error") text = messages(JSON.parse(data.error)) || text;
  } catch {}
  if (!data || data.type !== "eleventy.error") return;
  let dialog = document.getElementById("build-error");
  if (!dialog) {
    dialog = element("dialog", "");
    dialog.id = "build-error";
    dialog.setAttribute("aria-labelledby", "build-error-title");
    dialog.style.maxWidth = "min(60rem, calc(100vw - 2rem))";
    const title = dialog.appendChild(element("h2", "The site did not build"));
    title.id = "build-error-title";
    dialog.append(element("p", "This page is the last good build. Fix the problem below and save; the page reloads."));
    dialog.appendChild(element("pre", "")).style.whiteSpace = "pre-wrap";
    dialog.appendChild(element("button", "Close")).addEventListener("click", () => dialog.close());
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
