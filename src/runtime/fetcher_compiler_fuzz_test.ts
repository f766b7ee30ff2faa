/**
 * Fuzzing of the fetcher compiler: for any string it returns a fetcher or
 * throws a FetcherSyntaxError, never anything else. Seeded, so a failure
 * replays; set FUZZ_SEED to explore other seeds.
 */

import { mulberry32 } from "../testing/random.ts";
import assert from "node:assert/strict";
import { compileFetcher, FetcherSyntaxError } from "./fetcher_compiler.ts";
import { type AnyFetcher, fetcher, isFetcher } from "./fetcher.ts";
import { entityMetadata } from "./entity.ts";
import type { AnyClass } from "./metadata.ts";
import { Author, Book, BookStore } from "../../fixtures/bookstore/entities.ts";
import { BookController } from "../../fixtures/bookstore/book_controller.ts";
import { AuthorWithStores } from "../../fixtures/bookstore/author_controller.ts";
import { TreeNode } from "../../fixtures/treeshop/entities.ts";

function seedFromEnv(): number {
  try {
    const value = Deno.env.get("FUZZ_SEED");
    if (value !== undefined && /^\d+$/.test(value)) return Number(value);
  } catch {
    // no env permission: the default seed
  }
  return 20240611;
}

const SEED = seedFromEnv();
const RANDOM_STRINGS = 10_000;
const MUTATIONS = 10_000;
const ENTITIES: readonly AnyClass[] = [Book, BookStore, Author, TreeNode];

const FIELD_NAMES = [
  ...new Set(
    ENTITIES.flatMap((entity) => [...entityMetadata(entity).properties.keys()]),
  ),
];

const ALPHABET: readonly string[] = [
  "{",
  "}",
  "{",
  "}",
  "(",
  ")",
  ",",
  ",",
  ":",
  " ",
  " ",
  "  ",
  "\t",
  "\n",
  "\r\n",
  "\r",
  ...FIELD_NAMES,
  ...FIELD_NAMES,
  "recursive",
  "depth",
  "depth: ",
  "(recursive)",
  "(depth: 2)",
  "orderBy: ",
  "limit: ",
  "offset: ",
  " desc",
  "(limit: 2)",
  "0",
  "1",
  "3",
  "99999999999999999999",
  "-",
  ".",
  "#",
  ";",
  '"',
  "\\",
  "\0",
  "\u00a0",
  "\u2028",
  "\ufeff",
  "😀",
  "\ud800",
  "\udc00",
  "é",
  "𝒳",
  "nope",
  "__proto__",
  "constructor",
  "toString",
  "allScalarFields",
  "x",
];

/** A random fetcher of `entity` built with the typed DSL, untyped here. */
function randomFetcher(
  random: () => number,
  entity: AnyClass,
  depth: number,
): AnyFetcher {
  type Selectors = Record<string, (...args: unknown[]) => AnyFetcher>;
  let result: AnyFetcher = fetcher(entity as AnyClass<object>);
  if (random() < 0.2) result = result.allScalarFields();
  for (const property of entityMetadata(entity).properties.values()) {
    if (random() < 0.5 || property.kind === "id") continue;
    const selectors = result as unknown as Selectors;
    const select = selectors[property.name]!.bind(result);
    if (property.kind !== "association") {
      result = select(random() < 0.9);
      continue;
    }
    const target = property.target();
    if (depth >= 3 || random() < 0.3) {
      result = select();
      continue;
    }
    const child = randomFetcher(random, target, depth + 1);
    const list = property.association !== "many-to-one" && random() < 0.4
      ? randomListOptions(random, target)
      : {};
    if (target === entity && random() < 0.5) {
      result = select(
        child,
        random() < 0.5
          ? { recursive: true, ...list }
          : { recursive: true, depth: 1 + Math.floor(random() * 5), ...list },
      );
    } else {
      result = Object.keys(list).length === 0
        ? select(child)
        : select(child, list);
    }
  }
  return result;
}

/** Random `orderBy` (scalars of `target`), `limit` and `offset`. */
function randomListOptions(
  random: () => number,
  target: AnyClass,
): Record<string, unknown> {
  const scalars = [...entityMetadata(target).properties.values()]
    .filter((property) => property.kind !== "association")
    .map((property) => property.name);
  const options: Record<string, unknown> = {};
  if (random() < 0.6) {
    options.orderBy = scalars.filter(() => random() < 0.4).map((prop) => ({
      prop,
      desc: random() < 0.5,
    }));
  }
  if (random() < 0.6) options.limit = Math.floor(random() * 4);
  if (random() < 0.4) options.offset = Math.floor(random() * 3);
  return options;
}

function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)] as T;
}

