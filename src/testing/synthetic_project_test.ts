import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { projectModel } from "../pipeline.ts";
import { formatDiagnostic } from "../model/diagnostic.ts";
import type { ApiModel } from "../model/api_model.ts";
import { projectSize, writeSyntheticProject } from "./synthetic_project.ts";

/** The kinds of things a model has, to see the project is varied. */
function variety(model: ApiModel): Record<string, unknown> {
  const operations = model.services.flatMap((s) => s.operations);
  const shapes = model.dtos.flatMap((d) => d.shapes);
  const text = JSON.stringify(model);
  return {
    operations: operations.length,
    groups: model.groups,
    parameterKinds: [...new Set(operations.flatMap((o) => o.parameters))]
      .map((p) => p.in).filter((v, i, all) => all.indexOf(v) === i).sort(),
    httpMethods: [...new Set(operations.map((o) => o.httpMethod))].sort(),
    enums: model.enums.length > 0,
    recursiveShapes: shapes.some((s) => s.path !== undefined),
    nestedShapes: text.includes('"kind":"object","entity"'),
    maps: text.includes('"kind":"map"'),
    statics: ["Page", "Tuple2", "Report0"].every((name) =>
      text.includes(`"name":"${name}"`)
    ),
  };
}

Deno.test("a 20-endpoint synthetic project generates without diagnostics", async () => {
  const dir = await Deno.makeTempDir({ prefix: "tailor_synth_test_" });
  try {
    await writeSyntheticProject(dir, 20);
    const result = await projectModel(dir);
    if (!result.ok) {
      throw new Error(
        "diagnostics" in result
          ? result.diagnostics.map(formatDiagnostic).join("\n")
          : JSON.stringify(result),
      );
    }
    assertEquals(result.warnings.map(formatDiagnostic), []);
    assertEquals(variety(result.model), {
      operations: 20,
      groups: ["admin", "shop"],
      parameterKinds: ["body", "header", "path", "query"],
      httpMethods: ["DELETE", "GET", "POST", "PUT"],
      enums: true,
      recursiveShapes: true,
      nestedShapes: true,
      maps: true,
      statics: true,
    });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("entities grow with controllers, at least 3", () => {
  assertEquals(projectSize(20), { controllers: 2, entities: 3 });
  assertEquals(projectSize(1000), { controllers: 100, entities: 34 });
  assertEquals(projectSize(4000), { controllers: 400, entities: 134 });
});
