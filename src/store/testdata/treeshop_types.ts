/** The treeshop's column types, declared for the engines that need them. */

import type { ColumnTypes } from "../schema.ts";

/**
 * Every column type of the treeshop's `TreeNode`, `Product` and `Warehouse`
 * (an embeddable's fields by their dotted path).
 */
export const TREESHOP_COLUMN_TYPES: ColumnTypes = {
  "TreeNode.name": "text",
  "TreeNode.kind": "text",
  "Product.name": "text",
  "Product.price": "real",
  "Product.available": "boolean",
  "Warehouse.name": "text",
  "Warehouse.address.street": "text",
  "Warehouse.address.city": "text",
  "Warehouse.address.zipCode": "text",
  "Warehouse.address.location.latitude": "real",
  "Warehouse.address.location.longitude": "real",
};
