/**
 * Java's lexical rules for names: keywords, identifiers and package names.
 * Neutral ground: the configuration checks the Java base package with
 * {@link javaPackageProblem} when it is read, and the Java emitter checks it
 * again (and sanitizes model names) without either importing the other.
 *
 * @module
 */

/** Reserved keywords and literals of Java 17 (JLS 3.9, 3.10.3, 3.10.8). */
export const JAVA_KEYWORDS: ReadonlySet<string> = new Set([
  "_",
  "abstract",
  "assert",
  "boolean",
  "break",
  "byte",
  "case",
  "catch",
  "char",
  "class",
  "const",
  "continue",
  "default",
  "do",
  "double",
  "else",
  "enum",
  "extends",
  "false",
  "final",
  "finally",
  "float",
  "for",
  "goto",
  "if",
  "implements",
  "import",
  "instanceof",
  "int",
  "interface",
  "long",
  "native",
  "new",
  "null",
  "package",
  "private",
  "protected",
  "public",
  "return",
  "short",
  "static",
  "strictfp",
  "super",
  "switch",
  "synchronized",
  "this",
  "throw",
  "throws",
  "transient",
  "true",
  "try",
  "void",
  "volatile",
  "while",
]);

/** Characters that may start a Java identifier (JLS 3.8). */
export const IDENTIFIER_START = /[\p{L}\p{Nl}\p{Sc}\p{Pc}]/u;
/** Characters that may continue a Java identifier (JLS 3.8). */
export const IDENTIFIER_PART = /[\p{L}\p{Nl}\p{Sc}\p{Pc}\p{Nd}\p{Mn}\p{Mc}]/u;

/** Whether `text` is a Java identifier (keywords included). */
export function isJavaIdentifierText(text: string): boolean {
  const chars = [...text];
  return chars.length > 0 && IDENTIFIER_START.test(chars[0]!) &&
    chars.every((c) => IDENTIFIER_PART.test(c));
}

/**
 * Why `name` cannot be a Java package, or `undefined` when it can.
 * Segments must be Java identifiers and no keyword (`com.example.int` is
 * rejected: the emitter does not rename a package the user chose).
 */
export function javaPackageProblem(name: string): string | undefined {
  if (name === "") return "a Java package name must not be empty";
  for (const segment of name.split(".")) {
    if (segment === "") {
      return `"${name}" is not a Java package name: empty segment`;
    }
    if (!isJavaIdentifierText(segment)) {
      return `"${name}" is not a Java package name: segment "${segment}" is not a Java identifier`;
    }
    if (JAVA_KEYWORDS.has(segment)) {
      return `"${name}" is not a Java package name: segment "${segment}" is a Java keyword (use for example "${segment}_" or "${segment}s")`;
    }
  }
  return undefined;
}
