import assert from "node:assert/strict";
import { acceptLoop, type Acceptor } from "./accept_loop.ts";

Deno.test("acceptLoop: failed accepts are logged once per burst, retried, and never end the loop", async () => {
  const conn = {} as Deno.Conn;
  const script: (Deno.Conn | Error)[] = [
    new Error("Too many open files (os error 24)"),
    new Error("Too many open files (os error 24)"),
    new Error("Too many open files (os error 24)"),
    conn,
    new Error("Too many open files (os error 24)"),
    conn,
    new Deno.errors.BadResource("closed"),
  ];
  const acceptor: Acceptor = {
    accept: () => {
      const next = script.shift()!;
      return next instanceof Error
        ? Promise.reject(next)
        : Promise.resolve(next);
    },
  };
  const served: Deno.Conn[] = [];
  const logged: string[] = [];
  await acceptLoop(acceptor, (c) => served.push(c), (m) => logged.push(m), 1);
  assert.equal(served.length, 2);
  assert.deepEqual(logged, [
    "server: accepting failed: Too many open files (os error 24); retrying",
    "server: accepting again after 3 failed accept(s)",
    "server: accepting failed: Too many open files (os error 24); retrying",
    "server: accepting again after 1 failed accept(s)",
  ]);
});
