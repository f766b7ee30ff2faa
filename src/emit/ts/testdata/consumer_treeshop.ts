/**
 * A program using the client generated from `fixtures/treeshop` (explicit
 * mode, groups, `@DefaultFetcherOwner`, a recursive fetcher, `Tuple2`, nested
 * maps, a body and a header), through the analyzer's
 * `golden/treeshop/model.json`. The tests copy it beside the generated tree
 * (`./client/`) and type-check it; every `@ts-expect-error` line must be an
 * error.
 *
 * It only type-checks; it is never run.
 *
 * @module
 */

import {
  Api,
  type Executor,
  type NodeInput,
  type NodeKind,
  type ProductDto,
  type ProductFilter,
  type RequestOf,
  type ResponseOf,
  type TreeNodeDto,
  type Tuple2,
} from "./client/index.ts";
import type { Assert, Equals } from "./type_assertions.ts";

type Tree = TreeNodeDto["TreeController/TREE_FETCHER"];
type Node = TreeNodeDto["TreeController/NODE_FETCHER"];
type Child = NonNullable<Tree["childNodes"]>[number];

const executor: Executor = ({ uri, method, headers, body }) =>
  Promise.resolve({ uri, method, headers, body });
const api = new Api(executor);

/** Type-level facts about the generated client. */
export type Facts = [
  Assert<
    Equals<RequestOf<typeof api.treeService.findTree>, {
      readonly rootId: number;
    }>
  >,
  Assert<
    Equals<ResponseOf<typeof api.treeService.findTree>, Tree | undefined>
  >,
  Assert<
    Equals<
      ResponseOf<typeof api.treeService.findNodeWithProduct>,
      Tuple2<Node, ProductDto["ShopFetchers/PRODUCT"]>
    >
  >,
  Assert<
    Equals<
      ResponseOf<typeof api.treeService.productIndex>,
      {
        readonly [key: string]: {
          readonly [key: string]: ProductDto["ShopFetchers/PRODUCT_NAME"];
        };
      }
    >
  >,
  Assert<
    Equals<
      RequestOf<typeof api.treeService.createNode>,
      { readonly body: NodeInput; readonly requestId: string }
    >
  >,
  Assert<Equals<ResponseOf<typeof api.treeService.createNode>, Node>>,
  Assert<
    Equals<
      RequestOf<typeof api.treeService.searchProducts>,
      { readonly filter: ProductFilter }
    >
  >,
  Assert<Equals<ProductFilter["order"], "NAME" | "PRICE">>,
  Assert<Equals<NodeKind, "FOLDER" | "ITEM">>,
  Assert<Equals<Tree["kind"], NodeKind>>,
  Assert<Equals<NonNullable<Child["childNodes"]>[number], Child>>,
];

/** What a client may write. */
export async function correctUses(): Promise<string> {
  const tree = await api.treeService.findTree({ rootId: 1 });
  const deep: string | undefined = tree?.childNodes?.[0]?.childNodes?.[0]?.name;
  const pair = await api.treeService.findNodeWithProduct({ id: 2 });
  const productName: string = pair._2.name;
  const categoryName: string = pair._2.category.name;
  const index = await api.treeService.productIndex();
  const indexed: string | undefined = index["Books"]?.["GraphQL"]?.name;
  const created = await api.treeService.createNode({
    body: { name: "New", parentId: 1 },
    requestId: "r-1",
  });
  // exactOptionalPropertyTypes: an optional input property takes a maybe.
  const maybeParent: number | undefined = tree?.id;
  const input: NodeInput = { name: "Child", parentId: maybeParent };
  await api.treeService.createNode({ body: input, requestId: "r-2" });
  // The search form is one object; each property is a query parameter.
  const found = await api.treeService.searchProducts({
    filter: { name: "tee", availability: ["IN_STOCK"], order: "PRICE" },
  });
  const firstPrice: number | undefined = found[0]?.price;
  return [deep, productName, categoryName, indexed, created.name, firstPrice]
    .join();
}

/** What the types must reject; every line below is a compile error. */
export async function wrongUses(): Promise<void> {
  // @ts-expect-error: not in the client (no @Api in explicit mode)
  api.hiddenService;
  // @ts-expect-error: not in the client (no @Api on the method)
  api.treeService.stats;
  // @ts-expect-error: not in the client (@ApiIgnore)
  api.treeService.reindex;
  // @ts-expect-error: the header is required
  await api.treeService.createNode({ body: { name: "x" } });
  await api.treeService.createNode({
    body: { name: "x" },
    requestId: "r",
    // @ts-expect-error: the principal is ignored, not an option
    user: { userName: "u" },
  });
  // @ts-expect-error: the search form's order is required
  await api.treeService.searchProducts({ filter: { name: "tee" } });
  // @ts-expect-error: an enum property takes its values only
  await api.treeService.searchProducts({ filter: { order: "COST" } });
  // @ts-expect-error: the body has its own type
  await api.treeService.createNode({ body: { title: "x" }, requestId: "r" });

  const pair = await api.treeService.findNodeWithProduct({ id: 2 });
  // @ts-expect-error: PRODUCT does not select the availability
  pair._2.available;
  // @ts-expect-error: the nested category shape has no parent
  pair._2.category.parent;
  const copy = pair;
  // @ts-expect-error: tuples are readonly
  copy._1 = pair._1;

  const tree = await api.treeService.findTree({ rootId: 1 });
  // @ts-expect-error: the tree shape does not select the parent
  tree?.parent;
}
