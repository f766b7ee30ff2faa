/**
 * The browsable page of the OpenAPI document: Swagger UI from the npm package
 * `swagger-ui-dist`, every asset served by our own server (no CDN, works
 * offline).
 *
 * The page is tiny and has no inline script: it names the document in a
 * `data-url` attribute and loads the bundle and our start script
 * (`tailor-openapi.js`) from `assetsBase`, so it runs under a
 * `script-src 'self'` Content-Security-Policy. The start script turns off
 * everything that would reach outside: the online validator badge
 * (`validatorUrl: null`) and configuration from the page's query string.
 *
 * @module
 */

import swaggerUiDistPath from "swagger-ui-dist/absolute-path.js";

/** Options of {@link emitOpenApiPage}. */
export interface OpenApiPageOptions {
  /** Title of the page (`info.title` of the document). */
  readonly title: string;
  /**
   * URL of the YAML document, relative or absolute path, with the group
   * selection passed through (`/openapi.yml?groups=shop`).
   */
  readonly documentUrl: string;
  /**
   * Where the files of {@link loadOpenApiPageAssets} are served, as a path
   * on our own server (`/openapi.html/assets/` or `openapi.html.assets/`);
   * a trailing `/` is added when missing. URLs with a scheme or host are
   * refused: the page must not depend on another site.
   */
  readonly assetsBase: string;
}

/** Files taken as they are from `swagger-ui-dist`. */
const PACKAGE_ASSETS = [
  "swagger-ui.css",
  "swagger-ui-bundle.js",
  "swagger-ui-bundle.js.LICENSE.txt",
  "favicon-32x32.png",
] as const;

/** Name of our start script among the assets. */
export const OPENAPI_PAGE_SCRIPT = "tailor-openapi.js";

/** Names of every asset the page loads, sorted. */
export const OPENAPI_PAGE_ASSET_NAMES: readonly string[] = [
  ...PACKAGE_ASSETS,
  OPENAPI_PAGE_SCRIPT,
].sort();

const START_SCRIPT =
  `// Starts Swagger UI on the document named by the page's data-url.
(function () {
  "use strict";
  var root = document.getElementById("swagger-ui");
  window.ui = SwaggerUIBundle({
    url: root.getAttribute("data-url"),
    domNode: root,
    presets: [SwaggerUIBundle.presets.apis],
    layout: "BaseLayout",
    deepLinking: true,
    displayOperationId: true,
    docExpansion: "list",
    defaultModelsExpandDepth: 1,
    defaultModelExpandDepth: 3,
    showExtensions: true,
    validatorUrl: null,
    queryConfigEnabled: false,
  });
})();
`;

/** The HTML of the page. Pure: same options, same text. */
export function emitOpenApiPage(options: OpenApiPageOptions): string {
  const base = options.assetsBase.endsWith("/")
    ? options.assetsBase
    : `${options.assetsBase}/`;
  if (/^[a-zA-Z][a-zA-Z0-9+.-]*:/.test(base) || base.startsWith("//")) {
    throw new Error(
      `assetsBase must be a path on our own server, not ${
        JSON.stringify(options.assetsBase)
      }`,
    );
  }
  const asset = (name: string) => escapeHtml(base + name);
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(options.title)}</title>
<link rel="icon" type="image/png" href="${asset("favicon-32x32.png")}">
<link rel="stylesheet" href="${asset("swagger-ui.css")}">
</head>
<body>
<div id="swagger-ui" data-url="${escapeHtml(options.documentUrl)}"></div>
<noscript><p>This page needs JavaScript. The API description itself is at <a href="${
    escapeHtml(options.documentUrl)
  }">${escapeHtml(options.documentUrl)}</a>.</p></noscript>
<script src="${asset("swagger-ui-bundle.js")}"></script>
<script src="${asset(OPENAPI_PAGE_SCRIPT)}"></script>
</body>
</html>
`;
}

/**
 * The files the page loads, by name relative to `assetsBase`: Swagger UI's
 * bundle, stylesheet, licence notice and icon, read from the installed
 * `swagger-ui-dist` package (Deno's npm cache, or `node_modules` when the
 * project uses one), plus our start script.
 */
export async function loadOpenApiPageAssets(): Promise<
  Map<string, Uint8Array>
> {
  const dir = (swaggerUiDistPath as () => string)();
  const files = new Map<string, Uint8Array>();
  const loaded = new Map<string, Uint8Array>();
  await Promise.all(PACKAGE_ASSETS.map(async (name) => {
    loaded.set(name, await Deno.readFile(`${dir}/${name}`));
  }));
  loaded.set(OPENAPI_PAGE_SCRIPT, new TextEncoder().encode(START_SCRIPT));
  for (const name of OPENAPI_PAGE_ASSET_NAMES) {
    files.set(name, loaded.get(name)!);
  }
  return files;
}

/** The `content-type` to serve an asset of the page with. */
export function openApiPageAssetType(name: string): string {
  if (name.endsWith(".js")) return "text/javascript; charset=utf-8";
  if (name.endsWith(".css")) return "text/css; charset=utf-8";
  if (name.endsWith(".png")) return "image/png";
  if (name.endsWith(".html")) return "text/html; charset=utf-8";
  return "text/plain; charset=utf-8";
}

function escapeHtml(text: string): string {
  return text.replaceAll("&", "&amp;").replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;").replaceAll('"', "&quot;").replaceAll("'", "&#39;");
}
