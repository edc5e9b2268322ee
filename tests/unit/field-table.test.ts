/**
 * The docs' field tables from named schemas: one table per definition of the root's `$defs`, every
 * use linking to it, a contract component linking to its own table, unnamed objects in dotted rows.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { fieldTable, type JsonSchema } from "../../_config/field-table.ts";
import { escapeRegExp } from "../../_config/escape.ts";

const Rank: JsonSchema = { type: "object", properties: { name: { type: "string" } }, required: ["name"] };
const Duration: JsonSchema = {
  type: "object",
  description: "A time.",
  properties: { days: { type: "integer", minimum: 0 } },
  required: ["days"],
};
const result: JsonSchema = {
  type: "object",
  properties: {
    rank: { $ref: "#/$defs/Rank", description: "The rank now." },
    duration: { $ref: "#/$defs/Duration" },
    durations: { type: "array", items: { $ref: "#/$defs/Duration" }, description: "Every time." },
    goal: { type: "object", properties: { reached: { type: "boolean" } }, required: ["reached"] },
  },
  required: ["rank", "duration"],
  $defs: { Rank, Duration },
};

test("a named definition has one table, linked from every use; a component links to its own", () => {
  assert.fixture(
    fieldTable(result, { Rank }),
    [
      "| Field | Type | Required | Description |",
      "| --- | --- | --- | --- |",
      "| `rank` | [Rank](#rank) | yes | The rank now. |",
      "| `duration` | [Duration](#duration) | yes | A time. |",
      "| `durations` | array of [Duration](#duration) | no | Every time. |",
      "| `goal` | object | no |  |",
      "| `goal.reached` | boolean | yes |  |",
      "",
      "#### Duration",
      "",
      "A time.",
      "",
      "| Field | Type | Required | Description |",
      "| --- | --- | --- | --- |",
      "| `days` | integer, ≥ 0 | yes |  |",
    ].join("\n"),
  );
});

test("a root that names a definition lists that definition's fields", () => {
  const named = { $ref: "#/$defs/Rank", $defs: { Rank } };
  assert.match(fieldTable(named, { Rank }), /^\| `name` \| string \| yes \|  \|$/m);
});

test("a reference to no definition fails naming it, an inherited name (constructor) too", () => {
  for (const name of ["Missing", "constructor"]) {
    const broken = { type: "object", properties: { when: { $ref: `#/$defs/${name}` } } };
    const message = `"${name}" (#/$defs/${name}) is not a schema of the contract; use one of: `;
    assert.throws(() => fieldTable(broken), new RegExp(`^${escapeRegExp(message)}`));
  }
});

test.run();
