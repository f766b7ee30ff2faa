import assert from "node:assert/strict";
import { loadConfig } from "../config/config.ts";
import type { ApiModel } from "../model/api_model.ts";
import { readGoldenModel } from "../testing/golden.ts";
import { readZip } from "../archive/read_zip.ts";
import { answerVersioned } from "./artifact_delta.ts";
import { ArtifactVersions, changedGroups } from "./artifact_versions.ts";
import { artifactRoutes, renderArtifact } from "./artifacts.ts";

const TREESHOP = new URL("../../fixtures/treeshop", import.meta.url).pathname;

/** The treeshop's golden model and its versions, the first one made. */
async function treeshopVersions() {
  const config = await loadConfig(TREESHOP);
  const model = await readGoldenModel("treeshop");
  const versions = new ArtifactVersions(
    config,
    "treeshop",
    artifactRoutes(config),
  );
  versions.next(model);
  return { config, model, versions };
}

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
    assert.deepEqual(versions.artifact(kind)!.bytes, rendered.bytes, kind);
  }
  assert.deepEqual(first.change.artifacts, routes.map((r) => r.kind));
  const again = versions.next(structuredClone(model));
  assert.deepEqual(again.change.artifacts, []);
  assert.deepEqual(again.change.groups, []);
  assert.deepEqual(again.change.etags, first.change.etags);
});

Deno.test("artifact versions: a doc edit changes the files that carry it, and the groups of its operations", async () => {
  const { model, versions } = await treeshopVersions();
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

/** `model` with the doc of its first operation edited. */
function withDoc(model: ApiModel, doc: string): ApiModel {
  const service = model.services[0]!;
  const [operation, ...rest] = service.operations;
  return {
    ...model,
    services: [
      { ...service, operations: [{ ...operation!, doc }, ...rest] },
      ...model.services.slice(1),
    ],
  };
}

/** The files of an archive's bytes, as text. */
async function filesOf(bytes: Uint8Array): Promise<Map<string, string>> {
  const decoder = new TextDecoder();
  return new Map(
    [...await readZip(bytes)].map(([path, content]) => [
      path,
      decoder.decode(content),
    ]),
  );
}

Deno.test("artifact versions: a delta holds the files changed since a version a client holds, for each import style", async () => {
  const { config, model, versions } = await treeshopVersions();
  const first = versions.artifact("ts")!;
  const firstNone = versions.artifact("ts", "none")!;
  assert.notEqual(first.etag, firstNone.etag);
  // The current version is no base; nor is an unknown one.
  assert.equal(versions.delta("ts", undefined, first.etag), undefined);
  assert.equal(versions.delta("ts", undefined, '"unknown"'), undefined);
  const { change } = versions.next(withDoc(model, "Edited."));
  for (const importExtension of [undefined, "none"] as const) {
    const base = importExtension === undefined ? first : firstNone;
    const current = versions.artifact("ts", importExtension)!;
    const delta = versions.delta("ts", importExtension, base.etag)!;
    assert.equal(delta.etag, current.etag);
    assert.equal(delta.base, base.etag);
    assert.deepEqual(delta.removed, []);
    const sent = await filesOf(delta.bytes);
    assert.deepEqual([...sent.keys()].sort(), change.files.ts);
    // The old archive with the delta applied is the new archive.
    const patched = new Map([...await filesOf(base.bytes), ...sent]);
    assert.deepEqual(patched, await filesOf(current.bytes));
    // A whole archive made cold gives the same bytes.
    assert.deepEqual(
      current.bytes,
      renderArtifact("ts", withDoc(model, "Edited."), config, "treeshop", {
        documentQuery: "",
        ...(importExtension === undefined ? {} : { importExtension }),
      }).bytes,
    );
  }
  // Documents have no deltas.
  assert.equal(versions.delta("openapi", undefined, '"x"'), undefined);
});

Deno.test("artifact versions: an edit that changes most files sends the whole archive", async () => {
  const { model, versions } = await treeshopVersions();
  const base = versions.artifact("ts")!.etag;
  versions.next({
    ...model,
    services: [],
    dtos: [],
    dynamicEntities: [],
    enums: [],
    staticTypes: [],
  });
  assert.equal(versions.delta("ts", undefined, base), undefined);
});

Deno.test("artifact versions over HTTP: 226 with the delta when asked for, else the whole archive or 304", async () => {
  const { model, versions } = await treeshopVersions();
  const base = versions.artifact("ts")!.etag;
  versions.next(withDoc(model, "Edited."));
  const current = versions.artifact("ts")!;
  const delta = answerVersioned(versions, "ts", undefined, {
    ifNoneMatch: base,
    aIm: "gzip, changed-files",
  })!;
  assert.equal(delta.status, 226);
  assert.equal(delta.headers.get("im"), "changed-files");
  assert.equal(delta.headers.get("delta-base"), base);
  assert.equal(delta.headers.get("etag"), current.etag);
  assert.equal(delta.headers.get("tailor-removed"), null);
  assert.ok((await delta.arrayBuffer()).byteLength < current.bytes.length);
  const whole = answerVersioned(versions, "ts", undefined, {
    ifNoneMatch: base,
    aIm: undefined,
  })!;
  assert.equal(whole.status, 200);
  assert.deepEqual(new Uint8Array(await whole.arrayBuffer()), current.bytes);
  const same = answerVersioned(versions, "ts", undefined, {
    ifNoneMatch: current.etag,
    aIm: "changed-files",
  })!;
  assert.equal(same.status, 304);
});

Deno.test("artifact versions: a delta spans several versions, back to the 15 before the current one", async () => {
  const { model, versions } = await treeshopVersions();
  const etags = [versions.artifact("ts")!.etag];
  for (let i = 1; i <= 16; i++) {
    versions.next(withDoc(model, `Edit ${i}.`));
    etags.push(versions.artifact("ts")!.etag);
  }
  // The first is 16 versions back: gone; the second is kept.
  assert.equal(versions.delta("ts", undefined, etags[0]!), undefined);
  const delta = versions.delta("ts", undefined, etags[1]!)!;
  assert.equal(delta.etag, etags[16]);
  assert.ok((await filesOf(delta.bytes)).size > 0);
});
