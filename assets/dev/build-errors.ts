/**
 * `npm start` only: the dev server's build errors, on the page. Served by the dev server and added
 * to each HTML page as it serves it (`_config/build-errors.ts`), never built into the site. Eleventy's
 * dev server sends a failed build to the page over its live-reload socket (`eleventy.error`); this
 * opens a dialog with the error's text. The next good build reloads the page, which removes it.
 * The message is set as text, never as HTML; styles go through the CSSOM, which the pages'
 * Content-Security-Policy allows.
 */

/** An error as the dev server sends it: Eleventy's wrapper first, the error that says why inside. */
type SentError = { message?: string; originalError?: SentError; cause?: SentError };

const FALLBACK = "The site did not build; the terminal running npm start says why.";

/** The messages of an error and the errors it wraps, innermost first (it says what is wrong). */
function messages(error: SentError): string {
  const lines: string[] = [];
  for (let at: SentError | undefined = error; at && lines.length < 8; at = at.originalError ?? at.cause)
    if (at.message && !lines.includes(at.message)) lines.unshift(at.message);
  return lines.join("\n\n");
}

/** A new element of the page holding `text`, as text. */
function element<Name extends keyof HTMLElementTagNameMap>(name: Name, text = "") {
  return Object.assign(document.createElement(name), { textContent: text });
}

/** The page's dialog for build errors, made the first time one comes. */
function errorDialog(): HTMLDialogElement {
  const found = document.getElementById("build-error");
  if (found instanceof HTMLDialogElement) return found;
  const dialog = element("dialog");
  dialog.id = "build-error";
  dialog.setAttribute("aria-labelledby", "build-error-title");
  dialog.style.maxWidth = "min(60rem, calc(100vw - 2rem))";
  const title = dialog.appendChild(element("h2", "The site did not build"));
  title.id = "build-error-title";
  dialog.append(
    element("p", "This page is the last good build. Fix the problem below and save; the page reloads."),
  );
  dialog.appendChild(element("pre")).style.whiteSpace = "pre-wrap";
  dialog.appendChild(element("button", "Close")).addEventListener("click", () => dialog.close());
  document.body.append(dialog);
  return dialog;
}

/**
 * What the dialog says for a socket message, or undefined when the message is not a build error. The
 * dev server sends every message as JSON, a build error's `error` as its `JSON.stringify`.
 */
function errorText(data: string): string | undefined {
  const message = JSON.parse(data) as { type?: string; error?: string };
  if (message.type !== "eleventy.error") return undefined;
  return messages(JSON.parse(message.error ?? "{}")) || FALLBACK;
}

const socket = new WebSocket(`${location.protocol === "https:" ? "wss://" : "ws://"}${location.host}`);
socket.addEventListener("message", (event: MessageEvent<string>) => {
  const text = errorText(event.data);
  if (text === undefined) return;
  const dialog = errorDialog();
  dialog.querySelector("pre")!.textContent = text;
  if (!dialog.open) dialog.showModal();
});
