import { safeHttpURL } from "@harbor/contract/answer-links";
import { ThemeIcon } from "@mantine/core";
import { IconPhoto } from "@tabler/icons-react";
import { useState } from "react";

const SIZE = 32;

/** A document's small picture; a broken or unusable address shows a placeholder (spec part 1 §8). */
export function DocumentThumbnail({ src }: { src: string | null }) {
  const [isBroken, setBroken] = useState(false);
  if (!src) return null;
  const url = safeHttpURL(src);
  if (!url || isBroken) {
    return (
      <ThemeIcon size={SIZE} variant="light" color="gray" radius="sm" aria-hidden data-testid="image-placeholder">
        <IconPhoto size={18} />
      </ThemeIcon>
    );
  }
  return (
    <img
      src={url}
      alt=""
      width={SIZE}
      height={SIZE}
      loading="lazy"
      referrerPolicy="no-referrer"
      onError={() => setBroken(true)}
      style={{ objectFit: "cover", borderRadius: "var(--mantine-radius-sm)", flexShrink: 0 }}
    />
  );
}
