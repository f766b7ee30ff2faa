/**
 * Line layouts of generated TypeScript that overflow `deno fmt`'s 80
 * columns, written as `deno fmt` writes them, so that the formatter can skip
 * the file (see `format.ts`). Each function knows one construct and the
 * shapes of it whose layout it is sure of; for any other it returns the one
 * long line, and the formatter lays the file out. `format_test.ts` proves
 * the layouts on every model at hand.
 *
 * @module
 */

/** One level of indentation in generated TypeScript. */
export const INDENT = "  ";

/** `deno fmt`'s line width. */
export const LINE_WIDTH = 80;

/** Whether every line of `text` fits `deno fmt`'s line width. */
const fits = (text: string) =>
  text.split("\n").every((line) => line.length <= LINE_WIDTH);

/**
 * `head` + `type` + `tail` as one line, or, when that overflows, `type`
 * broken below `indent` as `deno fmt` breaks it: a generic one argument a
 * line (`ReadonlyArray<\n  BookDto["..."]\n>`), an indexed access with its
 * key on a line (`BookDto[\n  "..."\n]`), a string-keyed map one member a
 * line, a union one member a line (`\n  | A\n  | null`), each part again
 * broken when it still overflows. Any other type that overflows (an inline
 * object) stays one line.
 */
export function fittedType(
  head: string,
  type: string,
  tail: string,
  indent: string,
): string[] {
  const line = `${head}${type}${tail}`;
  return fits(line) ? [line] : brokenType(head, type, tail, indent) ?? [line];
}

