/**
 * Where a chunked body ends (RFC 9112 §7.1), found in its bytes as they
 * come: the relay copies an answer of the engine on a connection it keeps
 * open (`engine_pool.ts`), so the body's own framing tells where the next
 * answer starts. Pure; no I/O.
 *
 * @module
 */

const CR = 13;
const LF = 10;

/** Where in the chunked body the scanner is. */
const State = {
  /** The hex digits of a chunk's size. */
  Size: 0,
  /** A chunk extension, up to the end of its line. */
  Extension: 1,
  /** The LF after a size line's CR. */
  SizeLf: 2,
  /** A chunk's data. */
  Data: 3,
  /** The CR after a chunk's data. */
  DataCr: 4,
  /** The LF after a chunk's data. */
  DataLf: 5,
  /** The start of a trailer line, or the blank line ending the body. */
  Trailer: 6,
  /** Inside a trailer line. */
  TrailerLine: 7,
  /** The LF of the blank line ending the body. */
  EndLf: 8,
} as const;

/** The largest chunk size taken (2^48 bytes): past it the body is refused. */
const MAX_CHUNK = 2 ** 48;

/**
 * A scanner of one chunked body, fed its bytes in order. Throws a
 * `SyntaxError` on bytes that are no chunked body.
 */
export class ChunkedEnd {
  #state: number = State.Size;
  #digits = 0;
  #size = 0;
  #remaining = 0;

  /**
   * How many bytes of `bytes` the body still takes, its end included, or -1
   * when it goes on past them.
   */
  feed(bytes: Uint8Array): number {
    let i = 0;
    while (i < bytes.length) {
      if (this.#state === State.Data) {
        const taken = Math.min(this.#remaining, bytes.length - i);
        this.#remaining -= taken;
        i += taken;
        if (this.#remaining === 0) this.#state = State.DataCr;
        continue;
      }
      const byte = bytes[i++]!;
      switch (this.#state) {
        case State.Size: {
          const digit = hexDigit(byte);
          if (digit >= 0) {
            this.#size = this.#size * 16 + digit;
            this.#digits++;
            if (this.#size > MAX_CHUNK) throw new SyntaxError("chunk too big");
          } else if (this.#digits === 0) {
            throw new SyntaxError("no chunk size");
          } else if (byte === CR) this.#state = State.SizeLf;
          else if (byte === LF) this.#sizeLineEnded();
          else if (byte === 0x3b || byte === 0x20 || byte === 0x09) {
            this.#state = State.Extension;
          } else throw new SyntaxError("bad chunk size");
          break;
        }
        case State.Extension:
          if (byte === LF) this.#sizeLineEnded();
          break;
        case State.SizeLf:
          if (byte !== LF) throw new SyntaxError("bad chunk size line");
          this.#sizeLineEnded();
          break;
        case State.DataCr:
          if (byte === CR) this.#state = State.DataLf;
          else if (byte === LF) this.#state = State.Size;
          else throw new SyntaxError("chunk longer than its size");
          break;
        case State.DataLf:
          if (byte !== LF) throw new SyntaxError("bad chunk end");
          this.#state = State.Size;
          break;
        case State.Trailer:
          if (byte === CR) this.#state = State.EndLf;
          else if (byte === LF) return this.#ended(i);
          else this.#state = State.TrailerLine;
          break;
        case State.TrailerLine:
          if (byte === LF) this.#state = State.Trailer;
          break;
        case State.EndLf:
          if (byte !== LF) throw new SyntaxError("bad end of chunked body");
          return this.#ended(i);
      }
    }
    return -1;
  }

  #sizeLineEnded(): void {
    if (this.#size === 0) {
      this.#state = State.Trailer;
      return;
    }
    this.#remaining = this.#size;
    this.#size = 0;
    this.#digits = 0;
    this.#state = State.Data;
  }

  #ended(taken: number): number {
    // Fed again, it is a body no longer.
    this.#state = State.Size;
    this.#size = 0;
    this.#digits = 0;
    return taken;
  }
}

function hexDigit(byte: number): number {
  if (byte >= 0x30 && byte <= 0x39) return byte - 0x30;
  const lower = byte | 0x20;
  if (lower >= 0x61 && lower <= 0x66) return lower - 0x61 + 10;
  return -1;
}
