/**
 * Another process holding the write lock of a SQLite file (`BEGIN
 * EXCLUSIVE` through node:sqlite, no sqlite3 CLI), for the busy tests.
 * Run as a script it takes the lock, prints "locked" and keeps it until its
 * stdin closes (at most 30 s).
 *
 * @module
 */

import { DatabaseSync } from "node:sqlite";
import { fileURLToPath } from "node:url";

/** Longest a holder keeps the lock, whatever the test does. */
const MAX_HOLD_MS = 30_000;

/** A lock held by another process; `release` ends it. */
export interface HeldLock {
  /** Releases the lock and waits for the process to end. */
  release(): Promise<void>;
}

/** Starts a process that holds `path`'s write lock; resolves once it does. */
export async function holdLock(path: string): Promise<HeldLock> {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", fileURLToPath(import.meta.url), path],
    stdin: "piped",
    stdout: "piped",
    stderr: "inherit",
  }).spawn();
  const reader = child.stdout.getReader();
  const { value } = await reader.read();
  reader.releaseLock();
  if (!new TextDecoder().decode(value).startsWith("locked")) {
    child.kill("SIGKILL");
    await child.status;
    throw new Error(`the lock holder did not start on ${path}`);
  }
  return {
    async release() {
      await child.stdin.close();
      await child.stdout.cancel();
      await child.status;
    },
  };
}

if (import.meta.main) {
  const database = new DatabaseSync(Deno.args[0]!);
  database.exec("BEGIN EXCLUSIVE");
  console.log("locked");
  const stop = setTimeout(() => Deno.exit(0), MAX_HOLD_MS);
  for await (const _ of Deno.stdin.readable) {
    // Wait for the end of stdin.
  }
  clearTimeout(stop);
  database.exec("ROLLBACK");
  database.close();
}
