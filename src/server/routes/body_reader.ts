/**
 * Reads a request body with a size limit: refused by its `content-length`
 * before a byte is read, else counted while read (chunked bodies), and a
 * body the client cut off (closed its side early, or sent less than its
 * `content-length`) told apart from a readable one. JSON bodies and
 * multipart uploads are both read here.
 *
 * @module
 */

/** The default of `maxBodyBytes` (JSON request bodies): 1 MiB. */
export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

/** The 413 body of a request body larger than the limit. */
export interface PayloadTooLargeBody {
  readonly error: "payload-too-large";
  readonly message: string;
  readonly maxBytes: number;
}

/** The bytes of a body, or why there are none. */
export type BodyRead =
  | { readonly ok: true; readonly bytes: Uint8Array<ArrayBuffer> }
  | { readonly ok: false; readonly tooLarge: PayloadTooLargeBody }
  | { readonly ok: false; readonly unreadable: string };

/** Reads `request`'s body, at most `maxBytes` of it. */
export async function readBody(
  request: Request,
  maxBytes: number,
): Promise<BodyRead> {
  const declared = request.headers.get("content-length");
  if (declared !== null && Number(declared) > maxBytes) {
    return tooLarge(maxBytes);
  }
  if (request.body === null) return { ok: true, bytes: new Uint8Array() };
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body.getReader();
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel().catch(() => {});
        return tooLarge(maxBytes);
      }
      chunks.push(value);
    }
  } catch {
    return {
      ok: false,
      unreadable:
        "the request body ended early: the client closed the connection or sent less than its content-length",
    };
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return { ok: true, bytes };
}

function tooLarge(maxBytes: number): BodyRead {
  return {
    ok: false,
    tooLarge: {
      error: "payload-too-large",
      message: `the request body is larger than ${maxBytes} bytes`,
      maxBytes,
    },
  };
}
