/**
 * A postgres:// URL that cannot be read, or that points at another kind of
 * service, stops start-up at once with one line naming the target; one
 * that never finishes the client's start-up stops at the deadline.
 */
import assert from "node:assert/strict";
import { probePostgres } from "./postgres_probe.ts";
import { postgresDriver } from "./postgres_driver.ts";
import { StoreOpenError } from "./store_errors.ts";
import { postgresTest, TEST_POSTGRES_URL } from "../testing/store_engines.ts";

/** A service on a free port that answers each connection with `reply`. */
async function withService(
  reply: Uint8Array | undefined,
  fn: (port: number, connections: () => number) => Promise<void>,
): Promise<void> {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  let connections = 0;
  const open: Deno.Conn[] = [];
  const accepting = (async () => {
    for await (const conn of listener) {
      connections++;
      if (reply === undefined) {
        open.push(conn); // says nothing, keeps it open
        continue;
      }
      conn.write(reply).catch(() => {}).finally(() => conn.close());
    }
  })();
  try {
    await fn((listener.addr as Deno.NetAddr).port, () => connections);
  } finally {
    listener.close();
    await accepting.catch(() => {});
    for (const conn of open) conn.close();
  }
}

function openError(pattern: RegExp) {
  return (error: unknown) => {
    assert.ok(error instanceof StoreOpenError, String(error));
    assert.match(error.message, pattern);
    return true;
  };
}

const HTTP_400 = new TextEncoder().encode(
  "HTTP/1.1 400 Bad Request\r\nconnection: close\r\n\r\n",
);

Deno.test("postgres URL: another kind of service is one error naming it, after one connection", async () => {
  await withService(HTTP_400, async (port, connections) => {
    const driver = postgresDriver(`postgres://u:secret@127.0.0.1:${port}/db`);
    await assert.rejects(
      driver.open!(),
      openError(
        new RegExp(
          `^cannot use the database postgres://u:\\*\\*\\*@127\\.0\\.0\\.1:${port}/db: the service at 127\\.0\\.0\\.1:${port} is not PostgreSQL \\(it answered "HTTP/1\\.1 400 Bad Request"\\); check the URL's host and port$`,
        ),
      ),
    );
    assert.equal(connections(), 1);
    await driver.close();
  });
  await withService(new Uint8Array(0), async (port) => {
    await assert.rejects(
      probePostgres(`postgres://u@127.0.0.1:${port}/db`, "the db", 5000),
      openError(/closed the connection without a word/),
    );
  });
});

Deno.test("postgres URL: a silent service, or one that accepts and closes, ends at the deadline", async () => {
  await withService(undefined, async (port) => {
    await assert.rejects(
      probePostgres(`postgres://u@127.0.0.1:${port}/db`, "the db", 200),
      openError(/127\.0\.0\.1:\d+ did not answer within 200 ms/),
    );
  });
  // Answers the SSL request as PostgreSQL does, then closes: the client
  // would reconnect forever.
  await withService(new TextEncoder().encode("N"), async (port) => {
    const driver = postgresDriver(`postgres://u@127.0.0.1:${port}/db`, {
      connectTimeoutSeconds: 1,
    });
    await assert.rejects(driver.open!(), openError(/no answer within 1000 ms/));
    await driver.close();
  });
});

Deno.test("postgres URL: a malformed %-escape names the part", async () => {
  await assert.rejects(
    postgresDriver("postgres://%zz@127.0.0.1:1/db").open!(),
    openError(
      /^cannot use the database postgres:\/\/%zz@127\.0\.0\.1:1\/db: its user name holds a % that is not followed by two hex digits; write a % in it as %25$/,
    ),
  );
});

postgresTest("postgres URL: a real server passes the probe", async () => {
  await probePostgres(TEST_POSTGRES_URL!, "the test server", 5000);
});
