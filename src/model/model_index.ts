/**
 * Lookups over an ApiModel by name: the fetched shape of a key, the DTOs,
 * dynamic entities, enums, static types and services. Built once per model
 * object and shared by whoever asks ({@link indexModel}), so emitters and
 * group selection stop rebuilding their own maps or searching lists.
 *
 * @module
 */

import type {
  ApiModel,
  DynamicEntityModel,
  EntityDtoModel,
  EnumModel,
  ErrorModel,
  FetchedShapeModel,
  ServiceModel,
  StaticTypeModel,
} from "./api_model.ts";

/** A fetched shape with the DTO of its entity. */
export interface IndexedShape {
  readonly dto: EntityDtoModel;
  readonly shape: FetchedShapeModel;
}

/** Lookups by name over one model; `undefined` for a name it lacks. */
export class ModelIndex {
  readonly #shapes: Map<string, IndexedShape>;
  readonly #dtos: Map<string, EntityDtoModel>;
  readonly #dynamicEntities: Map<string, DynamicEntityModel>;
  readonly #enums: Map<string, EnumModel>;
  readonly #staticTypes: Map<string, StaticTypeModel>;
  readonly #services: Map<string, ServiceModel>;
  readonly #errors: Map<string, ErrorModel>;

  /** Prefer {@link indexModel}, which builds one index per model. */
  constructor(readonly model: ApiModel) {
    this.#shapes = byName(
      model.dtos.flatMap((dto) => dto.shapes.map((shape) => ({ dto, shape }))),
      (s) => s.shape.key,
    );
    this.#dtos = byName(model.dtos, (d) => d.entity);
    this.#dynamicEntities = byName(model.dynamicEntities, (d) => d.entity);
    this.#enums = byName(model.enums, (e) => e.name);
    this.#staticTypes = byName(model.staticTypes, (s) => s.name);
    this.#services = byName(model.services, (s) => s.name);
    this.#errors = byName(model.errors ?? [], (e) => e.name);
  }

  /** The shape of a key (`Owner/CONSTANT`, `Owner/CONSTANT@path`). */
  shape(key: string): IndexedShape | undefined {
    return this.#shapes.get(key);
  }

  /** The fetched shapes of an entity. */
  dto(entity: string): EntityDtoModel | undefined {
    return this.#dtos.get(entity);
  }

  /** An entity returned or accepted without a fetcher. */
  dynamicEntity(entity: string): DynamicEntityModel | undefined {
    return this.#dynamicEntities.get(entity);
  }

  /** The doc comment of an entity: from its DTOs, else its dynamic form. */
  entityDoc(entity: string): string | undefined {
    return this.dto(entity)?.doc ?? this.dynamicEntity(entity)?.doc;
  }

  /** An enum by name. */
  enum(name: string): EnumModel | undefined {
    return this.#enums.get(name);
  }

  /** A static type (Page, Tuple2, hybrid, plain) by name. */
  staticType(name: string): StaticTypeModel | undefined {
    return this.#staticTypes.get(name);
  }

  /** A service by its client-side name. */
  service(name: string): ServiceModel | undefined {
    return this.#services.get(name);
  }

  /** A declared error by its name (`OperationModel.errors` lists them). */
  error(name: string): ErrorModel | undefined {
    return this.#errors.get(name);
  }
}

/** A map by name; the first of equal names wins, as a search would. */
function byName<T>(items: readonly T[], name: (item: T) => string) {
  const map = new Map<string, T>();
  for (const item of items) {
    const key = name(item);
    if (!map.has(key)) map.set(key, item);
  }
  return map;
}

const INDEXES = new WeakMap<ApiModel, ModelIndex>();

/**
 * The index of `model`, built on first use and kept while the model lives
 * (models are never mutated, so it cannot go stale).
 */
export function indexModel(model: ApiModel): ModelIndex {
  let index = INDEXES.get(model);
  if (index === undefined) {
    index = new ModelIndex(model);
    INDEXES.set(model, index);
  }
  return index;
}
