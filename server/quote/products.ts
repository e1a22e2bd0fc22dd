import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { serverSettingsFile, type ProductSettings, type ServerSettings } from "../../app/lib/contracts/server-settings";

/** A product of the build being served, by {family}/{item}; undefined for one it does not know. */
export type ProductsOf = (ref: string) => ProductSettings | undefined;

/**
 * The gallery products of the build in `clientDir` (issue 47: their names, own minimum orders and
 * lead times, specification summaries), from the server-settings.json its build wrote beside it.
 * Read once per build folder: publishing swaps folders, never rewrites one. A build without the
 * file (older than issue 47) knows no product's terms: the company's apply.
 */
export function productsReader(): (clientDir: string) => Promise<ProductsOf> {
  let last: { clientDir: string; products: Promise<ProductsOf> } | undefined;
  return (clientDir) => {
    if (last?.clientDir !== clientDir) {
      const products = readFile(join(clientDir, "..", serverSettingsFile), "utf8")
        .then((text) => (JSON.parse(text) as Partial<ServerSettings>).products ?? {})
        .catch(() => ({}) as Record<string, ProductSettings>)
        .then((byRef): ProductsOf => (ref) => (Object.hasOwn(byRef, ref) ? byRef[ref] : undefined));
      last = { clientDir, products };
    }
    return last.products;
  };
}
