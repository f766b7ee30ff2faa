/**
 * Edits of an ApiModel that keep every untouched part the same object, as
 * watch mode's incremental analysis does: for the tests of
 * `ArtifactRenderer`. Each edit returns a new model, or undefined when the
 * model has nothing it could edit.
 *
 * @module
 */

import type {
  ApiModel,
  EntityDtoModel,
  FetchedShapeModel,
  HttpMethod,
  OperationModel,
  ServiceModel,
} from "../model/api_model.ts";

/** A named edit of a model. */
export interface ModelEdit {
  readonly name: string;
  readonly edit: (model: ApiModel) => ApiModel | undefined;
}

/** `items` with the one at `index` replaced (or removed when undefined). */
function replaced<T>(items: readonly T[], index: number, item?: T): T[] {
  const copy = [...items];
  if (item === undefined) copy.splice(index, 1);
  else copy[index] = item;
  return copy;
}

const HTTP_METHODS: readonly HttpMethod[] = [
  "DELETE",
  "PATCH",
  "PUT",
  "POST",
  "GET",
];

const byName = (a: { name: string }, b: { name: string }) =>
  a.name < b.name ? -1 : a.name > b.name ? 1 : 0;

/** The service in the middle of the model (not always the first). */
function middle(model: ApiModel): number {
  return Math.floor(model.services.length / 2);
}

/** The middle service, its index and its operation `at` (-1: the last). */
function middleOperation(
  model: ApiModel,
  at: number,
): { i: number; service: ServiceModel; op: OperationModel } | undefined {
  const i = middle(model);
  const service = model.services[i];
  const op = service?.operations.at(at);
  return service === undefined || op === undefined
    ? undefined
    : { i, service, op };
}

/** The model with the operations of its `i`th service replaced. */
function withOperations(
  model: ApiModel,
  i: number,
  operations: readonly OperationModel[],
): ApiModel {
  const service = { ...model.services[i]!, operations };
  return { ...model, services: replaced(model.services, i, service) };
}

/**
 * The model with the shapes of its first DTO with shapes replaced by
 * `change` of them and the first one.
 */
function withFirstShapes(
  model: ApiModel,
  change: (
    shapes: readonly FetchedShapeModel[],
    first: FetchedShapeModel,
  ) => FetchedShapeModel[],
): ApiModel | undefined {
  const i = model.dtos.findIndex((dto) => dto.shapes.length > 0);
  const dto = model.dtos[i];
  const shape = dto?.shapes[0];
  if (dto === undefined || shape === undefined) return undefined;
  const edited: EntityDtoModel = { ...dto, shapes: change(dto.shapes, shape) };
  return { ...model, dtos: replaced(model.dtos, i, edited) };
}

/** The model with the first shape of its first DTO with shapes changed. */
function withFirstShape(
  model: ApiModel,
  change: (shape: FetchedShapeModel) => FetchedShapeModel,
): ApiModel | undefined {
  return withFirstShapes(
    model,
    (shapes, first) => replaced(shapes, 0, change(first)),
  );
}

