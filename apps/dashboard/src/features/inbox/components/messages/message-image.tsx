import { safeHttpURL } from "@harbor/contract/answer-links";
import { Image, type ImageProps } from "@mantine/core";

/**
 * Pictures may also come inline as base64 data: images (the sample chats' products, a shop's
 * inline thumbnail). In an <img> they run no script and load nothing else, so they are safe there;
 * links stay http(s) only.
 */
const INLINE_IMAGE = /^data:image\/(png|jpeg|gif|webp|svg\+xml);base64,[a-z0-9+/]+={0,2}$/i;

/** Shown where a picture does not load (offline, moved, broken): a grey tile with a picture outline. */
const PLACEHOLDER = `data:image/svg+xml;base64,${btoa(
  '<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96"><rect width="96" height="96" fill="#e9ecef"/><rect x="26" y="30" width="44" height="36" rx="4" fill="none" stroke="#adb5bd" stroke-width="4"/><circle cx="39" cy="42" r="5" fill="#adb5bd"/><path d="M30 62l12-12 8 8 6-6 10 10z" fill="#adb5bd"/></svg>',
)}`;

export function messageImageSrc(value: string | null | undefined): string | null {
  if (value && INLINE_IMAGE.test(value)) return value;
  return safeHttpURL(value);
}

/** A picture from a message's data: http(s) or an inline image, with a placeholder when it fails to load. */
export function MessageImage({
  src,
  alt,
  ...props
}: Omit<ImageProps, "src" | "fallbackSrc"> & { src: string; alt: string }) {
  return <Image src={src} alt={alt} fallbackSrc={PLACEHOLDER} {...props} />;
}
