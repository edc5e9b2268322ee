/** `SITE_URL` parsing, the one setting of the site: unit tests, no build. */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { DEFAULT_SITE_URL, parseSiteUrl, servePort } from "../../_data/site.ts";
import { escapeRegExp } from "../../_config/escape.ts";

test("an unset SITE_URL is the address npm start serves", () => {
  assert.is(parseSiteUrl(undefined).href, DEFAULT_SITE_URL);
  assert.is(DEFAULT_SITE_URL, "http://localhost:8080/");
});

test(`the port npm start serves on: Eleventy's --port in either form, else 8080; a bad one is refused \
naming --port`, () => {
  assert.is(servePort(["--serve"]), 8080);
  assert.is(servePort(["--serve", "--port=8347"]), 8347);
  assert.is(servePort(["--port", "9000", "--serve"]), 9000);
  for (const value of ["abc", "0", "65536", "", "80.5", "-1"]) {
    const message = new RegExp(
      `^--port: "${escapeRegExp(value)}" is not a port; give a whole number from 1 to 65535`,
    );
    assert.throws(() => servePort([`--port=${value}`]), message, value);
  }
  assert.throws(() => servePort(["--port"]), /^--port: "" is not a port/);
});

test("a URL with or without a path is normalised to end with /", () => {
  assert.is(parseSiteUrl("https://user.github.io/exp-bank").href, "https://user.github.io/exp-bank/");
  assert.is(parseSiteUrl("  https://exp-bank.example/ ").href, "https://exp-bank.example/");
  assert.is(parseSiteUrl("http://localhost:8080").pathname, "/");
  assert.is(
    parseSiteUrl("https://example.github.io/exp-bank_2.0~x/%28a%29/").pathname,
    "/exp-bank_2.0~x/%28a%29/",
  );
  assert.is(parseSiteUrl("https://user.github.io/caf%C3%A9/").pathname, "/caf%C3%A9/");
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
    // Characters that would end a Markdown link, an HTML attribute or a JSON string where the URL lands.
    [
      "https://example.github.io/exp(bank)/",
      new RegExp(
        String.raw`^SITE_URL: "https:\/\/example\.github\.io\/exp\(bank\)\/" has "\(" in its path, which ` +
          String.raw`would break the site's links .*; use only letters, digits and - \. _ ~ \/ in the ` +
          String.raw`path, or percent-encode the character`,
      ),
    ],
    ["https://example.github.io/it's/", /^SITE_URL: .* has "'" in its path/],
    ["https://example.github.io/a<b/", /^SITE_URL: .* has "<" in its path/],
    ["https://example.github.io/a b/", /^SITE_URL: .* has " " in its path/],
    ['https://example.github.io/a"b/', /^SITE_URL: .* has "\\"" in its path/],
    ["https://example.github.io/a%zz/", /^SITE_URL: .* has "%" in its path/],
    [
      "https://exp'bank.example/",
      /^SITE_URL: .* has "'" in its host name, which holds only letters, digits, "-" and "\."/,
    ],
    ["https://exp(bank.example/", /^SITE_URL: .* has "\(" in its host name/],
    // Markdown links escape an IPv6 literal's brackets.
    [
      "https://[::1]/",
      /^SITE_URL: "https:\/\/\[::1\]\/" has "\[" in its host name, .*; correct the host name$/,
    ],
    ["http://[2001:db8::1]:8080/exp-bank/", /^SITE_URL: .* has "\[" in its host name/],
  ];
  for (const [value, rule] of cases) assert.throws(() => parseSiteUrl(value), rule, JSON.stringify(value));
});

test("a refusal never repeats the credentials it refuses", () => {
  const refused = (error: Error) =>
    /user name or password/.test(error.message) && !/secret/.test(error.message);
  assert.throws(() => parseSiteUrl("https://user:secret@host.example/"), refused);
});

test.run();
