/**
 * The entry-name rule of ZIP archives, shared by writing (zip.ts) and
 * reading (read_zip.ts), and the error of an archive that cannot be
 * extracted safely. No dependencies: the api command reads archives
 * without the archive writer.
 *
 * @module
 */

/** Why an archive was refused. */
export type ArchiveProblem =
  | "not-zip"
  | "damaged"
  | "unsafe-name"
  | "long-name"
  | "duplicate"
  | "clash"
  | "too-many-entries"
  | "too-large"
  | "size-mismatch";

/** An archive that cannot be extracted safely; `problem` says why. */
export class ArchiveError extends Error {
  constructor(
    message: string,
    readonly problem: ArchiveProblem = "unsafe-name",
  ) {
    super(message);
    this.name = "ArchiveError";
  }
}

/** Throws ArchiveError unless `name` is a plain relative path. */
export function checkEntryName(name: string): void {
  const parts = name.split("/");
  if (
    name === "" || name.startsWith("/") || name.includes("\\") ||
    /^[A-Za-z]:/.test(name) || name.includes("\0") ||
    parts.some((part) => part === "" || part === "." || part === "..")
  ) {
    throw unsafeName(name);
  }
}

/** The error for an entry name that could escape the extraction directory. */
export function unsafeName(name: string): ArchiveError {
  return new ArchiveError(
    `unsafe entry name in archive: ${JSON.stringify(name)}`,
    "unsafe-name",
  );
}
