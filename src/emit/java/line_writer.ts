/**
 * A line writer for generated source: it keeps the indentation, so the code
 * that writes a declaration says what the lines are and not how far they
 * are indented.
 *
 * @module
 */

/** Collects lines of source text at the current indentation. */
export class LineWriter {
  readonly #lines: string[] = [];
  #depth = 0;

  /** @param unit One level of indentation (four spaces by default). */
  constructor(readonly unit: string = "    ") {}

  /** Writes one line at the current indentation; `""` writes a blank line. */
  line(text = ""): this {
    this.#lines.push(
      text === "" ? "" : `${this.unit.repeat(this.#depth)}${text}`,
    );
    return this;
  }

  /** Writes several lines, each at the current indentation. */
  lines(texts: readonly string[]): this {
    for (const text of texts) this.line(text);
    return this;
  }

  /** Writes what `body` writes one level deeper. */
  indented(body: () => void): this {
    this.#depth++;
    try {
      body();
    } finally {
      this.#depth--;
    }
    return this;
  }

  /**
   * A parenthesized list after `head`, then `tail`: `head()tail` when it is
   * empty, else one item a line, indented and separated by commas, as in
   * `record Book(` ... `) {` or `Book find(` ... `);`.
   */
  list(head: string, items: readonly string[], tail: string): this {
    if (items.length === 0) return this.line(`${head}()${tail}`);
    this.line(`${head}(`);
    this.indented(() =>
      items.forEach((item, i) =>
        this.line(i < items.length - 1 ? `${item},` : item)
      )
    );
    return this.line(`)${tail}`);
  }

  /** The text written so far, every line ended by a line break. */
  text(): string {
    return this.#lines.map((l) => `${l}\n`).join("");
  }
}
