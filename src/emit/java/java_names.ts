/**
 * Java naming rules for the Java client emitter: identifier sanitizing and a
 * collision-free name allocator (keywords and package validation are in
 * `src/model/java_package.ts`).
 *
 * Policy (see emit_java.ts for the whole picture):
 * - A base package is the user's choice, so it is never rewritten: a segment
 *   that is not a Java identifier or is a keyword (`com.example.int`) is
 *   rejected with a message naming the segment (`javaPackageProblem`).
 * - Names taken from the model (properties, parameters, methods, enum values,
 *   types) are sanitized: characters outside Java identifiers become `_`, a
 *   leading digit gets a `_` prefix, and a keyword or otherwise reserved word
 *   gets a `_` suffix (`default` -> `default_`). The emitter keeps the wire
 *   name with `@JsonProperty` (or the mapping annotations) where it matters.
 *
 * @module
 */

import {
  IDENTIFIER_PART,
  IDENTIFIER_START,
  JAVA_KEYWORDS,
} from "../../model/java_package.ts";

/** Contextual words that cannot name a type (JLS 3.9: `var`, `yield`, `record`, ...). */
const RESTRICTED_TYPE_NAMES: ReadonlySet<string> = new Set([
  "permits",
  "record",
  "sealed",
  "var",
  "yield",
]);

/**
 * Names a record component or an interface method must not take: a record
 * component may not be named like a no-argument method of `Object`
 * (JLS 8.10.1), and a service method with such a name would clash with it.
 */
const RESERVED_MEMBER_NAMES: ReadonlySet<string> = new Set([
  "clone",
  "equals",
  "finalize",
  "getClass",
  "hashCode",
  "notify",
  "notifyAll",
  "toString",
  "wait",
]);

/** An ASCII identifier: kept as it is (the common case, tested first). */
const ASCII_IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** Turns any text into a Java identifier that is not a keyword. */
export function sanitizeIdentifier(text: string): string {
  if (ASCII_IDENTIFIER.test(text)) {
    return JAVA_KEYWORDS.has(text) ? `${text}_` : text;
  }
  let out = [...text].map((c) => IDENTIFIER_PART.test(c) ? c : "_").join("");
  if (out === "" || !IDENTIFIER_START.test([...out][0]!)) out = `_${out}`;
  return JAVA_KEYWORDS.has(out) ? `${out}_` : out;
}

/** A name for a record component, method or parameter. */
export function sanitizeMemberName(text: string): string {
  const out = sanitizeIdentifier(text);
  return RESERVED_MEMBER_NAMES.has(out) ? `${out}_` : out;
}

/** A name for a class, interface, record or enum. */
export function sanitizeTypeName(text: string): string {
  const out = sanitizeIdentifier(text);
  return RESTRICTED_TYPE_NAMES.has(out) ? `${out}_` : out;
}

/** `childNodes` -> `ChildNodes` (only the first letter changes). */
export function upperFirst(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** `BookService` -> `bookService`. */
export function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

/**
 * `BookService` -> `book-service`: a lower-case host-name label, as Spring
 * Cloud wants for Feign client names and context ids.
 */
export function kebabCase(text: string): string {
  const out = text
    .replace(/([a-z0-9])([A-Z])/g, "$1-$2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1-$2")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return out === "" ? "x" : out;
}

/**
 * Hands out distinct names: the first claim of a base name gets it as is,
 * later ones get `_2`, `_3`, ... Names given to the constructor are taken
 * from the start. Deterministic for a given sequence of claims.
 */
export class NameAllocator {
  readonly #taken = new Set<string>();
  readonly #ignoreCase: boolean;

  /**
   * @param taken Names taken from the start.
   * @param ignoreCase Names differing only in case count as equal: wanted
   * for types, whose names become file names (`Page.java`, `Dto$Store.class`)
   * on file systems that may ignore case.
   */
  constructor(taken: Iterable<string> = [], ignoreCase = false) {
    this.#ignoreCase = ignoreCase;
    for (const name of taken) this.#taken.add(this.#key(name));
  }

  /** An allocator for type names (case-insensitive). */
  static forTypes(taken: Iterable<string> = []): NameAllocator {
    return new NameAllocator(taken, true);
  }

  #key(name: string): string {
    return this.#ignoreCase ? name.toLowerCase() : name;
  }

  /** Returns `base` or the first free `base_<n>`, and takes it. */
  claim(base: string): string {
    let name = base;
    for (let n = 2; this.has(name); n++) name = `${base}_${n}`;
    this.#taken.add(this.#key(name));
    return name;
  }

  /** Whether `name` is taken. */
  has(name: string): boolean {
    return this.#taken.has(this.#key(name));
  }
}
