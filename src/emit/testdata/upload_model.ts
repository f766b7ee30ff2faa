/**
 * A hand-written ApiModel with one multipart operation: required and
 * optional file parts (one with a part name that is not an identifier),
 * required and optional JSON parts, for the emitters' upload tests.
 *
 * @module
 */

import type { ApiModel, ParameterModel } from "../../model/api_model.ts";
import { at, emptyModel, integer, string } from "./model_builders.ts";

const part = (
  name: string,
  wireName: string,
  type: ParameterModel["type"],
  required: boolean,
): ParameterModel => ({ name, in: "part", wireName, type, required });

/** `FileService.upload`: `PUT /files` with the parts file, thumb-nail, count, tags. */
export const uploadModel: ApiModel = {
  ...emptyModel,
  services: [{
    name: "FileService",
    controller: "FileController",
    source: at("files.ts", 1),
    operations: [{
      name: "upload",
      httpMethod: "PUT",
      path: "/files",
      groups: [],
      parameters: [
        part("file", "file", { kind: "file" }, true),
        part("thumb", "thumb-nail", { kind: "file" }, false),
        part("count", "count", integer, true),
        part("tags", "tags", { kind: "array", element: string }, false),
      ],
      result: { type: { kind: "void" }, nullable: false },
      source: at("files.ts", 3),
    }],
  }],
};
