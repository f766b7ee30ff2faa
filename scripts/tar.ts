/**
 * Gzipped tar archives in the form npm packs a package: every file under
 * `package/`, regular files only, one fixed time, so the same files give
 * the same bytes. Used by `deno task pack` (scripts/pack.ts).
 *
 * @module
 */

/** One file of a tarball. */
export interface TarFile {
  /** Path inside the archive, `/`-separated, at most 100 bytes. */
  readonly path: string;
  readonly content: Uint8Array;
  /** Permission bits (default 0o644). */
  readonly mode?: number;
}

/** The time of every entry: npm's own fixed time for packed files. */
const MTIME_SECONDS = Date.UTC(1985, 9, 26, 8, 15) / 1000;

const BLOCK = 512;
const encoder = new TextEncoder();

/** A ustar archive of `files`, in order. */
export function tar(files: readonly TarFile[]): Uint8Array<ArrayBuffer> {
  const blocks: Uint8Array[] = [];
  for (const file of files) {
    blocks.push(header(file), file.content);
    const padding = (BLOCK - file.content.length % BLOCK) % BLOCK;
    blocks.push(new Uint8Array(padding));
  }
  blocks.push(new Uint8Array(2 * BLOCK));
  const archive = new Uint8Array(
    blocks.reduce((size, block) => size + block.length, 0),
  );
  let offset = 0;
  for (const block of blocks) {
    archive.set(block, offset);
    offset += block.length;
  }
  return archive;
}

/** `tar(files)`, gzipped: the bytes of a `.tgz`. */
export async function tgz(files: readonly TarFile[]): Promise<Uint8Array> {
  const stream = new Blob([tar(files)]).stream()
    .pipeThrough(new CompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** The 512-byte ustar header of a regular file. */
function header(file: TarFile): Uint8Array {
  const block = new Uint8Array(BLOCK);
  const put = (offset: number, text: string) =>
    block.set(encoder.encode(text), offset);
  const octal = (offset: number, width: number, value: number) =>
    put(offset, value.toString(8).padStart(width - 1, "0") + "\0");
  const name = encoder.encode(file.path);
  if (name.length > 100) {
    throw new Error(`tar: path longer than 100 bytes: ${file.path}`);
  }
  block.set(name, 0);
  octal(100, 8, file.mode ?? 0o644);
  octal(108, 8, 0); // uid
  octal(116, 8, 0); // gid
  octal(124, 12, file.content.length);
  octal(136, 12, MTIME_SECONDS);
  put(148, " ".repeat(8)); // the checksum counts as spaces while summed
  put(156, "0"); // a regular file
  put(257, "ustar\0");
  put(263, "00");
  const checksum = block.reduce((sum, byte) => sum + byte, 0);
  put(148, checksum.toString(8).padStart(6, "0") + "\0 ");
  return block;
}
