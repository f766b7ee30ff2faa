/**
 * YAML text of an OpenAPI document: no anchors or aliases, no line folding,
 * and every string a YAML 1.1 reader would take for something else (`yes`,
 * `on`, `N`, `~`, dates, numbers) double-quoted.
 *
 * The `yaml` package defines the text. A direct writer produces the same
 * bytes for what OpenAPI documents hold (block maps and sequences, numbers,
 * booleans, strings, multi-line descriptions) about ten times faster; a
 * document holding anything else (control characters, a document marker at
 * a line start, a multi-line key, ...) goes to the package.
 *
 * @module
 */

import { Document, Scalar, visit } from "yaml";

/**
 * Where the direct writer keeps the text of a map (an object, a `Map`) at an
 * indentation: `make()`, or its text from before. A document sharing parts
 * (the same, never mutated objects) with one written before is then written
 * again at the cost of its new parts.
 */
export type YamlCache = (
  node: object,
  indent: string,
  make: () => string,
) => string;

/** Serializes a document: no aliases, no folding, YAML 1.1-safe strings. */
export function toYaml(value: unknown, cache?: YamlCache): string {
  return directYaml(value, cache) ?? packageYaml(value);
}

/**
 * The direct writer's text of `value`, or undefined when `value` holds
 * something it leaves to the `yaml` package.
 */
export function directYaml(
  value: unknown,
  cache?: YamlCache,
): string | undefined {
  // The document's lines and its maps' lines, joined once (with the final
  // line break): joining the maps' text first would copy the document twice
  // more.
  const text = () => {
    const lines = items(value, "", cache, true);
    lines.push("");
    return lines.join("\n");
  };
  try {
    return cache !== undefined && typeof value === "object" &&
        value !== null && !Array.isArray(value)
      ? cache(value, "", text)
      : text();
  } catch (error) {
    if (error instanceof Unsupported) return undefined;
    throw error;
  }
}

/** The `yaml` package's text of `value` (what {@link toYaml} must equal). */
export function packageYaml(value: unknown): string {
  const doc = new Document(value, { aliasDuplicateObjects: false });
  visit(doc, {
    Scalar(_key, node) {
      if (typeof node.value === "string" && ambiguousIn11(node.value)) {
        node.type = Scalar.QUOTE_DOUBLE;
      }
    },
  });
  return doc.toString({ lineWidth: 0 });
}

/** Plain strings a YAML 1.1 reader (SnakeYAML, PyYAML) would not keep. */
function ambiguousIn11(text: string): boolean {
  return /^(?:[yYnN]|yes|Yes|YES|no|No|NO|true|True|TRUE|false|False|FALSE|on|On|ON|off|Off|OFF|~|null|Null|NULL|<<|=|)$/
    .test(text) ||
    /^[-+.]?[0-9]/.test(text) ||
    /^[-+]?\.(?:inf|Inf|INF|nan|NaN|NAN)$/.test(text);
}

/** Something the direct writer leaves to the `yaml` package. */
class Unsupported extends Error {}

const STEP = "  ";

type Entries = Iterable<readonly [unknown, unknown]>;

/** A non-empty map or sequence: its entries; else undefined. */
function collection(
  value: unknown,
): { readonly map: Entries } | { readonly seq: unknown[] } | undefined {
  if (Array.isArray(value)) {
    return value.length > 0 ? { seq: value } : undefined;
  }
  if (value instanceof Map) return value.size > 0 ? { map: value } : undefined;
  if (typeof value === "object" && value !== null) {
    if (Object.getPrototypeOf(value) !== Object.prototype) {
      throw new Unsupported();
    }
    const entries = Object.entries(value);
    return entries.length > 0 ? { map: entries } : undefined;
  }
  return undefined;
}

/** Whether {@link collection} has entries for `value` (without listing them). */
function nonEmpty(value: unknown): boolean {
  if (Array.isArray(value)) return value.length > 0;
  if (value instanceof Map) return value.size > 0;
  if (typeof value === "object" && value !== null) {
    if (Object.getPrototypeOf(value) !== Object.prototype) {
      throw new Unsupported();
    }
    for (const _ in value) return true;
  }
  return false;
}

/** A collection's lines at `indent` (no final newline). */
function block(
  value: unknown,
  indent: string,
  cache: YamlCache | undefined,
): string {
  if (
    cache === undefined || typeof value !== "object" || value === null ||
    Array.isArray(value)
  ) {
    return blockOf(value, indent, cache);
  }
  return cache(value, indent, () => blockOf(value, indent, cache));
}

function blockOf(
  value: unknown,
  indent: string,
  cache: YamlCache | undefined,
): string {
  return items(value, indent, cache, false).join("\n");
}

/**
 * The lines of a collection at `indent`: one per item, or with `spread`
 * (the document itself), its maps' own items line by line.
 */
function items(
  value: unknown,
  indent: string,
  cache: YamlCache | undefined,
  spread: boolean,
): string[] {
  const entries = collection(value);
  if (entries === undefined) throw new Unsupported();
  const lines: string[] = [];
  if ("seq" in entries) {
    for (const item of entries.seq) {
      if (Array.isArray(item) && item.length > 0) throw new Unsupported();
      lines.push(
        !nonEmpty(item)
          ? `${indent}- ${scalar(item, indent + STEP, false)}`
          : `${indent}- ${
            block(item, indent + STEP, cache).slice(indent.length + 2)
          }`,
      );
    }
  } else {
    for (const [key, item] of entries.map) {
      if (item === undefined) throw new Unsupported();
      const head = `${indent}${scalar(key, indent, true)}:`;
      if (!nonEmpty(item)) {
        lines.push(`${head} ${scalar(item, indent + STEP, false)}`);
      } else if (spread && !Array.isArray(item)) {
        lines.push(head);
        for (const line of items(item, indent + STEP, cache, false)) {
          lines.push(line);
        }
      } else {
        lines.push(`${head}\n${block(item, indent + STEP, cache)}`);
      }
    }
  }
  return lines;
}

