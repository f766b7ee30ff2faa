/**
 * What a `postgres://` URL points at, checked before the pool starts: a URL
 * that cannot be read, and a service that is not PostgreSQL (an HTTP
 * server, a closed port's neighbour), are one StoreOpenError naming the
 * target at once; the `postgres` client would otherwise reconnect to such
 * a service hundreds of times a second, forever, without a word.
 *
 * @module
 */

import { StoreOpenError } from "./store_errors.ts";

/** PostgreSQL's SSLRequest: length 8, code 80877103. */
const SSL_REQUEST = new Uint8Array([0, 0, 0, 8, 4, 210, 22, 47]);

/** The URL's parts that are %-decoded, and what they are called. */
const DECODED = [
  ["username", "user name"],
  ["password", "password"],
  ["pathname", "database name"],
] as const;

/**
 * Checks `url` (shown as `label`) can be read and that its host and port
 * answer as PostgreSQL does to an SSLRequest (one byte: `S`, `N` or an
 * error), within `timeoutMs`. A refused connection passes (the client
 * reports it); a Unix socket or several hosts are not probed.
 *
 * @throws StoreOpenError naming the target and what to do.
 */
export async function probePostgres(
  url: string,
  label: string,
  timeoutMs: number,
): Promise<void> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new StoreOpenError(
      label,
      "this is not a URL",
      "write it as postgres://user:password@host:port/database",
    );
  }
  for (const [part, name] of DECODED) {
    try {
      decodeURIComponent(parsed[part]);
    } catch {
      throw new StoreOpenError(
        label,
        `its ${name} holds a % that is not followed by two hex digits`,
        "write a % in it as %25",
      );
    }
  }
  const hostname = parsed.hostname.replace(/^\[|\]$/g, "");
  if (hostname === "" || parsed.searchParams.has("host")) return;
  const port = Number(parsed.port || 5432);
  const target = `${parsed.hostname}:${port}`;
  const answer = await firstBytes(hostname, port, timeoutMs);
  if (answer === "refused") return;
  if (answer === "timeout") {
    throw new StoreOpenError(
      label,
      `${target} did not answer within ${timeoutMs} ms`,
      "check that PostgreSQL runs there and that no firewall drops the connection",
    );
  }
  const first = answer[0];
  // S or N: SSL or not; E: an error, as a server too old for the request.
  if (answer.length === 1 && (first === 83 || first === 78)) return;
  if (first === 69) return;
  throw new StoreOpenError(
    label,
    `the service at ${target} is not PostgreSQL (${describe(answer)})`,
    "check the URL's host and port",
  );
}

/** What `hostname:port` sends back to an SSLRequest, at most 64 bytes. */
async function firstBytes(
  hostname: string,
  port: number,
  timeoutMs: number,
): Promise<Uint8Array | "refused" | "timeout"> {
  let conn: Deno.Conn | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<"timeout">((resolve) => {
    timer = setTimeout(() => resolve("timeout"), timeoutMs);
  });
  const exchange = (async () => {
    try {
      conn = await Deno.connect({ hostname, port });
    } catch {
      return "refused" as const;
    }
    try {
      await conn.write(SSL_REQUEST);
      const buffer = new Uint8Array(64);
      const n = await conn.read(buffer);
      return n === null ? new Uint8Array(0) : buffer.slice(0, n);
    } catch {
      return new Uint8Array(0);
    }
  })();
  try {
    return await Promise.race([exchange, timeout]);
  } finally {
    clearTimeout(timer);
    try {
      conn?.close();
    } catch {
      // closed already
    }
  }
}

/** The answer in words, its first line clipped and escaped. */
function describe(answer: Uint8Array): string {
  if (answer.length === 0) return "it closed the connection without a word";
  const line = String.fromCharCode(...answer).split(/\r?\n/)[0]!
    .replace(
      /[^\x20-\x7e]/g,
      (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, "0")}`,
    )
    .slice(0, 40);
  return `it answered "${line}"`;
}
