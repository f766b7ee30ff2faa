import assert from "node:assert/strict";
import { Hono } from "hono";
import { AccessLog, escapeControl } from "./access_log.ts";

Deno.test("lines close in time are printed together, in order, as one console.log each would", async () => {
  const printed: string[] = [];
  const log = new AccessLog((text) => printed.push(text));
  const app = new Hono().get("/a", (c) => c.text("a"));
  const fetch = log.handler(app.fetch);
  await fetch(new Request("http://localhost/a"));
  await new Promise((resolve) => setTimeout(resolve, 5));
  await fetch(new Request("http://localhost/b?x=1"));
  assert.deepEqual(printed, []);
  await new Promise((resolve) => setTimeout(resolve, 40));
  assert.equal(printed.length, 1);
  assert.match(printed[0]!, /^GET \/a 200 \d+\.\dms\nGET \/b 404 \d+\.\dms$/);
});

Deno.test("the logged path is the one the app routes (c.req.path), for a sync handler too", async () => {
  const printed: string[] = [];
  const log = new AccessLog((text) => printed.push(text), 0);
  const paths: string[] = [];
  const app = new Hono().get("*", (c) => {
    paths.push(c.req.path);
    return c.text("ok");
  });
  const urls = [
    "http://localhost/a%20b/c?d=%20#e",
    "http://localhost:8080/%E2%9C%93/x%2Fy",
    "http://localhost/odd%zz/%25",
    "http://localhost",
  ];
  for (const url of urls) await log.handler(app.fetch)(new Request(url));
  log.handler(() => new Response(null, { status: 204 }))(
    new Request("http://localhost/sync", { method: "DELETE" }),
  );
  log.flush();
  assert.deepEqual(
    printed.join("\n").split("\n").map((line) =>
      line.match(/^(\S+) (.*) (\d{3}) \d+\.\dms$/)?.slice(1)
    ),
    [
      ...paths.map((path) => ["GET", path, "200"]),
      ["DELETE", "/sync", "204"],
    ],
  );
});

Deno.test("flush prints what is pending; many lines do not wait for the timer", async () => {
  const printed: string[] = [];
  const log = new AccessLog((text) => printed.push(text));
  log.add("one");
  log.flush();
  log.flush();
  assert.deepEqual(printed, ["one"]);
  for (let i = 0; i < 300; i++) log.add(`${i}`);
  assert.equal(printed.length, 2);
  assert.equal(printed[1]!.split("\n").length, 256);
  await new Promise((resolve) => setTimeout(resolve, 40));
  assert.equal(printed.length, 3);
  assert.equal(
    printed[2],
    [...Array(44).keys()].map((i) => i + 256).join("\n"),
  );
});

Deno.test("escapeControl: C0, DEL, C1 and backslash become \\xHH; the rest stays", () => {
  assert.equal(
    escapeControl("a\r\nb\x1b[31mc\x00\x7f\x85\x9f\\d é✓"),
    "a\\x0d\\x0ab\\x1b[31mc\\x00\\x7f\\x85\\x9f\\x5cd é✓",
  );
});

Deno.test("a path cannot forge a log line or write terminal escapes", () => {
  const printed: string[] = [];
  const log = new AccessLog((text) => printed.push(text), 0);
  const fetch = log.handler(() => new Response(null, { status: 404 }));
  fetch(new Request("http://localhost/x%0d%0aGET%20/admin%20200%201ms"));
  fetch(new Request("http://localhost/%1b[31mred%c2%9b"));
  log.flush();
  const lines = printed.join("\n").split("\n");
  assert.equal(lines.length, 2);
  assert.match(
    lines[0]!,
    /^GET \/x\\x0d\\x0aGET \/admin 200 1ms 404 \d+\.\dms$/,
  );
  assert.match(lines[1]!, /^GET \/\\x1b\[31mred\\x9b 404 /);
  // deno-lint-ignore no-control-regex -- no control character but the line break
  assert.doesNotMatch(printed.join(""), /[\x00-\x09\x0b-\x1f\x7f-\x9f]/);
});

Deno.test("access log: a request the engine refused is a line too, escaped", () => {
  const printed: string[] = [];
  const log = new AccessLog((text) => printed.push(text), 0);
  log.refused("GET /a\x1b[31m HTTP/1.1");
  log.flush();
  assert.deepEqual(printed, [
    "GET /a\\x1b[31m 400 refused by the HTTP engine",
  ]);
});
