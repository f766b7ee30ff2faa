/**
 * Reads an ApiModel from JSON (a `model.json` written by the analyzer),
 * checking its layout version and top-level lists, so that a model of
 * another version fails with one clear line instead of deep inside an
 * emitter.
 *
 * @module
 */

import { API_MODEL_VERSION, type ApiModel } from "./api_model.ts";

/** A text that is not an ApiModel of this version. */
export class ApiModelError extends Error {
  override name = "ApiModelError";
}

const LISTS = [
  "groups",
  "services",
  "dtos",
  "dynamicEntities",
  "enums",
  "staticTypes",
] as const;

/**
 * The model in `json`. Throws {@link ApiModelError} for text that is not
 * JSON, another model version, or a missing top-level list. The lists'
 * items are trusted: the analyzer wrote them.
 */
export function parseApiModel(json: string): ApiModel {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch (error) {
    throw new ApiModelError(
      `not an API model: ${(error as SyntaxError).message}`,
    );
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new ApiModelError("not an API model: expected a JSON object");
  }
  const record = value as Record<string, unknown>;
  if (record.version !== API_MODEL_VERSION) {
    throw new ApiModelError(
      `API model version ${
        JSON.stringify(record.version)
      }, expected ${API_MODEL_VERSION}: regenerate it with this version of Tailor`,
    );
  }
  for (const list of LISTS) {
    if (!Array.isArray(record[list])) {
      throw new ApiModelError(`not an API model: "${list}" is not a list`);
    }
  }
  if (record.errors !== undefined && !Array.isArray(record.errors)) {
    throw new ApiModelError('not an API model: "errors" is not a list');
  }
  return value as ApiModel;
}