/** The edits the tests apply, each one model change watch mode may see. */
export const MODEL_EDITS: readonly ModelEdit[] = [
  {
    name: "change one operation's doc",
    edit: (model) => {
      const found = middleOperation(model, 0);
      if (found === undefined) return undefined;
      const { i, service, op } = found;
      const edited = { ...op, doc: `${op.doc ?? "Does it"}, edited.` };
      return withOperations(model, i, replaced(service.operations, 0, edited));
    },
  },
  {
    name: "add an operation",
    edit: (model) => {
      const found = middleOperation(model, -1);
      if (found === undefined) return undefined;
      const { i, service, op } = found;
      const added: OperationModel = {
        ...op,
        name: `${op.name}Again`,
        path: `${op.path}/again`,
      };
      return withOperations(model, i, [...service.operations, added]);
    },
  },
  {
    name: "add an operation beside another on its path",
    edit: (model) => {
      const found = middleOperation(model, 0);
      if (found === undefined) return undefined;
      const { i, service, op } = found;
      const taken = new Set(
        model.services.flatMap((s) => s.operations)
          .filter((o) => o.path === op.path).map((o) => o.httpMethod),
      );
      const httpMethod = HTTP_METHODS.find((m) => !taken.has(m));
      if (httpMethod === undefined) return undefined;
      const added: OperationModel = {
        ...op,
        name: `${op.name}Beside`,
        httpMethod,
      };
      return withOperations(model, i, [...service.operations, added]);
    },
  },
  {
    name: "remove an operation",
    edit: (model) => {
      const i = model.services.findIndex((s) => s.operations.length > 1);
      const service = model.services[i];
      if (service === undefined) return undefined;
      return withOperations(model, i, service.operations.slice(1));
    },
  },
  {
    name: "add a service",
    edit: (model) => {
      const source = model.services[middle(model)];
      if (source === undefined) return undefined;
      const added: ServiceModel = {
        ...source,
        name: `${source.name}Extra`,
        controller: `${source.controller}Extra`,
        doc: "A service added by an edit.",
        operations: source.operations.map((op) => ({
          ...op,
          path: `/extra${op.path}`,
        })),
      };
      return { ...model, services: [...model.services, added].sort(byName) };
    },
  },
  {
    name: "remove a service",
    edit: (model) =>
      model.services.length === 0
        ? undefined
        : { ...model, services: replaced(model.services, middle(model)) },
  },
  {
    name: "add a shape to an entity",
    edit: (model) =>
      withFirstShapes(model, (shapes, shape) => {
        const fetcher = "EDIT_ADDED_FETCHER";
        const { path: _path, ...plain } = {
          ...shape,
          key: `${shape.owner}/${fetcher}`,
          fetcher,
          doc: "A shape added by an edit.",
        };
        return [...shapes, plain].sort((a, b) =>
          a.key < b.key ? -1 : a.key > b.key ? 1 : 0
        );
      }),
  },
  {
    // Only where it is declared: an edit above it moved it.
    name: "move a shape's declaration",
    edit: (model) =>
      withFirstShape(model, (shape) => ({
        ...shape,
        source: { ...shape.source, line: shape.source.line + 1 },
      })),
  },
  {
    name: "change a shape's doc",
    edit: (model) =>
      withFirstShape(model, (shape) => ({
        ...shape,
        doc: `${shape.doc ?? "A shape"}, edited.`,
      })),
  },
  {
    name: "change a static type",
    edit: (model) => {
      const i = model.staticTypes.findIndex((t) => t.properties.length > 0);
      const type = model.staticTypes[i];
      const property = type?.properties[0];
      if (type === undefined || property === undefined) return undefined;
      const edited = {
        ...type,
        doc: "A static type edited.",
        properties: replaced(type.properties, 0, {
          ...property,
          optional: !property.optional,
          doc: "A property edited.",
        }),
      };
      return { ...model, staticTypes: replaced(model.staticTypes, i, edited) };
    },
  },
  {
    // Java gives the new type the name, and the old one a suffix: files
    // that refer to the old one change though their model objects do not.
    name: "add a static type taking another's Java name",
    edit: (model) => {
      const type = model.staticTypes.find((t) =>
        t.name.toUpperCase() !== t.name
      );
      if (type === undefined) return undefined;
      const added = { ...type, name: type.name.toUpperCase() };
      const staticTypes = [...model.staticTypes, added].sort(byName);
      return { ...model, staticTypes };
    },
  },
  {
    // The type becomes an input: its TypeScript file and its OpenAPI schema
    // (null render mode) change though its model object does not.
    name: "take a static type as a body",
    edit: (model) => {
      const bodies = new Set(
        model.services.flatMap((s) => s.operations).flatMap((o) => o.parameters)
          .filter((p) => p.in === "body" && p.type.kind === "static").map(
            (p) => p.type.kind === "static" ? p.type.name : "",
          ),
      );
      const type = model.staticTypes.find((t) =>
        t.typeParameters.length === 0 && !bodies.has(t.name)
      );
      const i = model.services.findIndex((s) =>
        s.operations.some((o) =>
          o.parameters.every((p) => p.in !== "body" && p.in !== "part")
        )
      );
      const service = model.services[i];
      if (type === undefined || service === undefined) return undefined;
      const operations = service.operations.map((op) =>
        op.parameters.some((p) => p.in === "body" || p.in === "part") ? op : {
          ...op,
          parameters: [...op.parameters, {
            name: "edited",
            in: "body" as const,
            wireName: "edited",
            type: { kind: "static" as const, name: type.name, args: [] },
            required: true,
          }],
        }
      );
      return withOperations(model, i, operations);
    },
  },
  {
    name: "change a dynamic entity",
    edit: (model) => {
      const entity = model.dynamicEntities[0];
      if (entity === undefined) return undefined;
      const edited = { ...entity, doc: "A dynamic entity edited." };
      const dynamicEntities = replaced(model.dynamicEntities, 0, edited);
      return { ...model, dynamicEntities };
    },
  },
  {
    name: "change an enum",
    edit: (model) => {
      const item = model.enums[0];
      if (item === undefined) return undefined;
      const edited = {
        ...item,
        values: [...item.values, { value: "EDIT_ADDED", doc: "Added." }],
      };
      return { ...model, enums: replaced(model.enums, 0, edited) };
    },
  },
  {
    name: "change an error",
    edit: (model) => {
      const error = model.errors?.[0];
      if (error === undefined) return undefined;
      const edited = { ...error, doc: "An error edited.", status: 418 };
      return { ...model, errors: replaced(model.errors!, 0, edited) };
    },
  },
];
