/**
 * The lazy modules' names and what each provides to the page (types only: this file adds no code).
 * Each other file of this folder is one lazy module, bundled to `assets/NAME.js`; add its entry here.
 */
export interface LazyModules {
  /** The WebMCP tools, loaded only where the browser has a model context. */
  tools: true;
  /** Downloads the date beside a button of the answer as an event of the player's calendar. */
  calendar: (button: HTMLButtonElement) => void;
}