function randomString(random: () => number): string {
  const tokens = Math.floor(random() * 24);
  let text = random() < 0.7 ? "{" : "";
  for (let i = 0; i < tokens; i++) text += pick(random, ALPHABET);
  return text;
}

function mutate(random: () => number, text: string): string {
  let result = text;
  const count = 1 + Math.floor(random() * 4);
  for (let i = 0; i < count; i++) {
    const at = Math.floor(random() * (result.length + 1));
    switch (Math.floor(random() * 5)) {
      case 0: // insert a token
        result = result.slice(0, at) + pick(random, ALPHABET) +
          result.slice(at);
        break;
      case 1: // delete a character (possibly half a surrogate pair)
        result = result.slice(0, at) + result.slice(at + 1);
        break;
      case 2: { // swap two neighbouring characters
        if (at + 1 < result.length) {
          result = result.slice(0, at) + result[at + 1] + result[at] +
            result.slice(at + 2);
        }
        break;
      }
      case 3: { // duplicate a slice
        const end = Math.min(result.length, at + Math.floor(random() * 12));
        result = result.slice(0, end) + result.slice(at, end) +
          result.slice(end);
        break;
      }
      default: // insert a random code unit
        result = result.slice(0, at) +
          String.fromCharCode(Math.floor(random() * 0x10000)) +
          result.slice(at);
    }
  }
  return result;
}

/** Compiles and checks the outcome is a fetcher or a well-formed error. */
function check(entity: AnyClass, text: string, context: string): boolean {
  let result: unknown;
  try {
    result = compileFetcher(entity, text);
  } catch (error) {
    if (!(error instanceof FetcherSyntaxError)) {
      assert.fail(
        `${context}: ${entity.name} ${JSON.stringify(text)} threw ${
          (error as Error)?.stack ?? error
        }`,
      );
    }
    const lines = text.split(/\r\n|\r|\n/).length;
    assert.ok(
      Number.isInteger(error.line) && error.line >= 1 && error.line <= lines &&
        Number.isInteger(error.column) && error.column >= 1 &&
        error.column <= text.length + 1 &&
        error.message.endsWith(` at ${error.line}:${error.column}`),
      `${context}: bad position in ${error.message} for ${
        JSON.stringify(text)
      }`,
    );
    return false;
  }
  assert.ok(isFetcher(result), `${context}: ${JSON.stringify(text)}`);
  // Whatever compiled, its own text compiles back to an equal fetcher.
  const again = compileFetcher(entity, String(result));
  assert.ok(
    again.equals(result) && again.entity === entity,
    `${context}: ${JSON.stringify(text)} -> ${result} -> ${again}`,
  );
  return true;
}

Deno.test(`fuzz: random token strings (seed ${SEED})`, () => {
  const random = mulberry32(SEED);
  let compiled = 0;
  for (let i = 0; i < RANDOM_STRINGS; i++) {
    const entity = pick(random, ENTITIES);
    if (check(entity, randomString(random), `random #${i} seed ${SEED}`)) {
      compiled++;
    }
  }
  // The alphabet is biased enough that some strings compile.
  assert.ok(compiled > 0, "no random string compiled");
});

Deno.test(`fuzz: mutations of valid fetcher texts (seed ${SEED})`, () => {
  const random = mulberry32(SEED ^ 0x5bd1e995);
  const fixtures: AnyFetcher[] = [
    BookController.SIMPLE_FETCHER,
    BookController.COMPLEX_FETCHER,
    AuthorWithStores.AUTHOR_FETCHER,
    AuthorWithStores.STORE_FETCHER,
  ];
  let compiled = 0;
  for (let i = 0; i < MUTATIONS; i++) {
    const original = random() < 0.2
      ? pick(random, fixtures)
      : randomFetcher(random, pick(random, ENTITIES), 1);
    const text = String(original);
    // The unmutated text is valid and compiles to an equal fetcher.
    assert.ok(
      compileFetcher(original.entity, text).equals(original),
      `valid text ${text} did not round-trip`,
    );
    if (check(original.entity, mutate(random, text), `mutation #${i}`)) {
      compiled++;
    }
  }
  assert.ok(compiled > 0, "no mutation compiled");
});

Deno.test(`fuzz: random bytes of any code unit (seed ${SEED})`, () => {
  const random = mulberry32(SEED + 1);
  for (let i = 0; i < 2_000; i++) {
    const length = Math.floor(random() * 40);
    let text = "";
    for (let j = 0; j < length; j++) {
      text += String.fromCharCode(
        random() < 0.5
          ? 32 + Math.floor(random() * 96)
          : Math.floor(random() * 0x10000),
      );
    }
    check(pick(random, ENTITIES), text, `bytes #${i} seed ${SEED}`);
  }
});
