/**
 * `orm.client.uri-prefix`: every operation's path under one prefix (`/api`),
 * so the server mounts its routes there and every client and the OpenAPI
 * document call them there. Pure: a new model, the input untouched.
 *
 * @module
 */

import type { ApiModel, ServiceModel } from "./api_model.ts";

/**
 * Each service's prefixed copy, per prefix: the same service gives the same
 * object, which watch mode's incremental render relies on.
 */
const PREFIXED = new WeakMap<ServiceModel, Map<string, ServiceModel>>();

/** The model with `prefix` before every operation path; unchanged if none. */
export function withUriPrefix(
  model: ApiModel,
  prefix: string | undefined,
): ApiModel {
  const base = (prefix ?? "").replace(/\/+$/, "");
  if (base === "") return model;
  return {
    ...model,
    services: model.services.map((service) => prefixed(service, base)),
  };
}

function prefixed(service: ServiceModel, base: string): ServiceModel {
  let copies = PREFIXED.get(service);
  if (copies === undefined) PREFIXED.set(service, copies = new Map());
  let copy = copies.get(base);
  if (copy === undefined) {
    copy = {
      ...service,
      operations: service.operations.map((operation) => ({
        ...operation,
        path: operation.path === "/" ? base : `${base}${operation.path}`,
      })),
    };
    copies.set(base, copy);
  }
  return copy;
}
