import assert from "node:assert/strict";
import { sampleModel } from "../emit/testdata/sample_model.ts";
import { emptyModel } from "./api_model.ts";
import { indexModel } from "./model_index.ts";

Deno.test("model index: finds every declaration by name, nothing else", () => {
  const index = indexModel(sampleModel);
  for (const dto of sampleModel.dtos) {
    assert.equal(index.dto(dto.entity), dto);
    for (const shape of dto.shapes) {
      assert.deepEqual(index.shape(shape.key), { dto, shape });
    }
  }
  for (const d of sampleModel.dynamicEntities) {
    assert.equal(index.dynamicEntity(d.entity), d);
  }
  for (const e of sampleModel.enums) assert.equal(index.enum(e.name), e);
  for (const s of sampleModel.staticTypes) {
    assert.equal(index.staticType(s.name), s);
  }
  for (const s of sampleModel.services) assert.equal(index.service(s.name), s);
  assert.equal(index.shape("Nowhere/NOTHING"), undefined);
  assert.equal(index.enum("Nothing"), undefined);
  assert.equal(indexModel(sampleModel), index, "built once per model");
});

Deno.test("model index: an entity's doc comes from its DTO, else its dynamic form", () => {
  const model = {
    ...emptyModel(),
    dtos: [{ entity: "A", doc: "from dto", shapes: [] }, {
      entity: "B",
      shapes: [],
    }],
    dynamicEntities: [
      { entity: "A", doc: "dynamic A", properties: [] },
      { entity: "B", doc: "dynamic B", properties: [] },
    ],
  };
  const index = indexModel(model);
  assert.equal(index.entityDoc("A"), "from dto");
  assert.equal(index.entityDoc("B"), "dynamic B");
  assert.equal(index.entityDoc("C"), undefined);
});
