/**
 * Test helpers: finding and rewriting the headers of a ZIP archive to craft
 * damaged or lying archives.
 *
 * @module
 */

/** Signature of a local file header. */
export const LOCAL_HEADER = 0x04034b50;

/** Signature of a central directory header. */
export const CENTRAL_HEADER = 0x02014b50;

/** Offsets of every header with `signature` in an archive. */
export function headers(bytes: Uint8Array, signature: number): number[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.length);
  const offsets: number[] = [];
  for (let i = 0; i + 4 <= bytes.length; i++) {
    if (view.getUint32(i, true) === signature) offsets.push(i);
  }
  return offsets;
}

/** Rewrites the declared uncompressed size of every entry. */
export function declareSize(bytes: Uint8Array, size: number): Uint8Array {
  const copy = bytes.slice();
  const view = new DataView(copy.buffer);
  for (const at of headers(copy, LOCAL_HEADER)) {
    view.setUint32(at + 22, size, true);
  }
  for (const at of headers(copy, CENTRAL_HEADER)) {
    view.setUint32(at + 24, size, true);
  }
  return copy;
}
