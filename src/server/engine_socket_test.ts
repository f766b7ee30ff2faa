/**
 * The engine's Unix socket recovers when deleted (one line logged), and
 * the directories that killed processes left behind are removed.
 */
import assert from "node:assert/strict";
import { CHECK_EVERY_MS, engineSocket, removeStale } from "./engine_socket.ts";

/** An engine that answers "ok" to whatever connects, then closes. */
function okEngine(log: (line: string) => void) {
  return engineSocket((conn) => {
    conn.write(new TextEncoder().encode("ok")).finally(() => conn.close());
  }, log)!;
}

async function answer(conn: Deno.Conn): Promise<string> {
  const text = await new Response(conn.readable).text();
  return text;
}

Deno.test("engine socket: deleted (the socket or its folder), it is made again at the next connection, with one line", async () => {
  const lines: string[] = [];
  const engine = okEngine((line) => lines.push(line));
  try {
    assert.equal(await answer(await engine.connect()), "ok");
    const first = engine.path;
    await Deno.remove(first);
    assert.equal(await answer(await engine.connect()), "ok");
    assert.notEqual(engine.path, first);
    assert.equal(lines.length, 1);
    assert.match(
      lines[0]!,
      /^server: the engine socket .* is gone \(.*\); listening on a new one$/,
    );
    assert.equal(await answer(await engine.connect()), "ok");
    assert.equal(lines.length, 1);
    // The whole folder, and several connections at once: one new socket.
    await Deno.remove(engine.path.replace(/\/engine\.sock$/, ""), {
      recursive: true,
    });
    const answers = await Promise.all(
      [1, 2, 3].map(async () => answer(await engine.connect())),
    );
    assert.deepEqual(answers, ["ok", "ok", "ok"]);
    assert.equal(lines.length, 2);
  } finally {
    await engine.close();
  }
});

Deno.test("engine socket: check() makes a deleted socket again at once, with one line, looking at most once per CHECK_EVERY_MS", async () => {
  const lines: string[] = [];
  const engine = okEngine((line) => lines.push(line));
  try {
    const first = engine.path;
    engine.check();
    await Deno.remove(first);
    // Looked just now: not again yet.
    engine.check();
    assert.equal(engine.path, first);
    await new Promise((resolve) => setTimeout(resolve, 2 * CHECK_EVERY_MS));
    engine.check();
    assert.notEqual(engine.path, first);
    assert.equal(lines.length, 1);
    assert.equal(await answer(await engine.connect()), "ok");
    assert.equal(lines.length, 1);
  } finally {
    await engine.close();
  }
});

Deno.test("engine socket: folders of processes that are gone are removed at start-up, others kept", async () => {
  const temp = await Deno.makeTempDir({ prefix: "tailor_stale_" });
  try {
    const make = (name: string) => Deno.mkdir(`${temp}/${name}`);
    // No process has this pid (above Linux's pid_max).
    await make("tailor-engine-4194399-dead");
    await make(`tailor-engine-${Deno.pid}-mine`);
    await make("tailor-engine-1-init"); // pid 1 always runs
    // Old names without a pid: a dead socket, once older than a few seconds.
    await make("tailor-engine-oldstyle");
    const old = new Date(Date.now() - 60_000);
    await Deno.utime(`${temp}/tailor-engine-oldstyle`, old, old);
    await make("tailor-engine-justmade");
    await make("unrelated-folder");
    // A pid this namespace does not see, but a socket that answers: kept.
    await make("tailor-engine-4194398-other");
    const live = Deno.listen({
      transport: "unix",
      path: `${temp}/tailor-engine-4194398-other/engine.sock`,
    });
    const accepting = (async () => {
      for await (const conn of live) conn.close();
    })();
    assert.equal(await removeStale(temp), 2);
    live.close();
    await accepting.catch(() => {});
    const left = [];
    for await (const entry of Deno.readDir(temp)) left.push(entry.name);
    assert.deepEqual(
      left.sort(),
      [
        "tailor-engine-1-init",
        "tailor-engine-4194398-other",
        `tailor-engine-${Deno.pid}-mine`,
        "tailor-engine-justmade",
        "unrelated-folder",
      ].sort(),
    );
  } finally {
    await Deno.remove(temp, { recursive: true });
  }
});
