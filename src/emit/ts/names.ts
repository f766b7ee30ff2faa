/**
 * Names the TypeScript client declares: every exported name must be unique
 * (the root index re-exports them all) and must not shadow a global the
 * generated code uses.
 *
 * @module
 */

import type { ApiModel } from "../../model/api_model.ts";
import { FETCH_EXECUTOR_NAMES } from "./client_files.ts";
import { ERRORS_FILE_NAMES } from "./errors_file.ts";
import { constantsName, dtoName, dynamicName, lowerFirst } from "./render.ts";

/** Declarations of every generated client. */
const CLIENT_NAMES = [
  "Api",
  "ElementOf",
  "Executor",
  "RequestOf",
  "ResponseOf",
];

/** Globals the generated code uses, which an import must not shadow. */
const GLOBAL_NAMES = [
  "encodeURIComponent",
  "Exclude",
  "JSON",
  "Promise",
  "ReadonlyArray",
  "String",
];

/**
 * Every exported name must be unique (the root index re-exports them all) and
 * must not shadow a global the generated code uses.
 */
export function checkNames(model: ApiModel): void {
  const names = new Map<string, string>();
  const claim = (name: string, what: string) => {
    const previous = names.get(name);
    if (previous !== undefined) {
      throw new Error(
        `the TypeScript client would declare "${name}" twice: for ${previous} and for ${what}`,
      );
    }
    names.set(name, what);
  };
  for (const name of [...CLIENT_NAMES, ...FETCH_EXECUTOR_NAMES]) {
    claim(name, `the client's ${name}`);
  }
  for (const name of GLOBAL_NAMES) claim(name, `the global ${name}`);
  for (const dto of model.dtos) {
    claim(dtoName(dto.entity), `the shapes of entity ${dto.entity}`);
  }
  for (const item of model.enums) {
    claim(item.name, `enum ${item.name}`);
    claim(constantsName(item.name), `enum ${item.name}`);
  }
  for (const type of model.staticTypes) {
    claim(type.name, `type ${type.name}`);
  }
  for (const entity of model.dynamicEntities) {
    claim(dynamicName(entity.entity), `dynamic entity ${entity.entity}`);
  }
  if ((model.errors ?? []).length > 0) {
    for (const name of ERRORS_FILE_NAMES) claim(name, `the client's ${name}`);
  }
  for (const error of model.errors ?? []) {
    claim(error.name, `error ${error.family}/${error.code}`);
  }
  const properties = new Map<string, string>();
  for (const service of model.services) {
    claim(service.name, `controller ${service.controller}`);
    claim(`${service.name}Options`, `controller ${service.controller}`);
    const property = lowerFirst(service.name);
    const previous = properties.get(property);
    if (previous !== undefined) {
      throw new Error(
        `services ${previous} and ${service.name} would both be api.${property}`,
      );
    }
    properties.set(property, service.name);
  }
}
