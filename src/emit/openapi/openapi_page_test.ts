import assert from "node:assert/strict";
import {
  emitOpenApiPage,
  loadOpenApiPageAssets,
  OPENAPI_PAGE_ASSET_NAMES,
  OPENAPI_PAGE_SCRIPT,
  openApiPageAssetType,
} from "./openapi_page.ts";

const options = {
  title: "Bookstore API",
  documentUrl: "/openapi.yml?groups=shop",
  assetsBase: "/openapi.html/assets/",
};

/** Every URL the page loads or links to. */
function urlsOf(html: string): string[] {
  return [...html.matchAll(/\b(?:src|href)="([^"]*)"/g)].map((m) =>
    m[1]!.replaceAll("&amp;", "&")
  );
}

Deno.test("the page is deterministic and loads only our own assets", () => {
  const html = emitOpenApiPage(options);
  assert.equal(emitOpenApiPage({ ...options }), html);
  const withoutComments = html.replaceAll(/<!--[\s\S]*?-->/g, "");
  assert.doesNotMatch(withoutComments, /https?:\/\//);
  assert.doesNotMatch(withoutComments, /\b(?:src|href)="\/\//);
  const urls = urlsOf(html);
  assert.ok(urls.length >= 4, urls.join(" "));
  for (const url of urls) {
    assert.ok(
      url === options.documentUrl ||
        (url.startsWith(options.assetsBase) &&
          OPENAPI_PAGE_ASSET_NAMES.includes(
            url.slice(options.assetsBase.length),
          )),
      `unexpected URL ${url}`,
    );
  }
  assert.ok(urls.includes("/openapi.html/assets/swagger-ui-bundle.js"));
  assert.ok(urls.includes(`/openapi.html/assets/${OPENAPI_PAGE_SCRIPT}`));
  assert.ok(urls.includes("/openapi.html/assets/swagger-ui.css"));
  // No inline script: the start script is an asset (CSP script-src 'self').
  assert.doesNotMatch(html, /<script>/);
  assert.match(html, /data-url="\/openapi\.yml\?groups=shop"/);
  assert.match(html, /<title>Bookstore API<\/title>/);
});

Deno.test("the page escapes its inputs and keeps the group selection", () => {
  const html = emitOpenApiPage({
    title: 'A <b>"bold"</b> & API',
    documentUrl: "openapi.yml?groups=a,b&groups=c",
    assetsBase: "openapi-assets",
  });
  assert.match(
    html,
    /<title>A &lt;b&gt;&quot;bold&quot;&lt;\/b&gt; &amp; API<\/title>/,
  );
  assert.match(html, /data-url="openapi\.yml\?groups=a,b&amp;groups=c"/);
  assert.match(html, /src="openapi-assets\/swagger-ui-bundle\.js"/);
});

Deno.test("assets from another site are refused", () => {
  for (
    const assetsBase of ["https://cdn.example/", "//cdn.example/", "http:x/"]
  ) {
    assert.throws(
      () => emitOpenApiPage({ ...options, assetsBase }),
      /path on our own server/,
    );
  }
});

Deno.test("the assets are read from the installed package, none empty", async () => {
  const assets = await loadOpenApiPageAssets();
  assert.deepEqual([...assets.keys()], [...OPENAPI_PAGE_ASSET_NAMES]);
  for (const [name, bytes] of assets) {
    assert.ok(bytes.length > 0, `${name} is empty`);
  }
  const text = (name: string) => new TextDecoder().decode(assets.get(name)!);
  assert.ok(assets.get("swagger-ui-bundle.js")!.length > 500_000);
  assert.match(text("swagger-ui-bundle.js"), /SwaggerUIBundle/);
  assert.match(text("swagger-ui.css"), /\.swagger-ui/);
  assert.doesNotMatch(text("swagger-ui.css"), /url\(\s*["']?(?:https?:)?\/\//);
  const start = text(OPENAPI_PAGE_SCRIPT);
  assert.match(start, /validatorUrl: null/);
  assert.match(start, /getAttribute\("data-url"\)/);
  assert.doesNotMatch(start, /https?:\/\//);
  // The PNG signature.
  assert.deepEqual(
    [...assets.get("favicon-32x32.png")!.subarray(0, 4)],
    [0x89, 0x50, 0x4e, 0x47],
  );
  // Every asset the page refers to is there.
  const html = emitOpenApiPage(options);
  for (const url of urlsOf(html)) {
    if (url.startsWith(options.assetsBase)) {
      assert.ok(assets.has(url.slice(options.assetsBase.length)), url);
    }
  }
  // Same files on a second load.
  const again = await loadOpenApiPageAssets();
  for (const [name, bytes] of assets) assert.deepEqual(again.get(name), bytes);
});

Deno.test("asset content types", () => {
  assert.equal(openApiPageAssetType("a.js"), "text/javascript; charset=utf-8");
  assert.equal(openApiPageAssetType("a.css"), "text/css; charset=utf-8");
  assert.equal(openApiPageAssetType("a.png"), "image/png");
  assert.equal(
    openApiPageAssetType("a.LICENSE.txt"),
    "text/plain; charset=utf-8",
  );
});
