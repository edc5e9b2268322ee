/**
 * The homepage calculator for players, wiring the fields to the answer: reading them is
 * `form-read.ts`, judging them `form-judge.ts`, showing the answer `form-answer.ts`, sharing
 * `form-share.ts`, remembering the balance `form-remember.ts`. A valid edit recomputes at once; a
 * field being typed is judged when the person is done with it (on leaving it, on Calculate or
 * Enter, or after a pause). The inputs live in the URL query under the tool's field names, so a
 * link reproduces its result, and back and forward restore earlier ones; a link opens on its answer.
 */
import type { ExpRank } from "../../contract/rank-list.ts";
import { calculateGrowth } from "../../common/engine/calculate.ts";
import { DURATION_UNITS } from "../../common/engine/duration.ts";
import { readDuration } from "../../common/duration-text.ts";
import { fieldOf, fillFrom, formState, labelOf, PERIOD, UNTIL } from "./form-read.ts";
import { queryOf, readForm, type Reading } from "./form-read.ts";
import { judgedAs, showNotes, showProblems, validate } from "./form-judge.ts";
import { givenTime, render, summaryLine, type Shown } from "./form-answer.ts";
import { mountShare, shareText, type Shareable } from "./form-share.ts";
import { mountRemember, returned } from "./form-remember.ts";
import { compactGems, dateText } from "./form-words.ts";

/** How long a field may rest while typed in before it is judged. */
const PAUSE_MS = 1500;
const TIME_FIELDS = [...DURATION_UNITS, UNTIL];

