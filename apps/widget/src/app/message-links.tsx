import type { Reference } from "@harbor/contract/ai-agent";
import type { VisitorAttachment } from "@harbor/contract/widget";
import { useTexts } from "../i18n/texts";
import { safeHttpURL } from "./safe-links";

/**
 * What a message points to: its sources (spec part 1 §9: shopify-products as product pictures,
 * the others as links) and the files a visitor attached (pictures shown, documents linked).
 * Only http(s) addresses become links or pictures.
 */
export function MessageLinks({
  references,
  attachments,
}: {
  references: Reference[];
  attachments: VisitorAttachment[];
}) {
  const t = useTexts();
  const products = references.filter((reference) => reference.sourceType === "shopify-products");
  const links = references.filter((reference) => reference.sourceType !== "shopify-products");
  const link = (href: string | null, text: string, picture?: string | null, alt = "") =>
    href ? (
      <a href={href} target="_blank" rel="noopener noreferrer" dir="auto">
        {picture ? <img src={picture} alt={alt} /> : null}
        {text}
        <span className="sr">{t.opensInNewTab}</span>
      </a>
    ) : (
      <span dir="auto">{text}</span>
    );
  return (
    <>
      {attachments.length > 0 ? (
        <ul className="files">
          {attachments.map((file) => {
            const href = safeHttpURL(file.url);
            const isPicture = file.contentType.startsWith("image/");
            return (
              <li key={file.url} className={isPicture ? "pic" : "chip"}>
                {link(href, isPicture ? "" : file.name, isPicture ? href : null, file.name)}
              </li>
            );
          })}
        </ul>
      ) : null}
      {products.length > 0 ? (
        <ul className="products" aria-label={t.products}>
          {products.map((product) => (
            <li key={`${product.url}${product.title}`}>
              {link(
                safeHttpURL(product.url),
                product.title,
                safeHttpURL(product.image),
                t.productPicture(product.title),
              )}
            </li>
          ))}
        </ul>
      ) : null}
      {links.length > 0 ? (
        <ul className="sources" aria-label={t.sources}>
          {links.map((reference) => (
            <li key={`${reference.url}${reference.title}`}>{link(safeHttpURL(reference.url), reference.title)}</li>
          ))}
        </ul>
      ) : null}
    </>
  );
}
