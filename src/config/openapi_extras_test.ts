import assert from "node:assert/strict";
import { emitterOf, OPENAPI_FILE } from "../render/emitters.ts";
import { readGoldenModel } from "../testing/golden.ts";
import { validateOpenApi } from "../testing/validate_openapi.ts";
import { ConfigError, parseConfig } from "./config.ts";

const YAML = `orm:
  client:
    openapi:
      properties:
        info:
          title: Shop
          contact: { name: Team, url: "https://example.com" }
          license: { name: MIT }
        servers:
          - url: https://api.example.com
            description: production
          - url: /
        security:
          - bearer: []
          - key: []
        components:
          securitySchemes:
            bearer: { type: http, scheme: bearer }
            key: { type: apiKey, name: x-api-key, in: header }
            oauth:
              type: oauth2
              flows:
                clientCredentials:
                  tokenUrl: https://auth.example.com/token
                  scopes: { read: reading }
`;

Deno.test("openapi extras: servers, security, schemes, contact and licence as written (YAML)", () => {
  const config = parseConfig("orm.yml", YAML);
  assert.equal(config.info.title, "Shop");
  assert.deepEqual(config.openapiExtras, {
    contact: { name: "Team", url: "https://example.com" },
    license: { name: "MIT" },
    servers: [
      { url: "https://api.example.com", description: "production" },
      { url: "/" },
    ],
    security: [{ bearer: [] }, { key: [] }],
    securitySchemes: {
      bearer: { type: "http", scheme: "bearer" },
      key: { type: "apiKey", name: "x-api-key", in: "header" },
      oauth: {
        type: "oauth2",
        flows: {
          clientCredentials: {
            tokenUrl: "https://auth.example.com/token",
            scopes: { read: "reading" },
          },
        },
      },
    },
  });
});

Deno.test("openapi extras: JSON values in the properties form", () => {
  const config = parseConfig(
    "orm.properties",
    'orm.client.openapi.properties.servers=[{"url": "/api"}]\n',
  );
  assert.deepEqual(config.openapiExtras, { servers: [{ url: "/api" }] });
});

Deno.test("openapi extras: a value of the wrong shape names the key", () => {
  const cases: [string, string, RegExp][] = [
    [
      "orm.yml",
      "servers: [{ host: x }]",
      /servers" item 1 has an unknown field "host"/,
    ],
    ["orm.yml", "servers: { url: / }", /servers" must be a list/],
    [
      "orm.yml",
      "security: [{ bearer: x }]",
      /scopes of "bearer" must be a list/,
    ],
    [
      "orm.yml",
      "components: { securitySchemes: { k: { type: apiKey, name: k, in: body } } }",
      /"k" field "in" must be query, header or cookie/,
    ],
    [
      "orm.yml",
      "components: { securitySchemes: { b: { type: basic } } }",
      /"b" needs "type": http, apiKey, oauth2 or openIdConnect/,
    ],
    [
      "orm.yml",
      "info: { license: { url: x } }",
      /license" needs the text field "name"/,
    ],
    ["orm.properties", "", /servers" must be a list \(JSON in .properties\)/],
  ];
  for (const [file, body, message] of cases) {
    const text = file === "orm.yml"
      ? `orm:\n  client:\n    openapi:\n      properties:\n        ${body}\n`
      : "orm.client.openapi.properties.servers=[oops\n";
    assert.throws(
      () => parseConfig(file, text),
      (e) => e instanceof ConfigError && message.test(e.message),
      body,
    );
  }
});

Deno.test("openapi extras: the document with all of them passes the validators", async () => {
  const config = parseConfig("orm.yml", YAML);
  const model = await readGoldenModel("bookstore");
  const document = emitterOf("openapi").emit(model, {
    config,
    sourceName: "bookstore",
  }).get(OPENAPI_FILE)!;
  assert.deepEqual(await validateOpenApi(document), []);
  assert.match(document, /securitySchemes:\n {4}bearer:/);
});
