/**
 * The example server as an app module (`export default app`): what
 * `deno task serve --watch` runs in a `tailor dev` worker (`src/dev/`), a
 * new version after each good edit of the bookstore. Its command line comes
 * from the supervisor (`devSettings()`), which analyzed the project: the
 * app's `createServer` takes those models instead of analyzing again.
 *
 * @module
 */

import type { ParsedArgs } from "./src/cli/command.ts";
import { serverOptions } from "./src/cli/serve_command.ts";
import { serveRequest } from "./src/cli/serve_options.ts";
import { devSettings } from "./src/dev/dev_models.ts";
import { createServer } from "./src/server/create_server.ts";
import { exampleSource } from "./server.ts";

const args = devSettings() as ParsedArgs;
const request = serveRequest(args);
const options = await exampleSource(request, args);
const app = await createServer({
  ...options,
  ...serverOptions(request, options.cors?.headers),
});
export default app;
