/**
 * Multipart uploads on the server (`RequestPart<T>`), in-process through
 * `app.request`: the treeshop's `uploadImage` bound from a FormData, every
 * refusal a 400 with a JSON reason, a body over `maxUploadBytes` a 413.
 */
import assert from "node:assert/strict";
import { RouteTableError } from "./fetchers.ts";
import { DEFAULT_MAX_UPLOAD_BYTES } from "./parts.ts";
import {
  treeshopRoutes,
  treeshopServerModel,
} from "./testdata/treeshop_routes.ts";

const model = await treeshopServerModel();

function routes(maxUploadBytes?: number) {
  return treeshopRoutes(
    model,
    undefined,
    maxUploadBytes === undefined ? {} : { maxUploadBytes },
  );
}

const URL_OF_1 = "http://shop/tree/products/1/image";

/** A form with the given entries; a `Blob` value keeps its file name. */
function form(entries: Record<string, string | Blob>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(entries)) data.append(name, value);
  return data;
}

function jsonPart(value: unknown): Blob {
  return new Blob([JSON.stringify(value)], { type: "application/json" });
}

const IMAGE = new File([new Uint8Array([1, 2, 3, 4, 5])], "cap.png", {
  type: "image/png",
});

async function post(
  body: BodyInit,
  init: RequestInit = {},
  maxUploadBytes?: number,
  url = URL_OF_1,
): Promise<{ status: number; body: unknown }> {
  const response = await routes(maxUploadBytes).request(url, {
    method: "POST",
    body,
    ...init,
  });
  const text = await response.text();
  return {
    status: response.status,
    body: text === "" ? null : JSON.parse(text),
  };
}

Deno.test("parts: a file part and a JSON part bound to the method", async () => {
  const answer = await post(
    form({ image: IMAGE, meta: jsonPart({ caption: "A cap", tags: ["x"] }) }),
  );
  assert.deepEqual(answer, {
    status: 200,
    body: {
      productId: 1,
      fileName: "cap.png",
      size: 5,
      contentType: "image/png",
      caption: "A cap",
    },
  });
});

Deno.test("parts: a JSON part may come as a plain form field", async () => {
  const answer = await post(
    form({ image: IMAGE, meta: JSON.stringify({ caption: "Text" }) }),
  );
  assert.equal(answer.status, 200);
  assert.equal((answer.body as { caption: string }).caption, "Text");
});

Deno.test("parts: what does not fit is a 400 naming the part", async () => {
  const meta = jsonPart({ caption: "ok" });
  const cases: [BodyInit, RequestInit, string, RegExp][] = [
    [form({ meta }), {}, "image", /the part image is required/],
    [form({ image: IMAGE }), {}, "meta", /the part meta is required/],
    [form({ image: "text", meta }), {}, "image", /must be a file/],
    [
      form({ image: IMAGE, meta: jsonPart({ caption: 7 }) }),
      {},
      "meta",
      /the part meta: \/caption must be string/,
    ],
    [
      form({ image: IMAGE, meta: jsonPart({ caption: "x", extra: 1 }) }),
      {},
      "meta",
      /additional properties/,
    ],
    [form({ image: IMAGE, meta: "{nope" }), {}, "meta", /is not JSON/],
    [
      form({ image: IMAGE, meta, other: "1" }),
      {},
      "other",
      /the part other is not expected/,
    ],
    [
      (() => {
        const data = form({ image: IMAGE, meta });
        data.append("image", IMAGE);
        return data;
      })(),
      {},
      "image",
      /takes one value, got 2/,
    ],
    [
      JSON.stringify({ caption: "x" }),
      { headers: { "content-type": "application/json" } },
      "image",
      /must be multipart\/form-data/,
    ],
    [
      "--x\r\nbroken",
      { headers: { "content-type": "multipart/form-data" } },
      "image",
      /not readable multipart/,
    ],
  ];
  for (const [body, init, parameter, message] of cases) {
    const answer = await post(body, init);
    assert.equal(answer.status, 400, `${parameter} ${message}`);
    const reason = answer.body as Record<string, string>;
    assert.equal(reason.error, "bad-request");
    assert.equal(reason.parameter, parameter);
    assert.match(reason.message!, message);
  }
});

Deno.test("parts: a body over maxUploadBytes is a 413 with a JSON reason", async () => {
  const big = form({
    image: new File([new Uint8Array(2048)], "big.bin"),
    meta: jsonPart({ caption: "big" }),
  });
  const declared = await post(big, {}, 1024);
  assert.deepEqual(declared, {
    status: 413,
    body: {
      error: "payload-too-large",
      message: "the request body is larger than 1024 bytes",
      maxBytes: 1024,
    },
  });
  // Without content-length (chunked): counted while read.
  const bytes = new Uint8Array(await new Response(big).arrayBuffer());
  const type = new Response(big).headers.get("content-type")!;
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(bytes);
      controller.close();
    },
  });
  const chunked = await post(
    stream,
    { headers: { "content-type": type } },
    1024,
  );
  assert.equal(chunked.status, 413);
  // The same upload under the default limit passes.
  assert.ok(DEFAULT_MAX_UPLOAD_BYTES >= 10 * 1024 * 1024);
  assert.equal((await post(big)).status, 200);
});

Deno.test("parts: the handler's HttpError passes through", async () => {
  const answer = await post(
    form({ image: IMAGE, meta: jsonPart({ caption: "x" }) }),
    {},
    undefined,
    "http://shop/tree/products/99/image",
  );
  assert.deepEqual(answer, {
    status: 404,
    body: { error: "not-found", message: "no product 99" },
  });
});

Deno.test("parts: maxUploadBytes must be a positive integer", () => {
  for (const bad of [0, -1, 1.5, Number.NaN]) {
    assert.throws(() => routes(bad), RouteTableError);
  }
});
