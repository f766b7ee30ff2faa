/** The treeshop's column types, declared for the engines that need them. */

import type { ColumnTypes } from "../schema.ts";

/** Every column type of the treeshop's `TreeNode` and `Product`. */
export const TREESHOP_COLUMN_TYPES: ColumnTypes = {
  "TreeNode.name": "text",
  "TreeNode.kind": "text",
  "Product.name": "text",
  "Product.price": "real",
  "Product.available": "boolean",
};