export function mountCalculatorForm(form: HTMLFormElement, ranks: readonly ExpRank[]): void {
  const byId = (id: string) => document.getElementById(`calculator-${id}`)!;
  const [region, status, summary, shared, asOf] = ["result", "status", "summary", "shared", "as-of"].map(
    byId,
  );
  const emptySummary = summary!.textContent;
  const more = byId("more") as HTMLDetailsElement;
  const field = (name: string) => fieldOf(form, name);
  const picks = Array.from(form.querySelectorAll<HTMLButtonElement>("[data-unit]"));
  const layout = document.documentElement;
  let pinned: number | null = null; // a link's moment of calculation, until a field is edited; null: now
  let answer: Shareable = { fix: null }; // the answer on screen for Share, or why there is none
  /** Fields the person is done with, whose problems show (the time fields stand for "duration"). */
  const judged = new Set<string>();
  const show = (part: "empty" | "stale" | "list") => {
    region!.classList.remove("is-stale");
    // A result turned into a message keeps its height, so nothing above it moves under a finger (a
    // page scrolled to its end would shorten): the tap on Calculate that left a field lands.
    const section = region!.parentElement!; // the result's heading included
    section.style.minHeight = part === "stale" ? `${section.getBoundingClientRect().height}px` : "";
    for (const name of ["empty", "stale", "list"])
      region!.querySelector(`[data-result-${name}]`)?.toggleAttribute("hidden", name !== part);
  };
  // The bar rides above an on-screen keyboard that covers the page without resizing it.
  const keyboard = ({ height, offsetTop }: VisualViewport) =>
    `${Math.max(0, innerHeight - height - offsetTop)}px`;
  for (const type of ["resize", "scroll"])
    visualViewport?.addEventListener(type, function (this: VisualViewport) {
      document.documentElement.style.setProperty("--keyboard", keyboard(this));
    });

  /** Recomputes; `commit` (Calculate, a link) judges every field, focuses the first problem or announces the answer. */
  const update = (commit: boolean): Reading | null => {
    const now = pinned ?? Date.now();
    const reading = readForm(form, now, ranks);
    showNotes(form, reading.notes);
    // The quick times show pressed while the time fields hold exactly theirs.
    for (const pick of picks) {
      const { unit, count } = pick.dataset;
      const only = TIME_FIELDS.every((name) => field(name).value.trim() === (name === unit ? count : ""));
      pick.setAttribute("aria-pressed", String(only));
    }
    const { input, problems } = validate(reading);
    status!.textContent = shared!.textContent = "";
    if (commit) for (const problem of problems) judged.add(judgedAs(problem.field));
    const shown = problems.filter((problem) => judged.has(judgedAs(problem.field)));
    const first = showProblems(form, shown);
    // What a link or an edit puts in the fold, or a message there names, is never folded away.
    const used = ["additionalGems", UNTIL].some((name) => field(name).value);
    if (used || more.querySelector(".field-error:not([hidden])")) more.open = true;
    byId("share").toggleAttribute("data-empty", !input);
    if (!input) {
      layout.classList.remove("is-answer"); // the form shows whenever there is no answer to show
      const empty = Object.keys(reading.values).length === 0 && reading.problems.length === 0;
      answer = { fix: !empty && problems[0] ? labelOf(form, problems[0].field) : null };
      // A field still being typed is not judged yet: the last result dims until it reads as valid.
      if (!empty && shown.length === 0) {
        region!.classList.add("is-stale");
        return null;
      }
      show(empty ? "empty" : "stale");
      summary!.textContent = empty
        ? emptySummary
        : form.querySelector(".field-error:not([hidden])")?.textContent || "Fix the marked field.";
      if (commit) first?.focus();
      return null;
    }
    // Shown first, so the chart is drawn at the width its box really has.
    show("list");
    const friends = pinned !== null; // a friend's link, until a field is edited
    const given = givenTime(reading, friends);
    const view: Shown = { result: calculateGrowth(input, ranks), now, given, ranks, shared: friends };
    const lines = render(region!, view);
    const old = friends && Math.abs(Date.now() - pinned!) >= 60_000 ? `As of ${dateText(pinned!)}` : "";
    asOf!.textContent = old
      ? `Shared with you. ${old}, when this link was made: its dates count from then.`
      : friends
        ? "Shared with you."
        : grownText();
    asOf!.hidden = !asOf!.textContent;
    summary!.textContent = summaryLine(view);
    answer = { text: shareText(view), query: queryOf(form, reading), now };
    if (commit) status!.textContent = (old ? `${old}: ` : "") + lines.join(" ");
    return reading;
  };

  // One history entry per calculation: edits after a committed result start a new entry, and
  // further edits update that entry until the next commit. URLs are relative to the page.
  const record = (reading: Reading | null, commit: boolean) => {
    if (!reading || pinned !== null) return;
    const search = queryOf(form, reading);
    // The fields are kept once the player is done with the balance, never half typed ("12" of "12.5M").
    if (commit || judged.has("currentGems")) keep(new URLSearchParams(`${search}&kept=${Date.now()}`));
    if (`?${search}` === location.search || (search === "" && location.search === ""))
      return void (commit && history.replaceState({ committed: true }, ""));
    const url = search ? `?${search}` : location.href.split(/[?#]/)[0];
    if (history.state?.committed) history.pushState({ committed: commit }, "", url);
    else history.replaceState({ committed: commit }, "", url);
  };

  let pending = 0;
  let pause = 0;
  const wait = () => {
    clearTimeout(pending);
    clearTimeout(pause);
  };
  /** The person is done with `name`: its problem, if any, shows. */
  const judge = (name: string) => {
    if (judged.has(judgedAs(name))) return clearTimeout(pause);
    judged.add(judgedAs(name));
    wait();
    record(update(false), false);
  };
  form.addEventListener("input", (event) => {
    const target = event.target;
    // The picker's pick arrives as its change; the rank chips keep it in step with the goal.
    if (!(target instanceof HTMLInputElement) || !target.name) return;
    // A link's unreadable date stays an error until the form is edited; an edit counts from now.
    formState.untilProblem = "";
    pinned = null;
    if (target.name === PERIOD) {
      // The one time field fills the tool's time fields, and replaces a date.
      formState.periodTyped = true;
      const read = readDuration(target.value);
      for (const name of TIME_FIELDS) field(name).value = (read.ok && read.parts[name as "days"]) || "";
    } else if (TIME_FIELDS.includes(target.name)) formState.periodTyped = false;
    judged.delete(judgedAs(target.name));
    wait();
    // The old result is marked stale at once; a valid edit replaces it, an invalid one hides it once judged.
    region!.classList.add("is-stale");
    pending = window.setTimeout(() => record(update(false), false), 120);
    pause = window.setTimeout(() => judge(target.name), PAUSE_MS);
  });
  // Leaving a field judges it: its message shows in the slot kept for it, so nothing moves.
  form.addEventListener("focusout", (event) => {
    const input = event.target as HTMLInputElement;
    if (input.name && input.value) judge(input.name);
  });
  for (const pick of picks)
    pick.addEventListener("click", () => {
      for (const name of TIME_FIELDS) field(name).value = "";
      field(pick.dataset.unit!).value = pick.dataset.count!;
      field(pick.dataset.unit!).dispatchEvent(new Event("input", { bubbles: true }));
    });
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    wait();
    const reading = update(true);
    record(reading, true);
    // The result comes into view (below the form on a narrow screen), focus left where it was.
    const heading = byId("result-heading");
    if (reading && (matchMedia("(max-width: 61.99rem)").matches || heading.getBoundingClientRect().top < 0))
      heading.scrollIntoView({ block: "start" });
  });
  // Reset empties the fields itself; the result, the notes, the errors and the URL follow.
  form.addEventListener("reset", () => {
    window.setTimeout(() => {
      pinned = fillFrom(form, "");
      judged.clear();
      more.open = false;
      update(false);
      history.pushState({ committed: true }, "", location.href.split(/[?#]/)[0]);
      // Whatever follows the goal (the rank chips, the picker) hears that the fields changed.
      form.dispatchEvent(new Event("change"));
    });
  });
  // Share answers for the fields as they are now, and no timer left running wipes what it says.
  mountShare(byId("share"), shared!, () => {
    wait();
    record(update(false), false);
    return answer;
  });
  // A link with a calculation opens on its answer (marked before the first frame by the page's
  // start script, _config/after-paint-scripts.ts); the form is one tap away.
  byId("edit").addEventListener("click", () => {
    layout.classList.remove("is-answer");
    field("currentGems").focus();
  });
  // A friend's answer, tried with one's own gems: the goal and the time kept, counted from now.
  byId("try").addEventListener("click", () => {
    pinned = null;
    field("currentGems").value = "";
    layout.classList.remove("is-answer");
    field("currentGems").focus();
    update(false);
  });
  const load = () => {
    pinned = fillFrom(form, location.search);
    judged.clear();
    return update(location.search !== "");
  };
  window.addEventListener("popstate", () => void load());
  const linked = location.search !== "";
  // A return visit opens on the kept answer, the balance grown to now. Nothing was typed before this
  // script ran: the start script laid the page out as that answer, the form hidden.
  const back = linked ? null : returned(Date.now(), ranks);
  if (back) fillFrom(form, back.query);
  const keep = mountRemember(field("currentGems"), byId("forget") as HTMLButtonElement, back?.grown ?? null);
  /** "Your 250M of Nov 29 is about 250.75M now, if untouched": while the grown balance stands. */
  function grownText(): string {
    if (!back?.moved || field("currentGems").value !== back.grown) return "";
    const [kept, grown] = [compactGems(back.kept), compactGems(back.grown)];
    return `Your ${kept} of ${dateText(back.at)} is about ${grown} now, if untouched.`;
  }
  // What was typed before this script ran (after the first paint), or is remembered, shows its answer;
  // a time typed in the one time field counts as an edit of it.
  if (!linked && field(PERIOD).value && !back)
    field(PERIOD).dispatchEvent(new Event("input", { bubbles: true }));
  const opened = linked ? load() : update(false) && back;
  if (opened) history.replaceState({ committed: true }, "");
  layout.classList.toggle("is-answer", Boolean(opened));
}
