/**
 * The package's version, as `deno.json` gives it (what `tailor --version`
 * prints and what `tailor init` depends on).
 *
 * @module
 */

import config from "../../deno.json" with { type: "json" };

/** The version of this Tailor, e.g. `0.1.0`. */
export const VERSION: string = config.version;

/** The package's name on JSR. */
export const PACKAGE_NAME: string = config.name;