/** The broken layout of {@link fittedType}, or undefined when unsure. */
function brokenType(
  head: string,
  type: string,
  tail: string,
  indent: string,
): string[] | undefined {
  // A type spanning lines (an inline object) is laid out already.
  if (type.includes("\n")) return undefined;
  const inner = indent + INDENT;
  const layout = (head: string, type: string, tail: string) => {
    const line = `${head}${type}${tail}`;
    return fits(line) ? [line] : brokenType(head, type, tail, inner);
  };
  const members = splitTopLevel(type, "|");
  if (members !== undefined && members.length > 1) {
    // Members of the kinds the type renderer writes; no function types,
    // intersections or inline objects, whose layout is the formatter's.
    const plainMember = (member: string) =>
      !/=>|^[({]/.test(member) && !topLevel(member, "&");
    if (!members.every(plainMember)) return undefined;
    const open = head.trimEnd();
    const last = members.length - 1;
    const lines = members.map((member, i) =>
      layout(`${inner}| `, member, i < last ? "" : tail)
    );
    if (!fits(open) || lines.some((line) => line === undefined)) {
      return undefined;
    }
    return [open, ...lines.flatMap((line) => line!)];
  }
  const generic = splitGeneric(type);
  if (generic !== undefined) {
    const open = `${head}${generic.name}<`;
    const last = generic.args.length - 1;
    const args = generic.args.map((arg, i) =>
      layout(inner, arg, i < last ? "," : "")
    );
    if (!fits(open) || args.some((arg) => arg === undefined)) return undefined;
    return [open, ...args.flatMap((arg) => arg!), `${indent}>${tail}`];
  }
  const indexed = INDEXED_TYPE.exec(type);
  if (indexed !== null) {
    const open = `${head}${indexed[1]}[`;
    const key = `${inner}${indexed[2]}`;
    if (!fits(open) || !fits(key)) return undefined;
    return [open, key, `${indent}]${tail}`];
  }
  const map = MAP_TYPE.exec(type);
  if (map !== null) {
    const member = layout(`${inner}${MAP_KEY}`, map[1]!, ";");
    if (!fits(`${head}{`) || member === undefined) return undefined;
    return [`${head}{`, ...member, `${indent}}${tail}`];
  }
  return undefined;
}

/** `BookDto["BookController/SIMPLE"]`: the name and the quoted key. */
const INDEXED_TYPE = /^([A-Za-z_$][\w$]*)\[("(?:[^"\\]|\\.)*")\]$/;

/** The member of a string-keyed map type, as the type renderer writes it. */
const MAP_KEY = "readonly [key: string]: ";

/** `{ readonly [key: string]: V }`: V. */
const MAP_TYPE = /^\{ readonly \[key: string\]: (.*) \}$/s;

/**
 * The return type line of a service operation, `): Promise<T> => {`, broken
 * as {@link fittedType} breaks `Promise<T>`.
 */
export function promiseSignature(indent: string, type: string): string[] {
  return fittedType(`${indent}): `, `Promise<${type}>`, " => {", indent);
}

/**
 * `return (await this.#executor({ ... })) as T;`: `T` broken as
 * {@link fittedType} breaks it when the line up to `as` fits, else the
 * object one property a line.
 */
export function executorReturn(
  indent: string,
  call: string,
  properties: readonly string[],
  type: string,
): string[] {
  const head = `${indent}return (await ${call}({ ${
    properties.join(", ")
  } })) as `;
  const line = `${head}${type};`;
  if (fits(line)) return [line];
  if (fits(head.trimEnd())) {
    const broken = brokenType(head, type, ";", indent);
    if (broken !== undefined) return broken;
  }
  const inner = indent + INDENT;
  const members = properties.map((property) => `${inner}${property},`);
  const tail = `${indent}})) as ${type};`;
  if (!fits(tail) || !members.every(fits)) return [line];
  return [`${indent}return (await ${call}({`, ...members, tail];
}

/**
 * `return (result ?? undefined) as T | undefined;`, broken as a union one
 * member a line when too long (members that fit a line each, none generic).
 */
export function castReturn(
  indent: string,
  expression: string,
  members: readonly string[],
): string[] {
  const line = `${indent}return ${expression} as ${members.join(" | ")};`;
  if (fits(line)) return [line];
  const inner = indent + INDENT;
  const lines = members.map((member, i) =>
    `${inner}| ${member}${i === members.length - 1 ? ";" : ""}`
  );
  const simple = members.every((member) => !/[<{]/.test(member));
  return simple && lines.every(fits)
    ? [`${indent}return ${expression} as`, ...lines]
    : [line];
}

/**
 * `export { A, type B } from "./A.ts";`, broken one name a line as
 * `deno fmt` breaks it when it overflows. Ends with a newline.
 */
export function exportLine(names: readonly string[], from: string): string {
  return namesFromLine("export", names, from);
}

/**
 * `import type { A, B } from "./A.ts";`, broken one name a line as
 * `deno fmt` breaks it when it overflows. Ends with a newline.
 */
export function importTypeLine(
  names: readonly string[],
  from: string,
): string {
  return namesFromLine("import type", names, from);
}

/** `<keyword> { names } from <from>;`, broken one name a line when long. */
function namesFromLine(
  keyword: string,
  names: readonly string[],
  from: string,
): string {
  const line = `${keyword} { ${names.join(", ")} } from ${from};`;
  if (fits(line)) return `${line}\n`;
  const members = names.map((name) => `${INDENT}${name},\n`).join("");
  return `${keyword} {\n${members}} from ${from};\n`;
}

/**
 * `key: <T>(...options: O) => query(a, b, c)(...options),` (a query of
 * `queries.ts` generic in its fetcher) on one line when it fits, else as
 * `deno fmt` lays it out: the type parameter on its own line when the
 * opening overflows, the parameter on its own line (`O` broken as
 * {@link fittedType} breaks it), then the body ({@link arrowCallLines}).
 * A parameter that would fit beside the opening, or a line that still
 * overflows, gives the one long line: the formatter then lays it out.
 */
export function shapedQueryLines(
  indent: string,
  key: string,
  typeParameter: string,
  optionsType: string,
  args: readonly string[],
): string[] {
  const line =
    `${indent}${key}: <${typeParameter}>(...options: ${optionsType}) => query(${
      args.join(", ")
    })(...options),`;
  if (fits(line)) return [line];
  const inner = indent + INDENT;
  const oneLineOpening = `${indent}${key}: <${typeParameter}>(`;
  const opening = fits(oneLineOpening)
    ? [oneLineOpening]
    : [`${indent}${key}: <`, `${inner}${typeParameter},`, `${indent}>(`];
  if (fits(`${opening.at(-1)}...options: ${optionsType}) =>`)) return [line];
  const lines = [
    ...opening,
    ...fittedType(`${inner}...options: `, optionsType, "", inner),
    ...arrowCallLines(indent, args),
  ];
  return lines.every(fits) ? lines : [line];
}

/**
 * `) => query(a, b, c)(...options),` closing a broken parameter list at
 * `indent`: on that line when it fits, else the call on the next line,
 * else with its `(...options)` broken when only that overflows, else its
 * arguments one a line.
 */
function arrowCallLines(indent: string, args: readonly string[]): string[] {
  const inner = indent + INDENT;
  const call = `query(${args.join(", ")})`;
  const closing = `${indent}) => ${call}(...options),`;
  if (fits(closing)) return [closing];
  if (fits(`${inner}${call}(...options),`)) {
    return [`${indent}) =>`, `${inner}${call}(...options),`];
  }
  if (fits(`${inner}${call}(`)) {
    return [
      `${indent}) =>`,
      `${inner}${call}(`,
      `${inner}${INDENT}...options,`,
      `${inner}),`,
    ];
  }
  return [
    `${indent}) =>`,
    `${inner}query(`,
    ...args.map((arg) => `${inner}${INDENT}${arg},`),
    `${inner})(...options),`,
  ];
}

/** `Name<A, B>` split into name and top-level arguments, else undefined. */
export function splitGeneric(
  type: string,
): { name: string; args: string[] } | undefined {
  const match = /^([A-Za-z_$][\w$]*)<(.*)>$/s.exec(type);
  if (match === null) return undefined;
  const args = splitTopLevel(match[2]!, ",");
  if (args === undefined || args.some((arg) => topLevel(arg, "|"))) {
    return undefined;
  }
  return { name: match[1]!, args };
}

/** Whether `separator` occurs in `type` outside brackets and strings. */
function topLevel(type: string, separator: string): boolean {
  return (splitTopLevel(type, separator)?.length ?? 2) > 1;
}

/** `text` split at `separator` outside brackets of any kind and strings. */
function splitTopLevel(
  text: string,
  separator: string,
): string[] | undefined {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  let quote: string | undefined;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quote !== undefined) {
      if (char === "\\") i++;
      else if (char === quote) quote = undefined;
      continue;
    }
    if (char === '"' || char === "'") quote = char;
    else if ("<[({".includes(char)) depth++;
    else if (">])}".includes(char)) depth--;
    else if (char === separator && depth === 0) {
      parts.push(text.slice(start, i).trim());
      start = i + 1;
    }
    if (depth < 0) return undefined;
  }
  if (depth !== 0 || quote !== undefined) return undefined;
  parts.push(text.slice(start).trim());
  return parts;
}
