/** `SITE_URL` parsing, the one setting of the site: unit tests, no build. */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { DEFAULT_SITE_URL, parseSiteUrl } from "../build/data/site.ts";

function refusal(value: string): string {
  try {
    parseSiteUrl(value);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error(`SITE_URL=${JSON.stringify(value)} was accepted`);
}

test("an unset SITE_URL is the address npm start serves", () => {
  assert.is(parseSiteUrl(undefined).href, DEFAULT_SITE_URL);
  assert.is(DEFAULT_SITE_URL, "http://localhost:8080/");
});

test("a URL with or without a path is normalised to end with /", () => {
  assert.is(parseSiteUrl("https://user.github.io/exp-bank").href, "https://user.github.io/exp-bank/");
  assert.is(parseSiteUrl("  https://exp-bank.example/ ").href, "https://exp-bank.example/");
  assert.is(parseSiteUrl("http://localhost:8080").pathname, "/");
});

test("each bad SITE_URL is refused with a message naming SITE_URL and the rule", () => {
  const cases: [string, RegExp][] = [
    ["", /SITE_URL is set but blank/],
    ["   ", /SITE_URL is set but blank/],
    ["exp-bank.example/docs/", /SITE_URL: "exp-bank.example\/docs\/" is not an absolute URL/],
    ["ftp://exp-bank.example/", /SITE_URL: .* must start with https:\/\/ or http:\/\//],
    ["javascript:alert(1)", /SITE_URL: .* must start with https:\/\/ or http:\/\//],
    ["https://u:p@host.example/", /SITE_URL: .* must not carry a user name or password/],
    ["https://u@host.example/", /SITE_URL: .* must not carry a user name or password/],
    ["https://example.com/a?", /SITE_URL: .* must not carry a query or fragment/],
    ["https://example.com/a#", /SITE_URL: .* must not carry a query or fragment/],
    ["https://example.com/a?x=1", /SITE_URL: .* must not carry a query or fragment/],
    ["https://example.com/a#top", /SITE_URL: .* must not carry a query or fragment/],
  ];
  for (const [value, rule] of cases) assert.match(refusal(value), rule, JSON.stringify(value));
});

test("a refusal never repeats the credentials it refuses", () => {
  assert.not.match(refusal("https://user:secret@host.example/"), /secret/);
});

test.run();