/** A scalar (or empty collection) as the `yaml` package writes it. */
function scalar(value: unknown, indent: string, key: boolean): string {
  if (typeof value === "string") return string(value, indent, key);
  if (key) throw new Unsupported();
  if (value === null) return "null";
  if (typeof value === "boolean") return String(value);
  if (typeof value === "number" && Number.isFinite(value)) {
    return Object.is(value, -0) ? "-0" : JSON.stringify(value);
  }
  if (Array.isArray(value)) return "[]";
  if (typeof value === "object" && collection(value) === undefined) {
    return "{}";
  }
  throw new Unsupported();
}

/** Characters after which a plain scalar cannot start, end or go on. */
const NOT_PLAIN =
  /^[\n\t ,[\]{}#&*!|>'"%@`]|^[?-]$|^[?-][ \t]|[\n:][ \t]|[ \t]\n|[\n\t ]#|[\n\t :]$/;

/** Plain scalars the YAML 1.2 core schema reads as another type. */
const CORE_TAGS = [
  /^(?:~|[Nn]ull|NULL)?$/,
  /^(?:[Tt]rue|TRUE|[Ff]alse|FALSE)$/,
  /^0o[0-7]+$/,
  /^[-+]?[0-9]+$/,
  /^0x[0-9a-fA-F]+$/,
  /^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/,
  /^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)[eE][-+]?[0-9]+$/,
  /^[-+]?(?:\.[0-9]+|[0-9]+\.[0-9]*)$/,
];

/**
 * The text of single-line strings up to {@link LONG_KEY} characters, which
 * depends on nothing else (neither the indentation nor being a key): a
 * document says `type`, `$ref` and its names thousands of times. Cleared
 * when full, so that a watch session's edits do not grow it without end.
 */
const SINGLE_LINE = new Map<string, string>();
const SINGLE_LINE_LIMIT = 1 << 16;

/** Keys longer than this the package writes as explicit `? key` entries. */
const LONG_KEY = 1000;

function string(value: string, indent: string, key: boolean): string {
  if (value.length > LONG_KEY || value.includes("\n")) {
    return stringText(value, indent, key);
  }
  let text = SINGLE_LINE.get(value);
  if (text === undefined) {
    text = stringText(value, indent, key);
    if (SINGLE_LINE.size === SINGLE_LINE_LIMIT) SINGLE_LINE.clear();
    SINGLE_LINE.set(value, text);
  }
  return text;
}

function stringText(value: string, indent: string, key: boolean): string {
  if (
    // deno-lint-ignore no-control-regex
    /[\x00-\x08\x0b-\x1f\x7f-\x9f\u{D800}-\u{DFFF}]/u.test(value) ||
    /^(?:%|---|\.\.\.)/m.test(value) ||
    // The package writes long keys as explicit `? key` entries.
    (key && (value.includes("\n") || value.length > LONG_KEY))
  ) {
    throw new Unsupported();
  }
  const multiLine = value.includes("\n");
  if (ambiguousIn11(value)) return singleLine(value, JSON.stringify(value));
  if (NOT_PLAIN.test(value)) {
    return key || !multiLine ? quoted(value) : blockLiteral(value, indent);
  }
  if (multiLine) return blockLiteral(value, indent);
  if (CORE_TAGS.some((tag) => tag.test(value))) return quoted(value);
  return value;
}

/** Single- or double-quoted, as the package chooses (single-line only). */
function quoted(value: string): string {
  if (value.includes('"') && !value.includes("'")) {
    return singleLine(value, `'${value}'`);
  }
  return singleLine(value, JSON.stringify(value));
}

function singleLine(value: string, text: string): string {
  if (value.includes("\n")) throw new Unsupported();
  return text;
}

/** Ends of `\n` runs not at the end of the text (the package's pattern). */
const BLOCK_END_NEWLINES = /(^|(?<!\n))\n+(?!\n|$)/g;

/** A `|` block scalar whose lines sit at `indent`. */
function blockLiteral(text: string, indent: string): string {
  if (/\n[\t ]+$/.test(text)) return quoted(text);
  let value = text;
  let endStart = value.length;
  while (endStart > 0 && "\n\t ".includes(value[endStart - 1]!)) endStart--;
  let end = value.substring(endStart);
  const endNewline = end.indexOf("\n");
  const chomp = endNewline === -1
    ? "-"
    : value === end || endNewline !== end.length - 1
    ? "+"
    : "";
  if (end) {
    value = value.slice(0, -end.length);
    if (end.endsWith("\n")) end = end.slice(0, -1);
    end = end.replace(BLOCK_END_NEWLINES, `$&${indent}`);
  }
  let startWithSpace = false;
  let startEnd = 0;
  let startNewline = -1;
  for (; startEnd < value.length; startEnd++) {
    const ch = value[startEnd];
    if (ch === " ") startWithSpace = true;
    else if (ch === "\n") startNewline = startEnd;
    else break;
  }
  let start = value.substring(
    0,
    startNewline < startEnd ? startNewline + 1 : startEnd,
  );
  if (start) {
    value = value.substring(start.length);
    start = start.replace(/\n+/g, `$&${indent}`);
  }
  const header = (startWithSpace ? "2" : "") + chomp;
  value = value.replace(/\n+/g, `$&${indent}`);
  return `|${header}\n${indent}${start}${value}${end}`;
}
