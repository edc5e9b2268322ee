/**
 * The homepage calculator for players: the form and the answer are drawn from the one state
 * (`form-state.ts`), which every control changes through `update` or `edit`. Reading it is
 * `form-read.ts`, judging it `form-judge.ts`, showing the answer `form-answer.ts`, the goal's chips
 * `rank-goal.ts`, sharing `form-share.ts`, remembering it `form-remember.ts`. A valid edit recomputes
 * at once; a field being typed is judged when the person is done with it (on leaving it, on Calculate
 * or Enter, or after a pause). The state lives in the URL query (`?gems=250m&goal=Radiant&time=90d`),
 * so a link reproduces its result, and back and forward restore earlier ones; a link opens on its answer.
 */
import type { ExpRank } from "../../contract/rank-list.ts";
import { durationFromSeconds } from "../../common/engine/duration.ts";
import { compareExact, exactOf } from "../../common/engine/exact.ts";
import { labelOf, readForm, type Problem, type Reading } from "./form-read.ts";
import { edit, PERIOD, queryOf, state, stateOf, UNTIL, update, watch, type FormState } from "./form-state.ts";
import { showNotes, showProblems, validate } from "./form-judge.ts";
import { givenTime, render, summaryLine, type Shown } from "./form-answer.ts";
import { mountShare, shareText, type Shareable } from "./form-share.ts";
import { mountRemember, returned } from "./form-remember.ts";
import { mountRankGoal } from "./rank-goal.ts";
import { compactGems, dateText, put } from "./form-words.ts";
import { loadPlan, planHook } from "./plan-hook.ts";

/** How long a field may rest while typed in before it is judged. */
const PAUSE_MS = 1500;

/** A time as a link writes it, to compare two ways of writing it: "1 week" and "7 days" are `time=7d`. */
const timeOf = (text: string) => queryOf({ [PERIOD]: text }, [PERIOD]);

/**
 * Whether a goal still being typed is at or below the balance ("2" on the way to "2B"): its answer ("You
 * already have 2 gems.") waits until the player is done with it.
 */
const unsettled = ({ values: { goalGems, currentGems } }: Reading, { judged }: FormState) =>
  !judged.has("goalGems") &&
  goalGems !== undefined &&
  currentGems !== undefined &&
  compareExact(exactOf(goalGems), exactOf(currentGems)) <= 0;

