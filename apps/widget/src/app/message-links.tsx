import type { Reference } from "@harbor/contract/ai-agent";
import { safeHttpURL } from "@harbor/contract/answer-links";
import type { VisitorAttachment } from "@harbor/contract/message-data";
import { useId } from "react";
import { useTexts } from "../i18n/texts";

/**
 * What a message points to: its sources (spec part 1 §9), each group under a visible label —
 * shop products as cards (picture and name), the other sources as link chips (a help article
 * without an address as a chip labelled "Article") — and the files a visitor attached (pictures shown, documents linked).
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
  const id = useId();
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
        <p className="label" id={`${id}p`}>
          {t.products}
        </p>
      ) : null}
      {products.length > 0 ? (
        <ul className="products" aria-labelledby={`${id}p`}>
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
        <p className="label" id={`${id}s`}>
          {t.sources}
        </p>
      ) : null}
      {links.length > 0 ? (
        <ul className="sources" aria-labelledby={`${id}s`}>
          {links.map((reference) => {
            const href = safeHttpURL(reference.url);
            // A help article has no page to open: a labelled item, not text that reads as a stray line.
            return (
              <li key={`${reference.url}${reference.title}`} className={href ? undefined : "article"}>
                {href ? (
                  link(href, reference.title)
                ) : (
                  <>
                    <span className="kind">{t.article}</span> <span dir="auto">{reference.title}</span>
                  </>
                )}
              </li>
            );
          })}
        </ul>
      ) : null}
    </>
  );
}
