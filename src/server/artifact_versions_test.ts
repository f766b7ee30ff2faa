import assert from "node:assert/strict";
import { loadConfig } from "../config/config.ts";
import type { ApiModel } from "../model/api_model.ts";
import { readGoldenModel } from "../testing/golden.ts";
import { ArtifactVersions, changedGroups } from "./artifact_versions.ts";
import { artifactRoutes, renderArtifact } from "./artifacts.ts";

const TREESHOP = new URL("../../fixtures/treeshop", import.meta.url).pathname;

Deno.test("artifact versions: each artifact is the bytes a request renders; an unchanged model changes nothing", async () => {
  const config = await loadConfig(TREESHOP);
  const routes = artifactRoutes(config);
  const model = await readGoldenModel("treeshop");
  const versions = new ArtifactVersions(config, "treeshop", routes);
  const first = versions.next(model);
  for (const { kind } of routes) {
    const rendered = renderArtifact(kind, model, config, "treeshop", {
      documentQuery: "",
    });
    assert.deepEqual(first.artifacts.get(kind)!.bytes, rendered.bytes, kind);
  }
  assert.deepEqual(first.change.artifacts, routes.map((r) => r.kind));
  const again = versions.next(structuredClone(model));
  assert.deepEqual(again.change.artifacts, []);
  assert.deepEqual(again.change.groups, []);
  assert.deepEqual(again.change.etags, first.change.etags);
});

Deno.test("artifact versions: a doc edit changes the files that carry it, and the groups of its operations", async () => {
  const config = await loadConfig(TREESHOP);
  const model = await readGoldenModel("treeshop");
  const versions = new ArtifactVersions(
    config,
    "treeshop",
    artifactRoutes(config),
  );
  versions.next(model);
  const service = model.services[0]!;
  const operation = service.operations[0]!;
  const edited: ApiModel = {
    ...model,
    services: [
      {
        ...service,
        operations: [
          { ...operation, doc: "Edited." },
          ...service.operations.slice(1),
        ],
      },
      ...model.services.slice(1),
    ],
  };
  const { change } = versions.next(edited);
  assert.ok(change.artifacts.includes("ts"));
  assert.ok(change.files.ts!.length > 0);
  assert.ok(change.files.ts!.every((path) => !path.startsWith("model/")));
  assert.deepEqual(change.groups, changedGroups(model, edited));
  assert.deepEqual(change.groups, [...operation.groups].sort());
});
