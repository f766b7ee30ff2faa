import assert from "node:assert/strict";
import { parse } from "yaml";
import { directYaml, packageYaml, toYaml } from "./openapi_yaml.ts";

/** A deterministic pseudo-random generator (mulberry32). */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Pieces YAML treats specially, to build strings from. */
const PIECES = [
  "a",
  "Book",
  " ",
  "  ",
  "\n",
  "\n\n",
  "\t",
  ":",
  ": ",
  " #",
  "#",
  "-",
  "- ",
  "?",
  "'",
  '"',
  "\\",
  "{",
  "}",
  "[",
  "]",
  ",",
  "&",
  "*",
  "!",
  "|",
  ">",
  "%",
  "@",
  "`",
  "0",
  "12",
  "1.5",
  "1e3",
  "0x1F",
  "0o7",
  ".inf",
  ".nan",
  "true",
  "no",
  "yes",
  "Y",
  "~",
  "null",
  "---",
  "...",
  "=",
  "<<",
  "é",
  "😀",
  "\x01",
  "$ref",
  "#/components/schemas/X",
  "/books/{id}",
  "",
  "2026-01-01",
];

function randomString(next: () => number): string {
  let text = "";
  const length = Math.floor(next() * 5);
  for (let i = 0; i < length; i++) {
    text += PIECES[Math.floor(next() * PIECES.length)];
  }
  return text;
}

function randomValue(next: () => number, depth: number): unknown {
  const kind = Math.floor(next() * (depth > 3 ? 4 : 7));
  switch (kind) {
    case 0:
    case 1:
      return randomString(next);
    case 2:
      return [0, -0, 1.5, -3, 1e21, 42][Math.floor(next() * 6)];
    case 3:
      return [true, false, null][Math.floor(next() * 3)];
    case 4:
      return Array.from(
        { length: Math.floor(next() * 3) },
        () => randomValue(next, depth + 1),
      );
    case 5:
      return Object.fromEntries(
        Array.from(
          { length: Math.floor(next() * 3) },
          () => [randomString(next), randomValue(next, depth + 1)],
        ),
      );
    default:
      return new Map(
        Array.from(
          { length: Math.floor(next() * 3) },
          () => [randomString(next), randomValue(next, depth + 1)],
        ),
      );
  }
}

Deno.test("toYaml writes the yaml package's bytes for any document", () => {
  const next = random(18);
  let direct = 0;
  for (let i = 0; i < 3000; i++) {
    const doc = new Map([["openapi", "3.0.3"], ["x", randomValue(next, 0)]]);
    const text = directYaml(doc);
    if (text === undefined) continue;
    direct++;
    assert.equal(text, packageYaml(doc), JSON.stringify([...doc]));
  }
  // Most documents are written directly (the rest hold control characters,
  // document markers, multi-line keys...).
  assert.ok(direct > 2000, `${direct} of 3000 written directly`);
});

Deno.test("toYaml: an OpenAPI-shaped document, read back", () => {
  const doc = {
    openapi: "3.0.3",
    info: {
      title: "Shop: books",
      description: "First line.\n\n  Indented.\nLast: line\n",
      version: "1.0.0",
    },
    paths: new Map([["/books/{id}", {
      get: {
        tags: ["Books"],
        parameters: [{ name: "id", in: "path", required: true }],
        responses: { "200": { $ref: "#/components/responses/Error" } },
      },
    }]]),
    components: { schemas: {}, list: [] },
  };
  const text = toYaml(doc);
  assert.equal(text, packageYaml(doc));
  assert.deepEqual(parse(text).info, doc.info);
  assert.match(text, /^ {2}description: \|\n {4}First line\.\n\n {6}Indented/m);
});

Deno.test("toYaml with a cache writes the same text and reuses kept nodes", () => {
  const shared = { type: "object", properties: new Map([["a", { x: 1 }]]) };
  const document = {
    paths: new Map([["/a", { get: shared }]]),
    list: [shared],
  };
  const kept = new Map<object, string>();
  const made: object[] = [];
  const cache = (node: object, indent: string, make: () => string) => {
    const key = kept.get(node);
    if (key !== undefined && key.startsWith(`${indent.length}:`)) {
      return key.slice(key.indexOf(":") + 1);
    }
    made.push(node);
    const text = make();
    kept.set(node, `${indent.length}:${text}`);
    return text;
  };
  assert.equal(toYaml(document, cache), toYaml(document));
  assert.ok(made.includes(shared));
  made.length = 0;
  const next = { ...document, extra: "b" };
  assert.equal(toYaml(next, cache), toYaml(next));
  assert.deepEqual(made, [next], "only the new root is written again");
});

Deno.test("toYaml: a string seen as a value is still checked as a key", () => {
  const long = "k".repeat(1001);
  const short = "on";
  // Written as values first, then as keys, where the package writes a long
  // key its own way (`? key`).
  const doc = new Map<string, unknown>([
    ["values", [long, short]],
    ["keys", new Map([[long, 1], [short, 2]])],
  ]);
  assert.equal(directYaml(doc), undefined);
  assert.equal(toYaml(doc), packageYaml(doc));
  const quoted = new Map<string, unknown>([
    ["a", [short]],
    ["b", new Map([[short, 1]])],
  ]);
  assert.equal(toYaml(quoted), packageYaml(quoted));
});
