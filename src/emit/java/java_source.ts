/**
 * Pieces of Java source text: string literals, Javadoc comments and a
 * compilation unit that decides imports once every type reference is known.
 *
 * @module
 */

/**
 * A Java string literal for `text`. Control characters are written as
 * escapes (octal for the rare ones: a `\u000a` unicode escape would become
 * a real line break before the lexer sees the literal).
 */
export function javaString(text: string): string {
  let out = '"';
  for (const c of text) {
    const code = c.codePointAt(0)!;
    if (c === "\\") out += "\\\\";
    else if (c === '"') out += '\\"';
    else if (c === "\n") out += "\\n";
    else if (c === "\r") out += "\\r";
    else if (c === "\t") out += "\\t";
    else if (c === "\b") out += "\\b";
    else if (c === "\f") out += "\\f";
    else if (code < 0x20 || code === 0x7f) {
      out += `\\${code.toString(8).padStart(3, "0")}`;
    } else out += c;
  }
  return `${out}"`;
}

/**
 * Escapes free text for a Javadoc comment: control characters dropped (tab
 * and line breaks kept), HTML specials, `@` (no tag can
 * start in model text), a star-slash (cannot close the comment) and `\` (no unicode
 * escape can be smuggled in: javac decodes `\u` even inside comments).
 * Markdown code spans (`` `x` ``) become `<code>x</code>`.
 */
export function javadocText(text: string): string {
  return text
    // deno-lint-ignore no-control-regex
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, "")
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll("@", "&#64;")
    .replaceAll("\\", "&#92;")
    .replaceAll("*/", "*&#47;")
    .replace(/`([^`\n]+)`/g, "<code>$1</code>");
}

/** One `@param`-like block tag; its text is escaped. */
export interface DocTag {
  readonly tag: "param";
  readonly name: string;
  readonly text: string;
}

function lines(text: string): string[] {
  return text.replace(/\r\n?/g, "\n").split("\n").map((l) => l.trimEnd());
}

/**
 * A Javadoc comment: escaped paragraphs (`undefined` ones left out; blank
 * lines inside a text separate paragraphs; all but the first start with
 * `<p>`), then tags. `raw` paragraphs are trusted HTML written by the emitter. Returns no
 * lines when there is nothing to say.
 */
export function javadoc(
  indent: string,
  paragraphs: readonly (string | { readonly raw: string } | undefined)[],
  tags: readonly DocTag[] = [],
): string[] {
  const blocks: string[][] = [];
  for (const p of paragraphs) {
    if (p === undefined) continue;
    const texts = typeof p === "string"
      ? p.trim().split(/\r?\n[ \t]*(?:\r?\n[ \t]*)+/).map(javadocText)
      : [p.raw];
    for (const text of texts) {
      if (text.trim() === "") continue;
      blocks.push(lines(blocks.length === 0 ? text : `<p>${text}`));
    }
  }
  const tagLines: string[] = [];
  for (const t of tags) {
    if (t.text.trim() === "") continue;
    const [first = "", ...rest] = lines(javadocText(t.text.trim()));
    tagLines.push(`@${t.tag} ${t.name} ${first}`);
    for (const l of rest) tagLines.push(l === "" ? "" : `    ${l}`);
  }
  if (tagLines.length > 0) blocks.push(tagLines);
  if (blocks.length === 0) return [];
  const out = [`${indent}/**`];
  blocks.forEach((block, i) => {
    if (i > 0) out.push(`${indent} *`);
    for (const l of block) {
      out.push(l === "" ? `${indent} *` : `${indent} * ${l}`);
    }
  });
  out.push(`${indent} */`);
  return out;
}

/**
 * Placeholder of a type reference. Control characters never reach the body
 * otherwise: string literals escape them, Javadoc drops them, identifiers
 * are sanitized.
 */
// deno-lint-ignore no-control-regex
const TOKEN = /\u0001(\d+)\u0002/g;

/**
 * One `.java` file. Type references are handed out as placeholders while the
 * body is written; {@link CompilationUnit.render} then decides, with every
 * declared name known, which references can use a simple name (imported or
 * not) and which must be fully qualified: a nested record, a type parameter
 * or a type of the same package with the same simple name shadows the
 * imported one, and two packages cannot both give the same simple name.
 */
export class CompilationUnit {
  readonly #refs: { pkg: string; name: string }[] = [];
  readonly #declared = new Set<string>();

  /**
   * @param pkg Package of the file.
   * @param topLevel Simple name of the file's top-level type.
   * @param packageMembers Simple names of every top-level type of `pkg`.
   */
  constructor(
    readonly pkg: string,
    readonly topLevel: string,
    readonly packageMembers: ReadonlySet<string>,
  ) {}

  /** Records a nested type or type parameter declared anywhere in the file. */
  declare(name: string): void {
    this.#declared.add(name);
  }

  /** A placeholder for the top-level type `pkg.name`. */
  ref(pkg: string, name: string): string {
    this.#refs.push({ pkg, name });
    return `\u0001${this.#refs.length - 1}\u0002`;
  }

  /** The file: `header` comment lines, package, imports, then `body`. */
  render(header: readonly string[], body: string): string {
    const packagesBySimple = new Map<string, Set<string>>();
    for (const { pkg, name } of this.#refs) {
      if (pkg === this.pkg) continue;
      const set = packagesBySimple.get(name) ?? new Set();
      set.add(pkg);
      packagesBySimple.set(name, set);
    }
    const winner = (name: string): string | undefined => {
      const pkgs = [...packagesBySimple.get(name) ?? []].sort();
      return pkgs.includes("java.lang") ? "java.lang" : pkgs[0];
    };
    const imports = new Set<string>();
    const spell = ({ pkg, name }: { pkg: string; name: string }): string => {
      const fqn = `${pkg}.${name}`;
      if (pkg === this.pkg && name === this.topLevel) return name;
      if (this.#declared.has(name) || name === this.topLevel) return fqn;
      if (pkg === this.pkg) return name;
      if (this.packageMembers.has(name) || winner(name) !== pkg) return fqn;
      if (pkg !== "java.lang") imports.add(fqn);
      return name;
    };
    const resolved = body.replace(
      TOKEN,
      (_, i: string) => spell(this.#refs[Number(i)]!),
    );
    const out = [...header, `package ${this.pkg};`, ""];
    if (imports.size > 0) {
      const sorted = [...imports].sort((a, b) => a < b ? -1 : a > b ? 1 : 0);
      out.push(...sorted.map((i) => `import ${i};`), "");
    }
    return `${out.join("\n")}\n${resolved}`;
  }
}
