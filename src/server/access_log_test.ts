import assert from "node:assert/strict";
import { Hono } from "hono";
import { AccessLog } from "./access_log.ts";

Deno.test("lines close in time are printed together, in order, as one console.log each would", async () => {
  const printed: string[] = [];
  const log = new AccessLog((text) => printed.push(text));
  const app = new Hono().use(log.middleware).get("/a", (c) => c.text("a"));
  await app.request("/a");
  await new Promise((resolve) => setTimeout(resolve, 5));
  await app.request("/b?x=1");
  assert.deepEqual(printed, []);
  await new Promise((resolve) => setTimeout(resolve, 40));
  assert.equal(printed.length, 1);
  assert.match(printed[0]!, /^GET \/a 200 \d+\.\dms\nGET \/b 404 \d+\.\dms$/);
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
