/** The model context of this page, if the browser has one (WebMCP). */
export function pageModelContext(): WebMCP.ModelContext | undefined {
  // Read navigator's only where document's is missing: Chromium 150 logs a deprecation on every read.
  const context =
    document.modelContext ?? (navigator as Navigator & { modelContext?: WebMCP.ModelContext }).modelContext;
  return typeof context?.registerTool === "function" ? context : undefined;
}
