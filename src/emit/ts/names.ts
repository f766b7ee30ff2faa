/**
 * Names the TypeScript client declares: every exported name must be unique
 * (the root index re-exports them all) and must not shadow a global the
 * generated code uses; the name of the `Api` class
 * (`orm.client.ts.api-name`) must be an identifier that fits among them.
 *
 * @module
 */

import type { ApiModel } from "../../model/api_model.ts";
import { FETCH_EXECUTOR_NAMES } from "./client_files.ts";
import {
  QUERIES_FILE,
  QUERIES_LOCAL_NAMES,
  QUERIES_NAMES,
} from "./queries_file.ts";
import {
  SERVER_ERRORS_FILE,
  SERVER_ERRORS_NAMES,
} from "./server_errors_file.ts";
import { ALL_ENUM_CONSTANTS } from "./enum_style.ts";
import { ERRORS_FILE_NAMES, errorsTypeName } from "./errors_file.ts";
import {
  constantsName,
  dtoName,
  dynamicName,
  lowerFirst,
  MULTIPART_FILE,
  UPLOAD_FILE,
} from "./render.ts";

/** Name of the client class unless `orm.client.ts.api-name` says otherwise. */
export const DEFAULT_API_NAME = "Api";

/** Declarations of every generated client besides the `Api` class. */
const CLIENT_NAMES = [
  "CallOptions",
  "CallSignal",
  "ElementOf",
  "Executor",
  ...QUERIES_NAMES,
  "RequestOf",
  "ResponseOf",
  ...ERRORS_FILE_NAMES,
  ...FETCH_EXECUTOR_NAMES,
  ...SERVER_ERRORS_NAMES,
];

/** Globals the generated code uses, which an import must not shadow. */
const GLOBAL_NAMES = [
  "Array",
  "encodeURIComponent",
  "Exclude",
  "JSON",
  "Omit",
  "Promise",
  "ReadonlyArray",
  "String",
];

/** Files at the root of every client besides `<Api>.ts` and its errors. */
const ROOT_FILES = [
  "index.ts",
  "ElementOf.ts",
  "Executor.ts",
  "FetchExecutor.ts",
  MULTIPART_FILE,
  "RequestOf.ts",
  "ResponseOf.ts",
  SERVER_ERRORS_FILE,
  QUERIES_FILE,
];

/** Words that cannot name a class in a module (strict mode). */
const RESERVED_WORDS = new Set(
  ("arguments await break case catch class const continue debugger default " +
    "delete do else enum eval export extends false finally for function if " +
    "implements import in instanceof interface let new null package private " +
    "protected public return static super switch this throw true try typeof " +
    "var void while with yield").split(" "),
);

/**
 * Why `name` cannot be the name of the `Api` class, or undefined when it
 * can: it must be an identifier, and neither it nor `<name>Errors` may be a
 * name or (ignoring case) a root file every client has. Clashes with names
 * of a model (a service, a DTO) are {@link checkNames}'s to find.
 */
export function apiNameProblem(name: string): string | undefined {
  if (!/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name) || RESERVED_WORDS.has(name)) {
    return `"${name}" is not an identifier a class can have`;
  }
  const taken = [
    ...CLIENT_NAMES,
    UPLOAD_FILE,
    ...GLOBAL_NAMES,
    ...QUERIES_LOCAL_NAMES,
  ];
  const files = ROOT_FILES.map((file) => file.toLowerCase());
  for (const declared of [name, errorsTypeName(name)]) {
    if (taken.includes(declared)) {
      return `"${name}" would declare ${declared}, which the client already declares`;
    }
    if (files.includes(`${declared}.ts`.toLowerCase())) {
      return `"${name}" would write ${declared}.ts, which is another file of the client`;
    }
  }
  return undefined;
}

/**
 * Every exported name must be unique (the root index re-exports them all) and
 * must not shadow a global the generated code uses.
 *
 * @param apiName Name of the `Api` class; {@link apiNameProblem} must accept it.
 */
export function checkNames(model: ApiModel, apiName: string): void {
  const problem = apiNameProblem(apiName);
  if (problem !== undefined) throw new Error(`the Api class name: ${problem}`);
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
  for (const name of CLIENT_NAMES) claim(name, `the client's ${name}`);
  claim(apiName, "the client class (orm.client.ts.api-name)");
  claim(errorsTypeName(apiName), "the client's errors by operation");
  for (const name of GLOBAL_NAMES) claim(name, `the global ${name}`);
  for (const dto of model.dtos) {
    claim(dtoName(dto.entity), `the shapes of entity ${dto.entity}`);
  }
  if (model.enums.length > 0) {
    claim(ALL_ENUM_CONSTANTS, `the client's ${ALL_ENUM_CONSTANTS}`);
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