export function mountCalculatorForm(form: HTMLFormElement, ranks: readonly ExpRank[]): void {
  const byId = (id: string) => document.getElementById(`calculator-${id}`)!;
  const [region, status, summary, shared, asOf] = ["result", "status", "summary", "shared", "as-of"].map(
    byId,
  );
  const emptySummary = summary!.textContent;
  const more = byId("more") as HTMLDetailsElement;
  /** The named fields, those a module adds later included. */
  const fields = () =>
    Array.from(form.elements).filter(
      (element): element is HTMLInputElement => element instanceof HTMLInputElement && element.name !== "",
    );
  const names = () => fields().map((input) => input.name);
  const field = (name: string) => form.elements.namedItem(name) as HTMLInputElement;
  /** The label of the first field on the page with one of `problems`. */
  const firstLabel = (problems: readonly Problem[]) =>
    labelOf(form, fields().find(({ name }) => problems.some((problem) => problem.field === name))!.name);
  const picks = Array.from(form.querySelectorAll<HTMLButtonElement>("[data-time]"), (pick) => ({
    pick,
    time: timeOf(pick.textContent!),
  }));
  const goal = mountRankGoal(form, ranks);
  const layout = document.documentElement;
  let answer: Shareable = { fix: null }; // the answer on screen for Share, or why there is none
  const show = (part: "empty" | "stale" | "list") => {
    layout.classList.remove("is-stale");
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

  /** Draws what follows the state at once: the fields, the quick times, the goal's chips and badge. */
  const draw = (current: FormState) => {
    for (const input of fields()) {
      const text = current.typed[input.name] ?? "";
      if (input.value !== text) input.value = text;
    }
    const time = timeOf(current.typed[PERIOD] ?? "");
    for (const { pick, time: its } of picks) pick.setAttribute("aria-pressed", String(time === its));
    const reading = readForm(current, current.pinned ?? Date.now(), ranks);
    const { problems } = validate(reading);
    // No badge beside a balance that cannot be read or computed with ("= Radiant, reached" beside 1e30).
    const badBalance =
      current.typed.currentGems?.trim() && problems.some(({ field }) => field === "currentGems");
    goal(reading, problems, !badBalance && !unsettled(reading, current));
  };

  /**
   * Draws the notes, the problems and the answer; `commit` (Calculate, a link) focuses the first problem or
   * announces the answer. Returns the reading answered, or null.
   */
  const answerFor = (commit: boolean): Reading | null => {
    const current = state();
    const now = current.pinned ?? Date.now();
    const reading = readForm(current, now, ranks);
    let { input, problems } = validate(reading);
    showNotes(form, reading.notes); // after validate, which drops the note of a value refused
    const planProblem = planHook.problem();
    if (planProblem) input = null; // a plan field's mistake holds the answer too
    status!.textContent = shared!.textContent = "";
    const shown = problems.filter((problem) => current.judged.has(problem.field));
    const first = showProblems(form, shown);
    // What a link or an edit puts in the fold, or a message there names, is never folded away.
    const used = ["additionalGems", UNTIL].some((name) => current.typed[name]);
    if (used || more.querySelector(".field-error:not([hidden])")) more.open = true;
    byId("share").toggleAttribute("data-empty", !input);
    if (!input || unsettled(reading, current)) {
      layout.classList.remove("is-answer"); // the form shows whenever there is no answer to show
      const empty = Object.keys(reading.values).length === 0 && reading.problems.length === 0;
      const planFix = planProblem && labelOf(form, planProblem);
      answer = { fix: !empty && problems[0] ? firstLabel(problems) : planFix };
      // A plan field's mistake is said once judged, as the form's own are.
      const planShown = planProblem && current.judged.has(planProblem) ? planFix : null;
      // A field still being typed is not judged yet: the last result and its summary dim until it reads as valid.
      if (!empty && shown.length === 0 && !planShown) {
        layout.classList.add("is-stale");
        return null;
      }
      show(empty ? "empty" : "stale");
      // The mistake is said once, at its field: the bar only points there.
      const fix = shown.length ? firstLabel(shown) : planShown;
      summary!.textContent = empty ? emptySummary : `Fix ${fix} to see your answer.`;
      if (commit) (first ?? (planShown ? field(planProblem!) : null))?.focus();
      return null;
    }
    // Shown first, so the chart is drawn at the width its box really has.
    show("list");
    const pinned = current.pinned;
    const friends = pinned !== null; // a friend's link, until a field is edited
    const given = givenTime(reading, friends);
    const view: Shown = { result: planHook.calculate(input, ranks), now, given, ranks, shared: friends };
    const lines = render(region!, view);
    const old = pinned !== null && Math.abs(Date.now() - pinned) >= 60_000 ? `As of ${dateText(pinned)}` : "";
    asOf!.textContent = old
      ? `Shared with you. ${old}, when this link was made: its dates count from then.`
      : friends
        ? "Shared with you."
        : grownText();
    asOf!.hidden = !asOf!.textContent;
    put(summary!, summaryLine(view));
    answer = { text: shareText(view), query: linkOf(reading), now };
    if (commit) status!.textContent = (old ? `${old}: ` : "") + lines.join(" ");
    return reading;
  };

  /** The link of the state read as `reading`: a date as the time to it, `time=1mo8d11h` in every time zone. */
  const linkOf = ({ until, values }: Reading) => {
    const time = until && durationFromSeconds(Number(values.seconds)).text;
    return queryOf(time ? { ...state().typed, [UNTIL]: "", [PERIOD]: time } : state().typed, names());
  };

  // One history entry per calculation: edits after a committed result start a new entry, and
  // further edits update that entry until the next commit. URLs are relative to the page.
  const record = (reading: Reading | null, commit: boolean) => {
    const current = state();
    if (!reading || current.pinned !== null) return;
    const search = linkOf(reading);
    // The fields are kept once the player is done with the balance, never half typed ("12" of "12.5M").
    if (commit || current.judged.has("currentGems")) keep(search);
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
    if (state().judged.has(name)) return clearTimeout(pause);
    update({ judged: new Set([...state().judged, name]) }, "judge", name);
  };
  // The page follows every change of the state: the fields and the goal at once, the answer as the cause asks.
  watch((current, cause, name) => {
    draw(current);
    wait();
    // A goal with a time may be missed; what it takes is the plan's, loaded now: a typed answer waits for it.
    const { goalGems, period, until } = current.typed;
    const plan = goalGems && (period || until) ? loadPlan().catch(() => {}) : Promise.resolve();
    if (cause === "edit") {
      // The old result is marked stale at once; a valid edit replaces it, an invalid one hides it once judged.
      layout.classList.add("is-stale");
      pending = window.setTimeout(() => plan.then(() => record(answerFor(false), false)), 120);
      pause = window.setTimeout(() => judge(name), PAUSE_MS);
      return;
    }
    const reading = answerFor(cause === "calculate" || cause === "link");
    if (cause === "judge" || cause === "calculate") record(reading, cause === "calculate");
  });

  form.addEventListener("input", (event) => {
    const target = event.target;
    // The picker's pick arrives as its change (rank-goal.ts).
    if (target instanceof HTMLInputElement && target.name) edit(target.name, target.value);
  });
  // Leaving a field judges it: its message shows in the slot kept for it, so nothing moves.
  form.addEventListener("focusout", (event) => {
    const input = event.target as HTMLInputElement;
    if (input.name && input.value) judge(input.name);
  });
  for (const { pick } of picks) pick.addEventListener("click", () => edit(PERIOD, pick.textContent!.trim()));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    update({ judged: new Set(names()) }, "calculate");
    // The result comes into view (below the form on a narrow screen), focus left where it was.
    const heading = byId("result-heading");
    if (
      "text" in answer &&
      (matchMedia("(max-width: 61.99rem)").matches || heading.getBoundingClientRect().top < 0)
    )
      heading.scrollIntoView({ block: "start" });
  });
  // Reset empties the state; the fields, the result, the notes, the errors and the URL follow.
  form.addEventListener("reset", (event) => {
    event.preventDefault();
    more.open = false;
    update({ typed: {}, pinned: null, badDate: false, judged: new Set() }, "load");
    history.pushState({ committed: true }, "", location.href.split(/[?#]/)[0]);
  });
  // Share answers for the fields as they are now, and no timer left running wipes what it says.
  mountShare(byId("share"), shared!, () => {
    wait();
    record(answerFor(false), false);
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
    layout.classList.remove("is-answer");
    update({ typed: { ...state().typed, currentGems: "" }, pinned: null }, "load");
    field("currentGems").focus();
  });
  /** Opens the address's query: a link is judged whole, as Calculate would. */
  const open = () => {
    const linked = location.search !== "";
    const judged = new Set(linked ? names() : []);
    update({ ...stateOf(location.search, names()), judged }, linked ? "link" : "load");
  };
  window.addEventListener("popstate", open);
  // The planning module joins once used: its answer then replaces the one drawn without it, announced
  // again if the one it replaces was.
  planHook.refresh = () => record(answerFor(status!.textContent !== ""), false);
  more.addEventListener("toggle", () => more.open && loadPlan().catch(() => undefined));
  const linked = location.search !== "";
  // A return visit opens on the kept answer, the balance grown to now. Nothing was typed before this
  // script ran: the start script laid the page out as that answer, the form hidden.
  const back = linked ? null : returned(Date.now(), ranks, names());
  const keep = mountRemember(byId("forget") as HTMLButtonElement, back?.grown ?? null, () =>
    field("currentGems").focus(),
  );
  /** "Your 250M of Nov 29 is about 250.75M now, if untouched": while the grown balance stands. */
  function grownText(): string {
    if (!back?.moved || state().typed.currentGems !== back.grown) return "";
    const [kept, grown] = [compactGems(back.kept), compactGems(back.grown)];
    return `Your ${kept} of ${dateText(back.at)} is about ${grown} now, if untouched.`;
  }
  // What was typed before this script ran (after the first paint), or is remembered, shows its answer.
  if (linked) open();
  else {
    const typed = Object.fromEntries(
      fields().flatMap((input) => (input.value ? [[input.name, input.value]] : [])),
    );
    update({ typed: back?.typed ?? typed }, "load");
  }
  const opened = (linked || back) && "text" in answer;
  if (opened) history.replaceState({ committed: true }, "");
  layout.classList.toggle("is-answer", Boolean(opened));
}
