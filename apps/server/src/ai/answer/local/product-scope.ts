import type { RetrievedChunk } from "@harbor/contract/knowledge";
import { keysOf, termsOf } from "./match-terms";

/**
 * When a question names a product ("the kids' Puddle jacket", "my Hollin"), other products'
 * passages are set aside: retrieval brings in look-alikes, and "20,000 mm" of the Hollin must
 * never answer a question about the Puddle. Help articles stay — they hold the policies that
 * apply to every product. A word names a product when it is in the titles of at most two of
 * the retrieved products and in no retrieved article, so "jacket" or "merino" never do.
 */
const MAX_NAMED_PRODUCTS = 2;

export function scopeToNamedProducts(question: string, passages: RetrievedChunk[]): RetrievedChunk[] {
  const products = passages.filter((p) => p.sourceType === "shopify-products");
  if (products.length === 0) return passages;
  const articleKeys = new Set(
    passages.filter((p) => p.sourceType !== "shopify-products").flatMap((p) => [...keysOf(`${p.title}\n${p.content}`)]),
  );
  const titleKeys = new Map(products.map((p) => [p.documentId, keysOf(p.title)]));
  const naming = termsOf(question)
    .filter((term) => !term.isNumber && term.word.length >= 3)
    .filter((term) => !term.stemKeys.some((key) => articleKeys.has(key)))
    .filter((term) => {
      const named = [...titleKeys.values()].filter((keys) => term.stemKeys.some((key) => keys.has(key))).length;
      // A word in every retrieved product's title ("jacket" when only jackets came back) tells them apart no more.
      return named > 0 && named <= MAX_NAMED_PRODUCTS && named < titleKeys.size;
    });
  if (naming.length === 0) return passages;
  const isNamed = (passage: RetrievedChunk) =>
    naming.some((term) => term.stemKeys.some((key) => titleKeys.get(passage.documentId)?.has(key)));
  return passages.filter((p) => p.sourceType !== "shopify-products" || isNamed(p));
}
