import assert from "node:assert/strict";
import { treeshopAuthenticators } from "../../fixtures/treeshop/injectors.ts";
import { treeshopApp } from "../testing/treeshop_app.ts";
import type { CreateServerOptions } from "./create_server.ts";

const VITE = "http://localhost:5173";

function treeshop(extra: Partial<CreateServerOptions> = {}) {
  return treeshopApp({ authenticate: treeshopAuthenticators, ...extra });
}

function preflight(origin: string): RequestInit {
  return {
    method: "OPTIONS",
    headers: {
      origin,
      "access-control-request-method": "POST",
      "access-control-request-headers":
        "authorization,content-type,x-request-id",
    },
  };
}

Deno.test("cors: an allowed origin's preflight is answered, with the auth, model and extra headers", async () => {
  const app = await treeshop({
    cors: { origins: [VITE], headers: ["Tenant"] },
  });
  const answer = await app.request("/tree/nodes", preflight(VITE));
  assert.equal(answer.status, 204);
  assert.equal(answer.headers.get("access-control-allow-origin"), VITE);
  assert.deepEqual(
    answer.headers.get("access-control-allow-headers")?.split(","),
    ["authorization", "content-type", "x-request-id", "tenant"],
  );
  assert.match(answer.headers.get("access-control-allow-methods")!, /POST/);
  const call = await app.request("/tree/1", {
    headers: { origin: VITE, authorization: "Bearer ann" },
  });
  assert.equal(call.status, 200);
  assert.equal(call.headers.get("access-control-allow-origin"), VITE);
  assert.match(call.headers.get("access-control-expose-headers")!, /etag/);
});

Deno.test("cors: another origin, or no cors option, gets no cross-origin access", async () => {
  const listed = await treeshop({ cors: { origins: [VITE] } });
  const other = await listed.request(
    "/tree/nodes",
    preflight("http://evil.example"),
  );
  assert.equal(other.headers.get("access-control-allow-origin"), null);
  const closed = await treeshop();
  const answer = await closed.request("/tree/nodes", preflight(VITE));
  assert.notEqual(answer.status, 204);
  assert.equal(answer.headers.get("access-control-allow-origin"), null);
  const call = await closed.request("/tree/1", {
    headers: { origin: VITE, authorization: "Bearer ann" },
  });
  assert.equal(call.headers.get("access-control-allow-origin"), null);
});

Deno.test("cors: * lets every origin call, answered *", async () => {
  const app = await treeshop({ cors: { origins: ["*"] } });
  const answer = await app.request(
    "/tree/nodes",
    preflight("https://any.example"),
  );
  assert.equal(answer.status, 204);
  assert.equal(answer.headers.get("access-control-allow-origin"), "*");
});
