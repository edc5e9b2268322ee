/**
 * The start script: inlined, minified by esbuild, in the head of each page that lists `scripts`
 * (`_config/after-paint-scripts.ts` builds it and hashes it for the page's CSP). A classic script
 * in the head runs before the first frame; it adds the page's own modules once the page has painted.
 */
import { KEPT_KEY } from "../page/kept-key.ts";

/** The page's modules, relative to the page: esbuild writes them in (`define`) for each page. */
declare const SCRIPT_URLS: readonly string[];

// A page opened with a query (a calculation's link), or on a return visit with an answer kept on this
// device (`assets/page/form-remember.ts`), is marked as the answer before its first frame, so that frame
// is already laid out as the answer; the page's module keeps or removes the mark.
try {
  if (location.search || localStorage.getItem(KEPT_KEY)) document.documentElement.classList.add("is-answer");
} catch {
  // Storage refused (a link's query is read first): the module lays the page out once it runs.
}

// Until the modules run, no form submits natively: a Calculate or Enter then would reload the page
// with its fields in the address; the module reads them.
addEventListener("submit", (event) => event.preventDefault());

/**
 * Adds the modules as module scripts, which the CSP trusts through 'strict-dynamic' (an `import()`
 * is not trusted so, in Chromium). Called once, by the paint observer or at once.
 */
function addModules(_entries?: PerformanceObserverEntryList, observer?: PerformanceObserver): void {
  observer?.disconnect();
  for (const url of SCRIPT_URLS) {
    const script = document.createElement("script");
    script.type = "module";
    script.src = url;
    document.head.append(script);
  }
}

// After the first paint (`buffered`: also if it came before this line); a page loaded hidden (an
// agent's tab) never paints, so it adds them at once.
if (document.hidden) addModules();
else new PerformanceObserver(addModules).observe({ type: "paint", buffered: true });
