/**
 * `orm.client.uri-prefix`: every operation's path under one prefix (`/api`),
 * so the server mounts its routes there and every client and the OpenAPI
 * document call them there. Pure: a new model, the input untouched.
 *
 * @module
 */

import type { ApiModel } from "./api_model.ts";

/** The model with `prefix` before every operation path; unchanged if none. */
export function withUriPrefix(
  model: ApiModel,
  prefix: string | undefined,
): ApiModel {
  const base = (prefix ?? "").replace(/\/+$/, "");
  if (base === "") return model;
  return {
    ...model,
    services: model.services.map((service) => ({
      ...service,
      operations: service.operations.map((operation) => ({
        ...operation,
        path: operation.path === "/" ? base : `${base}${operation.path}`,
      })),
    })),
  };
}
