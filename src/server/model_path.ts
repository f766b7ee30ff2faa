/**
 * Where a Tailor server serves its client model, so that `tailor diff
 * http://host:port` can compare a running server with anything else.
 * Kept apart from the route so that the CLI reads it without the server.
 *
 * @module
 */

/** The path of the served `model.json`. */
export const MODEL_PATH = "/__tailor/model.json";

/**
 * The answer header naming the null render mode of the served model's
 * clients (`orm.client.ts.null-render-mode`), when it is set: the model
 * alone does not say it.
 */
export const NULL_MODE_HEADER = "x-tailor-null-render-mode";
